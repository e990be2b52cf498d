import fc from "fast-check";
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { titleWords } from "../../../src/catalog/names/title-key.ts";
import type { GameSummary } from "../../../src/catalog/search/game-summary.ts";
import { combinePrior, summaryEvidence } from "../../../src/catalog/search/search-prior.ts";
import { decodeTitleIndex, encodeTitleIndex, type TitleIndexPlatform } from "../../../src/catalog/search/title-index.ts";
import { runTitleQuery, type TitleQuery } from "../../../src/catalog/search/title-query.ts";
import { createTitleSearcher, gamesOfSummaries, type TitleSearcher } from "../../../src/catalog/search/title-searcher.ts";

/** Words that share prefixes ("mar", "mario", "marble"), so that prefix queries expand to several terms. */
const WORDS = ["mar", "mario", "marble", "kart", "karts", "zelda", "zen", "link", "links", "star", "starfall", "fox", "foxes", "party"];
const SLUGS = ["nes", "snes", "n64"];

const title = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }).map((words) => words.join(" "));
const game = fc.record({
  title,
  alternate: fc.option(title, { nil: undefined }),
  releaseCount: fc.integer({ min: 1, max: 12 }),
});
const corpus = fc.array(fc.array(game, { maxLength: 12 }), { minLength: 1, maxLength: SLUGS.length });

/** Platforms of summaries from generated games, ids ascending across the whole corpus as the build gives them. */
function platformsOf(
  games: readonly (readonly { title: string; alternate?: string | undefined; releaseCount: number }[])[],
): TitleIndexPlatform[] {
  let id = 100;
  return games.map((list, p) => {
    const slug = SLUGS[p] as string;
    const summaries = list.map(
      (g): GameSummary => ({
        id: id++,
        title: g.title,
        key: g.title,
        system: slug,
        ...(g.alternate === undefined ? {} : { alternateTitles: [g.alternate] }),
        regions: [],
        releaseCount: g.releaseCount,
      }),
    );
    return { slug, summaries };
  });
}

function searcherOf(platforms: readonly TitleIndexPlatform[]): TitleSearcher {
  const index = decodeTitleIndex(encodeTitleIndex(platforms));
  return createTitleSearcher(index, (slug) => {
    const platform = platforms.find((p) => p.slug === slug);
    return platform && gamesOfSummaries(platform.summaries);
  });
}

/** A game as the naive reference sees it: its terms with their counts, and its boost. */
interface Doc {
  readonly slug: string;
  readonly terms: ReadonlyMap<string, number>;
  /** BM25's field length: the title's own distinct words (at least 1), not its alternate titles'. */
  readonly length: number;
  readonly boost: number;
}

/** The terms of a title and its alternate titles, counted as the index documents them: an alternate title's new words once. */
function docsOf(platforms: readonly TitleIndexPlatform[]): Doc[] {
  // The platforms holding each title key: a summary-only index counts every game as retail.
  const spread = new Map<string, Set<string>>();
  for (const { slug, summaries } of platforms)
    for (const s of summaries) if (s.kind === undefined) spread.set(s.key, (spread.get(s.key) ?? new Set()).add(slug));
  return platforms.flatMap(({ slug, summaries }) =>
    summaries.map((s) => {
      const terms = new Map<string, number>();
      for (const word of titleWords(s.title)) terms.set(word, (terms.get(word) ?? 0) + 1);
      const length = Math.max(1, terms.size);
      for (const alternate of s.alternateTitles ?? []) for (const word of titleWords(alternate)) if (!terms.has(word)) terms.set(word, 1);
      return { slug, terms, length, boost: 1 + (2 * combinePrior(summaryEvidence(s), spread.get(s.key)?.size ?? 0)) / 255 };
    }),
  );
}

/**
 * The reference: every game scored from a plain term map, with BM25+ written out as MiniSearch
 * documents it, over the games in scope (one platform or all), with no index, arena or shortcut.
 * @see https://lucaong.github.io/minisearch/ (BM25+ with k = 1.2, b = 0.7, d = 0.5)
 */
