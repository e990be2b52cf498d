import { spawnSync } from "node:child_process";
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { astroEntry, astroPagesStale } from "../../scripts/cli/astro-pages.ts";
import { LudexInstance } from "../helpers/cluster.ts";
import { freePort } from "../helpers/free-port.ts";
import { projectRoot, sampleSource } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";

function ludex(args: string[], env: Record<string, string>): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [path.join(projectRoot, "scripts", "ludex.js"), ...args], {
    cwd: projectRoot,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("one build command", () => {
  const instances: LudexInstance[] = [];
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
  });

  it("README's steps (ludex import, ludex build, ludex serve) give a server that answers every page and document", {
    timeout: 180_000,
  }, async () => {
    const work = tempDir("ludex-new-user-");
    const port = await freePort();
    const env = {
      LUDEX_CATALOG_DB: path.join(work, "catalog.db"),
      LUDEX_BUILD_DIR: path.join(work, "build"),
      LUDEX_MEMBERS_DB: path.join(work, "members.db"),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    };
    const imported = ludex(["import", sampleSource], env);
    expect(imported.status, imported.output).toBe(0);
    const built = ludex(["build"], env);
    expect(built.status, built.output).toBe(0);
    expect(built.output).toMatch(
      /^built catalog .*\npurge list \(purge\.json\): everything \(first build.*\naudit: [\d,]+ games, [\d,]+ add-ons \([\d,]+ without base\), 0 unexplained same-dump splits, /m,
    );
    const server = new LudexInstance("new-user", port, env, work);
    instances.push(server);
    await server.start();
    for (const p of ["/", "/docs/", "/problems/", "/openapi.json", "/llms-full.txt", "/sitemap.xml", "/api/v1/games/"]) {
      const res = await fetch(`${server.origin}${p}`);
      expect(res.status, p).toBe(200);
      await res.arrayBuffer();
    }
    expect(await (await fetch(`${server.origin}/docs/`)).text()).toMatch(new RegExp(`Base URL: <code[^>]*>${env.PUBLIC_BASE_URL}</code>`));
  });

  it("rebuilds the Astro pages when their output is missing or older than src/, docs/ or astro.config.mjs", () => {
    const root = tempDir("ludex-pages-");
    mkdirSync(path.join(root, "src", "pages"), { recursive: true });
    writeFileSync(path.join(root, "src", "pages", "index.astro"), "---\n---\n");
    writeFileSync(path.join(root, "astro.config.mjs"), "export default {};\n");
    expect(astroPagesStale(root)).toBe(true);
    const entry = astroEntry(root);
    mkdirSync(path.dirname(entry), { recursive: true });
    writeFileSync(entry, "export {};\n");
    const at = (file: string, seconds: number): void => utimesSync(file, seconds, seconds);
    at(path.join(root, "src", "pages", "index.astro"), 1_000);
    at(path.join(root, "astro.config.mjs"), 1_000);
    at(entry, 2_000);
    expect(astroPagesStale(root)).toBe(false);
    at(path.join(root, "src", "pages", "index.astro"), 3_000);
    expect(astroPagesStale(root)).toBe(true);
    at(path.join(root, "src", "pages", "index.astro"), 1_000);
    at(path.join(root, "astro.config.mjs"), 3_000);
    expect(astroPagesStale(root)).toBe(true);
    at(path.join(root, "astro.config.mjs"), 1_000);
    mkdirSync(path.join(root, "docs"));
    writeFileSync(path.join(root, "docs", "api.md"), "# API\n");
    at(path.join(root, "docs", "api.md"), 1_000);
    expect(astroPagesStale(root)).toBe(false);
    at(path.join(root, "docs", "api.md"), 3_000);
    expect(astroPagesStale(root), "a guide of docs/ changed").toBe(true);
  });
});
