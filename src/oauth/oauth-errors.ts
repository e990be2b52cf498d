import type { Log } from "../core/logger.ts";
import type { Handler } from "../http/router.ts";
import type { HttpResult } from "../http/http-types.ts";
import { type HttpProblem, isProblem, Problem } from "../core/problem.ts";
import { problemResult } from "../http/problem-response.ts";
import { pageResult, renderErrorPage } from "./html-pages.ts";

/**
 * Error codes of the OAuth surface.
 * @see RFC 6749 §4.1.2.1 and §5.2, RFC 7591 §3.2.2, RFC 7009 §2.2.1
 */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "access_denied"
  | "unsupported_response_type"
  | "server_error"
  | "temporarily_unavailable"
  | "invalid_redirect_uri"
  | "invalid_client_metadata"
  | "unsupported_token_type";

/** Where an OAuth error is written, which decides its form. */
export type OAuthSurface =
  /** Token and revocation endpoints: RFC 6749 §5.2 JSON. */
  | "token"
  /** Dynamic client registration: RFC 7591 §3.2.2 JSON. */
  | "registration"
  /** Authorization endpoint: a redirect to the client after the member's decision, else an HTML page. */
  | "authorize"
  /** Sign-in and account pages: an HTML page. */
  | "page";

/** Where to send an authorization error: a verified redirect URI and the request's state. */
export interface ErrorRedirect {
  readonly redirectUri: string;
  readonly state: string | undefined;
}

/** Options for {@link oauthError}. */
export interface OAuthErrorInit {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Only for the member's own decision on the consent page: nothing else is redirected. @see RFC 9700 §4.11.2 */
  readonly redirect?: ErrorRedirect;
  /** Page title for the HTML form. */
  readonly title?: string;
}

/**
 * An OAuth error as the service's one error type: the code rides in `extensions.oauthError` and
 * is written out by {@link oauthErrorResult}.
 * @see RFC 6749 §5.2
 */
export function oauthError(code: OAuthErrorCode, description: string, init: OAuthErrorInit = {}): Problem {
  return new Problem({
    type: `oauth-${code.replaceAll("_", "-")}`,
    title: init.title ?? code.replaceAll("_", " "),
    status: init.status ?? (code === "invalid_client" ? 401 : code === "server_error" ? 500 : 400),
    detail: description,
    headers: init.headers ?? {},
    extensions: { oauthError: code, ...(init.redirect ? { redirect: init.redirect } : {}) },
  });
}

/** error_description may hold only %x20-21 / %x23-5B / %x5D-7E. @see RFC 6749 §5.2 */
function description(text: string): string {
  return text
    .replace(/["\\]/g, "'")
    .replace(/[^\x20-\x7e]/g, "?")
    .slice(0, 300);
}

function codeOf(problem: Problem, surface: OAuthSurface): OAuthErrorCode {
  const code = problem.extensions.oauthError;
  if (typeof code === "string") return code as OAuthErrorCode;
  if (problem.status >= 500) return "server_error";
  return surface === "registration" ? "invalid_client_metadata" : "invalid_request";
}

function redirectOf(problem: Problem): ErrorRedirect | undefined {
  const redirect = problem.extensions.redirect as ErrorRedirect | undefined;
  return redirect && typeof redirect.redirectUri === "string" ? redirect : undefined;
}

/**
 * The authorization response URL: the registered redirect URI with the response parameters added
 * to its query (a query it already has is kept), `state` exactly as sent, and `iss`.
 * @see RFC 6749 §4.1.2 and §3.1.2, RFC 9207 §2
 */
export function authorizationResponseUrl(
  redirectUri: string,
  params: Readonly<Record<string, string | undefined>>,
  issuer: string,
): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.append(k, v);
  url.searchParams.append("iss", issuer);
  return url.href;
}

/**
 * The one place an OAuth-surface {@link Problem} becomes a response: JSON `{error,
 * error_description}` with `Cache-Control: no-store` at the token, revocation and registration
 * endpoints (not problem+json: strict OAuth clients reject it), except a rate limit's 429, which
 * is problem+json; a 303 back to the client for the member's decision; an HTML page everywhere a
 * redirect would be unsafe.
 * @see RFC 6749 §4.1.2.1 and §5.2, RFC 7591 §3.2.2, RFC 7009 §2.2.1, RFC 9207 §2, RFC 9700 §4.11.2
 */
export function oauthErrorResult(problem: Problem, surface: OAuthSurface, issuer: string): HttpResult {
  // RFC 7591 §3.2.2 defines no error for a rate limit, so a 429 is the HTTP-level answer (RFC 6585 §4) as everywhere else.
  if ((surface === "token" || surface === "registration") && problem.type === "rate-limited")
    return problemResult(problem as HttpProblem, issuer, "POST");
  const code = codeOf(problem, surface);
  if (surface === "token" || surface === "registration") {
    return {
      status: problem.status,
      headers: { "content-type": "application/json", "cache-control": "no-store", pragma: "no-cache", ...problem.headers },
      body: JSON.stringify({ error: code, error_description: description(problem.detail ?? problem.title) }),
    };
  }
  const redirect = surface === "authorize" ? redirectOf(problem) : undefined;
  if (redirect) {
    const location = authorizationResponseUrl(
      redirect.redirectUri,
      { error: code, error_description: description(problem.detail ?? code), state: redirect.state },
      issuer,
    );
    return { status: 303, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } };
  }
  const title =
    problem.extensions.oauthError === undefined ? problem.title : problem.title.charAt(0).toUpperCase() + problem.title.slice(1);
  return pageResult(problem.status, renderErrorPage(title, problem.detail ?? problem.title), { headers: problem.headers });
}

/**
 * Wraps an OAuth-surface handler so that every error it throws is written by
 * {@link oauthErrorResult}; an unexpected error is logged (without the request) and answered
 * as `server_error`.
 */
export function withOAuthErrors(surface: OAuthSurface, issuer: string, log: Log, handler: Handler): Handler {
  return async (ctx) => {
    try {
      return await handler(ctx);
    } catch (error) {
      if (isProblem(error)) return oauthErrorResult(error, surface, issuer);
      log({ level: "error", requestId: ctx.id, msg: "oauth handler failed", err: error instanceof Error ? error.stack : String(error) });
      return oauthErrorResult(oauthError("server_error", "the server could not answer this request; it has been logged"), surface, issuer);
    }
  };
}
