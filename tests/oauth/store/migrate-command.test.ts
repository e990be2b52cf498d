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
  it("run without LUDEX_SECRET: only a serving instance signs forms and sessions", async () => {
    const env = await freshStoreEnv();
    const migrated = ludex(["migrate"], env);
    expect(migrated.status, migrated.output).toBe(0);
    const added = ludex(["member", "add", "--username", "mig", "--display-name", "Migrated"], env, "a long enough password\n");
    expect(added.status, added.output).toBe(0);
    const listed = ludex(["member", "list"], env);
    expect(listed.status, listed.output).toBe(0);
    expect(listed.output).toContain("mig");
  });
});
