import { contentKinds, type ContentKind } from "../identity/content-kind.ts";
import { isCjkWord, isStopWord, titleKey, titleWords } from "../names/title-key.ts";
import type { GameSummary } from "./game-summary.ts";
import type { SearchVocabulary } from "./search-vocabulary.ts";
import { arabicWord, titleNumbers } from "../names/numerals.ts";
import { equivalentQuery } from "./search-equivalences.ts";
import { ALTERNATE_TITLES, compactKey, PIRATE_TITLES, SIGNATURE_WORDS, textSignature } from "./title-index.ts";
import { KNOWN_PRIOR } from "./search-prior.ts";
import { runTitleQuery, type TitleQuery } from "./title-query.ts";
import { summaryAt, type TitleSearcher } from "./title-searcher.ts";

/** Which records a search or listing returns: one kind, or `any`. Games unless asked. */
export type KindFilter = ContentKind | "any";

export interface GameSearchRequest {
  readonly query: string;
  readonly limit: number;
  readonly offset?: number;
  /**
   * One kind, or `any`. Without it, games first: a record of another kind is found when the query
   * is its title (or an alternate title), or when the searched platform has no games.
   */
  readonly kind?: KindFilter;
  /** Only records with a release whose dump RetroAchievements supports. */
  readonly retroAchievements?: boolean;
}

/** A hit: the game's summary, and the alternate title the query matched when it matched one rather than the title. */
export type SearchHit = GameSummary & { readonly matchedTitle?: string };

export interface GameSearchResult {
  /** Number of games matching, of which `results` is the requested page. */
  readonly total: number;
  readonly results: SearchHit[];
}

/** Where a search runs: the catalog's title index, and optionally one platform of it. */
export interface SearchScope {
  readonly searcher: TitleSearcher;
  /** Only games of this platform slug. */
  readonly system?: string;
  /** Only games one of whose releases this collection lists (arcade: "mame-2003"). */
  readonly collection?: string;
  /** The summary of an indexed game of the scope, by id. */
  summary(id: number): GameSummary | undefined;
}

/** Prefix expansion only from this many letters: shorter prefixes match too much to rank well or fast. */
const MIN_PREFIX_LENGTH = 3;
/** One typo tolerated in words of this many letters or more. */
const MIN_FUZZY_LENGTH = 5;
/**
 * Words this short ("2", "ii", "3d") are checked against the hits' titles instead of being looked
 * up in the index when the query has longer words: their postings run to thousands of games, and
 * scanning them was most of the cost of queries like "Final Fight 2" (docs/performance.md).
 */
const MAX_WEAK_LENGTH = 2;
/** Weight of a typo-corrected term relative to the word as typed. */
const TYPO_WEIGHT = 0.4;
/** Rank classes of a hit, highest first: a title equal to the query, then equal with numerals read alike. */
const LITERAL_CLASS = 2 << 20;
const EXACT_CLASS = 1 << 20;
/** Without a kind, a game ranks before a record of another kind of the same title class. */
const GAME_CLASS = 1 << 19;
/** Queries of at most this many words are the short, generic ones ("sonic", "street fighter") a franchise's game answers; a longer exact title names its record. */
const WEAK_EXACT_WORDS = 2;
/** Score of an exact title below {@link KNOWN_PRIOR} in a search of every platform: ahead of other titles of its prior, not of well-known games. */
const WEAK_EXACT_WEIGHT = 1.5;
/** Score of a game found by an alternate title equal to the query: a tie-break towards the game whose own title it is, between games released about as widely. */
const ALIAS_WEIGHT = 0.98;

const gamesByPlatform = new WeakMap<TitleSearcher, Map<string, boolean>>();

/** True when the platform's part of the index holds a game (kind 0); remembered per searcher. */
function platformHasGames(searcher: TitleSearcher, slug: string): boolean {
  let known = gamesByPlatform.get(searcher);
  if (!known) gamesByPlatform.set(searcher, (known = new Map()));
  let has = known.get(slug);
  if (has === undefined) {
    const range = searcher.index.platforms.get(slug);
    has = false;
    if (range) for (let i = range[0]; i < range[1] && !has; i++) has = searcher.index.kinds[i] === 0;
    known.set(slug, has);
  }
  return has;
}

