import type MiniSearch from "minisearch";
import type { Query, SearchOptions, SearchResult } from "minisearch";
import { titleKey, titleWords } from "../names/title-key.ts";
import type { GameSummary } from "./game-summary.ts";
import type { SearchVocabulary } from "./search-vocabulary.ts";
import { arabicWord, titleNumbers } from "../names/numerals.ts";
import { equivalentQuery } from "./search-equivalences.ts";

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

/** Where a search runs: the indexes of the platforms in scope and the vocabulary of all of them. */
export interface SearchScope {
  readonly indexes: readonly MiniSearch<GameSummary>[];
  readonly vocabulary: SearchVocabulary;
  /** The summary of an indexed game, by id. */
  summary(id: number): GameSummary | undefined;
  /** Only games of this platform slug (indexes may hold other platforms too). */
  readonly system?: string;
}

/** Prefix expansion only from this many letters: shorter prefixes match too much to rank well or fast. */
const MIN_PREFIX_LENGTH = 3;
/** One typo tolerated in words of this many letters or more. */
const MIN_FUZZY_LENGTH = 5;
/**
 * Words this short ("2", "ii", "3d") are checked against the hits' titles instead of being looked
 * up in the index when the query has longer words: their postings run to thousands of games, and
 * scanning them was most of the cost of queries like "Final Fight 2" (measured 12 ms → <1 ms).
 */
const MAX_WEAK_LENGTH = 2;
/** Added to the score of a title equal to the query, so that it ranks above every partial match. */
const EXACT_TITLE_BONUS = 1e6;
/** Weight of a typo-corrected term relative to the word as typed. */
const TYPO_WEIGHT = 0.4;

interface Hit {
  readonly summary: GameSummary;
  readonly score: number;
  /** Query words the title has. */
  readonly covered: number;
  readonly sequel: boolean;
}

function equalWithNumerals(a: string, b: string): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const x = a.split(" ").map(arabicWord).join("");
  const y = b.split(" ").map(arabicWord).join("");
  return x === y;
}

/**
 * The query with each long word widened to the known terms one typo away, as typed first: an
 * OR-combination per word, AND across words. Undefined when no word has a near neighbour.
 */
function typoQuery(words: readonly string[], vocabulary: SearchVocabulary, prefixWord: string | undefined): Query | undefined {
  let widened = false;
  const queries: Query[] = words.map((word) => {
    if (word.length < MIN_FUZZY_LENGTH) return word;
    const near = vocabulary.near(word);
    if (near.length === 0) return word;
    widened = true;
    const typos: Query = { queries: near, combineWith: "OR", boost: { title: TYPO_WEIGHT }, prefix: false };
    return { queries: [word, typos], combineWith: "OR", prefix: word === prefixWord };
  });
  return widened ? { queries, combineWith: "AND" } : undefined;
}

/** True when every weak word is a word of the title key (the query's last word may be a prefix of one). */
function hasWeakWords(key: string, weak: readonly string[], prefixWord: string | undefined): boolean {
  if (weak.length === 0) return true;
  const keyWords = key.split(" ");
  // "2" finds "II" and "ii" finds "2": numerals are one word written two ways.
  return weak.every((w) => keyWords.some((k) => k === w || arabicWord(k) === arabicWord(w) || (w === prefixWord && k.startsWith(w))));
}

/** How many query words a title has (numerals read alike): a title missing one never ranks above one having them all. */
function coverage(key: string, words: readonly string[]): number {
  const keyWords = key.split(" ").map(arabicWord);
  const joined = keyWords.join("");
  let n = 0;
  for (const w of words) {
    const a = arabicWord(w);
    if (keyWords.some((k) => k === a || k.startsWith(a)) || joined.includes(a)) n++;
  }
  return n;
}

/**
 * Searches titles in the scope's indexes and merges the hits. Passes, until one finds
 * something: every query word must match, the last one possibly as a prefix; then the same with
 * one typo tolerated per word of 5+ letters; then any word may match. Typo candidates come from the
 * shared vocabulary, so exact queries never pay for fuzzy matching. A title equal to the query
 * (ignoring case, punctuation and stop words) ranks first; games with more releases rank higher.
 */
export function searchGames(scope: SearchScope, request: GameSearchRequest): GameSearchResult {
  const words = titleWords(request.query);
  if (words.length === 0) return { total: 0, results: [] };
  const wanted = titleKey(request.query);
  const last = words.at(-1);
  const prefixWord = last !== undefined && last.length >= MIN_PREFIX_LENGTH ? last : undefined;
  const strong = words.filter((w) => w.length > MAX_WEAK_LENGTH);
  const indexed = strong.length > 0 ? strong : words;
  const weak = strong.length > 0 ? words.filter((w) => w.length <= MAX_WEAK_LENGTH) : [];

  const system = scope.system;
  const options: SearchOptions = {
    prefix: (term: string) => term === prefixWord,
    combineWith: "AND",
    weights: { fuzzy: 0.4, prefix: 0.8 },
    // Games with many releases (regions, revisions, re-releases) are the ones people look for.
    boostDocument: (id: unknown) => 1 + Math.log2(scope.summary(id as number)?.releaseCount ?? 1) / 4,
    ...(system === undefined ? {} : { filter: (result: SearchResult) => scope.summary(result.id as number)?.system === system }),
  };
  const passes: { query: () => Query | undefined; weak: readonly string[] }[] = [
    { query: () => equivalentQuery(indexed, scope.vocabulary) ?? indexed.join(" "), weak },
    { query: () => typoQuery(indexed, scope.vocabulary, prefixWord), weak },
    { query: () => (words.length > 1 ? { queries: [...indexed], combineWith: "OR" } : undefined), weak: [] },
  ];
  const hits: Hit[] = [];
  const wantedNumbers = titleNumbers(wanted);
  for (const [n, pass] of passes.entries()) {
    const query = pass.query();
    if (query === undefined) continue;
    // Only the any-word pass leaves words out; in the others every hit has them all.
    const anyWord = n === passes.length - 1;
    for (const index of scope.indexes) {
      for (const result of index.search(query, options)) {
        const summary = scope.summary(result.id as number);
        if (!summary || !hasWeakWords(summary.key, pass.weak, prefixWord)) continue;
        const literal = summary.key === wanted;
        // "Final Fantasy 7" is the title "Final Fantasy VII", just below a title spelt as typed.
        const exact = literal || (titleNumbers(summary.key) === wantedNumbers && equalWithNumerals(summary.key, wanted));
        hits.push({
          summary,
          score: result.score + (literal ? 2 * EXACT_TITLE_BONUS : exact ? EXACT_TITLE_BONUS : 0),
          covered: anyWord ? coverage(summary.key, words) : words.length,
          // A title naming a number the query does not ("Mega Man II" for "mega man") is a sequel: after the first game.
          sequel: !exact && titleNumbers(summary.key) !== wantedNumbers,
        });
      }
    }
    if (hits.length > 0) break;
  }
  hits.sort(
    (a, b) =>
      Math.floor(b.score / EXACT_TITLE_BONUS) - Math.floor(a.score / EXACT_TITLE_BONUS) ||
      b.covered - a.covered ||
      Number(a.sequel) - Number(b.sequel) ||
      b.score - a.score ||
      a.summary.id - b.summary.id,
  );
  const offset = request.offset ?? 0;
  return { total: hits.length, results: hits.slice(offset, offset + request.limit).map((hit) => hit.summary) };
}
