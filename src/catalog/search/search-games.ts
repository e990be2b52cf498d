import type MiniSearch from "minisearch";
import type { SearchOptions as MiniSearchOptions } from "minisearch";
import { titleKey, titleWords } from "../names/title-key.ts";
import type { GameSummary } from "./game-summary.ts";

export interface SearchHit extends GameSummary {
  readonly score: number;
}

export interface GameSearchRequest {
  readonly query: string;
  readonly limit: number;
  readonly offset?: number;
}

export interface GameSearchResult {
  /** Number of games matching, of which `results` is the requested page. */
  readonly total: number;
  readonly results: SearchHit[];
}

/** Prefix expansion only from this many letters: shorter prefixes match too much to rank well or fast. */
const MIN_PREFIX_LENGTH = 3;
/** One typo tolerated in words of this many letters or more. */
const MIN_FUZZY_LENGTH = 5;

function termOptions(): MiniSearchOptions {
  return {
    prefix: (term: string, i: number, terms: string[]): boolean => i === terms.length - 1 && term.length >= MIN_PREFIX_LENGTH,
    fuzzy: (term: string): number | boolean => (term.length >= MIN_FUZZY_LENGTH ? 1 : false),
    weights: { fuzzy: 0.3, prefix: 0.6 },
  };
}

/**
 * Searches titles in the given per-platform indexes and merges the hits: every query word must
 * match (the last one as a prefix, long ones with one typo); if that finds nothing, any word may.
 * A title equal to the query (ignoring case, punctuation and articles) ranks first.
 */
export function searchGames(indexes: readonly MiniSearch<GameSummary>[], request: GameSearchRequest): GameSearchResult {
  const words = titleWords(request.query);
  if (words.length === 0) return { total: 0, results: [] };
  const wanted = titleKey(request.query);
  const run = (combineWith: "AND" | "OR"): SearchHit[] => {
    const hits: SearchHit[] = [];
    const options = { ...termOptions(), combineWith };
    for (const index of indexes) {
      for (const result of index.search(words.join(" "), options)) {
        const summary = result as unknown as GameSummary;
        const exact = titleKey(summary.title) === wanted;
        hits.push({ ...pickSummary(summary), score: exact ? result.score * 4 + 1000 : result.score });
      }
    }
    return hits;
  };
  let hits = run("AND");
  if (hits.length === 0 && words.length > 1) hits = run("OR");
  hits.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title) || a.id - b.id);
  const offset = request.offset ?? 0;
  return { total: hits.length, results: hits.slice(offset, offset + request.limit) };
}

function pickSummary(s: GameSummary): GameSummary {
  return {
    id: s.id,
    title: s.title,
    system: s.system,
    ...(s.releaseYear !== undefined ? { releaseYear: s.releaseYear } : {}),
    ...(s.developer !== undefined ? { developer: s.developer } : {}),
    ...(s.publisher !== undefined ? { publisher: s.publisher } : {}),
    ...(s.genres !== undefined ? { genres: s.genres } : {}),
    regions: s.regions,
    releaseCount: s.releaseCount,
  };
}
