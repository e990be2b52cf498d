import type { HttpResult, RequestContext } from "../http/http-types.ts";
import { readFormBody } from "../http/read-body.ts";
import { pageResult, renderAppsPage } from "./html-pages.ts";
import { oauthPaths } from "./metadata.ts";
import type { OAuthContext } from "./oauth-context.ts";
import { oauthError } from "./oauth-errors.ts";
import { csrfProblem, signInPage } from "./sign-in-route.ts";

/**
 * GET /account/apps/: the signed-in member's authorized apps with scopes and dates, each with
 * a Revoke button; the sign-in page first when there is no session.
 * @see RFC 7009 §1, RFC 6819 §5.2.2.3
 */
export function appsPageRoute(oauth: OAuthContext): (ctx: RequestContext) => Promise<HttpResult> {
  return async (ctx) => {
    const browser = await oauth.sessions.read(ctx.req);
    const member = browser.memberId === undefined ? undefined : await oauth.members.identity(browser.memberId);
    if (!member) return signInPage(oauth, browser, oauthPaths.apps);
    const html = renderAppsPage({
      action: `${oauth.base}${oauthPaths.apps}`,
      signOutAction: `${oauth.base}${oauthPaths.signOut}`,
      csrfToken: browser.csrfToken,
      memberName: member.displayName,
      apps: await oauth.grants.listApps(member.id),
    });
    return pageResult(200, html);
  };
}

/**
 * POST /account/apps/: revokes every grant the member gave one client. Tokens are checked against
 * the database on every request, so the app loses access on its next request.
 * @see RFC 7009 §2 (revocation takes effect immediately)
 */
export function appsRevokeRoute(oauth: OAuthContext): (ctx: RequestContext) => Promise<HttpResult> {
  return async (ctx) => {
    const form = await readFormBody(ctx.req, 8 * 1024);
    if (!oauth.sessions.checkCsrf(ctx.req, form.get("csrf_token"))) throw csrfProblem();
    const browser = await oauth.sessions.read(ctx.req);
    const member = browser.memberId === undefined ? undefined : await oauth.members.identity(browser.memberId);
    if (!member)
      throw oauthError("access_denied", "Your sign-in has ended. Sign in again to manage your apps.", { status: 403, title: "Signed out" });
    const clientId = form.get("client_id");
    if (form.get("action") !== "revoke" || clientId === null)
      throw oauthError("invalid_request", "nothing to do", { title: "Bad request" });
    await oauth.grants.revokeApp(member.id, clientId);
    return { status: 303, headers: { location: `${oauth.base}${oauthPaths.apps}`, "cache-control": "no-store" } };
  };
}
