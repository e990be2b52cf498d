import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";

function ludex(args: string[], env: Record<string, string>): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [path.join(projectRoot, "scripts", "ludex.js"), ...args], {
    cwd: projectRoot,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 30_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("ludex serve in multi-instance mode", () => {
  const state = { LUDEX_STATE_DIR: tempDir(), PORT: "0" };

  it("refuses to start with a malformed LUDEX_REDIS_URL, naming the variable", () => {
    const run = ludex(["serve"], { ...state, LUDEX_REDIS_URL: "localhost:6379", LUDEX_SECRET: "x".repeat(40) });
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/LUDEX_REDIS_URL: must be redis:\/\/host/);
  });

  it("refuses to start with a malformed LUDEX_DATABASE_URL, naming the variable", () => {
    const run = ludex(["serve"], { ...state, LUDEX_DATABASE_URL: "db.internal:5432/ludex", LUDEX_SECRET: "x".repeat(40) });
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/LUDEX_DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(run.output).not.toMatch(/at .*\.ts:\d+/);
  });

  it("refuses to start without LUDEX_SECRET when Redis is configured, instead of using a per-process key", () => {
    const run = ludex(["serve"], { ...state, LUDEX_REDIS_URL: "redis://127.0.0.1:1" });
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/LUDEX_SECRET: required when LUDEX_DATABASE_URL or LUDEX_REDIS_URL is set/);
  });

  it("prints an nginx upstream block with one server per --upstream, and refuses a malformed one", () => {
    const ok = ludex(["nginx-config", "--upstream", "10.0.0.1:4321", "--upstream", "10.0.0.2:4321"], {});
    expect(ok.status).toBe(0);
    expect(ok.output).toContain("server 10.0.0.1:4321 max_fails=1 fail_timeout=2s;\n    server 10.0.0.2:4321 max_fails=1 fail_timeout=2s;");
    const bad = ludex(["nginx-config", "--upstream", "10.0.0.1:4321;"], {});
    expect(bad.status).not.toBe(0);
    expect(bad.output).toContain('--upstream "10.0.0.1:4321;" is not HOST:PORT');
  });
});
