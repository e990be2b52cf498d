import { createHash } from "node:crypto";
import type { HttpResult } from "../http/http-types.ts";
import { scopeDescriptions, type Scope } from "./scopes.ts";

/**
 * Escapes text for HTML element content and double- or single-quoted attribute values. Everything
 * a client or member chose (client name, display name, request parameters) goes through it.
 * @see HTML Living Standard §13.1.2.3 (attribute values), OWASP XSS Prevention Rule #1 and #2
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

const stylesheet = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f5f7;color:#1d1d1f}main{max-width:30rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}h1{font-size:1.4rem;margin-top:0}label{display:block;margin:1rem 0 .25rem;font-weight:600}input[type=text],input[type=password]{width:100%;box-sizing:border-box;padding:.5rem;font:inherit}button{font:inherit;padding:.5rem 1.2rem;margin:1rem .5rem 0 0;cursor:pointer}.error{color:#b00020}.muted{color:#6e6e73;font-size:.9rem}ul.scopes li{margin:.3rem 0}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #ddd;vertical-align:top}`;
/** The stylesheet is inline and allowed by its hash, so the CSP needs no 'unsafe-inline'. */
const styleHash = `'sha256-${createHash("sha256").update(stylesheet).digest("base64")}'`;

/**
 * Headers for every sign-in, consent, account and error page: no framing (clickjacking), no
 * scripts, forms only to this site (and, on the consent page, the client's redirect origin, since
 * the answer redirects there), no Referer carrying request parameters, never cached.
 * @see RFC 6749 §10.13, RFC 7034 (X-Frame-Options), CSP Level 3 (frame-ancestors, form-action)
 */
