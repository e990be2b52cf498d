import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { authorizeQuery, authorizeWithoutBrowser, CookieClient, pkcePair, registerClient, type TestClient } from "./browserless-client.ts";
import { startOAuthTestServer, type OAuthTestServer } from "./oauth-test-server.ts";

const credentials = { username: "linus", password: "another long password" };
let server: OAuthTestServer & { origin: string };
let publicClient: TestClient;
let otherClient: TestClient;
let confidential: TestClient;
let postClient: TestClient;

beforeAll(async () => {
  server = await startOAuthTestServer();
  await server.addMember(credentials.username, "Linus", credentials.password);
  const meta = { redirect_uris: ["https://app.example/cb"], scope: "games.read profile.read" };
  publicClient = await registerClient(server.origin, { ...meta, client_name: "Public", token_endpoint_auth_method: "none" });
  otherClient = await registerClient(server.origin, { ...meta, client_name: "Other", token_endpoint_auth_method: "none" });
  confidential = await registerClient(server.origin, { ...meta, client_name: "Basic" });
  postClient = await registerClient(server.origin, { ...meta, client_name: "Post", token_endpoint_auth_method: "client_secret_post" });
});

interface TokenAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

async function tokenRequest(form: Record<string, string>, headers: Record<string, string> = {}): Promise<TokenAnswer> {
  const res = await fetch(`${server.origin}/oauth/token/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form).toString(),
  });
  const answer = { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  // Every token endpoint answer, success or error, is plain JSON and never cached.
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("content-type")).toBe("application/json");
  return answer;
}

function basic(client: TestClient, secret = client.client_secret ?? ""): Record<string, string> {
  return {
    authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(secret)}`).toString("base64")}`,
  };
}

/** Runs the authorization step for `client`; returns the code and its verifier. */
async function authorize(client: TestClient, scope = client.scope): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const location = await authorizeWithoutBrowser(
    new CookieClient(server.origin),
    authorizeQuery(client, { code_challenge: challenge, scope }),
    credentials,
  );
  return { code: location.searchParams.get("code") ?? "", verifier };
}

function codeGrant(client: TestClient, code: string, verifier: string): Record<string, string> {
  return {
    grant_type: "authorization_code",
    code,
    redirect_uri: "https://app.example/cb",
    client_id: client.client_id,
    code_verifier: verifier,
  };
}

async function me(token: string): Promise<Response> {
  return fetch(`${server.origin}/api/v1/agent/me/`, { headers: { authorization: `Bearer ${token}` } });
}

describe("token endpoint: authorization_code", () => {
  it("issues opaque Bearer tokens with expires_in, scope and a refresh token", async () => {
    const { code, verifier } = await authorize(publicClient);
    const res = await tokenRequest(codeGrant(publicClient, code, verifier));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "games.read profile.read" });
    expect(res.body.access_token).toMatch(/^ldx_at_[A-Za-z0-9_-]{43}$/);
    expect(res.body.refresh_token).toMatch(/^ldx_rt_[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(res.body).sort()).toEqual(["access_token", "expires_in", "refresh_token", "scope", "token_type"]);
  });

  it("refuses a wrong code_verifier, and the code is spent by the attempt", async () => {
    const { code, verifier } = await authorize(publicClient);
    const wrong = await tokenRequest(codeGrant(publicClient, code, pkcePair().verifier));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_grant");
    expect(typeof wrong.body.error_description).toBe("string");
    expect((await tokenRequest(codeGrant(publicClient, code, verifier))).body.error).toBe("invalid_grant");
  });

  it("refuses a missing code_verifier", async () => {
    const { code } = await authorize(publicClient);
    const { code_verifier: _omitted, ...form } = codeGrant(publicClient, code, "");
    const res = await tokenRequest(form);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
  });

  it("refuses a redirect_uri other than the authorization request's", async () => {
    const { code, verifier } = await authorize(publicClient);
    const res = await tokenRequest({ ...codeGrant(publicClient, code, verifier), redirect_uri: "https://app.example/other" });
    expect(res.body.error).toBe("invalid_grant");
  });

  it("refuses a code presented by another client", async () => {
    const { code, verifier } = await authorize(publicClient);
    const res = await tokenRequest(codeGrant(otherClient, code, verifier));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_grant");
  });

  it("refuses a code older than 60 seconds", async () => {
    const { code, verifier } = await authorize(publicClient);
    server.advance(61_000);
    const res = await tokenRequest(codeGrant(publicClient, code, verifier));
    expect(res.body.error).toBe("invalid_grant");
    expect(res.body.error_description).toContain("expired");
  });

  it("refuses a replayed code and revokes the tokens it issued", async () => {
    const { code, verifier } = await authorize(publicClient);
    const first = await tokenRequest(codeGrant(publicClient, code, verifier));
    expect(first.status).toBe(200);
    const access = first.body.access_token as string;
    expect((await me(access)).status).toBe(200);
    const replay = await tokenRequest(codeGrant(publicClient, code, verifier));
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
    expect((await me(access)).status).toBe(401);
    const refresh = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: first.body.refresh_token as string,
      client_id: publicClient.client_id,
    });
    expect(refresh.body.error).toBe("invalid_grant");
  });

  it("answers unknown and missing grant types, and repeated parameters, per RFC 6749 §5.2", async () => {
    expect(
      (await tokenRequest({ grant_type: "password", client_id: publicClient.client_id, username: "x", password: "y" })).body.error,
    ).toBe("unsupported_grant_type");
    expect((await tokenRequest({ client_id: publicClient.client_id })).body.error).toBe("invalid_request");
    const twice = await fetch(`${server.origin}/oauth/token/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `grant_type=authorization_code&grant_type=refresh_token&client_id=${publicClient.client_id}`,
    });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ error: "invalid_request" });
    const json = await fetch(`${server.origin}/oauth/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(json.headers.get("content-type")).toBe("application/json");
    expect(await json.json()).toMatchObject({ error: "invalid_request" });
  });
});

describe("token endpoint: client authentication", () => {
  it("authenticates a confidential client with client_secret_basic, and refuses a wrong or missing secret", async () => {
    expect(confidential.client_secret).toMatch(/^ldx_cs_/);
    const { code, verifier } = await authorize(confidential);
    const form = codeGrant(confidential, code, verifier);
    const wrong = await tokenRequest(form, basic(confidential, "ldx_cs_wrong"));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe("invalid_client");
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Basic realm="ludex"/);
    const none = await tokenRequest(form);
    expect(none.status).toBe(401);
    expect(none.body.error).toBe("invalid_client");
    const asPost = await tokenRequest({ ...form, client_secret: confidential.client_secret ?? "" });
    expect(asPost.status).toBe(401);
    // Failed authentication does not spend the code.
    const ok = await tokenRequest(form, basic(confidential));
    expect(ok.status).toBe(200);
  });

  it("authenticates client_secret_post, and refuses two methods at once", async () => {
    const { code, verifier } = await authorize(postClient);
    const form = { ...codeGrant(postClient, code, verifier), client_secret: postClient.client_secret ?? "" };
    const both = await tokenRequest(form, basic(postClient));
    expect(both.status).toBe(400);
    expect(both.body.error).toBe("invalid_request");
    expect((await tokenRequest(form)).status).toBe(200);
  });

  it("refuses a public client that presents a secret, and an unknown client", async () => {
    const { code, verifier } = await authorize(publicClient);
    const form = codeGrant(publicClient, code, verifier);
    expect((await tokenRequest({ ...form, client_secret: "x" })).body.error).toBe("invalid_client");
    expect((await tokenRequest({ ...form, client_id: "unknown" })).status).toBe(401);
  });
});

describe("token endpoint: refresh_token", () => {
  it("rotates the refresh token on every use and may narrow the scope, never widen it", async () => {
    const { code, verifier } = await authorize(publicClient);
    const first = await tokenRequest(codeGrant(publicClient, code, verifier));
    const second = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: first.body.refresh_token as string,
      client_id: publicClient.client_id,
      scope: "games.read",
    });
    expect(second.status).toBe(200);
    expect(second.body.scope).toBe("games.read");
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    // The narrowed access token lacks profile.read.
    const narrowed = await me(second.body.access_token as string);
    expect(narrowed.status).toBe(403);
    const wider = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: second.body.refresh_token as string,
      client_id: publicClient.client_id,
      scope: "community.read",
    });
    expect(wider.body.error).toBe("invalid_scope");
    // The grant keeps its full scope: the next refresh can ask for it again.
    const third = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: second.body.refresh_token as string,
      client_id: publicClient.client_id,
    });
    expect(third.body.scope).toBe("games.read profile.read");
  });

  it("revokes the whole grant when a used refresh token comes back", async () => {
    const { code, verifier } = await authorize(publicClient);
    const first = await tokenRequest(codeGrant(publicClient, code, verifier));
    const second = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: first.body.refresh_token as string,
      client_id: publicClient.client_id,
    });
    expect(second.status).toBe(200);
    expect((await me(second.body.access_token as string)).status).toBe(200);
    const reuse = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: first.body.refresh_token as string,
      client_id: publicClient.client_id,
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe("invalid_grant");
    expect((await me(second.body.access_token as string)).status).toBe(401);
    expect((await me(first.body.access_token as string)).status).toBe(401);
    const latest = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: second.body.refresh_token as string,
      client_id: publicClient.client_id,
    });
    expect(latest.body.error).toBe("invalid_grant");
  });

  it("refuses a refresh token presented by another client", async () => {
    const { code, verifier } = await authorize(publicClient);
    const first = await tokenRequest(codeGrant(publicClient, code, verifier));
    const stolen = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: first.body.refresh_token as string,
      client_id: otherClient.client_id,
    });
    expect(stolen.body.error).toBe("invalid_grant");
  });

  it("lets access tokens expire after expires_in", async () => {
    const { code, verifier } = await authorize(publicClient);
    const first = await tokenRequest(codeGrant(publicClient, code, verifier));
    expect((await me(first.body.access_token as string)).status).toBe(200);
    server.advance(3601_000);
    const expired = await me(first.body.access_token as string);
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });
});

describe("revocation endpoint (RFC 7009)", () => {
  it("answers 200 for unknown tokens and another client's tokens, revoking only the caller's", async () => {
    const { code, verifier } = await authorize(publicClient);
    const tokens = await tokenRequest(codeGrant(publicClient, code, verifier));
    const revoke = (form: Record<string, string>): Promise<Response> =>
      fetch(`${server.origin}/oauth/revoke/`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
      });
    expect((await revoke({ token: "ldx_at_unknown", client_id: publicClient.client_id })).status).toBe(200);
    expect((await revoke({ token: tokens.body.access_token as string, client_id: otherClient.client_id })).status).toBe(200);
    expect((await me(tokens.body.access_token as string)).status).toBe(200);
    const own = await revoke({
      token: tokens.body.access_token as string,
      token_type_hint: "access_token",
      client_id: publicClient.client_id,
    });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("no-store");
    expect((await me(tokens.body.access_token as string)).status).toBe(401);
    const unauthenticated = await revoke({ token: "x", client_id: confidential.client_id });
    expect(unauthenticated.status).toBe(401);
  });
});

describe("storage", () => {
  it("stores tokens, codes and client secrets only as SHA-256 hex", async () => {
    const { code, verifier } = await authorize(publicClient);
    const tokens = await tokenRequest(codeGrant(publicClient, code, verifier));
    // Read through the store itself, so the same check covers the SQLite file and PostgreSQL.
    const db = server.ludex.oauth.store;
    const sha = (value: string): string => createHash("sha256").update(value).digest("hex");
    const dump = JSON.stringify([
      await db.all("SELECT * FROM tokens"),
      await db.all("SELECT * FROM authorization_codes"),
      await db.all("SELECT * FROM clients"),
      await db.all("SELECT * FROM sessions"),
    ]);
    for (const secret of [
      code,
      tokens.body.access_token as string,
      tokens.body.refresh_token as string,
      confidential.client_secret ?? "",
      postClient.client_secret ?? "",
    ]) {
      expect(dump).not.toContain(secret);
    }
    expect(await db.get("SELECT count(*) AS n FROM tokens WHERE token_hash = ?", [sha(tokens.body.access_token as string)])).toEqual({
      n: 1,
    });
    expect(await db.get("SELECT count(*) AS n FROM authorization_codes WHERE code_hash = ?", [sha(code)])).toEqual({ n: 1 });
    expect(await db.get("SELECT secret_hash FROM clients WHERE client_id = ?", [confidential.client_id])).toEqual({
      secret_hash: sha(confidential.client_secret ?? ""),
    });
    expect(await db.get("SELECT secret_hash FROM clients WHERE client_id = ?", [publicClient.client_id])).toEqual({ secret_hash: null });
    const hashes = await db.all<{ h: string }>(
      "SELECT token_hash AS h FROM tokens UNION ALL SELECT code_hash FROM authorization_codes UNION ALL SELECT id_hash FROM sessions",
    );
    expect(hashes.length).toBeGreaterThan(2);
    for (const { h } of hashes) expect(h).toMatch(/^[0-9a-f]{64}$/);
    if (db.dialect === "sqlite") {
      const file = new Database(server.config.membersDb, { readonly: true });
      expect(file.pragma("journal_mode", { simple: true })).toBe("wal");
      file.close();
    }
  });
});
