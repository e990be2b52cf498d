import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config/config.ts";
import { defaultPostgresLimits } from "../../../src/oauth/store/postgres-client.ts";
import { testStore } from "../../helpers/identity-store.ts";
import { postgresSkipReason, startPostgres, type PostgresServer } from "../../helpers/postgres-server.ts";
import {
  authorizeQuery,
  authorizeWithoutBrowser,
  CookieClient,
  hiddenFields,
  pkcePair,
  redeemCode,
  registerClient,
  type TestClient,
} from "../browserless-client.ts";
import { startOAuthTestServer, type OAuthTestServer } from "../oauth-test-server.ts";

/** The postmaster (first line of postmaster.pid) and its children: the backends and helpers. */
function postgresProcesses(server: PostgresServer): number[] {
  const postmaster = Number(readFileSync(path.join(server.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ")".
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

// Runs in the "postgres" project only, against its own PostgreSQL (the shared one must not stop).
const skip = testStore !== "postgres" ? "PostgreSQL-only (the SQLite file cannot go away)" : postgresSkipReason();
if (skip) console.warn(`database-outage tests skipped: ${skip}`);

describe.skipIf(skip !== undefined)("PostgreSQL going away and coming back", () => {
  const credentials = { username: "otto", password: "outage password 1" };
  const redirectUri = "https://app.example/cb";
  let pg: PostgresServer;
  let server: OAuthTestServer & { origin: string };
  let client: TestClient;
  let tokens: { access_token: string; refresh_token: string };
  let signedIn: CookieClient;

  beforeAll(async () => {
    pg = await startPostgres();
    server = await startOAuthTestServer({
      storeEnv: { LUDEX_MEMBERS_DB: "/nonexistent/unused.db", LUDEX_DATABASE_URL: await pg.createDatabase("outage") },
    });
    await server.addMember(credentials.username, "Otto", credentials.password);
    client = await registerClient(server.origin, {
      redirect_uris: [redirectUri],
      scope: "profile.read",
      client_name: "Outage",
      token_endpoint_auth_method: "none",
    });
    const { verifier, challenge } = pkcePair();
    signedIn = new CookieClient(server.origin);
    const location = await authorizeWithoutBrowser(signedIn, authorizeQuery(client, { code_challenge: challenge }), credentials);
    const res = await redeemCode(server.origin, client, location, verifier);
    tokens = (await res.json()) as typeof tokens;
  });
  afterAll(() => pg.destroy());

  const me = (): Promise<Response> =>
    fetch(`${server.origin}/api/v1/agent/me/`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  const refresh = (): Promise<Response> =>
    fetch(`${server.origin}/oauth/token/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        client_id: client.client_id,
      }).toString(),
    });

  it("answers 503 (problem+json; OAuth JSON on the token endpoint) while it is down, quickly, then recovers by itself", async () => {
    expect((await me()).status).toBe(200);
    // Forms served before the outage, posted during it.
    const anonymous = new CookieClient(server.origin);
    const signInForm = hiddenFields(
      (await anonymous.request(`/oauth/authorize/?${authorizeQuery(client, { code_challenge: pkcePair().challenge })}`)).text,
    );
    expect(signInForm.csrf_token).toBeTruthy();
    const consentForm = hiddenFields(
      (await signedIn.request(`/oauth/authorize/?${authorizeQuery(client, { code_challenge: pkcePair().challenge })}`)).text,
    );
    expect(consentForm.csrf_token).toBeTruthy();
    // Requests in flight while the server shuts down: each one is answered 200 or 503, never 500.
    let stopped = false;
    const inFlight: Promise<number>[] = [];
    const stopping = pg.stop().then(() => {
      stopped = true;
    });
    while (!stopped) {
      inFlight.push(me().then((res) => res.status));
      await new Promise((r) => setTimeout(r, 5));
    }
    await stopping;
    const statuses = await Promise.all(inFlight);
    expect(
      statuses.filter((s) => s !== 200 && s !== 503),
      statuses.join(" "),
    ).toEqual([]);

    const started = Date.now();
    const down = await me();
    expect(down.status).toBe(503);
    expect(down.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await down.json()).toMatchObject({ type: expect.stringContaining("database-unavailable"), status: 503 });
    const token = await refresh();
    expect(token.status).toBe(503);
    expect(token.headers.get("content-type")).toBe("application/json");
    expect(await token.json()).toMatchObject({ error: "temporarily_unavailable" });
    const register = await fetch(`${server.origin}/oauth/register/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ redirect_uris: [redirectUri], client_name: "During outage", scope: "profile.read" }),
    });
    expect(register.status).toBe(503);
    expect(await register.json()).toMatchObject({ error: "temporarily_unavailable" });
    const revoke = await fetch(`${server.origin}/oauth/revoke/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.refresh_token, client_id: client.client_id }).toString(),
    });
    expect(revoke.status).toBe(503);
    expect(await revoke.json()).toMatchObject({ error: "temporarily_unavailable" });
    // The browser pages (authorize, sign-in and consent forms, the apps page) answer a 503 page with Retry-After.
    const query = authorizeQuery(client, { code_challenge: pkcePair().challenge });
    for (const page of [
      await anonymous.request(`/oauth/authorize/?${query}`),
      await anonymous.post("/oauth/sign-in/", { ...signInForm, ...credentials }),
      await signedIn.post("/oauth/authorize/", { ...consentForm, decision: "allow" }),
      await signedIn.request("/account/apps/"),
    ]) {
      expect(page.status, page.text.slice(0, 300)).toBe(503);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    // The load balancer's view: /api/health/ names the database as down.
    const health = await fetch(`${server.origin}/api/health/`);
    expect(health.status).toBe(503);
    expect(health.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await health.json()).toMatchObject({ dependencies: { database: { status: "down" } } });
    // A refused connection fails at once (reconnection is retried after at most maxReconnectDelayMs):
    // these ten answers take nowhere near the store's call timeout, let alone the request timeout.
    expect(Date.now() - started).toBeLessThan(defaultPostgresLimits.callTimeoutMs);
    expect(defaultPostgresLimits.callTimeoutMs).toBeLessThan(loadConfig({}).http.requestTimeoutMs);
    expect(server.logLines.join("\n")).not.toContain(tokens.access_token);

    await pg.start();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await me()).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    const rotated = await refresh();
    expect(rotated.status).toBe(200);
    expect((await fetch(`${server.origin}/api/health/`)).status).toBe(200);
    expect((await signedIn.post("/oauth/authorize/", { ...consentForm, decision: "allow" })).status).toBe(303);
  });

  it("answers 503 within the store's call timeout when the database stops answering at all (no hang), then recovers", async () => {
    expect((await me()).status).toBe(200);
    const frozen = postgresProcesses(pg);
    expect(frozen.length).toBeGreaterThan(1);
    for (const pid of frozen) process.kill(pid, "SIGSTOP");
    try {
      const started = Date.now();
      const down = await me();
      const waited = Date.now() - started;
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ type: expect.stringContaining("database-unavailable") });
      expect(waited).toBeLessThan(defaultPostgresLimits.callTimeoutMs + 2000);
      expect(waited).toBeLessThan(loadConfig({}).http.requestTimeoutMs);
    } finally {
      for (const pid of frozen) process.kill(pid, "SIGCONT");
    }
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await me()).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
  }, 30_000);
});
