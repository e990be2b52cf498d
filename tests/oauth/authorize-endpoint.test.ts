import { beforeAll, describe, expect, it } from "vitest";
import {
  type Answer,
  authorizeQuery,
  authorizeWithoutBrowser,
  CookieClient,
  hiddenFields,
  pkcePair,
  registerClient,
  type TestClient,
} from "./browserless-client.ts";
import { startOAuthTestServer, type OAuthTestServer } from "./oauth-test-server.ts";

const credentials = { username: "grace", password: "a long enough password" };
let server: OAuthTestServer & { origin: string };
let client: TestClient;
let loopbackClient: TestClient;

beforeAll(async () => {
  server = await startOAuthTestServer({ signInFailureLimit: { quota: 3, windowSeconds: 900 } });
  await server.addMember(credentials.username, "Grace", credentials.password);
  client = await registerClient(server.origin, {
    client_name: "Rules <b>App</b>",
    redirect_uris: ["https://app.example/cb"],
    scope: "games.read profile.read",
    token_endpoint_auth_method: "none",
  });
  loopbackClient = await registerClient(server.origin, {
    client_name: "Native",
    redirect_uris: ["http://127.0.0.1/cb", "http://[::1]/cb"],
    scope: "profile.read",
    token_endpoint_auth_method: "none",
  });
});

function expectNoFraming(headers: Headers): void {
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(headers.get("cache-control")).toBe("no-store");
  expect(headers.get("content-type")).toBe("text/html; charset=utf-8");
}

/** An authorization error sent back to the client: 303, error, state exactly as sent, iss. */
function expectRedirectError(location: string | null, error: string, state: string | undefined = "s-123"): URL {
  expect(location).not.toBeNull();
  const url = new URL(location ?? "");
  expect(`${url.origin}${url.pathname}`).toBe("https://app.example/cb");
  expect(url.searchParams.get("error")).toBe(error);
  expect(url.searchParams.get("state")).toBe(state ?? null);
  expect(url.searchParams.get("iss")).toBe(server.base);
  expect(url.searchParams.has("code")).toBe(false);
  return url;
}

