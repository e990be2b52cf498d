import * as oauth from "oauth4webapi";
import { beforeAll, describe, expect, it } from "vitest";
import {
  authorizeQuery,
  authorizeWithoutBrowser,
  CookieClient,
  hiddenFields,
  pkcePair,
  redeemCode,
  registerClient,
  type TestClient,
} from "./browserless-client.ts";
import { startOAuthTestServer, type OAuthTestServer } from "./oauth-test-server.ts";

let server: OAuthTestServer & { origin: string };

beforeAll(async () => {
  server = await startOAuthTestServer();
});

async function register(
  body: unknown,
  contentType = "application/json",
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const res = await fetch(`${server.origin}/oauth/register/`, {
    method: "POST",
    headers: { "content-type": contentType },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

const insecure = { [oauth.allowInsecureRequests]: true } as const;

async function discover(): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(server.base);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
}

const valid = { client_name: "Valid", redirect_uris: ["https://app.example/cb"], scope: "profile.read" };

describe("dynamic client registration (RFC 7591)", () => {
  it("registers a public client without a secret and a confidential one with a secret, once", async () => {
    const pub = await register({ ...valid, token_endpoint_auth_method: "none" });
    expect(pub.status).toBe(201);
    expect(pub.headers.get("cache-control")).toBe("no-store");
    expect(pub.body).toMatchObject({
      client_name: "Valid",
      redirect_uris: ["https://app.example/cb"],
      scope: "profile.read",
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    });
    expect(typeof pub.body.client_id).toBe("string");
    expect(Number.isInteger(pub.body.client_id_issued_at)).toBe(true);
    expect(pub.body).not.toHaveProperty("client_secret");
    expect(pub.body).not.toHaveProperty("client_secret_expires_at");
    const conf = await register({ ...valid, scope: "games.read community.read profile.read", unknown_member: "ignored" });
    expect(conf.status).toBe(201);
    expect(conf.body.token_endpoint_auth_method).toBe("client_secret_basic");
    expect(conf.body.client_secret).toMatch(/^ldx_cs_[A-Za-z0-9_-]{43}$/);
    expect(conf.body.client_secret_expires_at).toBe(0);
    expect(conf.body).not.toHaveProperty("unknown_member");
  });

  it("refuses bad redirect URIs with invalid_redirect_uri", async () => {
    for (const uri of [
      "http://app.example/cb",
      "https://app.example/cb#frag",
      "/relative",
      "http://localhost:8080/cb",
      "com.example.app:/cb",
      "https://user:pw@app.example/cb",
      "javascript:alert(1)",
    ]) {
      const res = await register({ ...valid, redirect_uris: [uri] });
      expect(res.status, uri).toBe(400);
      expect(res.body.error, uri).toBe("invalid_redirect_uri");
      expect(typeof res.body.error_description).toBe("string");
      expect(res.headers.get("content-type")).toBe("application/json");
    }
    expect((await register({ ...valid, redirect_uris: [] })).body.error).toBe("invalid_redirect_uri");
    expect((await register({ ...valid, redirect_uris: ["https://app.example/cb", " https://app.example/cb"] })).body.error).toBe(
      "invalid_redirect_uri",
    );
    expect((await register({ client_name: "x", scope: "profile.read" })).body.error).toBe("invalid_redirect_uri");
  });

  it("refuses redirect URIs a URL parser would change: whitespace, control characters and *", async () => {
    for (const uri of [
      " https://app.example/cb",
      "https://app.example/cb ",
      "https://app.example/c b",
      "https://app.example/cb\r\n",
      "https://app.example/\tcb",
      "https://app.\nexample/cb",
      "https://app.example/cb\u0000",
      "https://app.example/cb\u007f",
      "https://app.example/cb\u00a0",
      "https://app.example/cb\u200b",
      "https://*.app.example/cb",
      "https://app.example/*",
      "http://127.0.0.1:*/cb",
    ]) {
      const res = await register({ ...valid, redirect_uris: [uri] });
      expect(res.status, JSON.stringify(uri)).toBe(400);
      expect(res.body.error, JSON.stringify(uri)).toBe("invalid_redirect_uri");
      expect(res.body.error_description, JSON.stringify(uri)).toContain("whitespace, control characters or the wildcard *");
    }
  });

  it("stores redirect URIs normalised, answers that form, and matches authorization requests against it exactly", async () => {
    const as = await discover();
    const registered = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          client_name: "Shouting",
          redirect_uris: [
            "HTTPS://App.EXAMPLE:443/cb",
            "https://app.example/cb",
            "https://Bücher.Example/Path?Q=1",
            "HTTP://127.0.0.1:80/cb",
          ],
          scope: "profile.read",
          token_endpoint_auth_method: "none",
        },
        insecure,
      ),
    );
    expect(registered.redirect_uris).toEqual(["https://app.example/cb", "https://xn--bcher-kva.example/Path?Q=1", "http://127.0.0.1/cb"]);
    const client = registered as unknown as TestClient;
    const { challenge } = pkcePair();
    for (const uri of ["https://app.example/cb", "https://xn--bcher-kva.example/Path?Q=1", "http://127.0.0.1:5000/cb"]) {
      const page = await new CookieClient(server.origin).request(
        `/oauth/authorize/?${authorizeQuery(client, { redirect_uri: uri, code_challenge: challenge })}`,
      );
      expect(page.status, uri).toBe(200);
      expect(page.text, uri).toContain('name="password"');
    }
    for (const uri of [
      "HTTPS://App.EXAMPLE:443/cb",
      "https://APP.example/cb",
      "https://Bücher.Example/Path?Q=1",
      "HTTP://127.0.0.1:5000/cb",
    ]) {
      const page = await new CookieClient(server.origin).request(
        `/oauth/authorize/?${authorizeQuery(client, { redirect_uri: uri, code_challenge: challenge })}`,
      );
      expect(page.status, uri).toBe(400);
      expect(page.headers.get("location"), uri).toBeNull();
      expect(page.text, uri).toContain("Invalid redirect address");
    }
  });

  it("registers a client without scope with the default games.read community.read, never profile.read", async () => {
    const as = await discover();
    const registered = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        { client_name: "No scope", redirect_uris: ["https://app.example/cb"], token_endpoint_auth_method: "none" },
        insecure,
      ),
    );
    expect(registered.scope).toBe("games.read community.read");
    const client = registered as unknown as TestClient;
    const { challenge } = pkcePair();
    const defaulted = await new CookieClient(server.origin).request(
      `/oauth/authorize/?${authorizeQuery(client, { scope: undefined, code_challenge: challenge })}`,
    );
    expect(defaulted.status).toBe(200);
    expect(hiddenFields(defaulted.text).continue).toContain("scope=games.read+community.read");
    const profile = await new CookieClient(server.origin).request(
      `/oauth/authorize/?${authorizeQuery(client, { scope: "profile.read", code_challenge: challenge })}`,
    );
    expect(profile.status).toBe(400);
    expect(profile.text).toContain("invalid_scope");
  });

  it("refuses bad metadata with invalid_client_metadata", async () => {
    expect((await register({ ...valid, scope: "profile.read admin" })).body.error).toBe("invalid_client_metadata");
    expect((await register({ ...valid, scope: "" })).body.error).toBe("invalid_client_metadata");
    expect((await register({ ...valid, scope: ["profile.read"] })).body.error).toBe("invalid_client_metadata");
    expect((await register({ ...valid, client_name: "" })).body.error).toBe("invalid_client_metadata");
    expect((await register({ ...valid, token_endpoint_auth_method: "private_key_jwt" })).body.error).toBe("invalid_client_metadata");
    expect((await register({ ...valid, grant_types: ["client_credentials"] })).body.error).toBe("invalid_client_metadata");
    expect((await register("[1,2]")).body.error).toBe("invalid_client_metadata");
    const malformed = await register("{nope");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_client_metadata");
  });

  it("rate limits registration per address with a problem+json 429 (rate-limited) and Retry-After", async () => {
    const limitedServer = await startOAuthTestServer({ registrationLimit: { quota: 2, windowSeconds: 3600 } });
    const post = (): Promise<Response> =>
      fetch(`${limitedServer.origin}/oauth/register/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(valid),
      });
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(201);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("ratelimit")).toMatch(/r=0/);
    expect(limited.headers.get("content-type")).toBe("application/problem+json");
    expect(limited.headers.get("cache-control")).toBe("no-store");
    const body = (await limited.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ type: `${limitedServer.base}/problems/#rate-limited`, status: 429 });
    expect(body).not.toHaveProperty("error");
    // oauth4webapi refuses the answer as not OAuth JSON and hands over the 429 itself, never an error blaming the metadata.
    const as = await oauth.processDiscoveryResponse(
      new URL(limitedServer.base),
      await oauth.discoveryRequest(new URL(limitedServer.base), { algorithm: "oauth2", ...insecure }),
    );
    const refused = await oauth
      .processDynamicClientRegistrationResponse(await oauth.dynamicClientRegistrationRequest(as, valid, insecure))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(oauth.OperationProcessingError);
    expect(refused).not.toBeInstanceOf(oauth.ResponseBodyError);
    expect((refused as oauth.OperationProcessingError).code).toBe(oauth.RESPONSE_IS_NOT_JSON);
    const answer = (refused as oauth.OperationProcessingError).cause as Response;
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("metadata documents", () => {
  it("publishes RFC 8414 authorization server metadata with issuer = PUBLIC_BASE_URL", async () => {
    const res = await fetch(`${server.origin}/.well-known/oauth-authorization-server`);
    expect(res.status).toBe(200);
    const b = server.base;
    expect(await res.json()).toEqual({
      issuer: b,
      authorization_endpoint: `${b}/oauth/authorize/`,
      token_endpoint: `${b}/oauth/token/`,
      registration_endpoint: `${b}/oauth/register/`,
      revocation_endpoint: `${b}/oauth/revoke/`,
      scopes_supported: ["games.read", "community.read", "profile.read"],
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
      revocation_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${b}/docs/`,
    });
  });

  it("publishes RFC 9728 protected resource metadata at the root and the path-inserted location", async () => {
    const root = await (await fetch(`${server.origin}/.well-known/oauth-protected-resource`)).json();
    expect(root).toMatchObject({ resource: server.base, authorization_servers: [server.base] });
    for (const p of ["/.well-known/oauth-protected-resource/api/v1/agent/me/", "/.well-known/oauth-protected-resource/api/v1/agent/me"]) {
      const res = await fetch(`${server.origin}${p}`);
      expect(res.status, p).toBe(200);
      expect(await res.json()).toEqual({
        resource: `${server.base}/api/v1/agent/me/`,
        authorization_servers: [server.base],
        scopes_supported: ["profile.read"],
        bearer_methods_supported: ["header"],
        resource_name: "ludex member identity",
        resource_documentation: `${server.base}/docs/`,
      });
    }
  });
});

describe("identity endpoint GET /api/v1/agent/me/", () => {
  let idServer: OAuthTestServer & { origin: string };
  const metadataUrl = (): string => `${idServer.base}/.well-known/oauth-protected-resource/api/v1/agent/me/`;

  async function tokensFor(scope: string): Promise<Record<string, string>> {
    const client = await registerClient(idServer.origin, {
      client_name: "Me",
      redirect_uris: ["https://app.example/cb"],
      scope,
      token_endpoint_auth_method: "none",
    });
    const { verifier, challenge } = pkcePair();
    const location = await authorizeWithoutBrowser(
      new CookieClient(idServer.origin),
      authorizeQuery(client, { code_challenge: challenge }),
      { username: "meg", password: "meg's password" },
    );
    const res = await redeemCode(idServer.origin, client, location, verifier);
    return (await res.json()) as Record<string, string>;
  }

  let memberId: number;
  let full: Record<string, string>;
  let gamesOnly: Record<string, string>;
  beforeAll(async () => {
    idServer = await startOAuthTestServer();
    memberId = await idServer.addMember("meg", "Meg", "meg's password");
    full = await tokensFor("profile.read");
    gamesOnly = await tokensFor("games.read");
  });

  it("answers exactly { id, displayName } with no-store", async () => {
    const res = await fetch(`${idServer.origin}/api/v1/agent/me/`, { headers: { authorization: `Bearer ${full.access_token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toStrictEqual({ id: memberId, displayName: "Meg" });
  });

  it("answers 401 with a bare Bearer challenge and resource_metadata without a token", async () => {
    const res = await fetch(`${idServer.origin}/api/v1/agent/me/`);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${metadataUrl()}"`);
    const basic = await fetch(`${idServer.origin}/api/v1/agent/me/`, { headers: { authorization: "Basic dXNlcjpwYXNz" } });
    expect(basic.status).toBe(401);
  });

  it("answers 401 invalid_token for an unknown token", async () => {
    const res = await fetch(`${idServer.origin}/api/v1/agent/me/`, { headers: { authorization: "Bearer ldx_at_not-a-real-token" } });
    expect(res.status).toBe(401);
    const challenge = res.headers.get("www-authenticate") ?? "";
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toContain(`resource_metadata="${metadataUrl()}"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 403 insufficient_scope for a token without profile.read", async () => {
    const res = await fetch(`${idServer.origin}/api/v1/agent/me/`, { headers: { authorization: `Bearer ${gamesOnly.access_token}` } });
    expect(res.status).toBe(403);
    const challenge = res.headers.get("www-authenticate") ?? "";
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="profile.read"');
  });

  it("refuses a token in the query string, even a valid one", async () => {
    const res = await fetch(`${idServer.origin}/api/v1/agent/me/?access_token=${full.access_token}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_request"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    const both = await fetch(`${idServer.origin}/api/v1/agent/me/?access_token=${full.access_token}`, {
      headers: { authorization: `Bearer ${full.access_token}` },
    });
    expect(both.status).toBe(400);
    expect(JSON.stringify(await both.json())).not.toContain(full.access_token ?? "");
  });

  it("stops answering once the member is disabled", async () => {
    expect((await fetch(`${idServer.origin}/api/v1/agent/me/`, { headers: { authorization: `Bearer ${full.access_token}` } })).status).toBe(
      200,
    );
    await idServer.ludex.oauth.members.disable("meg");
    const res = await fetch(`${idServer.origin}/api/v1/agent/me/`, { headers: { authorization: `Bearer ${full.access_token}` } });
    expect(res.status).toBe(401);
  });
});