/** True when `key` has `word` as a whole word. */
function hasWord(key: string, word: string): boolean {
  for (let at = key.indexOf(word); at >= 0; at = key.indexOf(word, at + 1)) {
    const end = at + word.length;
    if ((at === 0 || key.charCodeAt(at - 1) === 32) && (end === key.length || key.charCodeAt(end) === 32)) return true;
  }
  return false;
}

/** True when a word of `key` starts with `start`. */
function hasWordStart(key: string, start: string): boolean {
  for (let at = key.indexOf(start); at >= 0; at = key.indexOf(start, at + 1)) if (at === 0 || key.charCodeAt(at - 1) === 32) return true;
  return false;
}

/** The spellings of a weak word a title may have: itself, and its other numeral form ("2" ↔ "ii"). */
function weakForms(word: string): string[] {
  const arabic = arabicWord(word);
  const forms = new Set([word, arabic]);
  for (const roman of [
    "ii",
    "iii",
    "iv",
    "v",
    "vi",
    "vii",
    "viii",
    "ix",
    "xi",
    "xii",
    "xiii",
    "xiv",
    "xv",
    "xvi",
    "xvii",
    "xviii",
    "xix",
    "xx",
  ])
    if (arabicWord(roman) === arabic) forms.add(roman);
  return [...forms];
}

/**
 * The query with each long word widened to the known terms one typo away, as typed first: an
 * OR-combination per word, AND across words. Undefined when no word has a near neighbour.
 */
function typoQuery(words: readonly string[], vocabulary: SearchVocabulary, prefixWord: string | undefined): TitleQuery | undefined {
  let widened = false;
  const queries: TitleQuery[] = words.map((word) => {
    const typed: TitleQuery = { term: word, prefix: word === prefixWord };
    if (word.length < MIN_FUZZY_LENGTH) return typed;
    const near = vocabulary.near(word);
    if (near.length === 0) return typed;
    widened = true;
    return { any: [typed, { any: near.map((term) => ({ term, prefix: false, boost: TYPO_WEIGHT })) }] };
  });
  return widened ? { all: queries } : undefined;
}

/**
 * Searches titles in the scope's index. Passes, until one finds something: every query word must
 * match, the last one possibly as a prefix; then, when the last word is one or two characters,
 * with it as the start of a word; then with one typo tolerated per word of 5+ letters; then any
 * word may match. Typo candidates come from the vocabulary, so exact queries
 * never pay for fuzzy matching.
 *
 * Ranking, in order: a title equal to the query, then equal with numerals read alike; the number
 * of query words a title has; titles naming no number the query does not name before numbered
 * sequels; relevance (BM25, games with more releases higher); the shortest title among equals;
 * the id.
 */
