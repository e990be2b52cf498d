import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshStoreEnv, testStore } from "../../helpers/identity-store.ts";
import { projectRoot } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

function ludex(args: string[], env: Record<string, string>, input?: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [path.join(projectRoot, "scripts", "ludex.js"), ...args], {
    cwd: projectRoot,
    encoding: "utf8",
    env: { ...process.env, LUDEX_STATE_DIR: tempDir(), ...env },
    input,
    timeout: 30_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe(`ludex migrate and ludex member on the ${testStore} store`, () => {
  it("applies the schema to an empty store once, then reports it up to date; members work on the migrated store", async () => {
    const env = await freshStoreEnv();
    const first = ludex(["migrate"], env);
    expect(first.status, first.output).toBe(0);
    expect(first.output).toMatch(/^applied 001[^\n]* \(version 0 → \d+\)/m);
    const again = ludex(["migrate"], env);
    expect(again.status, again.output).toBe(0);
    expect(again.output).toMatch(/^schema is up to date \(version \d+\)/m);

    const added = ludex(["member", "add", "--username", "mig", "--display-name", "Migrated"], env, "a long enough password\n");
    expect(added.status, added.output).toBe(0);
    const listed = ludex(["member", "list"], env);
    expect(listed.status, listed.output).toBe(0);
    expect(listed.output).toContain("mig");
  });

  it("refuses a malformed LUDEX_DATABASE_URL, naming the variable", () => {
    const run = ludex(["migrate"], { LUDEX_DATABASE_URL: "mysql://db/ludex" });
    expect(run.status).not.toBe(0);
    expect(run.output).toContain("LUDEX_DATABASE_URL");
    expect(run.output).toMatch(/postgres:\/\/ or postgresql:\/\//);
  });
});