describe("authorization endpoint: errors that must never redirect", () => {
  it("shows an error page for an unknown client_id", async () => {
    const res = await new CookieClient(server.origin).request(
      `/oauth/authorize/?${authorizeQuery({ ...client, client_id: "nope" }, { code_challenge: pkcePair().challenge })}`,
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(res.text).toContain("not registered");
    expectNoFraming(res.headers);
  });

  it("shows an error page for a redirect_uri that is not an exact registered match", async () => {
    const { challenge } = pkcePair();
    const browser = new CookieClient(server.origin);
    for (const redirect of [
      "https://app.example/cb/",
      "https://app.example/cb?x=1",
      "https://APP.example/cb",
      "https://evil.example/cb",
      "http://app.example/cb",
      "http://127.0.0.1:9999/other",
    ]) {
      const res = await browser.request(
        `/oauth/authorize/?${authorizeQuery(client, { redirect_uri: redirect, code_challenge: challenge })}`,
      );
      expect(res.status, redirect).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(res.text).toContain("Invalid redirect address");
    }
    const missing = await browser.request(
      `/oauth/authorize/?${authorizeQuery(client, { redirect_uri: undefined, code_challenge: challenge })}`,
    );
    expect(missing.status).toBe(400);
    expect(missing.headers.get("location")).toBeNull();
  });

  it("accepts a loopback redirect URI on any port, for 127.0.0.1 and [::1]", async () => {
    const { challenge } = pkcePair();
    for (const redirect of ["http://127.0.0.1:51234/cb", "http://[::1]:8080/cb", "http://127.0.0.1/cb"]) {
      const res = await new CookieClient(server.origin).request(
        `/oauth/authorize/?${authorizeQuery(loopbackClient, { redirect_uri: redirect, code_challenge: challenge })}`,
      );
      expect(res.status, redirect).toBe(200);
      expect(res.text).toContain('name="password"');
    }
    const otherPath = await new CookieClient(server.origin).request(
      `/oauth/authorize/?${authorizeQuery(loopbackClient, { redirect_uri: "http://127.0.0.1:51234/cb2", code_challenge: challenge })}`,
    );
    expect(otherPath.status).toBe(400);
    const localhost = await new CookieClient(server.origin).request(
      `/oauth/authorize/?${authorizeQuery(loopbackClient, { redirect_uri: "http://localhost:51234/cb", code_challenge: challenge })}`,
    );
    expect(localhost.status).toBe(400);
  });
});

/** ludex's own error page for a malformed request: 400, no Location, the OAuth error code named. */
function expectErrorPage(res: Answer, error: string, label: string): void {
  expect(res.status, label).toBe(400);
  expect(res.headers.get("location"), label).toBeNull();
  expect(res.text, label).toContain("The app sent an invalid request");
  expect(res.text, label).toContain(`(${error})`);
  expectNoFraming(res.headers);
}

/** A browser signed in as grace, through the account page's sign-in form. */
async function signedInBrowser(): Promise<CookieClient> {
  const browser = new CookieClient(server.origin);
  const page = await browser.request("/account/apps/");
  const signedIn = await browser.post("/oauth/sign-in/", { ...hiddenFields(page.text), ...credentials });
  expect(signedIn.status).toBe(303);
  return browser;
}

describe("authorization endpoint: no open redirect before the member acts (RFC 9700 §4.11.2)", () => {
  it("answers an attacker-registered redirect URI with ludex's page, signed in or not, for every malformed request", async () => {
    const evil = await registerClient(server.origin, {
      client_name: "Totally Legit",
      redirect_uris: ["https://evil.example/phish"],
      scope: "games.read",
      token_endpoint_auth_method: "none",
    });
    const { verifier, challenge } = pkcePair();
    const cases: [string, Record<string, string | undefined>, string][] = [
      ["unknown scope", { scope: "x", code_challenge: challenge }, "invalid_scope"],
      ["unregistered scope", { scope: "profile.read", code_challenge: challenge }, "invalid_scope"],
      ["no response_type", { response_type: undefined, code_challenge: challenge }, "invalid_request"],
      ["response_type=token", { response_type: "token", code_challenge: challenge }, "unsupported_response_type"],
      ["no code_challenge", {}, "invalid_request"],
      ["plain method", { code_challenge: verifier, code_challenge_method: "plain" }, "invalid_request"],
      ["no method", { code_challenge: challenge, code_challenge_method: undefined }, "invalid_request"],
      ["malformed challenge", { code_challenge: "short" }, "invalid_request"],
      ["state too long", { state: "s".repeat(2049), code_challenge: challenge }, "invalid_request"],
    ];
    const member = await signedInBrowser();
    for (const [label, extra, error] of cases) {
      const query = authorizeQuery(evil, extra);
      expectErrorPage(await new CookieClient(server.origin).request(`/oauth/authorize/?${query}`), error, `${label}, signed out`);
      expectErrorPage(await member.request(`/oauth/authorize/?${query}`), error, `${label}, signed in`);
    }
    const twice = await member.request(`/oauth/authorize/?${authorizeQuery(evil, { code_challenge: challenge })}&scope=games.read`);
    expectErrorPage(twice, "invalid_request", "repeated scope");
    // The well-formed request still reaches the consent page, which names where the answer goes.
    const consent = await member.request(`/oauth/authorize/?${authorizeQuery(evil, { code_challenge: challenge })}`);
    expect(consent.status).toBe(200);
    expect(consent.text).toContain("<strong>evil.example</strong>");
  });

  it("does not redirect a consent form whose request was altered, even with Deny", async () => {
    const member = await signedInBrowser();
    const consent = await member.request(`/oauth/authorize/?${authorizeQuery(client, { code_challenge: pkcePair().challenge })}`);
    const fields = hiddenFields(consent.text);
    for (const [label, altered] of [
      ["response_type", { response_type: "token" }],
      ["scope", { scope: "community.read" }],
      ["method", { code_challenge_method: "plain" }],
    ] as const) {
      const res = await member.post("/oauth/authorize/", { ...fields, ...altered, decision: "deny" });
      expect(res.status, label).toBe(400);
      expect(res.headers.get("location"), label).toBeNull();
    }
  });
});

describe("authorization endpoint: the member's decision goes back to the client", () => {
  it("answers Deny with access_denied, state exactly as sent, and iss", async () => {
    const state = "x y&z=1/é+%";
    const { challenge } = pkcePair();
    const location = await authorizeWithoutBrowser(
      new CookieClient(server.origin),
      authorizeQuery(client, { state, code_challenge: challenge }),
      credentials,
      "deny",
    );
    expectRedirectError(location.href, "access_denied", state);
  });

  it("answers Allow with code, state exactly as sent, and iss", async () => {
    const state = "opaque~state.with-odd chars &=";
    const { challenge } = pkcePair();
    const location = await authorizeWithoutBrowser(
      new CookieClient(server.origin),
      authorizeQuery(client, { state, code_challenge: challenge }),
      credentials,
    );
    expect(`${location.origin}${location.pathname}`).toBe("https://app.example/cb");
    expect(location.searchParams.get("code")).toMatch(/^ldx_ac_[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get("state")).toBe(state);
    expect(location.searchParams.get("iss")).toBe(server.base);
  });
});

describe("sign-in and consent pages", () => {
  it("labels the fields Username and Password and forbids framing on every page", async () => {
    const browser = new CookieClient(server.origin);
    const { challenge } = pkcePair();
    const query = authorizeQuery(client, { code_challenge: challenge });
    const signIn = await browser.request(`/oauth/authorize/?${query}`);
    expect(signIn.status).toBe(200);
    expectNoFraming(signIn.headers);
    expect(signIn.text).toMatch(/<label for="username">Username<\/label>/);
    expect(signIn.text).toMatch(/<label for="password">Password<\/label>/);
    expect(signIn.text).toContain("Rules &lt;b&gt;App&lt;/b&gt;");
    expect(signIn.text).not.toContain("<b>App</b>");
    const signedIn = await browser.post("/oauth/sign-in/", { ...hiddenFields(signIn.text), ...credentials });
    expect(signedIn.status).toBe(303);
    const consent = await browser.request(signedIn.headers.get("location") ?? "");
    expectNoFraming(consent.headers);
    expect(consent.headers.get("content-security-policy")).toContain("form-action 'self' https://app.example");
    expect(consent.text).toContain("Rules &lt;b&gt;App&lt;/b&gt;");
    expect(consent.text).toContain("app.example");
    expect(consent.text).toContain("See your member number and display name");
    expect(consent.text).toMatch(/<button type="submit" name="decision" value="allow">Allow<\/button>/);
    expect(consent.text).toMatch(/<button type="submit" name="decision" value="deny">Deny<\/button>/);
    // The page where consent is taken back is a link, and the link leads there.
    const link = /You can take this back at any time on your <a href="([^"]+)">Authorized apps<\/a> page\./.exec(consent.text);
    expect(link?.[1]).toBe(`${server.base}/account/apps/`);
    const apps = await browser.request(link?.[1] ?? "");
    expect(apps.status).toBe(200);
    expect(apps.text).toContain("<h1>Authorized apps</h1>");
    expectNoFraming(apps.headers);
  });

  it("sets the session cookie HttpOnly and SameSite=Lax (not Secure over an http base URL)", async () => {
    const browser = new CookieClient(server.origin);
    const page = await browser.request(`/oauth/authorize/?${authorizeQuery(client, { code_challenge: pkcePair().challenge })}`);
    const anonymous = page.headers.getSetCookie()[0] ?? "";
    expect(anonymous).toMatch(/^ludex_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const signedIn = await browser.post("/oauth/sign-in/", { ...hiddenFields(page.text), ...credentials });
    const session = signedIn.headers.getSetCookie()[0] ?? "";
    expect(session).toMatch(/^ludex_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    // A new value at sign-in: the pre-sign-in cookie never becomes the session (no fixation).
    expect(session.split(";")[0]).not.toBe(anonymous.split(";")[0]);
  });

  it("refuses forms without the right CSRF token", async () => {
    const browser = new CookieClient(server.origin);
    const { challenge } = pkcePair();
    const query = authorizeQuery(client, { code_challenge: challenge });
    const page = await browser.request(`/oauth/authorize/?${query}`);
    const fields = hiddenFields(page.text);
    const noToken = await browser.post("/oauth/sign-in/", { continue: fields.continue ?? "", ...credentials });
    expect(noToken.status).toBe(403);
    expectNoFraming(noToken.headers);
    expect(noToken.headers.getSetCookie().some((c) => c.includes("Max-Age="))).toBe(false);
    // Another browser's token does not fit this browser's cookie.
    const other = new CookieClient(server.origin);
    const otherPage = await other.request(`/oauth/authorize/?${query}`);
    const crossed = await browser.post("/oauth/sign-in/", {
      ...fields,
      csrf_token: hiddenFields(otherPage.text).csrf_token ?? "",
      ...credentials,
    });
    expect(crossed.status).toBe(403);

    const signedIn = await browser.post("/oauth/sign-in/", { ...fields, ...credentials });
    const consent = await browser.request(signedIn.headers.get("location") ?? "");
    const consentFields = hiddenFields(consent.text);
    const forged = await browser.post("/oauth/authorize/", { ...consentFields, csrf_token: "forged", decision: "allow" });
    expect(forged.status).toBe(403);
    expect(forged.headers.get("location")).toBeNull();
    const missing = await browser.post("/oauth/authorize/", { ...consentFields, csrf_token: "", decision: "allow" });
    expect(missing.status).toBe(403);
    const revoke = await browser.post("/account/apps/", { client_id: client.client_id, action: "revoke" });
    expect(revoke.status).toBe(403);
    const signOut = await browser.post("/account/sign-out/", {});
    expect(signOut.status).toBe(403);
    // The genuine form still works.
    const allowed = await browser.post("/oauth/authorize/", { ...consentFields, decision: "allow" });
    expect(allowed.status).toBe(303);
  });

  it("does not continue anywhere but its own pages after sign-in (no open redirect)", async () => {
    const browser = new CookieClient(server.origin);
    const page = await browser.request("/account/apps/");
    expect(page.text).toContain('name="password"');
    const fields = hiddenFields(page.text);
    const res = await browser.post("/oauth/sign-in/", { ...fields, continue: "//evil.example/x", ...credentials });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${server.base}/account/apps/`);
  });

  it("rejects a wrong password, then rate limits failed sign-ins per address (before checking any password)", async () => {
    const browser = new CookieClient(server.origin);
    const page = await browser.request("/account/apps/");
    const fields = hiddenFields(page.text);
    for (let i = 0; i < 3; i++) {
      const wrong = await browser.post("/oauth/sign-in/", { ...fields, username: "grace", password: `wrong password ${i}` });
      expect(wrong.status).toBe(400);
      expect(wrong.text).toContain("The username or password is not right.");
      expect(wrong.headers.getSetCookie()).toEqual([]);
    }
    const limited = await browser.post("/oauth/sign-in/", { ...fields, ...credentials });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.getSetCookie()).toEqual([]);
    expectNoFraming(limited.headers);
    server.advance(901_000);
    const later = await browser.post("/oauth/sign-in/", { ...fields, ...credentials });
    expect(later.status).toBe(303);
  });
});

describe("session cookie over https", () => {
  it("is Secure with the __Host- prefix when PUBLIC_BASE_URL is https", async () => {
    const secure = await startOAuthTestServer({ publicBaseUrl: "https://ludex.test" });
    const c = await registerClient(secure.origin, {
      client_name: "S",
      redirect_uris: ["https://app.example/cb"],
      scope: "profile.read",
      token_endpoint_auth_method: "none",
    });
    const res = await fetch(`${secure.origin}/oauth/authorize/?${authorizeQuery(c, { code_challenge: pkcePair().challenge })}`);
    expect(res.headers.getSetCookie()[0]).toMatch(/^__Host-ludex_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    expect(await res.text()).toContain('action="https://ludex.test/oauth/sign-in/"');
  });
});
