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

const prefixLast = (term: string, i: number, terms: string[]): boolean => i === terms.length - 1 && term.length >= MIN_PREFIX_LENGTH;
const fuzzyLong = (term: string): number | boolean => (term.length >= MIN_FUZZY_LENGTH ? 1 : false);

/** Games with many releases (regions, revisions, re-releases) are the ones people look for; ties go to them. */
const boostDocument = (_id: unknown, _term: string, stored?: Record<string, unknown>): number => 1 + Math.log2(Number(stored?.releaseCount ?? 1)) / 8;

/** The passes tried in order until one finds something: exact words (the last as a prefix), then with typos, then any word. */
const passes: readonly MiniSearchOptions[] = [
  { prefix: prefixLast, combineWith: "AND", boostDocument },
  { prefix: prefixLast, fuzzy: fuzzyLong, weights: { fuzzy: 0.4, prefix: 0.7 }, combineWith: "AND", boostDocument },
  { prefix: prefixLast, fuzzy: fuzzyLong, weights: { fuzzy: 0.4, prefix: 0.7 }, combineWith: "OR", boostDocument },
];

/**
 * Searches titles in the given per-platform indexes and merges the hits. Every query word must
 * match, the last one possibly as a prefix; only when that finds nothing are typos tolerated (one
 * per word of 5+ letters), and only then may any word match. Fuzzy matching is by far the most
 * expensive step, so exact queries never pay for it. A title equal to the query (ignoring case,
 * punctuation and articles) ranks first.
 */
export function searchGames(indexes: readonly MiniSearch<GameSummary>[], request: GameSearchRequest): GameSearchResult {
  const words = titleWords(request.query);
  if (words.length === 0) return { total: 0, results: [] };
  const wanted = titleKey(request.query);
  const query = words.join(" ");
  let hits: SearchHit[] = [];
  for (const options of passes) {
    if (options.combineWith === "OR" && words.length === 1) break;
    for (const index of indexes) {
      for (const result of index.search(query, options)) {
        const summary = result as unknown as GameSummary;
        const exact = titleKey(summary.title) === wanted;
        hits.push({ ...pickSummary(summary), score: exact ? result.score * 4 + 1000 : result.score });
      }
    }
    if (hits.length > 0) break;
  }
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