export function pageHeaders(formOrigins: readonly string[] = []): Record<string, string> {
  return {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": `default-src 'none'; style-src ${styleHash}; form-action 'self'${formOrigins.map((o) => ` ${o}`).join("")}; frame-ancestors 'none'; base-uri 'none'`,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  };
}

/** A rendered page as a route result. */
export function pageResult(
  status: number,
  html: string,
  options: {
    readonly setCookie?: string;
    readonly formOrigins?: readonly string[];
    readonly headers?: Readonly<Record<string, string>>;
  } = {},
): HttpResult {
  return {
    status,
    headers: { ...pageHeaders(options.formOrigins), ...(options.setCookie ? { "set-cookie": options.setCookie } : {}), ...options.headers },
    body: html,
  };
}

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — ludex</title>
<style>${stylesheet}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

/** Inputs for the sign-in page. */
export interface SignInPage {
  /** Absolute URL the form posts to. */
  readonly action: string;
  readonly csrfToken: string;
  /** Site-relative path to continue to after signing in. */
  readonly continueTo: string;
  /** The client asking, when signing in is part of an authorization. */
  readonly clientName?: string;
  readonly error?: string;
  readonly username?: string;
}

/** The sign-in form ("Username", "Password"), posted to our own origin only. @see RFC 6749 §3.1, §10.12 */
export function renderSignInPage(page: SignInPage): string {
  return layout(
    "Sign in",
    `<h1>Sign in to ludex</h1>
${page.clientName !== undefined ? `<p>to continue to <strong>${escapeHtml(page.clientName)}</strong>.</p>` : ""}
${page.error !== undefined ? `<p class="error" role="alert">${escapeHtml(page.error)}</p>` : ""}
<form method="post" action="${escapeHtml(page.action)}">
${hidden("csrf_token", page.csrfToken)}
${hidden("continue", page.continueTo)}
<label for="username">Username</label>
<input type="text" id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="64" value="${escapeHtml(page.username ?? "")}">
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required maxlength="1024">
<button type="submit">Sign in</button>
</form>
<p class="muted">Only enter your ludex password on this page, at this address. Apps never need it.</p>`,
  );
}

/** Inputs for the consent page. */
export interface ConsentPage {
  readonly action: string;
  readonly csrfToken: string;
  readonly clientName: string;
  readonly redirectHost: string;
  readonly scopes: readonly Scope[];
  readonly memberName: string;
  /** Absolute URL of the member's authorized apps page, where the authorization can be taken back. */
  readonly appsUrl: string;
  /** The authorization request's parameters, re-sent with the decision and validated again. */
  readonly request: Readonly<Record<string, string>>;
}

/**
 * The consent page: names the client (its own, unverified words), the host it sends the answer
 * to, and each scope in plain words, with "Allow" and "Deny".
 * @see RFC 6749 §4.1.1, §10.2 (the client's identity is not verified), RFC 9700 §4.1.1
 */
export function renderConsentPage(page: ConsentPage): string {
  const fields = Object.entries(page.request)
    .map(([k, v]) => hidden(k, v))
    .join("\n");
  return layout(
    "Allow access?",
    `<h1>Allow <q>${escapeHtml(page.clientName)}</q> to use your ludex account?</h1>
<p class="muted">This name was chosen by the app itself; ludex has not checked it. After you choose, you are sent to <strong>${escapeHtml(page.redirectHost)}</strong>.</p>
<p>It asks to:</p>
<ul class="scopes">
${page.scopes.map((s) => `<li>${escapeHtml(scopeDescriptions[s])} <span class="muted">(${escapeHtml(s)})</span></li>`).join("\n")}
</ul>
<p class="muted">It will never see your password. You can take this back at any time on your <a href="${escapeHtml(page.appsUrl)}">Authorized apps</a> page.</p>
<form method="post" action="${escapeHtml(page.action)}">
${hidden("csrf_token", page.csrfToken)}
${fields}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
<p class="muted">Signed in as ${escapeHtml(page.memberName)}.</p>`,
  );
}

/** One authorized app on the member's account page. */
export interface AuthorizedAppView {
  readonly clientId: string;
  readonly clientName: string;
  readonly scopes: readonly Scope[];
  readonly authorizedAt: number;
  readonly lastUsedAt: number;
}

/** Inputs for the member's authorized apps page. */
export interface AppsPage {
  readonly action: string;
  readonly signOutAction: string;
  readonly csrfToken: string;
  readonly memberName: string;
  readonly apps: readonly AuthorizedAppView[];
  readonly notice?: string;
}

function date(ms: number): string {
  return `${new Date(ms).toISOString().replace("T", " ").slice(0, 16)} UTC`;
}

/**
 * The apps a member authorized, with scopes and dates, and a button to revoke each.
 * @see RFC 7009 §1 (revocation by the end user), RFC 6819 §5.2.2.3
 */
export function renderAppsPage(page: AppsPage): string {
  const rows = page.apps
    .map(
      (app) => `<tr>
<td><strong>${escapeHtml(app.clientName)}</strong></td>
<td>${app.scopes.map((s) => escapeHtml(scopeDescriptions[s])).join("<br>")}</td>
<td>Authorized ${escapeHtml(date(app.authorizedAt))}<br><span class="muted">last used ${escapeHtml(date(app.lastUsedAt))}</span></td>
<td><form method="post" action="${escapeHtml(page.action)}">${hidden("csrf_token", page.csrfToken)}${hidden("client_id", app.clientId)}<button type="submit" name="action" value="revoke">Revoke</button></form></td>
</tr>`,
    )
    .join("\n");
  return layout(
    "Authorized apps",
    `<h1>Authorized apps</h1>
<p>Signed in as ${escapeHtml(page.memberName)}.</p>
${page.notice !== undefined ? `<p role="status">${escapeHtml(page.notice)}</p>` : ""}
${
  page.apps.length === 0
    ? "<p>You have not authorized any app.</p>"
    : `<table>
<thead><tr><th>App</th><th>Access</th><th>Dates</th><th></th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
<form method="post" action="${escapeHtml(page.signOutAction)}">${hidden("csrf_token", page.csrfToken)}<button type="submit">Sign out</button></form>`,
  );
}

/** An error page, for errors that must not be redirected to the client. @see RFC 6749 §4.1.2.1 */
export function renderErrorPage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
