/**
 * npm run bench:search — ludex's search beside the peers a user might pick instead: MiniSearch,
 * FlexSearch, Orama and SQLite FTS5, each indexing the same game titles (every game of the real
 * catalog build) in this process. Runs the same query sets through every engine in interleaved
 * rounds (the median round counts) and prints p50/p99 latency, queries/s, top-3 hit rate, index
 * build time and heap growth, the ratios of ludex to the fastest peer, and a verdict per set.
 *
 * Query sets: the search-quality set (tests/catalog/search/quality-set.json); typed prefixes (every
 * prefix from 3 letters up of 500 random titles, as a search box sends them); 2,000 random full
 * titles, half with a platform filter. Random picks use a fixed seed, so every run asks the same.
 *
 * Needs --expose-gc for the memory figures: the script re-runs itself with it when it is missing.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { create, insertMultiple, search as oramaSearch } from "@orama/orama";
import Database from "better-sqlite3";
import { Charset, Document } from "flexsearch";
import MiniSearch from "minisearch";
import { searchGames } from "../../src/catalog/search/search-games.ts";
import { type CatalogSnapshot, loadCatalogSnapshot } from "../../src/catalog/store/catalog-snapshot.ts";
import { projectRoot } from "../../src/config/config.ts";
import { percentile, realBuild } from "./bench-support.ts";
import { seededRandom } from "./search-query-sets.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LIMIT = 10;
const SEED = 13;
/** Longest one engine's run over one set may take per round before it is cut short (see main). */
const BUDGET_MS = Number(process.env.BENCH_BUDGET_SECONDS ?? 15) * 1000;

/** One indexed game, as the peers see it: its position in the title list is its id. */
interface TitleDoc {
  readonly id: number;
  readonly title: string;
  readonly system: string;
}

interface Hit {
  readonly title: string;
  readonly system: string;
}

interface BenchQuery {
  readonly q: string;
  /** Platform slug to filter on. */
  readonly system?: string;
  /** What a top-3 hit is; none for the typed prefixes. */
  readonly expect?: { readonly title: string; readonly system?: string };
}

interface QuerySet {
  readonly name: string;
  readonly queries: readonly BenchQuery[];
}

interface Engine {
  readonly name: string;
  /** How it was set up, printed under the table. */
  readonly setup: string;
  /** Index build, e.g. "1234 ms" or "prebuilt (load time 900 ms)". */
  readonly build: string;
  /** Heap growth from building (or loading) the index, after gc, in MB. */
  readonly heapMb: number;
  /** RSS growth over the same step, in MB (where native memory such as SQLite's shows). */
  readonly rssMb: number;
  search(query: string, system: string | undefined): readonly Hit[];
}

interface RoundResult {
  readonly p50: number;
  readonly p99: number;
  readonly qps: number;
}

interface Run extends RoundResult {
  /** Each query's time in ms, in the set's order. */
  readonly times: readonly number[];
  readonly done: number;
}

interface SetResult extends RoundResult {
  /** Share of the scored queries run with the expected title in the first 3 results; undefined when the set has none. */
  readonly hitRate: number | undefined;
  /** Fewest queries of the set run in a round (all of them unless the time budget cut the runs short). */
  readonly done: number;
}

const started = performance.now();

