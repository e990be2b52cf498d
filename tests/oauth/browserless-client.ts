import { createHash, randomBytes } from "node:crypto";

/** A response read whole, redirects not followed. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  json<T = Record<string, unknown>>(): T;
}

/** A tiny browser stand-in: a cookie jar and fetch without following redirects. */
export class CookieClient {
  readonly cookies = new Map<string, string>();
  readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  async request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
    const target = url.startsWith("http") ? url : `${this.origin}${url}`;
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(target, {
      method: init.method ?? "GET",
      headers: { ...(cookie ? { cookie } : {}), ...init.headers },
      body: init.body,
      redirect: "manual",
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/Max-Age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: <T>() => JSON.parse(text) as T };
  }

  post(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(form).toString(),
    });
  }
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The hidden fields of the first form on a page (or the form around `button`). */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[unescapeHtml(m[1] ?? "")] = unescapeHtml(m[2] ?? "");
  return fields;
}

/** A PKCE pair. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** A registered client as the tests keep it. */
export interface TestClient {
  readonly client_id: string;
  readonly client_secret?: string;
  readonly redirect_uris: string[];
  readonly scope: string;
}

/** Registers a client over HTTP. */
export async function registerClient(origin: string, metadata: Record<string, unknown>): Promise<TestClient> {
  const res = await fetch(`${origin}/oauth/register/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(metadata),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as TestClient;
}

/** Authorization request parameters for `client`. */
export function authorizeQuery(client: TestClient, extra: Record<string, string | undefined> = {}): string {
  const params: Record<string, string> = {};
  const defaults: Record<string, string | undefined> = {
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: client.redirect_uris[0],
    scope: client.scope,
    state: "s-123",
    code_challenge_method: "S256",
    ...extra,
  };
  for (const [k, v] of Object.entries(defaults)) if (v !== undefined) params[k] = v;
  return new URLSearchParams(params).toString();
}

/**
 * Signs in and allows (or denies) an authorization request without a browser; returns the final
 * redirect URL to the client.
 */
export async function authorizeWithoutBrowser(
  browser: CookieClient,
  query: string,
  credentials: { username: string; password: string },
  decision: "allow" | "deny" = "allow",
): Promise<URL> {
  let page = await browser.request(`/oauth/authorize/?${query}`);
  if (page.status !== 200) throw new Error(`authorize page: ${page.status} ${page.text.slice(0, 300)}`);
  if (page.text.includes('name="password"')) {
    const signIn = await browser.post("/oauth/sign-in/", {
      ...hiddenFields(page.text),
      username: credentials.username,
      password: credentials.password,
    });
    if (signIn.status !== 303) throw new Error(`sign-in: ${signIn.status}`);
    page = await browser.request(signIn.headers.get("location") ?? "");
  }
  const consent = await browser.post("/oauth/authorize/", { ...hiddenFields(page.text), decision });
  if (consent.status !== 303) throw new Error(`consent: ${consent.status} ${consent.text.slice(0, 300)}`);
  return new URL(consent.headers.get("location") ?? "");
}

/** Redeems the code of an authorization `redirect` at the token endpoint (public client, PKCE). */
export function redeemCode(origin: string, client: TestClient, redirect: URL, verifier: string): Promise<Response> {
  return fetch(`${origin}/oauth/token/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: redirect.searchParams.get("code") ?? "",
      redirect_uri: client.redirect_uris[0] ?? "",
      client_id: client.client_id,
      code_verifier: verifier,
    }).toString(),
  });
}
