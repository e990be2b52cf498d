import type { HttpResult, RequestContext } from "../http/http-types.ts";
import { readFormBody } from "../http/read-body.ts";
import { authenticateClient, singleParam } from "./client-authentication.ts";
import type { OAuthContext } from "./oauth-context.ts";
import { oauthError } from "./oauth-errors.ts";
import { parseScope, type Scope } from "./scopes.ts";

/** The largest form the token and revocation endpoints read; quoted by oauth-operations.ts. */
export const TOKEN_FORM_LIMIT = 16 * 1024;

/** Token endpoint answers are never cached. @see RFC 6749 §5.1 */
const noStore = { "content-type": "application/json", "cache-control": "no-store", pragma: "no-cache" };

function required(form: URLSearchParams, name: string): string {
  const value = singleParam(form, name);
  if (value === undefined || value === "") throw oauthError("invalid_request", `${name} is required`);
  return value;
}

/**
 * POST /oauth/token/: grant_type=authorization_code (with PKCE) and grant_type=refresh_token.
 * The client is authenticated (or identified, if public) before the grant is looked at.
 * @see RFC 6749 §3.2, §4.1.3, §5, §6; RFC 7636 §4.5
 */
export function tokenRoute(oauth: OAuthContext): (ctx: RequestContext) => Promise<HttpResult> {
  return async (ctx) => {
    const form = await readFormBody(ctx.req, TOKEN_FORM_LIMIT);
    const grantType = singleParam(form, "grant_type");
    const client = await authenticateClient(ctx.req, form, oauth.clients);
    let response: Awaited<ReturnType<typeof oauth.grants.exchangeCode>>;
    if (grantType === "authorization_code") {
      response = await oauth.grants.exchangeCode(client, {
        code: required(form, "code"),
        redirectUri: required(form, "redirect_uri"),
        codeVerifier: required(form, "code_verifier"),
      });
    } else if (grantType === "refresh_token") {
      const refreshToken = required(form, "refresh_token");
      const scope = singleParam(form, "scope");
      let scopes: readonly Scope[] | undefined;
      if (scope !== undefined) {
        const parsed = parseScope(scope);
        if (!parsed.ok) throw oauthError("invalid_scope", parsed.detail);
        scopes = parsed.scopes;
      }
      response = await oauth.grants.refresh(client, { refreshToken, scopes });
    } else if (grantType === undefined) {
      throw oauthError("invalid_request", "grant_type is required");
    } else {
      throw oauthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
    }
    return { status: 200, headers: noStore, body: JSON.stringify(response) };
  };
}

/**
 * POST /oauth/revoke/: token revocation. Answers 200 for unknown tokens too, so the answer says
 * nothing about which tokens exist; a refresh token takes its whole grant with it.
 * @see RFC 7009 §2.1, §2.2
 */
export function revocationRoute(oauth: OAuthContext): (ctx: RequestContext) => Promise<HttpResult> {
  return async (ctx) => {
    const form = await readFormBody(ctx.req, TOKEN_FORM_LIMIT);
    const client = await authenticateClient(ctx.req, form, oauth.clients);
    await oauth.grants.revokeToken(client, required(form, "token"));
    return { status: 200, headers: { "cache-control": "no-store" } };
  };
}
