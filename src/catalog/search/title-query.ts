import { QueryArena } from "./query-arena.ts";
import type { TitleSearcher } from "./title-searcher.ts";

/**
 * A query over the title index: a term (exact, and as a prefix when asked), or all / any of
 * several queries. Scores follow MiniSearch's, which ranked titles before this index, so that the
 * ranking rules built on them keep their meaning: BM25+ per term ({@link postingScore}), a prefix-expanded term weighted
 * `0.8 · len / (len + 0.3 · extra letters)`, the sum over matched terms, times the number of
 * distinct query terms a title matched. Two departures, both for prefixes: a longer word's IDF is
 * capped at the typed word's own, and a title holding several words a prefix begins scores by the
 * best of them, not their sum (MiniSearch ranked "SoniComi … Sonico" above every "Sonic" game for "sonic").
 */
export type TitleQuery =
  | {
      readonly term: string;
      readonly prefix: boolean;
      readonly boost?: number;
      /** Only a condition: the game must have the term, which adds nothing to its score. */
      readonly filter?: boolean;
    }
  | { readonly all: readonly TitleQuery[] }
  | { readonly any: readonly TitleQuery[] };

/** A typed array a reader must not write to: its elements belong to the index or to the next query. */
export type ReadonlyTypedArray<T extends Uint32Array | Float64Array> = Omit<T, "set" | "fill" | "copyWithin" | "reverse" | "sort"> & {
  readonly [index: number]: number;
};

/**
 * The games a query matched, in no particular order, with their scores. Both arrays are views:
 * `ordinals` may be a stretch of the index's own postings, and both live in the searcher's query
 * arena, so they are valid until the next query on the same searcher and must not be written to.
 * Copy what must outlive that.
 */
export interface TitleMatches {
  readonly count: number;
  readonly ordinals: ReadonlyTypedArray<Uint32Array>;
  readonly scores: ReadonlyTypedArray<Float64Array>;
}

// BM25 as MiniSearch computes it (k1, b, and d of BM25+).
const BM25_K = 1.2;
const BM25_B = 0.7;
const BM25_D = 0.5;
const PREFIX_WEIGHT = 0.8;

/**
 * The score one posting adds to its game: the term's weight × IDF, the game's boost, and BM25+ of
 * the term's frequency in a title of `titleLength` terms (`lengthScale` is `b / average length`
 * of the scope searched). The one place a score is computed.
 * @see https://en.wikipedia.org/wiki/Okapi_BM25 (BM25+: Lv and Zhai, CIKM 2011)
 */
function postingScore(weight: number, boost: number, tf: number, titleLength: number, lengthScale: number): number {
  return weight * boost * (BM25_D + (tf * (BM25_K + 1)) / (tf + BM25_K * (1 - BM25_B + lengthScale * titleLength)));
}

/** Scratch arrays, one slot per game, reused by every query on a searcher (searches are synchronous). */
interface Scratch {
  readonly scores: Float64Array;
  /** In an AND, a game's best score so far from the term part being streamed. */
  readonly best: Float64Array;
  readonly low: Int32Array;
  readonly high: Int32Array;
  readonly stamp: Uint32Array;
  /** How many parts of an AND a game has matched so far. */
  readonly parts: Uint16Array;
  readonly touched: Uint32Array;
  epoch: number;
  /** The current query's intermediate results. */
  readonly arena: QueryArena;
}

const scratches = new WeakMap<TitleSearcher, Scratch>();

function scratchOf(searcher: TitleSearcher): Scratch {
  let scratch = scratches.get(searcher);
  if (!scratch) {
    const n = searcher.index.gameIds.length;
    scratch = {
      scores: new Float64Array(n),
      best: new Float64Array(n),
      low: new Int32Array(n),
      high: new Int32Array(n),
      stamp: new Uint32Array(n),
      parts: new Uint16Array(n),
      touched: new Uint32Array(n),
      epoch: 0,
      arena: new QueryArena(),
    };
    scratches.set(searcher, scratch);
  }
  return scratch;
}

/**
 * Matches while a query is evaluated, in no particular order (ordering thousands of ordinals cost
 * more than the rest of a query): which query terms (as two 32-bit masks) each game matched.
 * Its arrays are arena views, valid until the query ends.
 */
interface PartialMatches {
  n: number;
  ordinals: ReadonlyTypedArray<Uint32Array>;
  scores: Float64Array;
  low: Int32Array;
  high: Int32Array;
}

