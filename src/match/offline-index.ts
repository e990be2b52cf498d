import MiniSearch from "minisearch";
import type { GameRecord, PlatformEntry } from "../catalog/record/game-record.ts";
import { summarize, type GameSummary } from "../catalog/search/game-summary.ts";
import { searchGames } from "../catalog/search/search-games.ts";
import { searchIndexOptions } from "../catalog/search/search-index-options.ts";
import { createSearchVocabulary } from "../catalog/search/search-vocabulary.ts";
import { createMatchIndex } from "./match-index.ts";
import type { MatchContext } from "./match-roms.ts";
import { buildMatchTable } from "./match-table.ts";

/**
 * A {@link MatchContext} over one platform's records held in memory (a downloaded dump), built
 * with the same table, index and steps as the server's: hash, serial and name steps answer
 * exactly as `POST /api/v1/games/` does. The fuzzy step searches this platform only, so its
 * ranking can differ where the server's index shares scores with other platforms.
 */
export function offlineMatchContext(platform: PlatformEntry, records: readonly GameRecord[], artworkBaseUrl: string): MatchContext {
  const summaries = records.map(summarize);
  const byId = new Map<number, GameSummary>(summaries.map((s) => [s.id, s]));
  const search = new MiniSearch<GameSummary>(searchIndexOptions);
  search.addAll(summaries);
  const terms = new Set<string>();
  for (const [term] of (search.toJSON() as { index: [string, unknown][] }).index) terms.add(term);
  const scope = {
    indexes: [search],
    vocabulary: createSearchVocabulary(terms),
    summary: (id: number) => byId.get(id),
    system: platform.id,
  };
  return {
    index: createMatchIndex(buildMatchTable(records)),
    platform,
    summary: (id) => byId.get(id),
    searchTitles: (title) => searchGames(scope, { query: title, limit: 10 }).results,
    artworkBaseUrl,
  };
}
