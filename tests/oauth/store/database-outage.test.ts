import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config/config.ts";
import { testStore } from "../../helpers/identity-store.ts";
import { postgresSkipReason, startPostgres, type PostgresServer } from "../../helpers/postgres-server.ts";
import { authorizeQuery, authorizeWithoutBrowser, CookieClient, pkcePair, registerClient, type TestClient } from "../browserless-client.ts";
import { startOAuthTestServer, type OAuthTestServer } from "../oauth-test-server.ts";

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
    const location = await authorizeWithoutBrowser(
      new CookieClient(server.origin),
      authorizeQuery(client, { code_challenge: challenge }),
      credentials,
    );
    const res = await fetch(`${server.origin}/oauth/token/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: location.searchParams.get("code") ?? "",
        redirect_uri: redirectUri,
        client_id: client.client_id,
        code_verifier: verifier,
      }).toString(),
    });
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
    await pg.stop();

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
      body: JSON.stringify({
        redirect_uris: [redirectUri],
        scope: "profile.read",
        client_name: "During outage",
        token_endpoint_auth_method: "none",
      }),
    });
    const registerBody = await register.clone().text();
    expect(register.status, registerBody).toBe(503);
    expect(await register.json()).toMatchObject({ error: "temporarily_unavailable" });
    // Far below the request timeout: a refused connection fails at once, a stuck one after callTimeoutMs.
    expect(Date.now() - started).toBeLessThan(loadConfig({}).http.requestTimeoutMs);
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
  });
});
