import { createServer, type Server } from "node:http";
import * as client from "openid-client";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium.ts";
import { signInAndAllow } from "./browser-consent.ts";
import { startOAuthTestServer, type OAuthTestServer } from "./oauth-test-server.ts";

// openid-client (panva) as a relying party against ludex, an OAuth 2.0 authorization server (not
// OpenID Connect): RFC 8414 metadata, so discovery uses `algorithm: "oauth2"`; an http loopback
// issuer, so every call carries allowInsecureRequests.
const insecure = { execute: [client.allowInsecureRequests] };
const credentials = { username: "grace", password: "openid-client flow password" };
const displayName = "Grace <Hopper> & Co";
/** The registered loopback redirect: any port is accepted at authorization time. */
const registeredRedirect = "http://127.0.0.1/callback";

let server: OAuthTestServer;
let memberId: number;
let browser: Browser;
let callbackServer: Server;
let redirectUri: string;
let config: client.Configuration;
let resource: URL;

beforeAll(async () => {
  server = await startOAuthTestServer();
  memberId = await server.addMember(credentials.username, displayName, credentials.password);
  resource = new URL(`${server.base}/api/v1/agent/me/`);
  callbackServer = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>callback</title><p>done</p>");
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, "127.0.0.1", resolve));
  const address = callbackServer.address();
  redirectUri = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/callback`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => callbackServer?.close(() => resolve()));
});

/** What openid-client's promise rejected with (the test fails if it resolved). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => expect.fail(`expected a rejection, got ${JSON.stringify(value)}`),
    (error: unknown) => error,
  );
}

/** Asserts an OAuth error answer from the token or revocation endpoint, as openid-client reports it. */
async function expectResponseBodyError(promise: Promise<unknown>, error: string): Promise<client.ResponseBodyError> {
  const thrown = await rejection(promise);
  expect(thrown).toBeInstanceOf(client.ResponseBodyError);
  const bodyError = thrown as client.ResponseBodyError;
  expect(bodyError.error).toBe(error);
  expect(bodyError.status).toBe(400);
  expect(typeof bodyError.error_description).toBe("string");
  return bodyError;
}

/** The identity endpoint through openid-client: the member it names. */
async function me(accessToken: string): Promise<unknown> {
  const response = await client.fetchProtectedResource(config, accessToken, resource, "GET");
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return response.json();
}

/** Asserts that the identity endpoint refuses `accessToken` with a Bearer invalid_token challenge. */
async function expectTokenRefused(accessToken: string): Promise<void> {
  const thrown = await rejection(client.fetchProtectedResource(config, accessToken, resource, "GET"));
  expect(thrown).toBeInstanceOf(client.WWWAuthenticateChallengeError);
  const challenge = thrown as client.WWWAuthenticateChallengeError;
  expect(challenge.status).toBe(401);
  expect(challenge.cause[0]?.scheme).toBe("bearer");
  expect(challenge.cause[0]?.parameters.error).toBe("invalid_token");
}

/** One authorization in Chromium: the callback URL (with code, state and iss), the verifier and the state. */
async function authorize(): Promise<{ callbackUrl: URL; verifier: string; state: string }> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "games.read profile.read",
    state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  expect(authorizationUrl.href.startsWith(`${server.base}/oauth/authorize/?`)).toBe(true);
  const context = await browser.newContext();
  try {
    const callbackUrl = await signInAndAllow(await context.newPage(), authorizationUrl, redirectUri, credentials);
    return { callbackUrl, verifier, state };
  } finally {
    await context.close();
  }
}

/** A fresh grant: authorized in Chromium and redeemed by openid-client. */
async function grant(): Promise<client.TokenEndpointResponse> {
  const { callbackUrl, verifier, state } = await authorize();
  return client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: verifier, expectedState: state });
}

describe("OAuth with openid-client 6 (discovery, registration, code + PKCE in Chromium, refresh, revocation)", () => {
  it("discovers the RFC 8414 metadata at /.well-known/oauth-authorization-server", async () => {
    const discovered = await client.discovery(new URL(server.base), "not-registered-yet", undefined, client.None(), {
      algorithm: "oauth2",
      ...insecure,
    });
    const metadata = discovered.serverMetadata();
    expect(metadata.issuer).toBe(server.base);
    expect(metadata.authorization_endpoint).toBe(`${server.base}/oauth/authorize/`);
    expect(metadata.token_endpoint).toBe(`${server.base}/oauth/token/`);
    expect(metadata.registration_endpoint).toBe(`${server.base}/oauth/register/`);
    expect(metadata.revocation_endpoint).toBe(`${server.base}/oauth/revoke/`);
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true);
    expect(metadata.supportsPKCE("S256")).toBe(true);
    expect(metadata.supportsPKCE("plain")).toBe(false);
    // By design: ludex is OAuth 2.0, not OpenID Connect, so the library's default (OIDC discovery
    // at /.well-known/openid-configuration) finds nothing.
    const oidc = await rejection(client.discovery(new URL(server.base), "not-registered-yet", undefined, client.None(), insecure));
    expect(oidc).toBeInstanceOf(client.ClientError);
    expect((oidc as client.ClientError).code).toBe("OAUTH_RESPONSE_IS_NOT_CONFORM");
    expect(((oidc as client.ClientError).cause as Response).status).toBe(404);
    expect(metadata.userinfo_endpoint).toBeUndefined();
    expect(metadata.jwks_uri).toBeUndefined();
  });

  it("registers clients dynamically, with the asked scope or the server's default", async () => {
    const confidential = await client.dynamicClientRegistration(
      new URL(server.base),
      { client_name: "openid-client confidential", redirect_uris: ["https://app.example.test/cb"] },
      undefined,
      { algorithm: "oauth2", ...insecure },
    );
    const withoutScope = confidential.clientMetadata();
    expect(withoutScope.client_id).toMatch(/\S{16,}/);
    // Without `scope` the server registers its default one and says so. @see RFC 7591 §2
    expect(withoutScope.scope).toBe("games.read community.read");
    expect(withoutScope.token_endpoint_auth_method).toBe("client_secret_basic");
    expect(typeof withoutScope.client_secret).toBe("string");
    expect(withoutScope.client_secret_expires_at).toBe(0);
    // By design: the server holds a client to the method it registered (RFC 7591 §2), and
    // openid-client does not pick that method itself: its default, client_secret_post, is refused.
    const wrongMethod = await rejection(client.tokenRevocation(confidential, "ldx_rt_never-issued"));
    expect(wrongMethod).toBeInstanceOf(client.WWWAuthenticateChallengeError);
    expect((wrongMethod as client.WWWAuthenticateChallengeError).status).toBe(401);
    expect((wrongMethod as client.WWWAuthenticateChallengeError).cause[0]?.scheme).toBe("basic");
    const basic = await client.discovery(
      new URL(server.base),
      withoutScope.client_id,
      withoutScope.client_secret as string,
      client.ClientSecretBasic(),
      { algorithm: "oauth2", ...insecure },
    );
    await client.tokenRevocation(basic, "ldx_rt_never-issued");

    config = await client.dynamicClientRegistration(
      new URL(server.base),
      {
        client_name: "openid-client public",
        redirect_uris: [registeredRedirect],
        scope: "games.read profile.read",
        token_endpoint_auth_method: "none",
      },
      client.None(),
      { algorithm: "oauth2", ...insecure },
    );
    const registered = config.clientMetadata();
    expect(registered.client_id).not.toBe(withoutScope.client_id);
    expect(registered.scope).toBe("games.read profile.read");
    expect(registered.token_endpoint_auth_method).toBe("none");
    expect(registered.redirect_uris).toEqual([registeredRedirect]);
    expect(registered).not.toHaveProperty("client_secret");
    expect(config.serverMetadata().issuer).toBe(server.base);
  });

  it("runs the authorization code flow with PKCE S256 in Chromium, checking state and iss", async () => {
    const { callbackUrl, verifier, state } = await authorize();
    expect(callbackUrl.searchParams.get("iss")).toBe(server.base);
    expect(callbackUrl.searchParams.get("state")).toBe(state);
    // A state mismatch is caught before the code is sent anywhere, so the code is still good afterwards.
    const forged = await rejection(
      client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: verifier, expectedState: "forged" }),
    );
    expect(forged).toBeInstanceOf(client.ClientError);
    expect((forged as client.ClientError).code).toBe("OAUTH_INVALID_RESPONSE");
    expect(((forged as client.ClientError).cause as Error).message).toContain('"state"');

    const tokens = await client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.scope).toBe("games.read profile.read");
    // The server's answer exactly; expiresIn() counts down from the answer's arrival, so it may already read 3599.
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.expiresIn()).toBeGreaterThanOrEqual(3595);
    expect(tokens.access_token).toMatch(/^ldx_at_/);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeUndefined();
    expect(await me(tokens.access_token)).toEqual({ id: memberId, displayName });
  });

  it("calls the protected identity endpoint with the access token", async () => {
    const tokens = await grant();
    expect(await me(tokens.access_token)).toEqual({ id: memberId, displayName });
    // Without a valid token the endpoint answers with a challenge openid-client parses.
    await expectTokenRefused("ldx_at_not-a-token");
  });

  it("rotates the refresh token; a reused one is refused and revokes the whole grant", async () => {
    const first = await grant();
    const firstRefresh = first.refresh_token ?? "";
    const rotated = await client.refreshTokenGrant(config, firstRefresh);
    expect(rotated.refresh_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(firstRefresh);
    expect(rotated.access_token).not.toBe(first.access_token);
    expect(rotated.scope).toBe("games.read profile.read");
    expect(await me(rotated.access_token)).toEqual({ id: memberId, displayName });

    // Reuse detection: the rotated-away token is refused, and since the server cannot tell the
    // client from a thief, it revokes the grant, with the tokens the rotation issued.
    // @see RFC 9700 §4.14.2
    const reused = await expectResponseBodyError(client.refreshTokenGrant(config, firstRefresh), "invalid_grant");
    expect(reused.error_description).toContain("already used");
    await expectResponseBodyError(client.refreshTokenGrant(config, rotated.refresh_token ?? ""), "invalid_grant");
    await expectTokenRefused(rotated.access_token);
    await expectTokenRefused(first.access_token);
    expect(server.logLines.some((line) => line.includes("refresh token reused; its grant is revoked"))).toBe(true);
  });

  it("revokes tokens: an access token alone, then a refresh token with its grant", async () => {
    const tokens = await grant();
    expect(await me(tokens.access_token)).toEqual({ id: memberId, displayName });
    await client.tokenRevocation(config, tokens.access_token, { token_type_hint: "access_token" });
    await expectTokenRefused(tokens.access_token);
    // Revoking an access token leaves the grant: its refresh token still works.
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token ?? "");
    expect(await me(refreshed.access_token)).toEqual({ id: memberId, displayName });

    await client.tokenRevocation(config, refreshed.refresh_token ?? "", { token_type_hint: "refresh_token" });
    await expectTokenRefused(refreshed.access_token);
    await expectResponseBodyError(client.refreshTokenGrant(config, refreshed.refresh_token ?? ""), "invalid_grant");
    // Revoking an unknown or already revoked token is answered 200 all the same. @see RFC 7009 §2.2
    await client.tokenRevocation(config, refreshed.refresh_token ?? "");
    await client.tokenRevocation(config, "ldx_rt_never-issued");
  });

  it("reports a wrong PKCE verifier and a replayed code as invalid_grant (ResponseBodyError)", async () => {
    const wrong = await authorize();
    const mismatch = await expectResponseBodyError(
      client.authorizationCodeGrant(config, wrong.callbackUrl, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: wrong.state,
      }),
      "invalid_grant",
    );
    expect(mismatch.error_description).toContain("code_verifier");
    // A code is good for one attempt: after the failed one, even the right verifier is refused.
    await expectResponseBodyError(
      client.authorizationCodeGrant(config, wrong.callbackUrl, { pkceCodeVerifier: wrong.verifier, expectedState: wrong.state }),
      "invalid_grant",
    );

    const { callbackUrl, verifier, state } = await authorize();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: verifier, expectedState: state });
    expect(await me(tokens.access_token)).toEqual({ id: memberId, displayName });
    const replay = await expectResponseBodyError(
      client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: verifier, expectedState: state }),
      "invalid_grant",
    );
    expect(replay.error_description).toContain("already used");
    // A replayed code means it leaked: what its first use issued is revoked. @see RFC 6749 §4.1.2
    await expectTokenRefused(tokens.access_token);
    await expectResponseBodyError(client.refreshTokenGrant(config, tokens.refresh_token ?? ""), "invalid_grant");
  });

  it("issues no ID token (OAuth 2.0, not OpenID Connect): a client that requires one is refused by the library", async () => {
    const { callbackUrl, verifier, state } = await authorize();
    const thrown = await rejection(
      client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: verifier, expectedState: state, idTokenExpected: true }),
    );
    expect(thrown).toBeInstanceOf(client.ClientError);
    expect((thrown as client.ClientError).code).toBe("OAUTH_INVALID_RESPONSE");
    expect(((thrown as client.ClientError).cause as Error).message).toContain('"id_token"');
    // Nor is there a userinfo endpoint: the identity endpoint is the one protected resource.
    const userinfo = await rejection(client.fetchUserInfo(config, "ldx_at_unused", client.skipSubjectCheck));
    expect(userinfo).toBeInstanceOf(client.ClientError);
    expect((userinfo as client.ClientError).code).toBe("OAUTH_MISSING_SERVER_METADATA");
  });
});
