import { beforeAll, describe, expect, it } from "vitest";
import { testStore } from "../../helpers/identity-store.ts";
import { authorizeQuery, authorizeWithoutBrowser, CookieClient, pkcePair, registerClient, type TestClient } from "../browserless-client.ts";
import { startOAuthTestServer, type OAuthTestServer } from "../oauth-test-server.ts";

// Two ludex instances (two HTTP servers, two connection pools) on one identity store: the
// single-use rules must hold when the same code or refresh token reaches both at once.
const credentials = { username: "grace", password: "a long enough password" };
const redirectUri = "https://app.example/cb";
let a: OAuthTestServer & { origin: string };
let b: OAuthTestServer & { origin: string };
let client: TestClient;

beforeAll(async () => {
  a = await startOAuthTestServer();
  b = await startOAuthTestServer({ storeEnv: a.storeEnv });
  await a.addMember(credentials.username, "Grace", credentials.password);
  client = await registerClient(a.origin, {
    redirect_uris: [redirectUri],
    scope: "profile.read",
    client_name: "Racer",
    token_endpoint_auth_method: "none",
  });
});

async function token(origin: string, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${origin}/oauth/token/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Authorizes through instance B (the code is issued there); returns the code and verifier. */
async function authorize(): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const location = await authorizeWithoutBrowser(
    new CookieClient(b.origin),
    authorizeQuery(client, { code_challenge: challenge }),
    credentials,
  );
  return { code: location.searchParams.get("code") ?? "", verifier };
}

function me(origin: string, accessToken: string): Promise<Response> {
  return fetch(`${origin}/api/v1/agent/me/`, { headers: { authorization: `Bearer ${accessToken}` } });
}

describe(`two instances on one ${testStore} store`, () => {
  it("a client registered on A and authorized on B redeems on A, and its token works on both; a revocation on B ends it on A", async () => {
    const { code, verifier } = await authorize();
    const issued = await token(a.origin, {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: client.client_id,
      code_verifier: verifier,
    });
    expect(issued.status).toBe(200);
    const access = issued.body.access_token as string;
    expect((await me(a.origin, access)).status).toBe(200);
    expect(await (await me(b.origin, access)).json()).toMatchObject({ displayName: "Grace" });
    const revoke = await fetch(`${b.origin}/oauth/revoke/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: issued.body.refresh_token as string, client_id: client.client_id }).toString(),
    });
    expect(revoke.status).toBe(200);
    expect((await me(a.origin, access)).status).toBe(401);
  });

  it("an authorization code redeemed concurrently on both instances yields tokens once", async () => {
    for (let round = 0; round < 3; round++) {
      const { code, verifier } = await authorize();
      const form = {
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        client_id: client.client_id,
        code_verifier: verifier,
      };
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => token(i % 2 === 0 ? a.origin : b.origin, form)));
      const ok = answers.filter((r) => r.status === 200);
      expect(ok, JSON.stringify(answers.map((r) => r.status))).toHaveLength(1);
      for (const r of answers.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
      // The replays revoked what the one success issued (RFC 6749 §4.1.2).
      expect((await me(a.origin, ok[0]?.body.access_token as string)).status).toBe(401);
    }
  });

  it("a refresh token rotated concurrently on both instances yields one successor, and the reuse revokes the grant", async () => {
    const { code, verifier } = await authorize();
    const first = await token(b.origin, {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: client.client_id,
      code_verifier: verifier,
    });
    expect(first.status).toBe(200);
    const form = { grant_type: "refresh_token", refresh_token: first.body.refresh_token as string, client_id: client.client_id };
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => token(i % 2 === 0 ? a.origin : b.origin, form)));
    const ok = answers.filter((r) => r.status === 200);
    expect(ok, JSON.stringify(answers.map((r) => r.status))).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const successor = ok[0]?.body as Record<string, string>;
    expect((await me(b.origin, successor.access_token ?? "")).status).toBe(401);
    expect(
      (await token(a.origin, { grant_type: "refresh_token", refresh_token: successor.refresh_token ?? "", client_id: client.client_id }))
        .status,
    ).toBe(400);
  });

  it("a plain rotation (no race) works across instances: refreshed on A, then on B", async () => {
    const { code, verifier } = await authorize();
    const first = await token(a.origin, {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: client.client_id,
      code_verifier: verifier,
    });
    const second = await token(a.origin, {
      grant_type: "refresh_token",
      refresh_token: first.body.refresh_token as string,
      client_id: client.client_id,
    });
    expect(second.status).toBe(200);
    const third = await token(b.origin, {
      grant_type: "refresh_token",
      refresh_token: second.body.refresh_token as string,
      client_id: client.client_id,
    });
    expect(third.status).toBe(200);
    expect((await me(b.origin, third.body.access_token as string)).status).toBe(200);
  });
});
