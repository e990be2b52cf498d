import { describe, expect, it } from "vitest";
import { escapeHtml, pageHeaders } from "../../src/oauth/html-pages.ts";
import { isCodeVerifier, isS256Challenge, s256Challenge, verifyS256 } from "../../src/oauth/pkce.ts";
import { checkRedirectUri, matchesRegisteredRedirectUri } from "../../src/oauth/redirect-uri.ts";
import { formatScope, isScopeSubset, parseScope } from "../../src/oauth/scopes.ts";
import { equalSecrets, newSecret, sha256Hex } from "../../src/oauth/secrets.ts";
import { continuePath } from "../../src/oauth/sign-in-route.ts";
import { bearerChallenge } from "../../src/oauth/bearer-auth.ts";
import { wellKnownUrl } from "../../src/oauth/metadata.ts";
import { authorizationResponseUrl } from "../../src/oauth/oauth-errors.ts";

describe("scope parsing (RFC 6749 §3.3)", () => {
  it("accepts known scopes separated by single spaces, in canonical order, without duplicates", () => {
    expect(parseScope("profile.read games.read")).toEqual({ ok: true, scopes: ["games.read", "profile.read"] });
    expect(parseScope("profile.read profile.read")).toEqual({ ok: true, scopes: ["profile.read"] });
    expect(formatScope(["profile.read", "community.read"])).toBe("community.read profile.read");
  });

  it("refuses unknown, empty, case-changed and badly separated scopes", () => {
    for (const bad of [
      "",
      "admin",
      "Profile.read",
      "games.read  profile.read",
      " games.read",
      "games.read\tprofile.read",
      "games.read,profile.read",
    ]) {
      expect(parseScope(bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it("checks subsets", () => {
    expect(isScopeSubset(["games.read"], ["games.read", "profile.read"])).toBe(true);
    expect(isScopeSubset(["community.read"], ["games.read"])).toBe(false);
  });
});

describe("redirect URIs (RFC 6749 §3.1.2, RFC 8252 §7.3)", () => {
  it("allows https and http on 127.0.0.1 or [::1] only", () => {
    for (const ok of [
      "https://app.example/cb",
      "https://app.example:8443/cb?x=1",
      "http://127.0.0.1/cb",
      "http://127.0.0.1:8080/cb",
      "http://[::1]/cb",
    ])
      expect(checkRedirectUri(ok).ok, ok).toBe(true);
    for (const bad of [
      "http://app.example/cb",
      "http://localhost/cb",
      "https://app.example/cb#x",
      "https://app.example/cb#",
      "cb",
      "//app.example/cb",
      "myapp:/cb",
      "https://u:p@app.example/",
      "data:text/html,x",
      "http://127.0.0.2/cb",
    ]) {
      expect(checkRedirectUri(bad).ok, bad).toBe(false);
    }
  });

  it("returns the URI to store in its WHATWG serialisation, and refuses what that would hide", () => {
    expect(checkRedirectUri("HTTPS://App.Example:443/cb?X=1")).toEqual({ ok: true, uri: "https://app.example/cb?X=1" });
    expect(checkRedirectUri("http://127.0.0.1:80/cb")).toEqual({ ok: true, uri: "http://127.0.0.1/cb" });
    for (const bad of [" https://app.example/cb", "https://app.example/cb\n", "https://app.example/c\u0008b", "https://*.example/cb"])
      expect(checkRedirectUri(bad).ok, JSON.stringify(bad)).toBe(false);
  });

  it("matches exactly, except the port of a loopback URI", () => {
    const registered = ["https://app.example/cb", "http://127.0.0.1/native", "http://[::1]:1234/native?x=1"];
    expect(matchesRegisteredRedirectUri("https://app.example/cb", registered)).toBe(true);
    expect(matchesRegisteredRedirectUri("https://app.example/cb/", registered)).toBe(false);
    expect(matchesRegisteredRedirectUri("https://app.example:443/cb", registered)).toBe(false);
    expect(matchesRegisteredRedirectUri("https://app.example/CB", registered)).toBe(false);
    expect(matchesRegisteredRedirectUri("http://127.0.0.1:40000/native", registered)).toBe(true);
    expect(matchesRegisteredRedirectUri("http://127.0.0.1/native", registered)).toBe(true);
    expect(matchesRegisteredRedirectUri("http://[::1]:9/native?x=1", registered)).toBe(true);
    expect(matchesRegisteredRedirectUri("http://[::1]:9/native", registered)).toBe(false);
    expect(matchesRegisteredRedirectUri("http://127.0.0.1:40000/native/x", registered)).toBe(false);
    expect(matchesRegisteredRedirectUri("http://127.0.0.1:40000/native#f", registered)).toBe(false);
    expect(matchesRegisteredRedirectUri("http://localhost:40000/native", registered)).toBe(false);
    expect(matchesRegisteredRedirectUri("https://127.0.0.1:40000/native", registered)).toBe(false);
  });
});

describe("PKCE S256 (RFC 7636)", () => {
  it("computes the RFC 7636 Appendix B example", () => {
    expect(s256Challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    expect(verifyS256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")).toBe(true);
    expect(verifyS256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXK", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")).toBe(false);
  });

  it("checks verifier and challenge syntax", () => {
    expect(isCodeVerifier("a".repeat(43))).toBe(true);
    expect(isCodeVerifier("a".repeat(42))).toBe(false);
    expect(isCodeVerifier("a".repeat(129))).toBe(false);
    expect(isCodeVerifier(`${"a".repeat(42)}!`)).toBe(false);
    expect(isS256Challenge("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")).toBe(true);
    expect(isS256Challenge("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM=")).toBe(false);
    expect(isS256Challenge("plain")).toBe(false);
    // A plain verifier is not accepted as a challenge even if it has 43 characters with "." or "~".
    expect(isS256Challenge(`${"a".repeat(42)}~`)).toBe(false);
  });
});

describe("secrets", () => {
  it("issues 256-bit random values with a prefix, hashed as SHA-256 hex", () => {
    const a = newSecret("ldx_at_");
    expect(a).toMatch(/^ldx_at_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(7), "base64url")).toHaveLength(32);
    expect(newSecret("ldx_at_")).not.toBe(a);
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(equalSecrets(a, a)).toBe(true);
    expect(equalSecrets(a, `${a}x`)).toBe(false);
  });
});

describe("HTML pages", () => {
  it("escapes untrusted text for content and attributes", () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'q'`)).toBe("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;");
  });

  it("sends anti-framing and script-free CSP headers", () => {
    const h = pageHeaders(["https://app.example"]);
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["content-security-policy"]).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; form-action 'self' https:\/\/app\.example; frame-ancestors 'none'; base-uri 'none'$/,
    );
  });

  it("continues after sign-in only to its own authorize and account pages", () => {
    const base = "https://ludex.test";
    expect(continuePath(base, "/oauth/authorize/?client_id=a&state=b")).toBe("/oauth/authorize/?client_id=a&state=b");
    expect(continuePath(base, "/account/apps/")).toBe("/account/apps/");
    for (const bad of [
      null,
      "https://evil.example/",
      "//evil.example/oauth/authorize/",
      "/\\evil.example",
      "/api/v1/agent/me/",
      "/oauth/authorize/../../x",
      "@evil.example/oauth/authorize/",
    ]) {
      expect(continuePath(base, bad), String(bad)).toBe("/account/apps/");
    }
    expect(continuePath("https://h.example/ludex", "/oauth/authorize/?a=1")).toBe("/oauth/authorize/?a=1");
  });
});

describe("URL building", () => {
  it("adds response parameters to a redirect URI's own query, with iss", () => {
    expect(authorizationResponseUrl("https://app.example/cb?keep=1", { code: "c", state: "a b&c" }, "https://ludex.test")).toBe(
      "https://app.example/cb?keep=1&code=c&state=a+b%26c&iss=https%3A%2F%2Fludex.test",
    );
    expect(authorizationResponseUrl("https://app.example/cb", { error: "access_denied", state: undefined }, "https://ludex.test")).toBe(
      "https://app.example/cb?error=access_denied&iss=https%3A%2F%2Fludex.test",
    );
  });

  it("inserts well-known suffixes between host and path (RFC 8414 §3.1, RFC 9728 §3.1)", () => {
    expect(wellKnownUrl("https://ludex.test/api/v1/agent/me/", "oauth-protected-resource")).toBe(
      "https://ludex.test/.well-known/oauth-protected-resource/api/v1/agent/me/",
    );
    expect(wellKnownUrl("https://ludex.test", "oauth-authorization-server")).toBe(
      "https://ludex.test/.well-known/oauth-authorization-server",
    );
  });

  it("writes RFC 6750 challenges", () => {
    expect(bearerChallenge("https://m")).toBe('Bearer resource_metadata="https://m"');
    expect(bearerChallenge("https://m", { code: "insufficient_scope", description: 'needs "x"', scope: "profile.read" })).toBe(
      `Bearer error="insufficient_scope", error_description="needs 'x'", resource_metadata="https://m", scope="profile.read"`,
    );
  });
});