export function searchGames(scope: SearchScope, request: GameSearchRequest): GameSearchResult {
  const words = titleWords(request.query);
  if (words.length === 0) return { total: 0, results: [] };
  const kind = request.kind;
  const wantedKind = kind === undefined || kind === "any" ? -1 : contentKinds.indexOf(kind);
  const gamesFirst = kind === undefined;
  // A platform of title updates or UMD videos has no games: its other records are what a search there is for.
  const everyKind = gamesFirst && scope.system !== undefined && !platformHasGames(scope.searcher, scope.system);
  const wanted = titleKey(request.query);
  const last = words.at(-1);
  // A lone CJK character being typed stands for the character pairs it begins (titleWords).
  const prefixWord = last !== undefined && (last.length >= MIN_PREFIX_LENGTH || (last.length === 1 && isCjkWord(last))) ? last : undefined;
  // CJK character pairs are the index's words for such text, never weak words.
  const strong = words.filter((w) => w.length > MAX_WEAK_LENGTH || isCjkWord(w));
  const indexed = strong.length > 0 ? strong : words;
  const weak = strong.length > 0 ? words.filter((w) => w.length <= MAX_WEAK_LENGTH && !isCjkWord(w)) : [];
  // CJK titles are typed with and without spaces: an alternate title equal to the query but for spaces is exact.
  const wantedJoined = isCjkWord(wanted) ? wanted.replaceAll(" ", "") : undefined;

  const { searcher } = scope;
  const term = (t: string): TitleQuery => ({ term: t, prefix: t === prefixWord });
  // A weak word is a condition on the title, not a scored term: as a filter on the postings of its
  // spellings ("2", "ii"), which is exact because a title's index terms are its key's words; a stop
  // word is not in the index, so it is looked for in the key.
  const weakSpellings = weak.map(weakForms);
  const postingFilters = (spellings: readonly string[][]): TitleQuery[] =>
    spellings
      .filter((forms) => !forms.some(isStopWord))
      .map((forms) => ({ any: forms.map((f) => ({ term: f, prefix: false, filter: true })) }));
  const filters = postingFilters(weakSpellings);
  const checked = weakSpellings.filter((forms) => forms.some(isStopWord));
  const filtered = (query: TitleQuery | undefined, by = filters): TitleQuery | undefined =>
    query === undefined || by.length === 0 ? query : { all: [...("all" in query ? query.all : [query]), ...by] };
  const plainQuery = (): TitleQuery =>
    // The plain words go through titleWords again, as they did as one MiniSearch query string.
    equivalentQuery(indexed, searcher.vocabulary, prefixWord) ?? {
      // CJK character pairs are words already; joined again they would pair across their seams.
      all: (indexed.some(isCjkWord) ? indexed : titleWords(indexed.join(" "))).map(term),
    };
  // A short last word is often a word being typed ("… Original Costume P"): when the title has no
  // such whole word, it is looked for as the start of one of the hits' words, which are few once
  // the longer words are matched (not in the index: a one-letter prefix there names thousands of terms).
  const typing = weak.length > 0 && last !== undefined && last.length <= MAX_WEAK_LENGTH ? weakSpellings.at(-1) : undefined;
  const before = weakSpellings.slice(0, -1);
  const passes: { query: () => TitleQuery | undefined; weak: readonly string[][]; typing?: readonly string[] }[] = [
    { query: () => filtered(plainQuery()), weak: checked },
    {
      query: () => (typing ? filtered(plainQuery(), postingFilters(before)) : undefined),
      weak: before.filter((forms) => forms.some(isStopWord)),
      ...(typing ? { typing } : {}),
    },
    { query: () => filtered(typoQuery(indexed, searcher.vocabulary, prefixWord)), weak: checked },
    { query: () => (words.length > 1 ? { any: indexed.map(term) } : undefined), weak: [] },
  ];
  const wantedNumbers = titleNumbers(wanted);
  const wantedCompact = compactKey(wanted);
  const arabicWords = words.map(arabicWord);
  const wordSignatures = new Int32Array(arabicWords.length * SIGNATURE_WORDS);
  for (const [i, w] of arabicWords.entries()) textSignature(w, wordSignatures, i * SIGNATURE_WORDS);
  const { keyLengths, compactLengths, numbered, signatures, kinds, aliased, priors } = searcher.index;
  // Across every platform a short query's exact title ranks first only for a record the catalog knows as a released game.
  const exactNeedsPrior = scope.system === undefined && scope.collection === undefined && words.length <= WEAK_EXACT_WORDS;
  let count = 0;
  let hitOrdinals = new Uint32Array(0);
  let hitScores = new Float64Array(0);
  let hitClasses = new Int32Array(0);
  for (const [n, pass] of passes.entries()) {
    const query = pass.query();
    if (query === undefined) continue;
    const matches = runTitleQuery(searcher, query, scope.system);
    if (matches.count === 0) continue;
    // Only the any-word pass leaves words out; in the others every hit has them all.
    const anyWord = n === passes.length - 1;
    const forms = pass.weak;
    hitOrdinals = new Uint32Array(matches.count);
    hitScores = new Float64Array(matches.count);
    hitClasses = new Int32Array(matches.count);
    for (let i = 0; i < matches.count; i++) {
      const ordinal = matches.ordinals[i] as number;
      if (wantedKind >= 0 && kinds[ordinal] !== wantedKind) continue;
      if (scope.collection !== undefined && !summaryAt(searcher, ordinal).collections?.includes(scope.collection)) continue;
      if (request.retroAchievements === true && summaryAt(searcher, ordinal).retroAchievements !== true) continue;
      // The summary is read only when the per-game arrays cannot decide.
      const keyOf = (): string => summaryAt(searcher, ordinal).key;
      // A game with alternate titles may have a weak word in one of them only ("rockman x" → Mega Man X).
      const anyKey = (test: (key: string) => boolean): boolean =>
        aliased[ordinal] !== 0
          ? alternateKeys(summaryAt(searcher, ordinal)).some(test) || pirateKeys(summaryAt(searcher, ordinal)).some(test)
          : test(keyOf());
      if (forms.length > 0 && !anyKey((key) => forms.every((f) => f.some((w) => hasWord(key, w))))) continue;
      const typing = pass.typing;
      if (typing && !anyKey((key) => typing.some((w) => hasWordStart(key, w)))) continue;
      // A regional title equal to the query is as much the game's name as its main title: the release-count boost orders them.
      const literal = keyLengths[ordinal] === wanted.length && keyOf() === wanted;
      const alias =
        !literal &&
        ((aliased[ordinal] as number) & ALTERNATE_TITLES) !== 0 &&
        alternateKeys(summaryAt(searcher, ordinal)).some(
          (k) => k === wanted || (wantedJoined !== undefined && k.replaceAll(" ", "") === wantedJoined),
        );
      const numbers = numbered[ordinal] === 1 ? searcher.titleNumbersAt(ordinal) : "";
      // "Final Fantasy 7" is the title "Final Fantasy VII", just below a title spelt as typed.
      const exact =
        literal ||
        alias ||
        (numbers === wantedNumbers && compactLengths[ordinal] === wantedCompact.length && searcher.compactKeyAt(ordinal) === wantedCompact);
      const game = kinds[ordinal] === 0;
      if (gamesFirst && !game && !exact && !everyKind) continue;
      let covered = words.length;
      if (anyWord) {
        // How many query words the title has (numerals read alike, as word, prefix or inside a joined compound).
        covered = 0;
        const at = ordinal * SIGNATURE_WORDS;
        for (let w = 0; w < arabicWords.length; w++) {
          let maybe = true;
          for (let b = 0; b < SIGNATURE_WORDS && maybe; b++) {
            const need = wordSignatures[w * SIGNATURE_WORDS + b] as number;
            maybe = ((signatures[at + b] as number) & need) === need;
          }
          if (maybe && searcher.compactKeyAt(ordinal).includes(arabicWords[w] as string)) covered++;
        }
      }
      // A title naming a number the query does not ("Mega Man II" for "mega man") is a sequel: after the first game.
      const sequel = !exact && numbers !== wantedNumbers;
      // A game found by a pirate cart's retitle ("Sonic" for Adventure Island) ranks after every game found by its own names.
      const byPirateTitle =
        !exact && ((aliased[ordinal] as number) & PIRATE_TITLES) !== 0 && foundByPirateTitle(summaryAt(searcher, ordinal), words);
      const weak = exact && exactNeedsPrior && (priors[ordinal] as number) < KNOWN_PRIOR;
      hitOrdinals[count] = ordinal;
      hitScores[count] = (matches.scores[i] as number) * (alias ? ALIAS_WEIGHT : 1) * (weak ? WEAK_EXACT_WEIGHT : 1);
      hitClasses[count] = byPirateTitle
        ? 0
        : (weak ? 0 : literal || alias ? LITERAL_CLASS : exact ? EXACT_CLASS : 0) +
          (gamesFirst && game ? GAME_CLASS : 0) +
          covered * 2 +
          (sequel ? 0 : 1);
      count++;
    }
    if (count > 0) break;
  }
  const offset = request.offset ?? 0;
  const top = topHits(searcher, hitOrdinals, hitScores, hitClasses, count, offset + request.limit);
  return { total: count, results: top.slice(offset).map((i) => withMatchedTitle(summaryAt(searcher, hitOrdinals[i] as number), words)) };
}

