import type { HttpResult, RequestContext } from "../http/http-types.ts";
import { readFormBody } from "../http/read-body.ts";
import { issueAuthorizationCode } from "./authorization-codes.ts";
import { authorizationRequestFields, parseAuthorizationRequest } from "./authorization-request.ts";
import { pageResult, renderConsentPage } from "./html-pages.ts";
import { oauthPaths } from "./metadata.ts";
import type { OAuthContext } from "./oauth-context.ts";
import { authorizationResponseUrl, oauthError } from "./oauth-errors.ts";
import { csrfProblem, signInPage } from "./sign-in-route.ts";

const MAX_FORM = 16 * 1024;

/**
 * GET /oauth/authorize/: validates the request, then shows the sign-in page (no session yet) or
 * the consent page. Nothing is decided on a GET: the decision is a CSRF-protected POST.
 * @see RFC 6749 §4.1.1, RFC 7636 §4.3, RFC 9700 §4.1 and §4.7
 */
export function authorizePageRoute(oauth: OAuthContext): (ctx: RequestContext) => Promise<HttpResult> {
  return async (ctx) => {
    const request = await parseAuthorizationRequest(ctx.url.searchParams, oauth.clients);
    const browser = await oauth.sessions.read(ctx.req);
    const member = browser.memberId === undefined ? undefined : await oauth.members.identity(browser.memberId);
    const fields = authorizationRequestFields(request);
    if (!member) {
      return signInPage(oauth, browser, `${oauthPaths.authorize}?${new URLSearchParams(fields).toString()}`, {
        clientName: request.client.clientName,
      });
    }
    const html = renderConsentPage({
      action: `${oauth.base}${oauthPaths.authorize}`,
      csrfToken: browser.csrfToken,
      clientName: request.client.clientName,
      redirectHost: new URL(request.redirectUri).host,
      scopes: request.scopes,
      memberName: member.displayName,
      appsUrl: `${oauth.base}${oauthPaths.apps}`,
      request: fields,
    });
    return pageResult(200, html, { formOrigins: [new URL(request.redirectUri).origin] });
  };
}

/**
 * POST /oauth/authorize/: the member's decision. The request is validated again from the form;
 * Allow issues a code and Deny answers access_denied, both as a 303 to the redirect URI with
 * state and iss.
 * @see RFC 6749 §4.1.2 and §4.1.2.1, RFC 9207 §2, RFC 9700 §4.11.1 (303 after POST)
 */
export function authorizeDecisionRoute(oauth: OAuthContext): (ctx: RequestContext) => Promise<HttpResult> {
  return async (ctx) => {
    const form = await readFormBody(ctx.req, MAX_FORM);
    if (!oauth.sessions.checkCsrf(ctx.req, form.get("csrf_token"))) throw csrfProblem();
    const browser = await oauth.sessions.read(ctx.req);
    const member = browser.memberId === undefined ? undefined : await oauth.members.identity(browser.memberId);
    if (!member)
      throw oauthError("access_denied", "Your sign-in has ended. Go back to the app and start again.", {
        status: 403,
        title: "Signed out",
      });
    const request = await parseAuthorizationRequest(form, oauth.clients);
    const decisions = form.getAll("decision");
    const redirect = { redirectUri: request.redirectUri, state: request.state };
    if (decisions.length !== 1 || (decisions[0] !== "allow" && decisions[0] !== "deny"))
      throw oauthError("invalid_request", "choose Allow or Deny", { title: "No decision" });
    if (decisions[0] === "deny") {
      oauth.log({
        level: "info",
        requestId: ctx.id,
        msg: "member denied an authorization",
        memberId: member.id,
        clientId: request.client.clientId,
      });
      throw oauthError("access_denied", "the member denied the request", { redirect });
    }
    const code = await issueAuthorizationCode(
      oauth.db,
      {
        clientId: request.client.clientId,
        memberId: member.id,
        redirectUri: request.redirectUri,
        scopes: request.scopes,
        codeChallenge: request.codeChallenge,
      },
      oauth.now(),
    );
    oauth.log({
      level: "info",
      requestId: ctx.id,
      msg: "authorization code issued",
      memberId: member.id,
      clientId: request.client.clientId,
    });
    // The one URL this server builds that carries a secret: the protocol puts the code there.
    const location = authorizationResponseUrl(request.redirectUri, { code, state: request.state }, oauth.base);
    return { status: 303, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } };
  };
}
