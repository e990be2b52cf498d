import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testStore } from "../../helpers/identity-store.ts";
import {
  authorizeQuery,
  authorizeWithoutBrowser,
  CookieClient,
  pkcePair,
  redeemCode,
  registerClient,
  type TestClient,
} from "../browserless-client.ts";
import { startOAuthTestServer, type OAuthTestServer } from "../oauth-test-server.ts";

// The SQLite file cannot go away like a PostgreSQL server, but it can be locked: another process
// (the CLI, a backup, an operator's sqlite3 shell) holding the write lock past busy_timeout.
describe.skipIf(testStore !== "sqlite")("SQLite identity store held locked by another process", () => {
  const credentials = { username: "lock", password: "sqlite lock password 1" };
  const redirectUri = "https://app.example/cb";
  let server: OAuthTestServer & { origin: string };
  let client: TestClient;
  let tokens: { access_token: string; refresh_token: string };
  let other: Database.Database;

  beforeAll(async () => {
    server = await startOAuthTestServer();
    await server.addMember(credentials.username, "Lock", credentials.password);
    client = await registerClient(server.origin, {
      redirect_uris: [redirectUri],
      scope: "profile.read",
      client_name: "Locked out",
      token_endpoint_auth_method: "none",
    });
    const { verifier, challenge } = pkcePair();
    const location = await authorizeWithoutBrowser(
      new CookieClient(server.origin),
      authorizeQuery(client, { code_challenge: challenge }),
      credentials,
    );
    const res = await redeemCode(server.origin, client, location, verifier);
    tokens = (await res.json()) as typeof tokens;
    other = new Database(server.storeEnv.LUDEX_MEMBERS_DB);
  });
  afterAll(() => {
    if (other?.inTransaction) other.exec("ROLLBACK");
    other?.close();
  });

  const post = (path: string, body: string, type = "application/x-www-form-urlencoded"): Promise<Response> =>
    fetch(`${server.origin}${path}`, { method: "POST", headers: { "content-type": type }, body });

  it("answers 503 temporarily_unavailable (OAuth JSON) at the token, revocation and registration endpoints, then recovers", async () => {
    other.exec("BEGIN EXCLUSIVE");
    // Each request waits out the server's busy_timeout (5 s) before it gives up.
    const answers = [
      await post(
        "/oauth/token/",
        new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: client.client_id }).toString(),
      ),
      await post("/oauth/revoke/", new URLSearchParams({ token: tokens.refresh_token, client_id: client.client_id }).toString()),
      await post(
        "/oauth/register/",
        JSON.stringify({ redirect_uris: [redirectUri], client_name: "During the lock", scope: "profile.read" }),
        "application/json",
      ),
    ];
    for (const answer of answers) {
      const body = await answer.text();
      expect(answer.status, body).toBe(503);
      expect(answer.headers.get("content-type")).toBe("application/json");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(JSON.parse(body)).toMatchObject({ error: "temporarily_unavailable" });
    }
    expect(server.logLines.join("\n")).not.toContain("oauth handler failed");
    other.exec("ROLLBACK");

    // Nothing was half-done: the refresh token the locked request carried still rotates once.
    const rotated = await post(
      "/oauth/token/",
      new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: client.client_id }).toString(),
    );
    expect(rotated.status).toBe(200);
    expect(await rotated.json()).toMatchObject({ token_type: "Bearer", scope: "profile.read" });
  }, 60_000);
});
