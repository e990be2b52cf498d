import { FUZZY_SEARCH_LIMIT } from "../schema/match-response-schemas.ts";
import { artworkTypes, byArtworkType, type ArtworkType } from "../../catalog/artwork/artwork-types.ts";
import type { GameRecord, PlatformEntry } from "../../catalog/record/game-record.ts";
import { summarize, type GameSummary } from "../../catalog/search/game-summary.ts";
import { searchGames } from "../../catalog/search/search-games.ts";
import { decodeTitleIndex, encodeTitleIndex } from "../../catalog/search/title-index.ts";
import { createTitleSearcher, gamesOfSummaries } from "../../catalog/search/title-searcher.ts";
import { createMatchIndex } from "../index/match-index.ts";
import type { MatchContext } from "./match-roms.ts";
import { buildMatchTable } from "../index/match-table.ts";

/**
 * The thumbnail names the records' verified artwork links name, by type: a dump carries no
 * listing, so a match answered from it checks against the files its records link.
 */
function linkedNames(records: readonly GameRecord[]): Record<ArtworkType, string[]> | undefined {
  if (!records.some((record) => record.artwork?.verified === true)) return undefined;
  const out = byArtworkType(() => new Set<string>());
  for (const record of records) {
    for (const type of artworkTypes) {
      const link = record.artwork?.[type];
      if (!link) continue;
      for (const url of [link.url, ...link.candidates])
        out[type].add(decodeURIComponent(url.slice(url.lastIndexOf("/") + 1, -".png".length)));
    }
  }
  return byArtworkType((type) => [...out[type]]);
}

/**
 * A {@link MatchContext} over one platform's records held in memory (a downloaded dump), built
 * with the same table, index and steps as the server's: hash, serial and name steps answer
 * exactly as `POST /api/v1/games/` does. The fuzzy step searches this platform only, which the
 * server's title index scores with that platform's statistics too, so it ranks the same. With a
 * verified listing, artwork is checked against the names the records link (see {@link linkedNames}).
 */
export function offlineMatchContext(platform: PlatformEntry, records: readonly GameRecord[], artworkBaseUrl: string): MatchContext {
  // In id order, as the build indexes a platform.
  const summaries = records.map(summarize).sort((a, b) => a.id - b.id);
  const byId = new Map<number, GameSummary>(summaries.map((s) => [s.id, s]));
  const titles = decodeTitleIndex(encodeTitleIndex([{ slug: platform.id, summaries }]));
  const scope = {
    searcher: createTitleSearcher(titles, () => gamesOfSummaries(summaries)),
    system: platform.id,
    summary: (id: number) => byId.get(id),
  };
  return {
    index: createMatchIndex(buildMatchTable(records, linkedNames(records))),
    platform,
    summary: (id) => byId.get(id),
    searchTitles: (title) => searchGames(scope, { query: title, limit: FUZZY_SEARCH_LIMIT }).results,
    artworkBaseUrl,
  };
}