/** A term of a query resolved to posting ranges (one per index term it stands for), with each one's weight × IDF. */
interface TermPlan {
  readonly weights: number[];
  readonly first: number[];
  readonly last: number[];
  /** Postings in all ranges: the cost of reading them. */
  size: number;
  readonly low: number;
  readonly high: number;
  readonly filter: boolean;
}

const EMPTY: PartialMatches = {
  n: 0,
  ordinals: new Uint32Array(0),
  scores: new Float64Array(0),
  low: new Int32Array(0),
  high: new Int32Array(0),
};

/** First position in `a[from, to)` holding a value >= `value` (a is ascending). */
function lowerBound(a: Uint32Array, from: number, to: number, value: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Copies the scratch's first `n` touched games (those with `keep(ordinal)`) into a PartialMatches in the arena. */
function gather(scratch: Scratch, n: number, keep?: (ordinal: number) => boolean): PartialMatches {
  const { arena } = scratch;
  const ordinals = arena.uint32.take(n);
  const scores = arena.float64.take(n);
  const low = arena.int32.take(n);
  const high = arena.int32.take(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const o = scratch.touched[i] as number;
    if (keep && !keep(o)) continue;
    ordinals[m] = o;
    scores[m] = scratch.scores[o] as number;
    low[m] = scratch.low[o] as number;
    high[m] = scratch.high[o] as number;
    m++;
  }
  return { n: m, ordinals, scores, low, high };
}

class Evaluator {
  private readonly sources = new Map<string, number>();
  private readonly scratch: Scratch;
  private readonly searcher: TitleSearcher;
  private readonly from: number;
  private readonly to: number;
  /** BM25's `b / average length` of the scope searched. */
  private readonly lengthScale: number;

  constructor(searcher: TitleSearcher, from: number, to: number, averageLength: number) {
    this.searcher = searcher;
    this.from = from;
    this.to = to;
    this.lengthScale = averageLength > 0 ? BM25_B / averageLength : 0;
    this.scratch = scratchOf(searcher);
  }

  run(query: TitleQuery): PartialMatches {
    if ("term" in query) return this.materialize(this.plan(query));
    if ("all" in query) return this.all(query.all);
    return this.any(query.any.map((q) => this.run(q)));
  }

  /** The terms a query term stands for (itself, and every longer term it begins when a prefix), their weights and posting ranges. */
  private plan(query: Extract<TitleQuery, { term: string }>): TermPlan {
    const { index, vocabulary } = this.searcher;
    const { term, prefix } = query;
    const boost = query.boost ?? 1;
    let low = 0;
    let high = 0;
    if (query.filter !== true) {
      let bit = this.sources.get(term);
      if (bit === undefined) this.sources.set(term, (bit = Math.min(this.sources.size, 63)));
      low = bit < 32 ? 1 << bit : 0;
      high = bit < 32 ? 0 : 1 << (bit - 32);
    }
    const plan: TermPlan = { weights: [], first: [], last: [], size: 0, low, high, filter: query.filter === true };
    const all = index.gameIds.length;
    const games = this.to - this.from;
    // A longer word the typed one begins is no rarer than the word itself: "sonic" ranks Sonic games above SoniComi.
    let maxIdf = Number.POSITIVE_INFINITY;
    const add = (t: number, weight: number): number => {
      const start = index.termStart[t] as number;
      const end = index.termStart[t + 1] as number;
      const first = this.from === 0 ? start : lowerBound(index.postings, start, end, this.from);
      const last = this.to === all ? end : lowerBound(index.postings, first, end, this.to);
      if (first === last) return maxIdf;
      // Statistics of the scope searched: a platform's search ranks as an index of that platform alone would.
      const df = last - first;
      const idf = Math.log(1 + (games - df + 0.5) / (df + 0.5));
      plan.weights.push(weight * Math.min(idf, maxIdf));
      plan.first.push(first);
      plan.last.push(last);
      plan.size += last - first;
      return idf;
    };
    const exact = vocabulary.ordinal(term);
    if (exact >= 0) maxIdf = add(exact, boost);
    if (prefix) {
      const [start, end] = vocabulary.prefixRange(term);
      for (let t = start; t < end; t++) {
        if (t === exact) continue;
        const length = (index.terms[t] as string).length;
        add(t, (boost * PREFIX_WEIGHT * length) / (length + 0.3 * (length - term.length)));
      }
    }
    return plan;
  }

  /** A term's matches as a PartialMatches: a game a prefix finds under several words scores by its best one ("SoniComi … Sonico" is one word typed). */
  private materialize(plan: TermPlan): PartialMatches {
    const count = plan.first.length;
    if (count === 0) return EMPTY;
    const { postings, frequencies } = this.searcher.index;
    const { boosts } = this.searcher;
    const { titleLengths } = this.searcher.index;
    const lengthScale = this.lengthScale;
    const { low, high } = plan;
    if (count === 1) {
      const first = plan.first[0] as number;
      const n = (plan.last[0] as number) - first;
      const weight = plan.weights[0] as number;
      const { arena } = this.scratch;
      const out: PartialMatches = {
        n,
        ordinals: postings.subarray(first, first + n),
        scores: arena.float64.take(n),
        low: arena.int32.take(n),
        high: arena.int32.take(n),
      };
      for (let i = 0; i < n; i++) {
        const o = postings[first + i] as number;
        const tf = frequencies[first + i] as number;
        out.scores[i] = plan.filter ? 0 : postingScore(weight, boosts[o] as number, tf, titleLengths[o] as number, lengthScale);
        out.low[i] = low;
        out.high[i] = high;
      }
      return out;
    }
    const scratch = this.scratch;
    const epoch = ++scratch.epoch;
    let n = 0;
    for (let k = 0; k < count; k++) {
      const weight = plan.weights[k] as number;
      const last = plan.last[k] as number;
      for (let p = plan.first[k] as number; p < last; p++) {
        const o = postings[p] as number;
        const tf = frequencies[p] as number;
        const score = plan.filter ? 0 : postingScore(weight, boosts[o] as number, tf, titleLengths[o] as number, lengthScale);
        if (scratch.stamp[o] !== epoch) {
          scratch.stamp[o] = epoch;
          scratch.scores[o] = score;
          scratch.low[o] = low;
          scratch.high[o] = high;
          scratch.touched[n++] = o;
        } else if (score > (scratch.scores[o] as number)) scratch.scores[o] = score;
      }
    }
    return gather(scratch, n);
  }

  /** Games in any of the parts; scores add up. */
  private any(parts: PartialMatches[]): PartialMatches {
    const nonEmpty = parts.filter((p) => p.n > 0);
    if (nonEmpty.length <= 1) return nonEmpty[0] ?? EMPTY;
    const scratch = this.scratch;
    const epoch = ++scratch.epoch;
    let n = 0;
    for (const part of nonEmpty) {
      for (let i = 0; i < part.n; i++) {
        const o = part.ordinals[i] as number;
        if (scratch.stamp[o] !== epoch) {
          scratch.stamp[o] = epoch;
          scratch.scores[o] = part.scores[i] as number;
          scratch.low[o] = part.low[i] as number;
          scratch.high[o] = part.high[i] as number;
          scratch.touched[n++] = o;
        } else {
          scratch.scores[o] = (scratch.scores[o] as number) + (part.scores[i] as number);
          scratch.low[o] = (scratch.low[o] as number) | (part.low[i] as number);
          scratch.high[o] = (scratch.high[o] as number) | (part.high[i] as number);
        }
      }
    }
    return gather(scratch, n);
  }

  /**
   * Games in every part; scores add up. The smallest part is evaluated first; the others only
   * probe its games, and a term part streams its postings without scoring the games it cannot keep.
   */
  private all(queries: readonly TitleQuery[]): PartialMatches {
    if (queries.length === 0) return EMPTY;
    if (queries.length === 1) return this.run(queries[0] as TitleQuery);
    const sizeOf = (part: PartialMatches | TermPlan): number => ("size" in part ? part.size : part.n);
    // One empty part empties the whole, so the cheap parts are looked at first: term plans are
    // sized from their posting ranges, and groups of filter terms (a short word's spellings) are
    // small; a bigger group is run only when none of those is empty. Nested groups are run before
    // the scratch arrays are filled below: they use them themselves.
    const plans = queries.map((q) => ("term" in q ? this.plan(q) : undefined));
    if (plans.some((p) => p !== undefined && p.size === 0)) return EMPTY;
    const onlyFilters = (q: TitleQuery): boolean => "any" in q && q.any.every((m) => "term" in m && m.filter === true);
    const order = queries
      .map((_, i) => i)
      .sort((a, b) => Number(!onlyFilters(queries[a] as TitleQuery)) - Number(!onlyFilters(queries[b] as TitleQuery)) || a - b);
    const parts: (PartialMatches | TermPlan)[] = new Array(queries.length);
    for (const i of order) {
      const part = plans[i] ?? this.run(queries[i] as TitleQuery);
      if (sizeOf(part) === 0) return EMPTY;
      parts[i] = part;
    }
    const sorted = parts.sort((a, b) => sizeOf(a) - sizeOf(b));
    const head = sorted[0] as PartialMatches | TermPlan;
    const first = "size" in head ? this.materialize(head) : head;
    const scratch = this.scratch;
    const epoch = ++scratch.epoch;
    for (let i = 0; i < first.n; i++) {
      const o = first.ordinals[i] as number;
      scratch.stamp[o] = epoch;
      scratch.parts[o] = 1;
      scratch.scores[o] = first.scores[i] as number;
      scratch.low[o] = first.low[i] as number;
      scratch.high[o] = first.high[i] as number;
      scratch.touched[i] = o;
    }
    const { postings, frequencies } = this.searcher.index;
    const { boosts } = this.searcher;
    const { titleLengths } = this.searcher.index;
    const lengthScale = this.lengthScale;
    for (let k = 1; k < sorted.length; k++) {
      const part = sorted[k] as PartialMatches | TermPlan;
      if ("size" in part) {
        for (let t = 0; t < part.first.length; t++) {
          const weight = part.weights[t] as number;
          const last = part.last[t] as number;
          for (let p = part.first[t] as number; p < last; p++) {
            const o = postings[p] as number;
            // Kept so far, and matched by this part's earlier terms or not yet.
            const again = scratch.parts[o] === k + 1;
            if (scratch.stamp[o] !== epoch || (scratch.parts[o] !== k && !again)) continue;
            scratch.parts[o] = k + 1;
            if (part.filter) continue;
            const tf = frequencies[p] as number;
            const score = postingScore(weight, boosts[o] as number, tf, titleLengths[o] as number, lengthScale);
            // A game this part's earlier words found keeps the best of them, as materialize does.
            const before = again ? (scratch.best[o] as number) : 0;
            if (!again || score > before) {
              scratch.scores[o] = (scratch.scores[o] as number) + score - before;
              scratch.best[o] = score;
            }
            scratch.low[o] = (scratch.low[o] as number) | part.low;
            scratch.high[o] = (scratch.high[o] as number) | part.high;
          }
        }
        continue;
      }
      for (let i = 0; i < part.n; i++) {
        const o = part.ordinals[i] as number;
        if (scratch.stamp[o] !== epoch || scratch.parts[o] !== k) continue;
        scratch.parts[o] = k + 1;
        scratch.scores[o] = (scratch.scores[o] as number) + (part.scores[i] as number);
        scratch.low[o] = (scratch.low[o] as number) | (part.low[i] as number);
        scratch.high[o] = (scratch.high[o] as number) | (part.high[i] as number);
      }
    }
    return gather(scratch, first.n, (o) => scratch.parts[o] === sorted.length);
  }
}

/**
 * Runs `query` over the games of one platform (`slug`) or all of them. The score of a game is
 * the sum of its matched terms' scores times the number of distinct query terms it matched.
 */
export function runTitleQuery(searcher: TitleSearcher, query: TitleQuery, slug?: string): TitleMatches {
  const games = searcher.index.gameIds.length;
  const range = slug === undefined ? ([0, games] as const) : searcher.index.platforms.get(slug);
  if (!range || range[0] >= range[1]) return { count: 0, ordinals: EMPTY.ordinals, scores: EMPTY.scores };
  const average = slug === undefined ? searcher.index.averageLength : (searcher.averages.get(slug) ?? 0);
  scratchOf(searcher).arena.reset();
  const result = new Evaluator(searcher, range[0], range[1], average).run(query);
  const scores = result.scores.subarray(0, result.n);
  for (let i = 0; i < result.n; i++)
    scores[i] = (scores[i] as number) * (popcount(result.low[i] as number) + popcount(result.high[i] as number));
  return { count: result.n, ordinals: result.ordinals.subarray(0, result.n), scores };
}
