import type { CatalogSource } from "../../catalog/store/catalog-source.ts";
import { cachePolicy } from "../../http/cache-policy.ts";
import type { TrustedProxies } from "../../config/trusted-proxies.ts";
import { clientRateKey } from "../../http/client-address.ts";
import type { HttpResult, RequestContext } from "../../http/http-types.ts";
import { Problem } from "../../core/problem.ts";
import { rateLimitHeaders, type RateLimiter } from "../../http/rate-limiter.ts";
import { readJsonText } from "../../http/read-body.ts";
import { Matcher } from "../engine/matcher.ts";
import { MATCH_BODY_LIMIT } from "../schema/match-schemas.ts";
import { matchQuotaExceeded } from "./match-quota.ts";

export interface MatchRouteOptions {
  readonly catalog: CatalogSource;
  readonly limiter: RateLimiter;
  readonly trustedProxies: TrustedProxies;
  readonly artworkBaseUrl: string;
}

/**
 * POST /api/v1/games/ (matchRomFiles): parse, quota, answer. The snapshot's {@link Matcher} reads
 * the body (problem+json for an envelope it refuses), the items are taken from the client's quota
 * (429 with Retry-After past it), then every item is matched on its own.
 * Every answer carries the RateLimit-Policy and RateLimit fields.
 * @see docs/service-spec.md §4.3; draft-ietf-httpapi-ratelimit-headers
 */
export function matchRoute(options: MatchRouteOptions): (ctx: RequestContext) => Promise<HttpResult> {
  const { limiter } = options;
  return async (ctx) => {
    const client = clientRateKey(ctx.req, options.trustedProxies);
    const quotaHeaders = async (): Promise<Record<string, string>> => rateLimitHeaders(limiter, await limiter.take(client, 0));
    try {
      const text = await readJsonText(ctx.req, MATCH_BODY_LIMIT);
      const job = new Matcher(options.catalog.current(), options.artworkBaseUrl).read(text);
      const decision = await limiter.take(client, job.itemCount);
      if (!decision.allowed) throw matchQuotaExceeded(limiter, decision, job.itemCount);
      return {
        status: 200,
        headers: { "content-type": "application/json", "cache-control": cachePolicy.noStore, ...rateLimitHeaders(limiter, decision) },
        body: job.answerJson(),
        bodyEncoding: "latin1",
        compressible: true,
      };
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      // A refused request already carries its decision's fields; others report the quota as it stands.
      throw error.headers.ratelimit !== undefined ? error : error.withHeaders(await quotaHeaders());
    }
  };
}