function reference(docs: readonly Doc[], query: TitleQuery, slug?: string): Map<number, number> {
  const scope = docs.map((doc, ordinal) => ({ doc, ordinal })).filter(({ doc }) => slug === undefined || doc.slug === slug);
  const average = scope.reduce((n, { doc }) => n + doc.length, 0) / Math.max(1, scope.length);
  const bits = new Map<string, number>();
  type Hit = { score: number; terms: Set<number> };
  const evaluate = (q: TitleQuery): Map<number, Hit> => {
    if ("term" in q) {
      const hits = new Map<number, Hit>();
      const bit = q.filter ? undefined : (bits.get(q.term) ?? bits.set(q.term, Math.min(bits.size, 63)).get(q.term));
      const vocabulary = new Set(scope.flatMap(({ doc }) => [...doc.terms.keys()]));
      const idfOf = (term: string): number => {
        const df = scope.filter(({ doc }) => doc.terms.has(term)).length;
        return df === 0 ? Number.POSITIVE_INFINITY : Math.log(1 + (scope.length - df + 0.5) / (df + 0.5));
      };
      // A prefix's longer words are capped at the typed word's IDF, and a title scores by its best one.
      const cap = idfOf(q.term);
      for (const term of vocabulary) {
        const exact = term === q.term;
        if (!exact && !(q.prefix && term.startsWith(q.term))) continue;
        const boost = q.boost ?? 1;
        const weight = exact ? boost : (boost * 0.8 * term.length) / (term.length + 0.3 * (term.length - q.term.length));
        const idf = Math.min(idfOf(term), cap);
        for (const { doc, ordinal } of scope) {
          const tf = doc.terms.get(term);
          if (tf === undefined) continue;
          const bm25 = 0.5 + (tf * 2.2) / (tf + 1.2 * (1 - 0.7 + (0.7 * doc.length) / average));
          const hit = hits.get(ordinal) ?? { score: 0, terms: new Set<number>() };
          if (!q.filter) hit.score = Math.max(hit.score, weight * idf * doc.boost * bm25);
          if (bit !== undefined) hit.terms.add(bit);
          hits.set(ordinal, hit);
        }
      }
      return hits;
    }
    const parts = ("all" in q ? q.all : q.any).map(evaluate);
    const merged = new Map<number, Hit>();
    for (const part of parts)
      for (const [ordinal, hit] of part) {
        const into = merged.get(ordinal) ?? { score: 0, terms: new Set<number>() };
        into.score += hit.score;
        for (const t of hit.terms) into.terms.add(t);
        merged.set(ordinal, into);
      }
    if ("all" in q) for (const ordinal of merged.keys()) if (!parts.every((p) => p.has(ordinal))) merged.delete(ordinal);
    return "all" in q && parts.length === 0 ? new Map() : merged;
  };
  return new Map([...evaluate(query)].map(([ordinal, hit]) => [ordinal, hit.score * hit.terms.size]));
}

/** A query's matches as a map from ordinal to score, copied out of the searcher's arena. */
function matchesOf(searcher: TitleSearcher, query: TitleQuery, slug?: string): Map<number, number> {
  const result = runTitleQuery(searcher, query, slug);
  const out = new Map<number, number>();
  for (let i = 0; i < result.count; i++) out.set(result.ordinals[i] as number, result.scores[i] as number);
  return out;
}

