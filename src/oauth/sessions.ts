import { createHmac } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { equalSecrets, newSecret, secretPrefixes, sha256Hex } from "./secrets.ts";
import type { SqlClient } from "./store/sql-client.ts";

/** How long a sign-in lasts. */
export const SESSION_LIFETIME_SECONDS = 12 * 3600;

/**
 * A browser's state on the sign-in and account pages. Every browser gets a random cookie
 * (HttpOnly, SameSite=Lax, Secure on https). It is a signed-in session when its SHA-256 is in the
 * sessions table; before that it only anchors the CSRF token of the sign-in form.
 */
export interface BrowserState {
  /** The signed-in member, if any. */
  readonly memberId: number | undefined;
  /** The CSRF token for forms on this page: HMAC (keyed with the configured secret) of the cookie, so only this browser's pages know it. */
  readonly csrfToken: string;
  /** A Set-Cookie value when the browser had no cookie yet. */
  readonly setCookie: string | undefined;
}

/** Session handling for the HTML pages. @see RFC 6265bis §4.1 (cookie attributes), RFC 6749 §10.12 (CSRF) */
export interface SessionManager {
  /** Reads (or starts) the browser's state. */
  read(req: IncomingMessage): Promise<BrowserState>;
  /** True when `submitted` is the CSRF token for this request's cookie. */
  checkCsrf(req: IncomingMessage, submitted: string | null): boolean;
  /** Signs a member in with a new session value (never the pre-sign-in one: no session fixation); returns Set-Cookie. */
  signIn(memberId: number): Promise<string>;
  /** Ends the request's session; returns the Set-Cookie that clears it. */
  signOut(req: IncomingMessage): Promise<string>;
}

/** Session settings from the configuration. */
export interface SessionOptions {
  /** PUBLIC_BASE_URL is https: the cookie gets Secure and the __Host- prefix. */
  readonly secure: boolean;
  readonly now: () => number;
  /** The key CSRF tokens are signed with (LUDEX_SECRET): every instance sharing it accepts the others' forms. */
  readonly secret: Buffer;
}

/** The session cookie's name: `__Host-` binds it to this host, https and Path=/. @see RFC 6265bis §4.1.3.2 */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-ludex_session" : "ludex_session";
}

function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** Sessions on the identity database; the cookie value is stored as SHA-256 hex only. @see RFC 6265bis §8.6 */
export function createSessionManager(db: SqlClient, options: SessionOptions): SessionManager {
  const name = sessionCookieName(options.secure);
  const attributes = `Path=/; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
  const csrfFor = (cookie: string): string => createHmac("sha256", options.secret).update(`ludex csrf v2\0${cookie}`).digest("base64url");
  const findSession =
    "SELECT s.member_id FROM sessions s JOIN members m ON m.id = s.member_id WHERE s.id_hash = ? AND s.expires_at > ? AND m.disabled_at IS NULL";
  return {
    async read(req) {
      const cookie = readCookie(req, name);
      if (cookie === undefined) {
        const fresh = newSecret(secretPrefixes.session);
        return { memberId: undefined, csrfToken: csrfFor(fresh), setCookie: `${name}=${fresh}; ${attributes}` };
      }
      const row = await db.get<{ member_id: number }>(findSession, [sha256Hex(cookie), options.now()]);
      return { memberId: row?.member_id, csrfToken: csrfFor(cookie), setCookie: undefined };
    },
    checkCsrf(req, submitted) {
      const cookie = readCookie(req, name);
      return cookie !== undefined && submitted !== null && equalSecrets(csrfFor(cookie), submitted);
    },
    async signIn(memberId) {
      const value = newSecret(secretPrefixes.session);
      const at = options.now();
      await db.run("INSERT INTO sessions (id_hash, member_id, created_at, expires_at) VALUES (?, ?, ?, ?)", [
        sha256Hex(value),
        memberId,
        at,
        at + SESSION_LIFETIME_SECONDS * 1000,
      ]);
      return `${name}=${value}; ${attributes}; Max-Age=${SESSION_LIFETIME_SECONDS}`;
    },
    async signOut(req) {
      const cookie = readCookie(req, name);
      if (cookie !== undefined) await db.run("DELETE FROM sessions WHERE id_hash = ?", [sha256Hex(cookie)]);
      return `${name}=; ${attributes}; Max-Age=0`;
    },
  };
}