const alternateKeyCache = new WeakMap<GameSummary, readonly string[]>();

/** The title key and the alternate titles' keys of a game, title first. */
function alternateKeys(summary: GameSummary): readonly string[] {
  let keys = alternateKeyCache.get(summary);
  if (!keys) {
    keys = [summary.key, ...(summary.alternateTitles ?? []).map(titleKey)];
    alternateKeyCache.set(summary, keys);
  }
  return keys;
}

const pirateKeyCache = new WeakMap<GameSummary, readonly string[]>();

/** The keys of the titles only a game's pirate releases carry. */
function pirateKeys(summary: GameSummary): readonly string[] {
  if (summary.pirateTitles === undefined) return [];
  let keys = pirateKeyCache.get(summary);
  if (!keys) {
    keys = summary.pirateTitles.map(titleKey);
    pirateKeyCache.set(summary, keys);
  }
  return keys;
}

/** True when a pirate retitle has more of the query's words than the game's title and its other names. */
function foundByPirateTitle(summary: GameSummary, words: readonly string[]): boolean {
  let own = 0;
  for (const key of alternateKeys(summary)) own = Math.max(own, wordsFound(key, words));
  return pirateKeys(summary).some((key) => wordsFound(key, words) > own);
}

/** How many of the query's words a title key has, the last one also as the start of a word. */
function wordsFound(key: string, words: readonly string[]): number {
  let found = 0;
  let joined: string | undefined;
  for (const [i, w] of words.entries()) {
    if (isCjkWord(w)) {
      // A CJK word is a pair of characters of the title, read across its spaces.
      joined ??= key.normalize("NFC").replaceAll(" ", "");
      if (joined.includes(w)) found++;
    } else if (hasWord(key, w) || (i === words.length - 1 && hasWordStart(key, w))) found++;
  }
  return found;
}