function expectSameScores(actual: Map<number, number>, expected: Map<number, number>): void {
  expect([...actual.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
  for (const [ordinal, score] of expected) expect(actual.get(ordinal)).toBeCloseTo(score, 9);
}

const termQuery: fc.Arbitrary<TitleQuery> = fc.record({
  term: fc.constantFrom(...WORDS, "ma", "st", "zz", "k"),
  prefix: fc.boolean(),
  boost: fc.option(fc.constantFrom(0.4, 1, 2), { nil: undefined }),
  filter: fc.option(fc.boolean(), { nil: undefined }),
});
const query: fc.Arbitrary<TitleQuery> = fc.letrec<{ q: TitleQuery }>((tie) => ({
  q: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    termQuery,
    fc.record({ all: fc.array(tie("q"), { maxLength: 3 }) }),
    fc.record({ any: fc.array(tie("q"), { maxLength: 3 }) }),
  ),
})).q;

describe("the title index file", () => {
  it("decodes to what was encoded: terms, postings with frequencies, titles' lengths and platforms' ranges", () => {
    fc.assert(
      fc.property(corpus, (games) => {
        const platforms = platformsOf(games);
        const docs = docsOf(platforms);
        const index = decodeTitleIndex(encodeTitleIndex(platforms));
        const terms = [...new Set(docs.flatMap((d) => [...d.terms.keys()]))].sort();
        expect(index.terms).toEqual(terms);
        terms.forEach((term, t) => {
          const from = index.termStart[t] as number;
          const to = index.termStart[t + 1] as number;
          const postings = docs.flatMap((d, ordinal) => (d.terms.has(term) ? [[ordinal, d.terms.get(term)]] : []));
          expect(Array.from(index.postings.subarray(from, to), (o, i) => [o, index.frequencies[from + i]])).toEqual(postings);
        });
        expect(Array.from(index.gameIds)).toEqual(platforms.flatMap((p) => p.summaries.map((s) => s.id)));
        expect(Array.from(index.titleLengths)).toEqual(docs.map((d) => d.length));
        expect(Array.from(index.aliased)).toEqual(
          platforms.flatMap((p) => p.summaries.map((s) => (s.alternateTitles ? 1 : 0) | (s.pirateTitles ? 2 : 0))),
        );
        let start = 0;
        for (const p of platforms) {
          expect(index.platforms.get(p.slug)).toEqual([start, start + p.summaries.length]);
          start += p.summaries.length;
        }
        expect(index.averageLength).toBeCloseTo(docs.reduce((n, d) => n + d.length, 0) / Math.max(1, docs.length), 12);
      }),
      { numRuns: 150 },
    );
  });

  it("encodes the same games to the same bytes", () => {
    fc.assert(
      fc.property(corpus, (games) => {
        expect(encodeTitleIndex(platformsOf(games)).equals(encodeTitleIndex(platformsOf(games)))).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});

describe("runTitleQuery", () => {
  it("matches the games and gives the scores of a naive evaluation over a term map, in every platform and across all", () => {
    fc.assert(
      fc.property(corpus, query, fc.constantFrom(undefined, ...SLUGS), (games, q, slug) => {
        const platforms = platformsOf(games);
        const searcher = searcherOf(platforms);
        expectSameScores(matchesOf(searcher, q, slug), reference(docsOf(platforms), q, slug));
      }),
      { numRuns: 400 },
    );
  });

  it("gives the same answer to a query asked again after others (the arena and scratch arrays are reused)", () => {
    fc.assert(
      fc.property(corpus, fc.array(query, { minLength: 2, maxLength: 6 }), (games, queries) => {
        const platforms = platformsOf(games);
        const searcher = searcherOf(platforms);
        const first = queries.map((q) => matchesOf(searcher, q));
        for (const [i, q] of queries.entries()) expectSameScores(matchesOf(searcher, q), first[i] as Map<number, number>);
      }),
      { numRuns: 100 },
    );
  });

  // Prefixes depart from MiniSearch (capped IDF, best word per title; see the reference above), whole words do not.
  it("scores an OR or AND of whole words as MiniSearch does, for games of one prior each (MiniSearch scores times the boost)", () => {
    const words = fc.uniqueArray(fc.constantFrom(...WORDS, "ma", "st"), { minLength: 1, maxLength: 3 });
    const prefix = false;
    fc.assert(
      fc.property(fc.array(title, { minLength: 1, maxLength: 15 }), words, fc.boolean(), (titles, terms, and) => {
        // Words repeated in a title count once in the index's title length, and MiniSearch counts them each.
        fc.pre(titles.every((t) => new Set(titleWords(t)).size === titleWords(t).length));
        const platforms = platformsOf([titles.map((t) => ({ title: t, releaseCount: 1 }))]);
        const searcher = searcherOf(platforms);
        const mini = new MiniSearch<{ id: number; title: string }>({
          fields: ["title"],
          tokenize: titleWords,
          processTerm: (term) => term,
          searchOptions: { prefix, weights: { prefix: 0.8, fuzzy: 0 }, combineWith: and ? "AND" : "OR" },
        });
        mini.addAll((platforms[0]?.summaries ?? []).map((s) => ({ id: s.id, title: s.title })));
        const parts = terms.map((term): TitleQuery => ({ term, prefix }));
        const q: TitleQuery = and ? { all: parts } : { any: parts };
        const ours = matchesOf(searcher, q);
        // MiniSearch has no prior: each of its scores times the game's boost.
        const theirs = new Map(
          mini.search(terms.join(" ")).map((r) => [(r.id as number) - 100, r.score * (searcher.boosts[(r.id as number) - 100] as number)]),
        );
        expectSameScores(ours, theirs);
      }),
      { numRuns: 200 },
    );
  });
});
