import type { HttpResult, RequestContext } from "../http/http-types.ts";
import { rateLimitHeaders } from "../http/rate-limiter.ts";
import { readFormBody } from "../http/read-body.ts";
import { pageResult, renderSignInPage } from "./html-pages.ts";
import { oauthPaths } from "./metadata.ts";
import type { OAuthContext } from "./oauth-context.ts";
import { oauthError } from "./oauth-errors.ts";
import type { BrowserState } from "./sessions.ts";

const MAX_FORM = 8 * 1024;

/** 403 page for a form without the right CSRF token. @see RFC 6749 §10.12 */
export function csrfProblem(): ReturnType<typeof oauthError> {
  return oauthError("invalid_request", "This form has expired or was not sent from a ludex page. Go back, reload the page and try again.", {
    status: 403,
    title: "Form expired",
  });
}

/**
 * Where to go after signing in, as a path under PUBLIC_BASE_URL: the authorization request or
 * the account page. Anything else falls back to the account page, so the field cannot be used as
 * an open redirect.
 * @see RFC 9700 §4.11 (open redirection)
 */
export function continuePath(base: string, value: string | null): string {
  const baseUrl = new URL(base);
  const prefix = baseUrl.pathname === "/" ? "" : baseUrl.pathname;
  if (value === null || !value.startsWith("/")) return oauthPaths.apps;
  let url: URL;
  try {
    url = new URL(`${base}${value}`);
  } catch {
    return oauthPaths.apps;
  }
  const path = url.pathname.slice(prefix.length);
  const allowed =
    url.origin === baseUrl.origin &&
    url.pathname.startsWith(prefix) &&
    url.hash === "" &&
    (path === oauthPaths.authorize || (path === oauthPaths.apps && url.search === ""));
  return allowed ? `${path}${url.search}` : oauthPaths.apps;
}

/** The sign-in page for `browser`, continuing to `continueTo` (site-relative). */
export function signInPage(
  oauth: OAuthContext,
  browser: BrowserState,
  continueTo: string,
  extra: { status?: number; error?: string; username?: string; clientName?: string; headers?: Record<string, string> } = {},
): HttpResult {
  const html = renderSignInPage({
    action: `${oauth.base}${oauthPaths.signIn}`,
    csrfToken: browser.csrfToken,
    continueTo,
    ...(extra.clientName !== undefined ? { clientName: extra.clientName } : {}),
    ...(extra.error !== undefined ? { error: extra.error } : {}),
    ...(extra.username !== undefined ? { username: extra.username } : {}),
  });
  return pageResult(extra.status ?? 200, html, {
    ...(browser.setCookie ? { setCookie: browser.setCookie } : {}),
    ...(extra.headers ? { headers: extra.headers } : {}),
  });
}

async function clientNameFor(oauth: OAuthContext, continueTo: string): Promise<string | undefined> {
  const clientId = new URL(continueTo, "http://x.invalid").searchParams.get("client_id");
  return clientId === null ? undefined : (await oauth.clients.find(clientId))?.clientName;
}

/**
 * POST /oauth/sign-in/: checks the CSRF token, refuses an address with too many recent failed
 * sign-ins (429, before any password is checked), verifies the credentials, and starts a new
 * session. Failures are counted per client address (in Redis with several instances); attempts
 * still being checked count too, so parallel guesses cannot slip past the limit.
 * @see RFC 6749 §10.10 (credential guessing), §10.12 (CSRF); RFC 6265bis §8.8
 */
export function signInRoute(oauth: OAuthContext): (ctx: RequestContext) => Promise<HttpResult> {
  return async (ctx) => {
    const form = await readFormBody(ctx.req, MAX_FORM);
    if (!oauth.sessions.checkCsrf(ctx.req, form.get("csrf_token"))) throw csrfProblem();
    const continueTo = continuePath(oauth.base, form.get("continue"));
    const browser = await oauth.sessions.read(ctx.req);
    const address = oauth.clientAddress(ctx.req);
    const limiter = oauth.signInFailureLimiter;
    // Every attempt reserves one failure up front (one atomic step, also across instances, so
    // parallel guesses cannot slip past the limit) and gives it back when it succeeds.
    const probe = await limiter.take(address, 1, oauth.now());
    if (probe.unavailable) {
      oauth.log({ level: "warn", requestId: ctx.id, msg: "sign-in refused: rate-limit store unreachable", address });
      return signInPage(oauth, browser, continueTo, {
        status: 503,
        error: "Sign-in is briefly unavailable. Try again in a minute.",
        headers: { "retry-after": String(probe.resetSeconds) },
      });
    }
    if (!probe.allowed) {
      oauth.log({ level: "warn", requestId: ctx.id, msg: "sign-in refused: too many failed attempts", address });
      return signInPage(oauth, browser, continueTo, {
        status: 429,
        error: `Too many failed sign-ins from your network. Try again in ${Math.ceil(probe.resetSeconds / 60)} minutes.`,
        headers: { "retry-after": String(probe.resetSeconds), ...rateLimitHeaders(limiter, probe) },
      });
    }
    const username = form.get("username") ?? "";
    let member: Awaited<ReturnType<typeof oauth.members.verifyCredentials>>;
    try {
      member = await oauth.members.verifyCredentials(username, form.get("password") ?? "");
    } catch (error) {
      await limiter.refund(address, 1, oauth.now());
      throw error;
    }
    if (!member) {
      oauth.log({ level: "info", requestId: ctx.id, msg: "sign-in failed", address });
      const clientName = await clientNameFor(oauth, continueTo);
      return signInPage(oauth, browser, continueTo, {
        status: 400,
        error: "The username or password is not right.",
        username: username.slice(0, 64),
        ...(clientName !== undefined ? { clientName } : {}),
      });
    }
    await limiter.refund(address, 1, oauth.now());
    const setCookie = await oauth.sessions.signIn(member.id);
    oauth.log({ level: "info", requestId: ctx.id, msg: "member signed in", memberId: member.id });
    return {
      status: 303,
      headers: {
        location: `${oauth.base}${continueTo}`,
        "set-cookie": setCookie,
        "cache-control": "no-store",
        "referrer-policy": "no-referrer",
      },
    };
  };
}

/** POST /account/sign-out/: ends the session (CSRF-checked, so no one can sign a member out from elsewhere). */
export function signOutRoute(oauth: OAuthContext): (ctx: RequestContext) => Promise<HttpResult> {
  return async (ctx) => {
    const form = await readFormBody(ctx.req, MAX_FORM);
    if (!oauth.sessions.checkCsrf(ctx.req, form.get("csrf_token"))) throw csrfProblem();
    const setCookie = await oauth.sessions.signOut(ctx.req);
    return { status: 303, headers: { location: `${oauth.base}${oauthPaths.apps}`, "set-cookie": setCookie, "cache-control": "no-store" } };
  };
}
