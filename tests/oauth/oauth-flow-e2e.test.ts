import { createServer, type Server } from "node:http";
import * as oauth from "oauth4webapi";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../helpers/chromium.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signInAndAllow } from "./browser-consent.ts";
import { startOAuthTestServer, type OAuthTestServer } from "./oauth-test-server.ts";

const insecure = { [oauth.allowInsecureRequests]: true } as const;
const password = "correct horse battery staple";

let server: OAuthTestServer;
let memberId: number;
let browser: Browser;
let callbackServer: Server;
let callbackPort: number;
/** Every secret the flows produced, searched for in the log afterwards. */
const issued: string[] = [password];
/** Every Location header the server sent to the browser. */
const locations: string[] = [];
const consoleOutput: string[] = [];

beforeAll(async () => {
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleOutput.push(args.map(String).join(" "));
      original(...args);
    });
  }
  server = await startOAuthTestServer();
  memberId = await server.addMember("ada", "Ada <Lovelace> & Co", password);
  callbackServer = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    // /framer: another site (origin) that tries to frame ludex's pages next to a harmless one.
    if (req.url === "/framer")
      res.end(
        `<!doctype html><iframe name="victim" src="${server.base}/account/apps/"></iframe><iframe name="control" src="/callback"></iframe>`,
      );
    else res.end("<!doctype html><title>callback</title><p>done</p>");
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, "127.0.0.1", resolve));
  const address = callbackServer.address();
  callbackPort = typeof address === "object" && address ? address.port : 0;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => callbackServer?.close(() => resolve()));
  vi.restoreAllMocks();
});

async function discover(): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(server.base);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
}

/** Signs in and clicks Allow in Chromium; returns the URL the browser was sent back to. */
async function approveInBrowser(page: Page, authorizationUrl: URL, callbackPrefix: string): Promise<URL> {
  page.on("response", (response) => {
    const location = response.headers().location;
    if (location) locations.push(location);
  });
  const url = await signInAndAllow(page, authorizationUrl, callbackPrefix, { username: "ada", password }, async () => {
    // The consent page names the client (escaped), its redirect host and the scopes in plain words.
    const text = await page.locator("main").innerText();
    expect(text).toContain("Ludex <Test> App");
    expect(text).toContain(new URL(callbackPrefix).host);
    expect(text).toContain("See your member number and display name");
    expect(text).toContain("Read public game metadata");
  });
  for (const cookie of await page.context().cookies()) issued.push(cookie.value);
  return url;
}

async function fullFlow(kind: "public" | "confidential"): Promise<void> {
  const as = await discover();
  expect(as.issuer).toBe(server.base);
  expect(as.code_challenge_methods_supported).toEqual(["S256"]);

  const redirectUri = kind === "public" ? "http://127.0.0.1/callback" : "https://app.example.test/oauth/callback";
  const usedRedirect = kind === "public" ? `http://127.0.0.1:${callbackPort}/callback` : redirectUri;
  const registered = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(
      as,
      {
        client_name: "Ludex <Test> App",
        redirect_uris: [redirectUri],
        scope: "games.read profile.read",
        token_endpoint_auth_method: kind === "public" ? "none" : "client_secret_basic",
      },
      insecure,
    ),
  );
  const client: oauth.Client = {
    client_id: registered.client_id,
    token_endpoint_auth_method: kind === "public" ? "none" : "client_secret_basic",
  };
  let clientAuth: oauth.ClientAuth;
  if (kind === "public") {
    expect(registered).not.toHaveProperty("client_secret");
    clientAuth = oauth.None();
  } else {
    expect(typeof registered.client_secret).toBe("string");
    expect(registered.client_secret_expires_at).toBe(0);
    issued.push(registered.client_secret as string);
    clientAuth = oauth.ClientSecretBasic(registered.client_secret as string);
  }

  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const authorizationUrl = new URL(as.authorization_endpoint ?? "");
  authorizationUrl.search = new URLSearchParams({
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: usedRedirect,
    scope: "games.read profile.read",
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();

  const context = await browser.newContext();
  const page = await context.newPage();
  if (kind === "confidential") {
    // The https redirect target cannot be reached here: Chromium's request is answered in place.
    await page.route("https://app.example.test/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><p>done</p>" }),
    );
  }
  const callbackUrl = await approveInBrowser(
    page,
    authorizationUrl,
    kind === "public" ? `http://127.0.0.1:${callbackPort}/callback` : "https://app.example.test/oauth/callback",
  );
  await context.close();
  expect(callbackUrl.searchParams.get("state")).toBe(state);
  expect(callbackUrl.searchParams.get("iss")).toBe(server.base);
  const params = oauth.validateAuthResponse(as, client, callbackUrl, state);
  issued.push(params.get("code") ?? "");

  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, usedRedirect, verifier, insecure),
  );
  expect(tokens.token_type).toBe("bearer");
  expect(tokens.scope).toBe("games.read profile.read");
  expect(tokens.expires_in).toBe(3600);
  expect(Buffer.from(tokens.access_token.replace(/^ldx_at_/, ""), "base64url").length).toBeGreaterThanOrEqual(32);
  issued.push(tokens.access_token, tokens.refresh_token ?? "");

  const resource = new URL(`${server.base}/api/v1/agent/me/`);
  const rs = await oauth.processResourceDiscoveryResponse(resource, await oauth.resourceDiscoveryRequest(resource, insecure));
  expect(rs.authorization_servers).toEqual([server.base]);
  const me = await oauth.protectedResourceRequest(tokens.access_token, "GET", resource, undefined, undefined, insecure);
  expect(me.status).toBe(200);
  expect(me.headers.get("cache-control")).toBe("no-store");
  expect(await me.json()).toEqual({ id: memberId, displayName: "Ada <Lovelace> & Co" });

  const refreshed = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token ?? "", insecure),
  );
  issued.push(refreshed.access_token, refreshed.refresh_token ?? "");
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  const meAgain = await oauth.protectedResourceRequest(refreshed.access_token, "GET", resource, undefined, undefined, insecure);
  expect(meAgain.status).toBe(200);

  await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, clientAuth, refreshed.refresh_token ?? "", insecure));
  // Revoking the refresh token ends the grant: its access tokens stop working on the next request.
  const afterRevoke = oauth.protectedResourceRequest(refreshed.access_token, "GET", resource, undefined, undefined, insecure);
  const rejected = await afterRevoke.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(rejected).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
  const challenge = rejected as oauth.WWWAuthenticateChallengeError;
  expect(challenge.status).toBe(401);
  expect(challenge.cause[0]?.parameters.error).toBe("invalid_token");
  const refreshAfterRevoke = await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshed.refresh_token ?? "", insecure);
  expect(refreshAfterRevoke.status).toBe(400);
  expect(await refreshAfterRevoke.json()).toMatchObject({ error: "invalid_grant" });
}

