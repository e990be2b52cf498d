import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.ts";
import { Problem } from "../../src/core/problem.ts";
import { projectRoot } from "../helpers/paths.ts";

describe("loadConfig", () => {
  it("has documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4321,
      host: "127.0.0.1",
      publicBaseUrl: "http://localhost:4321",
      catalogDb: path.join(projectRoot, ".ludex", "catalog.db"),
      membersDb: path.join(projectRoot, ".ludex", "members.db"),
      buildDir: path.join(projectRoot, "dist", "catalog"),
      sources: [path.join(projectRoot, "data", "sample")],
    });
  });

  it("follows PORT in the default public URL and strips a trailing slash from PUBLIC_BASE_URL", () => {
    expect(loadConfig({ PORT: "8080" }).publicBaseUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_BASE_URL: "https://ludex.example/" }).publicBaseUrl).toBe("https://ludex.example");
    expect(loadConfig({ LUDEX_STATE_DIR: "/var/lib/ludex" }).catalogDb).toBe("/var/lib/ludex/catalog.db");
    expect(loadConfig({ LUDEX_SOURCE: `/a${path.delimiter}/b` }).sources).toEqual(["/a", "/b"]);
  });

  it("names every invalid variable", () => {
    try {
      loadConfig({ PORT: "99999", PUBLIC_BASE_URL: "ftp://x" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(Problem);
      const names = ((error as Problem).extensions.errors as { name: string }[]).map((e) => e.name);
      expect(names.sort()).toEqual(["PORT", "PUBLIC_BASE_URL"]);
    }
  });
});
