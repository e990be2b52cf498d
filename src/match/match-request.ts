import type { CatalogSnapshot } from "../catalog/store/catalog-snapshot.ts";
import { matchIndexOf } from "./snapshot-match-index.ts";
import type { ScannedMatchRequest } from "./match-body-scan.ts";
import { searchGames } from "../catalog/search/search-games.ts";
import { type Problem, problems } from "../core/problem.ts";
import { rateLimitHeaders, type RateLimitDecision, type RateLimiter } from "../http/rate-limiter.ts";
import type { MatchItem, MatchRequest } from "./match-schemas.ts";
import { groupOf, matchGroups } from "./match-groups.ts";
import { FUZZY_SEARCH_LIMIT, type MatchResponseBody } from "./match-response-schemas.ts";
import { matchCheckedRoms, matchRoms, type MatchContext, type MatchResult } from "./match-roms.ts";

// Inferred from matchResponseSchema (match-response-schemas.ts); re-exported for the routes and agents.
export type { MatchResponseBody } from "./match-response-schemas.ts";

/**
 * What matching needs for one platform of a snapshot, or undefined for an unknown platform (a
 * slug, name or alias). The one place a {@link MatchContext} is built, so the HTTP route and the
 * agent endpoints (MCP `match_roms`) match exactly alike.
 */
export function matchContext(snapshot: CatalogSnapshot, systemId: string, artworkBaseUrl: string): MatchContext | undefined {
  const platform = snapshot.platform(systemId);
  const index = platform ? matchIndexOf(snapshot, platform.id) : undefined;
  if (!platform || !index) return undefined;
  const scope = snapshot.searchScope(platform.id);
  return {
    index,
    platform,
    summary: (id) => scope.summary(id),
    searchTitles: (title) => searchGames(scope, { query: title, limit: FUZZY_SEARCH_LIMIT }).results,
    artworkBaseUrl,
  };
}

/**
 * Matches every item of a validated request on its own; `sharedTexts` as {@link matchRoms} fills
 * it, for the answer's JSON. `scanned`, when given, is the request as `scanMatchRequest` read it,
 * its items checked and their hashes parsed, matched as they are. @see docs/service-spec.md §4.3
 */
export function matchResponseBody(
  context: MatchContext,
  request: MatchRequest,
  sharedTexts?: (string | undefined)[],
  scanned?: ScannedMatchRequest,
): MatchResponseBody {
  const types = request.artworkTypes ?? [];
  let items: readonly (MatchItem | undefined)[];
  let results: MatchResult[];
  if (scanned) {
    items = scanned.items;
    results = matchCheckedRoms(context, scanned.items, scanned.hashWords, types, sharedTexts);
  } else {
    const valid: (MatchItem | undefined)[] = [];
    results = matchRoms(context, request.items, types, valid, sharedTexts);
    items = valid;
  }
  if (!request.items.some((item) => groupOf(item) !== undefined)) return { systemId: context.platform.id, results };
  return { systemId: context.platform.id, results, groups: matchGroups(context, request.items, items, results) };
}

/** The 429 for a request of `items` items that the client's quota cannot cover. */
export function matchQuotaExceeded(limiter: RateLimiter, decision: RateLimitDecision, items: number): Problem {
  return problems.rateLimited(
    `this request holds ${items} items and ${Math.max(0, decision.remaining)} of ${limiter.quota} are left in the current ${limiter.windowSeconds}-second window`,
    { headers: { "retry-after": String(decision.resetSeconds), ...rateLimitHeaders(limiter, decision) } },
  );
}