describe("OAuth end to end (oauth4webapi + Chromium)", () => {
  it("public client with PKCE and a loopback redirect on any port", async () => {
    await fullFlow("public");
  });

  it("confidential client with client_secret_basic and an https redirect", async () => {
    await fullFlow("confidential");
  });

  it("lists the app on the member's page, and its Revoke button ends access on the next request", async () => {
    const as = await discover();
    const registered = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          client_name: "Ludex <Test> App",
          redirect_uris: ["http://127.0.0.1/callback"],
          scope: "games.read profile.read",
          token_endpoint_auth_method: "none",
        },
        insecure,
      ),
    );
    const client: oauth.Client = { client_id: registered.client_id, token_endpoint_auth_method: "none" };
    const verifier = oauth.generateRandomCodeVerifier();
    const redirectUri = `http://127.0.0.1:${callbackPort}/callback`;
    const authorizationUrl = new URL(as.authorization_endpoint ?? "");
    authorizationUrl.search = new URLSearchParams({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: redirectUri,
      scope: "games.read profile.read",
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    }).toString();
    const context = await browser.newContext();
    const page = await context.newPage();
    const callbackUrl = await approveInBrowser(page, authorizationUrl, redirectUri);
    const params = oauth.validateAuthResponse(as, client, callbackUrl, oauth.expectNoState);
    issued.push(params.get("code") ?? "");
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, insecure),
    );
    issued.push(tokens.access_token, tokens.refresh_token ?? "");
    const me = (): Promise<Response> =>
      fetch(`${server.base}/api/v1/agent/me/`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect((await me()).status).toBe(200);

    const apps = await page.goto(`${server.base}/account/apps/`);
    expect(apps?.headers()["x-frame-options"]).toBe("DENY");
    const row = page.getByRole("row").filter({ hasText: "Ludex <Test> App" });
    await expect.poll(() => row.count()).toBe(1);
    const rowText = await row.innerText();
    expect(rowText).toContain("See your member number and display name");
    expect(rowText).toContain("Read public game metadata");
    expect(rowText).toMatch(/Authorized \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    await row.getByRole("button", { name: "Revoke" }).click();
    await expect.poll(() => page.getByRole("row").filter({ hasText: "Ludex <Test> App" }).count()).toBe(0);
    expect((await me()).status).toBe(401);
    await context.close();
  });

  it("cannot be framed by another site (clickjacking)", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const control = `http://127.0.0.1:${callbackPort}/callback`;
    await page.goto(`http://127.0.0.1:${callbackPort}/framer`, { waitUntil: "load" });
    // A page without those headers frames fine; ours is replaced by Chromium's error page.
    await expect.poll(() => page.frame({ name: "control" })?.url()).toBe(control);
    await expect.poll(() => page.frame({ name: "victim" })?.url()).toMatch(/^chrome-error:/);
    expect(await page.frame({ name: "victim" })?.locator("input[name=password]").count()).toBe(0);
    await context.close();
  });

  it("never logs or puts in a server-built URL any token, code, secret or password", () => {
    const secrets = issued.filter((s) => s.length > 0);
    expect(secrets.length).toBeGreaterThanOrEqual(16);
    const logged = [...server.logLines, ...consoleOutput].join("\n");
    expect(server.logLines.some((l) => l.includes("authorization code issued"))).toBe(true);
    for (const secret of secrets) expect(logged, "log").not.toContain(secret);
    expect(locations.length).toBeGreaterThan(0);
    for (const location of locations) {
      for (const secret of secrets) {
        // The authorization response's code is the one the protocol puts in a URL.
        if (location.includes(`code=${secret}`)) continue;
        expect(location).not.toContain(secret);
      }
    }
  });
});
