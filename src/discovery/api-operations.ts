import { catalogOperations, healthOperation, releaseFeedOperation } from "../catalog/routes/catalog-operations.ts";
import { syncOperations } from "../catalog/routes/sync-operations.ts";
import type { OAuthLimits } from "../config/config.ts";
import type { OperationSpec, TagName } from "../http/operation-spec.ts";
import { matchOperation } from "../match/route/match-operations.ts";
import { identityOperation, oauthClientOperations } from "../oauth/oauth-operations.ts";

/**
 * Every operation of the HTTP API, collected from the surfaces that serve them: each declares its
 * operations (words, examples, responses) beside its routes, in a `*-operations.ts` file.
 * openapi-document.ts turns the list into the OpenAPI document, with parameter and body schemas
 * taken from the zod schemas the server validates with; llms.txt, llms-full.txt and the docs page
 * are rendered from that document, so all of them say the same thing.
 * @see docs/service-spec.md §4, §7, §8
 */

export const tagDescriptions: Readonly<Record<TagName, string>> = {
  Catalog: "Game search, platforms and full game records. Public, no authentication.",
  Matching: "Match files a client has to catalog games. Public, rate limited.",
  Releases: "Release and platform availability of the Ludex Player media client. Public.",
  Identity: "Who authorized a client: the only endpoint that needs a token.",
  OAuth: "OAuth 2.0 client registration and token endpoints (authorization code flow with PKCE).",
  Service: "Service status.",
};

/**
 * Every operation, with absolute example URLs under `base` (PUBLIC_BASE_URL) and the configured
 * OAuth limits. The order is the order of the document's paths and of llms.txt.
 */
export function apiOperations(base: string, limits: OAuthLimits): readonly OperationSpec[] {
  return [
    ...catalogOperations(base),
    matchOperation(base),
    releaseFeedOperation(base),
    ...syncOperations(base),
    identityOperation(base),
    healthOperation(base),
    ...oauthClientOperations(base, limits),
  ];
}
