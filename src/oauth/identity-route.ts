import type { HttpResult, RequestContext } from "../http/http-types.ts";
import { bearerToken, insufficientScopeProblem, invalidTokenProblem } from "./bearer-auth.ts";
import { identityResourceMetadataUrl } from "./metadata.ts";
import type { OAuthContext } from "./oauth-context.ts";

/**
 * GET /api/v1/agent/me/ (getAuthorizedMember): the authorizing member's id and display name,
 * and nothing else. The token is checked against the database on every request, so a revocation
 * counts from the next request on.
 * @see docs/service-spec.md §4.5; RFC 6750 §2.1 and §3.1; RFC 9728 §5.1
 */
export function identityRoute(oauth: OAuthContext): (ctx: RequestContext) => Promise<HttpResult> {
  const resourceMetadata = identityResourceMetadataUrl(oauth.base);
  return async (ctx) => {
    const token = bearerToken(ctx.req, ctx.url, resourceMetadata);
    const grant = await oauth.grants.validateAccessToken(token);
    if (!grant) throw invalidTokenProblem(resourceMetadata);
    if (!grant.scopes.includes("profile.read")) throw insufficientScopeProblem(resourceMetadata, "profile.read");
    const member = await oauth.members.identity(grant.memberId);
    if (!member) throw invalidTokenProblem(resourceMetadata);
    return {
      status: 200,
      headers: { "content-type": "application/json", "cache-control": "no-store", vary: "Authorization" },
      body: JSON.stringify({ id: member.id, displayName: member.displayName }),
    };
  };
}
