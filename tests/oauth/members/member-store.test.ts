import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openIdentityStore } from "../../../src/oauth/store/open-identity-store.ts";
import { freshStoreConfig } from "../../helpers/identity-store.ts";
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

function ludex(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(projectRoot, "scripts", "ludex.js"), ...args], {
    cwd: projectRoot,
    encoding: "utf8",
    input: input ?? "",
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("ludex member", () => {
  it("adds a member with the password from standard input, lists and disables", async () => {
    const db = path.join(tempDir(), "members.db");
    const added = ludex(["member", "add", "--username", "carol", "--display-name", "Carol C.", "--db", db], "cli password 123\n");
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/^added member \d+ \(carol, "Carol C\."\)/);
    expect(added.stdout + added.stderr).not.toContain("cli password 123");
    const list = ludex(["member", "list", "--db", db, "--json"]);
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ username: "carol", displayName: "Carol C.", disabled: false })]);
    const store = createMemberStore(await openIdentityStore({ membersDb: db, databaseUrl: undefined }));
    expect(await store.verifyCredentials("carol", "cli password 123")).toBeDefined();
    expect(ludex(["member", "disable", "carol", "--db", db]).status).toBe(0);
    expect(JSON.parse(ludex(["member", "list", "--db", db, "--json"]).stdout)[0].disabled).toBe(true);
    expect(ludex(["member", "add", "--username", "carol", "--display-name", "C", "--db", db], "another password\n").status).toBe(1);
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
