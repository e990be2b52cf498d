import type { CatalogSource } from "../catalog/api/catalog-source.ts";
import { searchGames } from "../catalog/search/search-games.ts";
import { cachePolicy } from "../http/cache-policy.ts";
import { clientAddress, type TrustedProxies } from "../http/client-address.ts";
import type { HttpResult, RequestContext } from "../http/http-types.ts";
import { Problem } from "../http/problem.ts";
import { rateLimitHeaders, type RateLimiter } from "../http/rate-limiter.ts";
import { readJsonBody } from "../http/read-body.ts";
import { MATCH_BODY_LIMIT, matchRequestSchema } from "./match-schemas.ts";
import { matchRoms } from "./match-roms.ts";

export interface MatchRouteOptions {
  readonly catalog: CatalogSource;
  readonly limiter: RateLimiter;
  readonly trustedProxies: TrustedProxies;
  readonly artworkBaseUrl: string;
}

function invalidRequest(errors: readonly { pointer: string; detail: string }[]): Problem {
  return new Problem({
    type: "invalid-request",
    title: "Invalid request",
    status: 422,
    detail: errors.map((e) => `${e.pointer || "/"}: ${e.detail}`).join("; "),
    extensions: { errors },
  });
}

/**
 * POST /api/v1/games/ (matchRomFiles). Validates the envelope (problem+json on failure), takes
 * the items from the client's quota (429 with Retry-After past it), then matches every item on its
 * own. Every answer carries the RateLimit-Policy and RateLimit fields.
 * @see service-spec §4.3; draft-ietf-httpapi-ratelimit-headers
 */
export function matchRoute(options: MatchRouteOptions): (ctx: RequestContext) => Promise<HttpResult> {
  const { limiter } = options;
  return async (ctx) => {
    const client = clientAddress(ctx.req, options.trustedProxies);
    const quotaHeaders = (): Record<string, string> => rateLimitHeaders(limiter, limiter.take(client, 0));
    try {
      const body = await readJsonBody(ctx.req, MATCH_BODY_LIMIT);
      const parsed = matchRequestSchema.safeParse(body);
      if (!parsed.success) {
        throw invalidRequest(parsed.error.issues.map((issue) => ({ pointer: issue.path.map((p) => `/${String(p)}`).join(""), detail: issue.message })));
      }
      const request = parsed.data;
      const snapshot = options.catalog.current();
      const platform = snapshot.platform(request.systemId);
      const index = platform ? snapshot.matchIndex(platform.id) : undefined;
      if (!platform || !index) throw invalidRequest([{ pointer: "/systemId", detail: `unknown platform "${request.systemId}"; GET /api/v1/games/ lists them` }]);

      const decision = limiter.take(client, request.items.length);
      if (!decision.allowed) {
        throw new Problem({
          type: "rate-limited",
          title: "Too many requests",
          status: 429,
          detail: `this request holds ${request.items.length} items and ${Math.max(0, decision.remaining)} of ${limiter.quota} are left in the current ${limiter.windowSeconds}-second window`,
          headers: { "retry-after": String(decision.resetSeconds), ...rateLimitHeaders(limiter, decision) },
        });
      }
      const scope = snapshot.searchScope(platform.id);
      const results = matchRoms(
        {
          index,
          platform,
          summary: (id) => scope.summary(id),
          searchTitles: (title) => searchGames(scope, { query: title, limit: 10 }).results,
          artworkBaseUrl: options.artworkBaseUrl,
        },
        request.items,
        request.artworkTypes ?? [],
      );
      return {
        status: 200,
        headers: { "content-type": "application/json", "cache-control": cachePolicy.noStore, ...rateLimitHeaders(limiter, decision) },
        body: JSON.stringify({ systemId: platform.id, results }),
        compressible: true,
      };
    } catch (error) {
      throw error instanceof Problem ? error.withHeaders(quotaHeaders()) : error;
    }
  };
}
