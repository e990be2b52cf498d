import type { GameSummary } from "./game-summary.ts";
import { createSearchVocabulary, type SearchVocabulary } from "./search-vocabulary.ts";
import { compactKey, type TitleIndex } from "./title-index.ts";
import { titleNumbers } from "../names/numerals.ts";
import { PRIOR_MAX } from "./search-prior.ts";

/**
 * How much the prior can multiply a game's text score: a well-known retail game scores up to three
 * times an unknown record of the same words, enough to outweigh BM25's preference for the shorter
 * title, not a missing query word (rank classes, search-games.ts, come before the score).
 */
const PRIOR_WEIGHT = 2;

/** One platform's games as the searcher needs them: ids at load, summaries on first use. */
export interface PlatformGames {
  /** Game ids in ascending order, as the build indexed them. */
  readonly ids: readonly number[];
  /** The summaries in the same order; read (and parsed) the first time a search or lookup needs one. */
  summaries(): readonly GameSummary[];
}

/** Platform games of summaries already in memory (a test, a downloaded dump, an older build's index). */
export function gamesOfSummaries(summaries: readonly GameSummary[]): PlatformGames {
  return { ids: summaries.map((s) => s.id), summaries: () => summaries };
}

/** The loaded index with what a search needs per game, resolved once at load. */
export interface TitleSearcher {
  readonly index: TitleIndex;
  readonly vocabulary: SearchVocabulary;
  /** The summary of each ordinal, filled a platform at a time on first use (only the searcher writes it): read them with {@link summaryAt}. */
  readonly summaries: readonly (GameSummary | undefined)[];
  /** Fills `summaries` for the platform holding `ordinal`. */
  readonly load: (ordinal: number) => void;
  /** Each game's BM25 multiplier from its search prior (search-prior.ts): `1 + PRIOR_WEIGHT × prior / 255`. */
  readonly boosts: Float64Array;
  /** Mean title length (distinct terms) of each platform, for BM25 within one platform. */
  readonly averages: ReadonlyMap<string, number>;
  /** {@link titleNumbers} of a game's title key, computed on its first use and kept: ranking reads it on every hit. */
  titleNumbersAt(ordinal: number): string;
  /** {@link compactKey} of a game's title key, computed on its first use and kept. */
  compactKeyAt(ordinal: number): string;
}

/**
 * Resolves an index's ordinals to games: each platform's range to that platform's ids (a mismatch
 * means the index belongs to another build) and boosts from the index's priors. Summaries are parsed a platform
 * at a time when first needed: all of them were two thirds of a server's start-up.
 */
export function createTitleSearcher(index: TitleIndex, gamesOf: (slug: string) => PlatformGames | undefined): TitleSearcher {
  const count = index.gameIds.length;
  const boosts = new Float64Array(count);
  const averages = new Map<string, number>();
  const ranges: { readonly start: number; readonly end: number; readonly slug: string; readonly games: PlatformGames }[] = [];
  for (const [slug, [start, end]] of index.platforms) {
    const games = gamesOf(slug) ?? gamesOfSummaries([]);
    let terms = 0;
    for (let i = start; i < end; i++) terms += index.titleLengths[i] as number;
    averages.set(slug, end > start ? terms / (end - start) : 0);
    if (games.ids.length !== end - start)
      throw new Error(`the title index holds ${end - start} games of ${slug}, the shard ${games.ids.length}`);
    for (let i = start; i < end; i++) {
      const id = games.ids[i - start] as number;
      if (i > start && id <= (games.ids[i - start - 1] as number)) throw new Error(`the shard of ${slug} lists its games out of id order`);
      if (id !== index.gameIds[i]) throw new Error(`the title index names game ${index.gameIds[i]} where the shard of ${slug} has ${id}`);
      boosts[i] = 1 + (PRIOR_WEIGHT * (index.priors[i] as number)) / PRIOR_MAX;
    }
    ranges.push({ start, end, slug, games });
  }
  const summaries: (GameSummary | undefined)[] = Array.from({ length: count }, () => undefined);
  const load = (ordinal: number): void => {
    const range = ranges.find((r) => ordinal >= r.start && ordinal < r.end);
    if (!range) return;
    const list = range.games.summaries();
    for (let i = range.start; i < range.end; i++) {
      const summary = list[i - range.start];
      if (summary?.id !== index.gameIds[i])
        throw new Error(`the summaries of ${range.slug} name game ${summary?.id} where the title index has ${index.gameIds[i]}`);
      summaries[i] = summary;
    }
  };
  let vocabulary: SearchVocabulary | undefined;
  const numbers: (string | undefined)[] = Array.from({ length: count }, () => undefined);
  const compactKeys: (string | undefined)[] = Array.from({ length: count }, () => undefined);
  const searcher: TitleSearcher = {
    index,
    // Made on first use, or by the snapshot's preload once the server listens, which also fills
    // its map in steps: it was a tenth of a full catalog's start-up.
    get vocabulary(): SearchVocabulary {
      vocabulary ??= createSearchVocabulary(index.terms);
      return vocabulary;
    },
    summaries,
    load,
    boosts,
    averages,
    titleNumbersAt(ordinal: number): string {
      let text = numbers[ordinal];
      if (text === undefined) numbers[ordinal] = text = titleNumbers(summaryAt(searcher, ordinal).key);
      return text;
    },
    compactKeyAt(ordinal: number): string {
      let text = compactKeys[ordinal];
      if (text === undefined) compactKeys[ordinal] = text = compactKey(summaryAt(searcher, ordinal).key);
      return text;
    },
  };
  return searcher;
}

/** The summary of an ordinal, its platform's summaries parsed first if they are not yet. */
export function summaryAt(searcher: TitleSearcher, ordinal: number): GameSummary {
  const summary = searcher.summaries[ordinal];
  if (summary) return summary;
  searcher.load(ordinal);
  return searcher.summaries[ordinal] as GameSummary;
}

/** The ordinal of game `id` within `[start, end)`, where the build put ids in ascending order; -1 when absent. */
function ordinalOf(index: TitleIndex, id: number, start: number, end: number): number {
  let lo = start;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((index.gameIds[mid] as number) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo < end && index.gameIds[lo] === id ? lo : -1;
}

/** The summary of game `id`, within one platform or anywhere (a binary search per platform: no id map to hold). */
export function summaryById(searcher: TitleSearcher, id: number, slug?: string): GameSummary | undefined {
  const ranges = slug === undefined ? searcher.index.platforms.values() : [searcher.index.platforms.get(slug) ?? [0, 0]];
  for (const [start, end] of ranges) {
    const ordinal = ordinalOf(searcher.index, id, start, end);
    if (ordinal >= 0) return summaryAt(searcher, ordinal);
  }
  return undefined;
}