/** The hit, naming the alternate title the query matched when that title has more of its words than the game's own title. */
function withMatchedTitle(summary: GameSummary, words: readonly string[]): SearchHit {
  const alternates = summary.pirateTitles ? [...(summary.alternateTitles ?? []), ...summary.pirateTitles] : summary.alternateTitles;
  if (!alternates || alternates.length === 0) return summary;
  const own = wordsFound(summary.key, words);
  if (own === words.length) return summary;
  let best: string | undefined;
  let bestFound = own;
  for (const title of alternates) {
    const found = wordsFound(titleKey(title), words);
    if (found > bestFound) {
      best = title;
      bestFound = found;
    }
  }
  return best === undefined ? summary : { ...summary, matchedTitle: best };
}

/**
 * The first `k` hits in rank order (as positions in the hit arrays), without sorting them all: a
 * prefix like "sup" hits thousands of games, and a full sort of those was most of its cost.
 */
function topHits(
  searcher: TitleSearcher,
  ordinals: Uint32Array,
  scores: Float64Array,
  classes: Int32Array,
  count: number,
  k: number,
): number[] {
  // Negative when hit a ranks before hit b.
  const compare = (a: number, b: number): number => {
    const byRank = (classes[b] as number) - (classes[a] as number) || (scores[b] as number) - (scores[a] as number);
    if (byRank !== 0) return byRank;
    // Among equals, the shortest title holding the query first: "Zelda" finds "The Legend of Zelda" before its sequels.
    const sa = summaryAt(searcher, ordinals[a] as number);
    const sb = summaryAt(searcher, ordinals[b] as number);
    return sa.title.length - sb.title.length || sa.id - sb.id;
  };
  const keep = Math.min(k, count);
  if (keep <= 0) return [];
  if (keep * 4 >= count) {
    const all = Array.from({ length: count }, (_, i) => i).sort(compare);
    return all.slice(0, keep);
  }
  // A sorted window of the best `keep` so far; most hits lose to its last entry in one comparison.
  const best: number[] = [];
  for (let i = 0; i < count; i++) {
    if (best.length === keep && compare(i, best[keep - 1] as number) >= 0) continue;
    let at = best.length === keep ? keep - 1 : best.length;
    if (best.length === keep) best.pop();
    while (at > 0 && compare(i, best[at - 1] as number) < 0) at--;
    best.splice(at, 0, i);
  }
  return best;
}
