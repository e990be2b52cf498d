import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkServingConfig, loadConfig } from "../../src/config/config.ts";
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
      databaseUrl: undefined,
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

  it("keeps the single-process default: no Redis, a random per-process secret", () => {
    const one = loadConfig({});
    expect(one.redisUrl).toBeUndefined();
    expect(one.multiInstance).toBe(false);
    expect(one.secret.length).toBe(32);
    expect(loadConfig({}).secret.equals(one.secret)).toBe(false);
  });

  it("reads LUDEX_REDIS_URL and LUDEX_SECRET for several instances", () => {
    const secret = "x".repeat(32);
    for (const url of [
      "redis://127.0.0.1:6379",
      "redis://:pw@redis.internal/2",
      "rediss://user:pw@redis.example:6380",
      "redis+unix:///run/redis/redis.sock",
    ]) {
      const config = loadConfig({ LUDEX_REDIS_URL: url, LUDEX_SECRET: secret });
      expect(config.redisUrl).toBe(url);
      expect(config.multiInstance).toBe(true);
      expect(config.secret.toString()).toBe(secret);
    }
    expect(loadConfig({ LUDEX_DATABASE_URL: "postgres://ludex@db/ludex", LUDEX_SECRET: secret }).multiInstance).toBe(true);
  });

  const errorsOf = (env: Record<string, string>): { name: string; detail: string }[] => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(Problem);
      return (error as Problem).extensions.errors as { name: string; detail: string }[];
    }
    return expect.unreachable() as never;
  };

  it("reads LUDEX_DATABASE_URL and refuses a malformed one, naming the variable", () => {
    const secret = "x".repeat(32);
    for (const url of [
      "postgres://ludex@db/ludex",
      "postgresql://ludex:pw@10.0.0.5:5433/ludex?sslmode=require",
      "postgres:///ludex?host=/run/postgresql",
    ]) {
      expect(loadConfig({ LUDEX_DATABASE_URL: url, LUDEX_SECRET: secret }).databaseUrl, url).toBe(url);
    }
    for (const url of ["db.internal:5432/ludex", "mysql://ludex@db/ludex", "postgres://", "postgres:///ludex", "not a url"]) {
      const errors = errorsOf({ LUDEX_DATABASE_URL: url, LUDEX_SECRET: secret });
      expect(
        errors.map((e) => e.name),
        url,
      ).toEqual(["LUDEX_DATABASE_URL"]);
      expect(errors[0]?.detail).toMatch(/postgres:\/\/ or postgresql:\/\/ URL/);
    }
  });

  it("refuses a malformed LUDEX_REDIS_URL or LUDEX_DATABASE_URL, a short LUDEX_SECRET, and serving several instances without a secret", () => {
    for (const url of ["localhost:6379", "http://redis:6379", "redis://", "redis://host/notadb", "redis+unix://"]) {
      expect(
        errorsOf({ LUDEX_REDIS_URL: url, LUDEX_SECRET: "x".repeat(32) }).map((e) => e.name),
        url,
      ).toEqual(["LUDEX_REDIS_URL"]);
    }
    expect(errorsOf({ LUDEX_SECRET: "too short" }).map((e) => e.name)).toEqual(["LUDEX_SECRET"]);
    for (const proxies of ["10.0.0.0/33x", "proxy.example", "10.0.0.1, nope"]) {
      expect(
        errorsOf({ LUDEX_TRUSTED_PROXIES: proxies }).map((e) => e.name),
        proxies,
      ).toEqual(["LUDEX_TRUSTED_PROXIES"]);
    }
    for (const url of ["mysql://db/ludex", "postgres://", "db:5432"]) {
      expect(
        errorsOf({ LUDEX_DATABASE_URL: url }).map((e) => e.name),
        url,
      ).toEqual(["LUDEX_DATABASE_URL"]);
    }
    for (const env of [{ LUDEX_REDIS_URL: "redis://127.0.0.1:6379" }, { LUDEX_DATABASE_URL: "postgres://ludex@db/ludex" }] as Record<
      string,
      string
    >[]) {
      // The command-line tools (migrate, member) need no secret; a serving instance does.
      const config = loadConfig(env);
      expect(config.secretConfigured).toBe(false);
      let error: Problem | undefined;
      try {
        checkServingConfig(config);
      } catch (thrown) {
        error = thrown as Problem;
      }
      const [first] = (error?.extensions.errors ?? []) as { name: string; detail: string }[];
      expect(first?.name).toBe("LUDEX_SECRET");
      expect(first?.detail).toMatch(/required when LUDEX_DATABASE_URL or LUDEX_REDIS_URL is set/);
      expect(() => checkServingConfig(loadConfig({ ...env, LUDEX_SECRET: "x".repeat(32) }))).not.toThrow();
    }
  });
});
