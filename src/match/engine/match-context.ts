import type { CatalogSnapshot } from "../../catalog/store/catalog-snapshot.ts";
import { matchIndexOf } from "../index/snapshot-match-index.ts";
import { searchGames } from "../../catalog/search/search-games.ts";
import { FUZZY_SEARCH_LIMIT } from "../schema/match-response-schemas.ts";
import type { MatchContext } from "./match-roms.ts";

/**
 * What matching needs for one platform of a snapshot, or undefined for an unknown platform (a
 * slug, name or alias). The one place a {@link MatchContext} is built from a snapshot (by the
 * `Matcher`), so the HTTP route and the agent endpoints (MCP `match_roms`) match exactly alike.
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
