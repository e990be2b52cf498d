import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openIdentityStore } from "../../../src/oauth/store/open-identity-store.ts";
import { freshStoreConfig, freshStoreEnv, testStore } from "../../helpers/identity-store.ts";
import { createMemberStore } from "../../../src/oauth/members/member-store.ts";
import { argon2Parameters, hashPassword, hashPasswordScrypt, verifyPassword } from "../../../src/oauth/members/password-hash.ts";
import { projectRoot } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

describe("password hashing", () => {
  it("stores argon2id as a PHC string with its parameters, and verifies it", async () => {
    const hash = await hashPassword("pässword one");
    const p = argon2Parameters;
    expect(hash).toMatch(
      new RegExp(`^\\$argon2id\\$v=19\\$m=${p.memoryKiB},t=${p.passes},p=${p.parallelism}\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}$`),
    );
    expect(await verifyPassword("pässword one", hash)).toBe(true);
    expect(await verifyPassword("pässword onE", hash)).toBe(false);
    expect(await hashPassword("pässword one")).not.toBe(hash);
  });

  it("verifies the scrypt form too (runtimes without argon2)", async () => {
    const hash = await hashPasswordScrypt("scrypt secret");
    expect(hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword("scrypt secret", hash)).toBe(true);
    expect(await verifyPassword("scrypt secreT", hash)).toBe(false);
  });

  it("verifies nothing against a malformed or hostile stored string", async () => {
    for (const bad of [
      "",
      "plain",
      "$argon2id$v=19$m=99999999,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "$scrypt$ln=30,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "$md5$x$y",
    ]) {
      expect(await verifyPassword("x", bad), bad).toBe(false);
    }
  });
});

describe("member store", () => {
  it("adds, verifies, lists and disables members; exposes only id and display name", async () => {
    const db = await openIdentityStore(await freshStoreConfig());
    const members = createMemberStore(db);
    const ada = await members.add({ username: "Ada.L", displayName: "  Ada  ", password: "long password 1" });
    expect(ada).toMatchObject({ username: "ada.l", displayName: "Ada", disabledAt: null });
    expect(Number.isInteger(ada.id)).toBe(true);
    await expect(members.add({ username: "ada.l", displayName: "x", password: "long password 2" })).rejects.toMatchObject({
      type: "member-exists",
    });
    await expect(members.add({ username: "bad name", displayName: "x", password: "long password" })).rejects.toMatchObject({ status: 422 });
    await expect(members.add({ username: "bob", displayName: "Bob", password: "short" })).rejects.toMatchObject({ status: 422 });
    expect(await members.verifyCredentials("ADA.L", "long password 1")).toMatchObject({ id: ada.id });
    expect(await members.verifyCredentials("ada.l", "wrong password")).toBeUndefined();
    expect(await members.verifyCredentials("nobody", "long password 1")).toBeUndefined();
    expect(await members.identity(ada.id)).toStrictEqual({ id: ada.id, displayName: "Ada" });
    await members.disable("ada.l");
    expect(await members.verifyCredentials("ada.l", "long password 1")).toBeUndefined();
    expect(await members.identity(ada.id)).toBeUndefined();
    expect((await members.list())[0]?.disabledAt).not.toBeNull();
    await db.close();
  });
});

function ludex(
  args: string[],
  input?: string,
  env: Record<string, string> = {},
): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(projectRoot, "scripts", "ludex.js"), ...args], {
    cwd: projectRoot,
    encoding: "utf8",
    input: input ?? "",
    env: { ...process.env, ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The CLI's environment for a fresh store of this run's kind (PostgreSQL mode also needs the shared secret). */
async function cliStore(): Promise<{ env: Record<string, string>; config: { membersDb: string; databaseUrl: string | undefined } }> {
  const store = await freshStoreEnv();
  const env: Record<string, string> = {
    ...store,
    ...(store.LUDEX_DATABASE_URL ? { LUDEX_SECRET: "member cli test secret, 32 characters or more" } : {}),
  };
  return { env, config: { membersDb: store.LUDEX_MEMBERS_DB, databaseUrl: store.LUDEX_DATABASE_URL } };
}

describe(`ludex member (${testStore} store)`, () => {
  it("adds a member with the password from standard input, lists and disables", async () => {
    const { env, config } = await cliStore();
    const added = ludex(["member", "add", "--username", "carol", "--display-name", "Carol C."], "cli password 123\n", env);
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/^added member \d+ \(carol, "Carol C\."\)/);
    expect(added.stdout + added.stderr).not.toContain("cli password 123");
    const list = ludex(["member", "list", "--json"], undefined, env);
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ username: "carol", displayName: "Carol C.", disabled: false })]);
    const db = await openIdentityStore(config);
    const store = createMemberStore(db);
    expect(await store.verifyCredentials("carol", "cli password 123")).toBeDefined();
    expect(ludex(["member", "disable", "carol"], undefined, env).status).toBe(0);
    expect(JSON.parse(ludex(["member", "list", "--json"], undefined, env).stdout)[0].disabled).toBe(true);
    expect(await store.verifyCredentials("carol", "cli password 123")).toBeUndefined();
    expect(ludex(["member", "add", "--username", "carol", "--display-name", "C"], "another password\n", env).status).toBe(1);
    await db.close();
  });

  it("--db names the SQLite file", async () => {
    const db = path.join(tempDir(), "members.db");
    expect(ludex(["member", "add", "--username", "dora", "--display-name", "Dora", "--db", db], "cli password 456\n").status).toBe(0);
    expect(JSON.parse(ludex(["member", "list", "--db", db, "--json"]).stdout)).toEqual([expect.objectContaining({ username: "dora" })]);
  });

  it("ludex migrate applies the identity schema once, then reports it up to date", async () => {
    const { env, config } = await cliStore();
    const first = ludex(["migrate"], undefined, env);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^applied 001-identity \(version 0 → 1\)/);
    const again = ludex(["migrate"], undefined, env);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^schema is up to date \(version 1\)/);
    const db = await openIdentityStore(config, { migrate: "none" });
    expect(await createMemberStore(db).list()).toEqual([]);
    await db.close();
  });

  it("ludex migrate and ludex member refuse a malformed LUDEX_DATABASE_URL, naming it", () => {
    for (const args of [["migrate"], ["member", "list"]]) {
      const run = ludex(args, undefined, { LUDEX_DATABASE_URL: "db.internal/ludex", LUDEX_SECRET: "x".repeat(32) });
      expect(run.status, args.join(" ")).not.toBe(0);
      expect(run.stderr).toMatch(/LUDEX_DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    }
  });

  it("has --help, and refuses a password on the command line and unknown subcommands", () => {
    const help = ludex(["member", "--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: ludex member <add\|list\|disable>/);
    for (const sub of ["add", "list", "disable"]) {
      const h = ludex(["member", sub, "--help"]);
      expect(h.status, sub).toBe(0);
      expect(h.stdout).toContain(`ludex member ${sub}`);
    }
    expect(ludex(["member", "add", "--username", "x", "--display-name", "x", "--password", "secret123"]).status).toBe(2);
    expect(ludex(["member", "frobnicate"]).status).toBe(2);
    expect(ludex(["--help"]).stdout).toContain("  member");
  });
});
