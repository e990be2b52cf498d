import type { CatalogSource } from "../catalog/store/catalog-source.ts";
import { cachePolicy } from "../http/cache-policy.ts";
import type { TrustedProxies } from "../config/trusted-proxies.ts";
import { clientAddress } from "../http/client-address.ts";
import type { HttpResult, RequestContext } from "../http/http-types.ts";
import { Problem, problems } from "../core/problem.ts";
import { rateLimitHeaders, type RateLimiter } from "../http/rate-limiter.ts";
import { parseJsonText, readJsonText } from "../http/read-body.ts";
import { scanMatchRequest } from "./match-body-scan.ts";
import { matchContext, matchQuotaExceeded, matchResponseBody } from "./match-request.ts";
import { MATCH_BODY_LIMIT, matchRequestSchema } from "./match-schemas.ts";
import { matchResponseJson } from "./match-response-json.ts";

export interface MatchRouteOptions {
  readonly catalog: CatalogSource;
  readonly limiter: RateLimiter;
  readonly trustedProxies: TrustedProxies;
  readonly artworkBaseUrl: string;
}

/**
 * POST /api/v1/games/ (matchRomFiles). Validates the envelope (problem+json on failure), takes
 * the items from the client's quota (429 with Retry-After past it), then matches every item on its
 * own. Every answer carries the RateLimit-Policy and RateLimit fields.
 * @see docs/service-spec.md §4.3; draft-ietf-httpapi-ratelimit-headers
 */
export function matchRoute(options: MatchRouteOptions): (ctx: RequestContext) => Promise<HttpResult> {
  const { limiter } = options;
  return async (ctx) => {
    const client = clientAddress(ctx.req, options.trustedProxies);
    const quotaHeaders = async (): Promise<Record<string, string>> => rateLimitHeaders(limiter, await limiter.take(client, 0));
    try {
      const text = await readJsonText(ctx.req, MATCH_BODY_LIMIT);
      // The plain shape is read straight into checked items; anything else takes the general path.
      const scanned = scanMatchRequest(text);
      const parsed = matchRequestSchema.safeParse(scanned ?? parseJsonText(text));
      if (!parsed.success) {
        throw problems.invalidRequest(
          parsed.error.issues.map((issue) => ({ pointer: issue.path.map((p) => `/${String(p)}`).join(""), detail: issue.message })),
        );
      }
      const request = parsed.data;
      const context = matchContext(options.catalog.current(), request.systemId, options.artworkBaseUrl);
      if (!context)
        throw problems.invalidRequest([
          { pointer: "/systemId", detail: `unknown platform "${request.systemId}"; GET /api/v1/games/ lists them` },
        ]);

      const decision = await limiter.take(client, request.items.length);
      if (!decision.allowed) throw matchQuotaExceeded(limiter, decision, request.items.length);
      const sharedTexts: (string | undefined)[] = [];
      const answer = matchResponseBody(context, request, sharedTexts, scanned);
      return {
        status: 200,
        headers: { "content-type": "application/json", "cache-control": cachePolicy.noStore, ...rateLimitHeaders(limiter, decision) },
        body: matchResponseJson(answer, sharedTexts),
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
