import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, inject, it } from "vitest";
import { openIdentityStore } from "../../src/oauth/store/open-identity-store.ts";
import { createMemberStore } from "../../src/oauth/members/member-store.ts";
import {
  authorizeQuery,
  authorizeWithoutBrowser,
  CookieClient,
  pkcePair,
  redeemCode,
  registerClient,
  type TestClient,
} from "../oauth/browserless-client.ts";
import { projectRoot } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { freePort } from "../helpers/free-port.ts";

async function serve(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(projectRoot, "scripts", "ludex.js"), "serve"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LUDEX_LOG_LEVEL: "warn", ...env },
    stdio: "ignore",
  });
  // Generous: a busy 2-core machine may take several seconds to start Node and load the build.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/`)).status === 200) return child;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

describe("crash safety of the identity database", () => {
  it("kill -9 during a burst of registrations and token issuance loses nothing acknowledged, and the database checks ok", async () => {
    const state = tempDir("ludex-crash-");
    const membersDb = path.join(state, "members.db");
    const seed = await openIdentityStore({ membersDb, databaseUrl: undefined });
    await createMemberStore(seed).add({ username: "ada", displayName: "Ada", password: "correct horse battery" });
    await seed.close();

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = {
      LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir,
      LUDEX_MEMBERS_DB: membersDb,
      PUBLIC_BASE_URL: origin,
      LUDEX_REGISTRATION_RATE_LIMIT: "0",
      LUDEX_SIGNIN_FAILURE_LIMIT: "0",
    };
    let child = await serve(env, port);

    const registered: string[] = [];
    const tokens: string[] = [];
    let stop = false;
    const registrar = async (): Promise<void> => {
      while (!stop) {
        try {
          const client = await registerClient(origin, {
            client_name: "Burst",
            redirect_uris: ["http://127.0.0.1/cb"],
            scope: "profile.read",
            token_endpoint_auth_method: "none",
          });
          registered.push(client.client_id);
        } catch {
          // the kill interrupts requests in flight: they were never acknowledged
        }
      }
    };
    const issuer = async (client: TestClient): Promise<void> => {
      const browser = new CookieClient(origin);
      while (!stop) {
        try {
          const { verifier, challenge } = pkcePair();
          const redirect = await authorizeWithoutBrowser(browser, authorizeQuery(client, { code_challenge: challenge }), {
            username: "ada",
            password: "correct horse battery",
          });
          const res = await redeemCode(origin, client, redirect, verifier);
          if (res.status === 200) tokens.push(((await res.json()) as { access_token: string }).access_token);
        } catch {
          // interrupted by the kill
        }
      }
    };
    const tokenClient = await registerClient(origin, {
      client_name: "Tokens",
      redirect_uris: ["http://127.0.0.1/cb"],
      scope: "profile.read",
      token_endpoint_auth_method: "none",
    });
    const work = Promise.all([registrar(), registrar(), issuer(tokenClient), issuer(tokenClient)]);
    // Kill mid-burst, once both kinds of write have been acknowledged (a sign-in's password hash can
    // take a while on a busy machine, so a fixed delay could kill before the first token).
    await new Promise((r) => setTimeout(r, 1500));
    for (const deadline = Date.now() + 20_000; (tokens.length === 0 || registered.length <= 5) && Date.now() < deadline; )
      await new Promise((r) => setTimeout(r, 50));
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    stop = true;
    await work;
    expect(registered.length).toBeGreaterThan(5);
    expect(tokens.length).toBeGreaterThan(0);

    const db = new Database(membersDb);
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    const known = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM clients WHERE client_id = ?");
    const lost = registered.filter((id) => (known.get(id)?.n ?? 0) === 0);
    db.close();
    expect(lost).toEqual([]);

    child = await serve(env, port);
    try {
      for (const token of tokens) {
        const me = await fetch(`${origin}/api/v1/agent/me/`, { headers: { authorization: `Bearer ${token}` } });
        expect(me.status).toBe(200);
        expect(await me.json()).toEqual({ id: expect.any(Number), displayName: "Ada" });
      }
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
  }, 60_000);
});
