import { type Problem, problems } from "../../core/problem.ts";
import { rateLimitHeaders, type RateLimitDecision, type RateLimiter } from "../../http/rate-limiter.ts";

/** The 429 for a request of `items` items that the client's quota cannot cover. */
export function matchQuotaExceeded(limiter: RateLimiter, decision: RateLimitDecision, items: number): Problem {
  return problems.rateLimited(
    `this request holds ${items} items and ${Math.max(0, decision.remaining)} of ${limiter.quota} are left in the current ${limiter.windowSeconds}-second window`,
    { headers: { "retry-after": String(decision.resetSeconds), ...rateLimitHeaders(limiter, decision) } },
  );
}