/** A progress line on stderr (the figures go to stdout). */
function progress(message: string): void {
  process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${message}\n`);
}

function collectGarbage(): void {
  const gc = globalThis.gc;
  if (!gc) throw new Error("run node with --expose-gc");
  gc();
  gc();
}

/** Heap used and RSS, in MB, after a full collection. */
function memory(): { heap: number; rss: number } {
  collectGarbage();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed / 2 ** 20, rss: usage.rss / 2 ** 20 };
}

/** Times `build` and the heap and RSS it leaves behind. */
function measureBuild<T>(build: () => T): { value: T; ms: number; heapMb: number; rssMb: number } {
  const before = memory();
  const started = performance.now();
  const value = build();
  const ms = performance.now() - started;
  const after = memory();
  progress(`built in ${ms.toFixed(0)} ms, heap +${(after.heap - before.heap).toFixed(0)} MB, RSS ${after.rss.toFixed(0)} MB`);
  return { value, ms, heapMb: after.heap - before.heap, rssMb: after.rss - before.rss };
}

function ludexEngine(buildDir: string): { engine: Engine; snapshot: CatalogSnapshot } {
  // The vocabulary and the summaries count too: a server builds them right after it starts listening.
  const {
    value: snapshot,
    ms,
    heapMb,
    rssMb,
  } = measureBuild(() => {
    const loaded = loadCatalogSnapshot(buildDir);
    const { searcher } = loaded.searchScope();
    void searcher.vocabulary; // built on first use
    for (const [start] of searcher.index.platforms.values()) searcher.load(start);
    return loaded;
  });
  return {
    snapshot,
    engine: {
      name: "ludex",
      setup: "searchGames over the build's indexes (snapshot.searchScope(system))",
      build: `prebuilt (load time ${ms.toFixed(0)} ms)`,
      heapMb,
      rssMb,
      search: (query, system) => searchGames(snapshot.searchScope(system), { query, limit: LIMIT }).results,
    },
  };
}

function miniSearchEngine(docs: readonly TitleDoc[]): Engine {
  const options = { prefix: true, fuzzy: 0.2 };
  const {
    value: index,
    ms,
    heapMb,
    rssMb,
  } = measureBuild(() => {
    const mini = new MiniSearch<TitleDoc>({ fields: ["title"], storeFields: ["title", "system"] });
    mini.addAll(docs);
    return mini;
  });
  return {
    name: "MiniSearch",
    setup: "minisearch, default index options (fields: title); search { prefix: true, fuzzy: 0.2 }, filter callback on system",
    build: `${ms.toFixed(0)} ms`,
    heapMb,
    rssMb,
    search(query, system) {
      const results = index.search(query, system === undefined ? options : { ...options, filter: (r) => r.system === system });
      return results.slice(0, LIMIT).map((r) => ({ title: r.title as string, system: r.system as string }));
    },
  };
}

function flexSearchEngine(docs: readonly TitleDoc[]): Engine {
  const {
    value: index,
    ms,
    heapMb,
    rssMb,
  } = measureBuild(() => {
    const flex = new Document<{ id: number; title: string; system: string }>({
      document: { id: "id", index: [{ field: "title", tokenize: "forward", encoder: Charset.LatinBalance }], tag: ["system"] },
    });
    for (const doc of docs) flex.add({ id: doc.id, title: doc.title, system: doc.system });
    return flex;
  });
  return {
    name: "FlexSearch",
    setup: 'flexsearch Document, title { tokenize: "forward", encoder: Charset.LatinBalance }, tag system; search { suggest: true, tag }',
    build: `${ms.toFixed(0)} ms`,
    heapMb,
    rssMb,
    search(query, system) {
      const fields = index.search({ query, limit: LIMIT, suggest: true, ...(system === undefined ? {} : { tag: { system } }) });
      const ids = (fields[0]?.result ?? []) as number[];
      return ids.map((id) => docs[id] as TitleDoc);
    },
  };
}

function oramaEngine(docs: readonly TitleDoc[]): Engine {
  const {
    value: db,
    ms,
    heapMb,
    rssMb,
  } = measureBuild(() => {
    const orama = create({ schema: { title: "string", system: "enum" } as const });
    const inserted = insertMultiple(
      orama,
      docs.map((d) => ({ title: d.title, system: d.system })),
    );
    if (inserted instanceof Promise) throw new Error("Orama inserted asynchronously; this bench expects its synchronous default");
    return orama;
  });
  return {
    name: "Orama",
    setup: "@orama/orama, schema { title: string, system: enum }, default tokenizer; search { tolerance: 1 }, where system eq",
    build: `${ms.toFixed(0)} ms`,
    heapMb,
    rssMb,
    search(query, system) {
      const results = oramaSearch(db, {
        term: query,
        properties: ["title"],
        tolerance: 1,
        limit: LIMIT,
        ...(system === undefined ? {} : { where: { system: { eq: system } } }),
      });
      if (results instanceof Promise) throw new Error("Orama searched asynchronously; this bench expects its synchronous default");
      return results.hits.map((h) => ({ title: h.document.title as string, system: h.document.system as string }));
    },
  };
}

/** Each word quoted (so punctuation cannot break the query syntax), the last one a prefix: what a search box sends. */
function ftsQuery(query: string): string | undefined {
  const words = query.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  if (words.length === 0) return undefined;
  return words.map((w, i) => `"${w}"${i === words.length - 1 ? "*" : ""}`).join(" ");
}

function sqliteEngine(docs: readonly TitleDoc[]): Engine & { close(): void; dbMb: number } {
  const {
    value: db,
    ms,
    heapMb,
    rssMb,
  } = measureBuild(() => {
    const sqlite = new Database(":memory:");
    sqlite.exec(
      "CREATE VIRTUAL TABLE games USING fts5(title, system UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')",
    );
    const insert = sqlite.prepare("INSERT INTO games (rowid, title, system) VALUES (?, ?, ?)");
    sqlite.transaction(() => {
      for (const doc of docs) insert.run(doc.id, doc.title, doc.system);
    })();
    return sqlite;
  });
  const all = db.prepare<[string], Hit>(`SELECT title, system FROM games WHERE games MATCH ? ORDER BY rank LIMIT ${LIMIT}`);
  const filtered = db.prepare<[string, string], Hit>(
    `SELECT title, system FROM games WHERE games MATCH ? AND system = ? ORDER BY rank LIMIT ${LIMIT}`,
  );
  const pages = (db.pragma("page_count", { simple: true }) as number) * (db.pragma("page_size", { simple: true }) as number);
  return {
    name: "SQLite FTS5",
    setup:
      "better-sqlite3 in-memory, fts5(title, system UNINDEXED, unicode61 remove_diacritics 2, prefix '2 3'); words ANDed, last one a prefix; ORDER BY rank (bm25); AND system = ?",
    build: `${ms.toFixed(0)} ms`,
    heapMb,
    rssMb,
    dbMb: pages / 2 ** 20,
    search(query, system) {
      const match = ftsQuery(query);
      if (match === undefined) return [];
      return system === undefined ? all.all(match) : filtered.all(match, system);
    },
    close: () => db.close(),
  };
}

function sameTitle(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function topThreeHit(hits: readonly Hit[], expect: NonNullable<BenchQuery["expect"]>): boolean {
  return hits.slice(0, 3).some((h) => sameTitle(h.title, expect.title) && (expect.system === undefined || h.system === expect.system));
}

/**
 * Runs `set` through `engine` in order until the set ends or `budgetMs` has passed; records the
 * top-3 hit of each scored query it runs (outside the timed call) into `hits`. Queries/s is the
 * number run over the time spent inside the engine's search calls.
 */
function runSet(engine: Engine, set: QuerySet, hits: (boolean | undefined)[], budgetMs: number): Run {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < set.queries.length && performance.now() - started < budgetMs; i++) {
    const q = set.queries[i] as BenchQuery;
    const t = performance.now();
    const results = engine.search(q.q, q.system);
    const took = performance.now() - t;
    times.push(took);
    if (q.expect && hits[i] === undefined) hits[i] = topThreeHit(results, q.expect);
  }
  return { times, ...summarize(times) };
}

/** Latency percentiles and queries/s of one run's query times (ms). */
function summarize(times: readonly number[]): RoundResult & { done: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const spent = times.reduce((sum, t) => sum + t, 0);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), qps: (times.length / spent) * 1000, done: times.length };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function querySets(snapshot: CatalogSnapshot, docs: readonly TitleDoc[]): QuerySet[] {
  interface QualityQuery {
    q: string;
    system?: string;
    expect: { title: string; system?: string };
  }
  const quality = (
    JSON.parse(readFileSync(path.join(projectRoot, "tests", "catalog", "search", "quality-set.json"), "utf8")) as {
      queries: QualityQuery[];
    }
  ).queries.map((q): BenchQuery => {
    const system = q.system === undefined ? undefined : snapshot.platform(q.system)?.id;
    if (q.system !== undefined && system === undefined) throw new Error(`quality set: unknown system ${q.system}`);
    return { q: q.q, ...(system === undefined ? {} : { system }), expect: q.expect };
  });
  const random = seededRandom(SEED);
  const pick = (): TitleDoc => docs[Math.floor(random() * docs.length)] as TitleDoc;
  const prefixes: BenchQuery[] = [];
  for (let i = 0; i < 500; i++) {
    const { title } = pick();
    for (let length = 3; length <= title.length; length++) prefixes.push({ q: title.slice(0, length) });
  }
  const titles = Array.from({ length: 2000 }, (_, i): BenchQuery => {
    const game = pick();
    return { q: game.title, ...(i % 2 === 0 ? { system: game.system } : {}), expect: { title: game.title } };
  });
  return [
    { name: `quality set (${quality.length})`, queries: quality },
    { name: `typed prefixes (${prefixes.length} from 500 titles)`, queries: prefixes },
    { name: `full titles (${titles.length}, half filtered)`, queries: titles },
  ];
}

async function main(): Promise<void> {
  const buildDir = realBuild();
  const { engine: ludex, snapshot } = ludexEngine(buildDir);
  const docs: TitleDoc[] = [];
  for (const slug of snapshot.platformSlugs)
    for (const game of snapshot.listing(slug) ?? []) docs.push({ id: docs.length, title: game.title, system: game.system });
  const sets = querySets(snapshot, docs);

  const sqlite = sqliteEngine(docs);
  const peers: Engine[] = [miniSearchEngine(docs), flexSearchEngine(docs), oramaEngine(docs), sqlite];
  const engines: Engine[] = [ludex, ...peers];

  // A warm-up pass over the quality set, then interleaved rounds: each round runs every engine over
  // a set in turn, starting with a different engine each round, so drift on this shared machine
  // falls on all of them alike. A run stops after BENCH_BUDGET_SECONDS (some peers take seconds for
  // one long title, and ludex's typed prefixes alone took minutes a round on a loaded machine). A cut
  // run covers the leading queries of the set, the same every round (the random sets are in random
  // order), and two engines are compared over the leading queries both ran.
  const key = (engine: Engine, set: QuerySet): string => `${engine.name}\n${set.name}`;
  const hits = new Map<string, (boolean | undefined)[]>();
  const hitsOf = (engine: Engine, set: QuerySet): (boolean | undefined)[] => {
    const list = hits.get(key(engine, set)) ?? [];
    hits.set(key(engine, set), list);
    return list;
  };
  for (const engine of engines) runSet(engine, sets[0] as QuerySet, hitsOf(engine, sets[0] as QuerySet), BUDGET_MS);
  progress("warm-up done");
  const rounds = new Map<string, Run[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const set of sets) {
      for (let k = 0; k < engines.length; k++) {
        const engine = engines[(round + k) % engines.length] as Engine;
        const run = runSet(engine, set, hitsOf(engine, set), BUDGET_MS);
        const list = rounds.get(key(engine, set)) ?? [];
        list.push(run);
        rounds.set(key(engine, set), list);
        progress(`round ${round + 1}, ${set.name}, ${engine.name}: ${run.done} queries, ${run.qps.toFixed(0)} queries/s`);
      }
    }
  }
  /** Medians over the rounds, over the leading queries every round ran (at most `first`). */
  const result = (engine: Engine, set: QuerySet, first?: number): SetResult => {
    const all = rounds.get(key(engine, set)) ?? [];
    // Every round over the same queries: the leading ones the shortest run reached.
    const done = Math.min(first ?? Number.POSITIVE_INFINITY, ...all.map((r) => r.done));
    const runs = all.map((r) => summarize(r.times.slice(0, done)));
    const scored = hitsOf(engine, set)
      .slice(0, done)
      .filter((h) => h !== undefined);
    return {
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      qps: median(runs.map((r) => r.qps)),
      hitRate: scored.length === 0 ? undefined : scored.filter((h) => h).length / scored.length,
      done,
    };
  };

  const pct = (rate: number | undefined): string => (rate === undefined ? "—" : `${(rate * 100).toFixed(1)}%`);
  console.log(
    `catalog: ${docs.length} games indexed by every engine; ${ROUNDS} interleaved rounds, medians; top ${LIMIT} results asked; each engine's run over a set cut at ${BUDGET_MS / 1000} s`,
  );
  console.log("");
  console.log(`${"engine".padEnd(12)} ${"index build".padEnd(30)} ${"heap MB".padStart(8)} ${"RSS MB".padStart(8)}`);
  for (const engine of engines)
    console.log(
      `${engine.name.padEnd(12)} ${engine.build.padEnd(30)} ${engine.heapMb.toFixed(0).padStart(8)} ${engine.rssMb.toFixed(0).padStart(8)}`,
    );
  console.log(
    `(SQLite's index lives outside the JS heap: ${sqlite.dbMb.toFixed(0)} MB of database pages; ludex's heap figure is the whole snapshot load)`,
  );
  for (const set of sets) {
    console.log("");
    console.log(`${set.name}`);
    console.log(
      `  ${"engine".padEnd(12)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"queries/s".padStart(10)} ${"top-3".padStart(7)}`,
    );
    for (const engine of engines) {
      const r = result(engine, set);
      console.log(
        `  ${engine.name.padEnd(12)} ${r.p50.toFixed(3).padStart(8)} ${r.p99.toFixed(3).padStart(8)} ${r.qps.toFixed(0).padStart(10)} ${pct(r.hitRate).padStart(7)}${r.done < set.queries.length ? `  (first ${r.done} of ${set.queries.length} queries within the time budget)` : ""}`,
      );
    }
  }
  console.log("");
  for (const engine of engines) console.log(`${engine.name}: ${engine.setup}`);
  console.log("");
  for (const set of sets) {
    const fastest = peers.reduce((best, peer) => (result(peer, set).qps > result(best, set).qps ? peer : best));
    const peer = result(fastest, set);
    // Both over the leading queries both ran (all of them unless a run was cut short).
    const common = (p: SetResult): number | undefined => {
      const n = Math.min(p.done, result(ludex, set).done);
      return n < set.queries.length ? n : undefined;
    };
    const own = result(ludex, set, common(peer));
    const theirs = result(fastest, set, common(peer));
    const fastEnough = own.qps >= theirs.qps && own.p99 <= theirs.p99;
    const goodEnough = own.hitRate === undefined || theirs.hitRate === undefined || own.hitRate >= theirs.hitRate;
    console.log(
      `${set.name}: ludex/${fastest.name} queries/s ${(own.qps / theirs.qps).toFixed(2)}x, p99 ${(own.p99 / theirs.p99).toFixed(2)}x, top-3 ${pct(own.hitRate)} vs ${pct(theirs.hitRate)}${common(peer) === undefined ? "" : ` (over the first ${common(peer)} queries)`}`,
    );
    if (own.hitRate !== undefined) {
      const line = peers.flatMap((p) => {
        const n = common(result(p, set));
        const mine = result(ludex, set, n);
        const other = result(p, set, n);
        return (other.hitRate ?? 0) >= (mine.hitRate ?? 0) ? [`${p.name}: ludex queries/s ${(mine.qps / other.qps).toFixed(2)}x`] : [];
      });
      console.log(`  peers at ludex's top-3 rate or better: ${line.length === 0 ? "none" : line.join(", ")}`);
    }
    console.log(
      `${fastEnough && goodEnough ? "ok  " : "FAIL"} ${set.name}: ludex at least as fast as the fastest peer (${fastest.name}: queries/s >=, p99 <=) at equal or better top-3 hit rate`,
    );
  }
  sqlite.close();
  snapshot.close();
}

if (typeof globalThis.gc === "function") {
  await main();
} else {
  const script = fileURLToPath(import.meta.url);
  const run = spawnSync(
    process.execPath,
    ["--expose-gc", "--max-old-space-size=2048", ...process.execArgv, script, ...process.argv.slice(2)],
    { stdio: "inherit" },
  );
  process.exitCode = run.status ?? 1;
}
