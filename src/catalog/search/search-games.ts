import type MiniSearch from "minisearch";
import type { Query, SearchResult } from "minisearch";
import { titleKey, titleWords } from "../names/title-key.ts";
import type { GameSummary } from "./game-summary.ts";
import type { SearchVocabulary } from "./search-vocabulary.ts";

export interface SearchHit {
  readonly summary: GameSummary;
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
  readonly results: GameSummary[];
}

/** Prefix expansion only from this many letters: shorter prefixes match too much to rank well or fast. */
const MIN_PREFIX_LENGTH = 3;
/** One typo tolerated in words of this many letters or more. */
const MIN_FUZZY_LENGTH = 5;

const prefixLast = (term: string, i: number, terms: string[]): boolean => i === terms.length - 1 && term.length >= MIN_PREFIX_LENGTH;

/** Games with many releases (regions, revisions, re-releases) are the ones people look for; ties go to them. */
const boostDocument = (_id: unknown, _term: string, stored?: Record<string, unknown>): number => 1 + Math.log2(Number(stored?.releaseCount ?? 1)) / 4;

/** Where a search runs: the indexes of the platforms in scope and the vocabulary of all of them. */
export interface SearchScope {
  readonly indexes: readonly MiniSearch<GameSummary>[];
  readonly vocabulary: SearchVocabulary;
  /** Only games of this platform slug (indexes may hold other platforms too). */
  readonly system?: string;
}

/** Added to the score of a title equal to the query, so that it ranks above every partial match. */
const EXACT_TITLE_BONUS = 1e6;

/** Weight of a typo-corrected term relative to the word as typed. */
const TYPO_WEIGHT = 0.4;

/**
 * The query with each long word widened to the known terms one edit away, as typed first. An
 * OR-combination per word, AND across words; undefined when no word has a near neighbour.
 */
function typoQuery(words: readonly string[], vocabulary: SearchVocabulary): Query | undefined {
  let widened = false;
  const queries: Query[] = words.map((word, i) => {
    if (word.length < MIN_FUZZY_LENGTH) return word;
    const near = vocabulary.near(word);
    if (near.length === 0) return word;
    widened = true;
    const typos: Query = { queries: near, combineWith: "OR", boost: { title: TYPO_WEIGHT } };
    return { queries: [word, typos], combineWith: "OR", prefix: i === words.length - 1 && word.length >= MIN_PREFIX_LENGTH };
  });
  return widened ? { queries, combineWith: "AND", prefix: prefixLast } : undefined;
}

/**
 * Searches titles in the scope's indexes and merges the hits. Passes, until one finds
 * something: every query word must match, the last one possibly as a prefix; then the same with
 * one typo tolerated per word of 5+ letters; then any word may match. Typo candidates come from the
 * shared vocabulary, so exact queries never pay for fuzzy matching. A title equal to the query
 * (ignoring case, punctuation and articles) ranks first.
 */
export function searchGames(scope: SearchScope, request: GameSearchRequest): GameSearchResult {
  const words = titleWords(request.query);
  if (words.length === 0) return { total: 0, results: [] };
  const wanted = titleKey(request.query);
  const exact = words.join(" ");
  const passes: (() => Query | undefined)[] = [
    () => exact,
    () => typoQuery(words, scope.vocabulary),
    () => (words.length > 1 ? { queries: [...words], combineWith: "OR" } : undefined),
  ];
  const system = scope.system;
  const filter = system === undefined ? undefined : (result: SearchResult): boolean => result.system === system;
  const hits: SearchHit[] = [];
  for (const pass of passes) {
    const query = pass();
    if (query === undefined) continue;
    for (const index of scope.indexes) {
      for (const result of index.search(query, { prefix: prefixLast, combineWith: "AND", weights: { fuzzy: 0.4, prefix: 0.8 }, boostDocument, ...(filter ? { filter } : {}) })) {
        const summary = result as unknown as GameSummary;
        hits.push({ summary, score: summary.key === wanted ? result.score + EXACT_TITLE_BONUS : result.score });
      }
    }
    if (hits.length > 0) break;
  }
  hits.sort((a, b) => b.score - a.score || a.summary.id - b.summary.id);
  const offset = request.offset ?? 0;
  return { total: hits.length, results: hits.slice(offset, offset + request.limit).map((hit) => hit.summary) };
}
