/**
 * npm run bench:http — serves the full libretro catalog as users run it (`ludex serve`, default
 * logging, log lines to a file) and, in the same run, a bare node:http baseline replaying the same
 * responses (headers and body bytes) from memory, and the same server logging at `warn` only;
 * loads them in alternating rounds with autocannon and prints requests/s, p50/p99 and ratios:
 * id lookups on a hot set (also with Accept-Encoding: br, as most clients send it) and over the
 * whole catalog, cached searches, and searches too varied for the answer cache. The logging cost is
 * also measured inside one server with its request lines switched on and off (switchedRound), and
 * in process. Also times search in-process over the quality set and over typed prefixes, and prints
 * the server's time to ready and RSS.
 */
import { randomUUID } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { searchGames } from "../../src/catalog/search/search-games.ts";
import { loadCatalogSnapshot } from "../../src/catalog/store/catalog-snapshot.ts";
import { projectRoot } from "../../src/config/config.ts";
import { createBatchedWriter } from "../../src/core/batched-writer.ts";
import { createPinoLog, type FlushableLog, type RequestLine } from "../../src/core/logger.ts";
import {
  cpuMicros,
  load,
  middle,
  ludexNodeFlags,
  pairedLine,
  pairedRounds,
  serveLudex,
  percentile,
  prepareRealCatalog,
  realBuild,
  record,
  rssMb,
  startProcess,
  stop,
  switchedRound,
  type LoadResult,
} from "./bench-support.ts";
import { type BenchQuery, qualityQueries, seededRandom, typedPrefixQueries } from "./search-query-sets.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const PAIRED_ROUNDS = Number(process.env.BENCH_PAIRED_ROUNDS ?? 7);
const READY_STARTS = 5;

/** In-process search: the quality set, and every prefix from 3 letters of 500 titles, as a search box sends them while someone types (half of them within the title's platform). */
async function inProcessSearch(buildDir: string): Promise<{ quality: Timings; prefixes: Timings }> {
  const snapshot = loadCatalogSnapshot(buildDir);
  // As a server does once it listens: the search summaries, otherwise parsed on first use.
  await snapshot.preload();
  const queries = qualityQueries(snapshot);
  const typed = typedPrefixQueries(snapshot);
  const timeSearches = (set: readonly BenchQuery[], rounds: number): Timings => {
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const q of set) {
        const t = performance.now();
        searchGames(snapshot.searchScope(q.system), { query: q.q, limit: 10 });
        times.push(performance.now() - t);
      }
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), runs: times.length };
  };
  timeSearches(queries, 2);
  const quality = timeSearches(queries, 20);
  const prefixes = timeSearches(typed, 2);
  snapshot.close();
  return { quality, prefixes };
}

interface Timings {
  readonly p50: number;
  readonly p99: number;
  readonly runs: number;
}

function inProcessLines({ quality, prefixes }: { quality: Timings; prefixes: Timings }): string[] {
  return [
    `in-process search, quality set (${quality.runs} runs): p50 ${quality.p50.toFixed(3)} ms, p99 ${quality.p99.toFixed(3)} ms`,
    `in-process search, typed prefixes (${prefixes.runs} runs): p50 ${prefixes.p50.toFixed(3)} ms, p99 ${prefixes.p99.toFixed(3)} ms`,
  ];
}

/**
 * The request sets, as paths; the snapshot they come from is closed and dropped. 2,000 hot ids;
 * 20,000 distinct ids over the whole catalog (far more than the record cache holds); the quality
 * queries plus 200 real titles (cached after the first time); 20,000 distinct real titles, half
 * within their platform, with varied limits (never cached twice).
 */
function requestSets(buildDir: string): {
  games: number;
  hotIds: string[];
  brIds: string[];
  wholeIds: string[];
  searchPaths: string[];
  coldPaths: string[];
} {
  const snapshot = loadCatalogSnapshot(buildDir);
  const queries = qualityQueries(snapshot);
  const random = seededRandom(13);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const all = snapshot.platformSlugs.flatMap((slug) => snapshot.listing(slug) ?? []);
  const titled = all.filter((g) => g.title.length <= 120);
  const hotIds = Array.from({ length: 2000 }, () => `/api/v1/games/?id=${pick(all).id}`);
  // The same hot ids as most clients ask for them, with Accept-Encoding: br (the marker parameter,
  // which the server ignores, keeps the baseline's recorded brotli answers apart).
  const brIds = hotIds.map((p) => `${p}&encoding=br`);
  const shuffled = [...all].sort(() => random() - 0.5);
  const wholeIds = shuffled.slice(0, 20_000).map((g) => `/api/v1/games/?id=${g.id}`);
  const searchPaths = [
    ...queries,
    ...Array.from({ length: 200 }, () => {
      const game = pick(titled);
      return { q: game.title, system: random() < 0.5 ? game.system : undefined };
    }),
  ].map((q) => `/api/v1/agent/games/?q=${encodeURIComponent(q.q)}${q.system ? `&system=${encodeURIComponent(q.system)}` : ""}`);
  const coldPaths = Array.from({ length: 20_000 }, () => {
    const game = pick(titled);
    const system = random() < 0.5 ? `&system=${encodeURIComponent(game.system)}` : "";
    return `/api/v1/agent/games/?q=${encodeURIComponent(game.title)}${system}&limit=${1 + Math.floor(random() * 30)}`;
  });
  snapshot.close();
  return { games: all.length, hotIds, brIds, wholeIds, searchPaths, coldPaths };
}

/**
 * What the request log adds to one request, in µs: `Log.request` at the default level, each line
 * its own (request id, duration, bytes), formatted and written in 64 KiB batches to a file opened
 * for appending as the server's standard output is, minus the same calls at `warn` (which drops
 * them). The lines are made beforehand, as a server makes their fields either way.
 */
function requestLogMicros(dir: string): number {
  const file = path.join(dir, "request-log-bench.log");
  const fd = openSync(file, "a");
  try {
    const writer = createBatchedWriter(fd, { batchBytes: 65_536, batchMs: 200 });
    const lines: RequestLine[] = Array.from({ length: 8192 }, (_, i) => ({
      requestId: randomUUID(),
      method: "GET",
      route: "/api/v1/games/",
      status: 200,
      durationMs: (i % 997) / 100,
      bytes: 900 + (i % 3001),
      aborted: false,
    }));
    const time = (log: FlushableLog): number => {
      const n = 200_000;
      const started = performance.now();
      for (let i = 0; i < n; i++) log.request(lines[i & 8191] as RequestLine);
      writer.flushSync();
      return ((performance.now() - started) * 1000) / n;
    };
    const info = createPinoLog("info", writer);
    const warn = createPinoLog("warn", writer);
    const differences: number[] = [];
    for (let round = 0; round < 5; round++) differences.push(time(info) - time(warn));
    return middle(differences);
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
}

async function main(): Promise<void> {
  // `--in-process`: only the in-process search timings, on the test fixture's build when there is one.
  if (process.argv.includes("--in-process")) {
    const timings = await inProcessSearch(realBuild());
    for (const line of inProcessLines(timings)) console.log(line);
    console.log(`${timings.quality.p99 <= 1 ? "ok  " : "FAIL"} in-process search p99 <= 1 ms (quality set)`);
    console.log(`${timings.prefixes.p99 <= 1 ? "ok  " : "FAIL"} in-process search p99 <= 1 ms (typed prefixes)`);
    return;
  }
  const { buildDir } = prepareRealCatalog();
  const timings = await inProcessSearch(buildDir);
  const { quality, prefixes } = timings;
  // The load generator holds only the request paths while it loads the servers: a catalog
  // snapshot alive in its heap, as this bench used to run, slowed it (see bench-match.ts).
  const { games, hotIds, brIds, wholeIds, searchPaths, coldPaths } = requestSets(buildDir);
  const acceptBr = { "accept-encoding": "gzip, deflate, br" };

  const benchDir = path.join(projectRoot, ".ludex", "bench");
  mkdirSync(benchDir, { recursive: true });
  const logFile = path.join(benchDir, "server.log");
  rmSync(logFile, { force: true });
  const port = 4600 + Math.floor(Math.random() * 200);
  const env = { LUDEX_BUILD_DIR: buildDir, HOST: "127.0.0.1", ...(process.env.BENCH_NO_FLAGS ? { LUDEX_REEXEC: "1" } : {}) };
  // The configuration users run: the default log level (one line per request), lines to a file.
  const { child: server, readyMs, origin } = await serveLudex(port, env, logFile);
  const rssReady = rssMb(server.pid ?? 0);
  const { child: quiet, origin: quietOrigin } = await serveLudex(
    port + 2,
    { ...env, LUDEX_LOG_LEVEL: "warn" },
    path.join(benchDir, "server-warn.log"),
  );
  // A second warn-level server: beside the first, it shows how far two processes running the same
  // code differ between rounds, the floor of what the info-against-warn ratio can tell.
  const { child: twin, origin: twinOrigin } = await serveLudex(
    port + 3,
    { ...env, LUDEX_LOG_LEVEL: "warn" },
    path.join(benchDir, "server-warn-twin.log"),
  );

  const opts = { seconds: SECONDS, connections: CONNECTIONS };
  for (const o of [origin, quietOrigin, twinOrigin]) await load(o, hotIds, { ...opts, seconds: 2 });
  // The request log's cost end to end, inside one process at the default level whose request lines
  // are switched off and on between loads (switchedRound): two processes running the same code
  // differ by more than the log costs (the twin below shows how far).
  const switchedLog = path.join(benchDir, "server-switched.log");
  rmSync(switchedLog, { force: true });
  const switched = await startProcess(
    [...ludexNodeFlags(), path.join(projectRoot, "scripts", "bench", "log-switch-server.ts")],
    { ...env, PORT: String(port + 4) },
    `http://127.0.0.1:${port + 4}/api/health/`,
    switchedLog,
  );
  const switchedServer = { child: switched.child, origin: `http://127.0.0.1:${port + 4}`, linesOn: true, logFile: switchedLog };
  await load(switchedServer.origin, hotIds, { ...opts, seconds: 2 });
  const logRounds = pairedRounds();
  for (let round = 0; round < PAIRED_ROUNDS * 2; round++)
    await switchedRound(switchedServer, hotIds, { ...opts, seconds: 4 }, round, logRounds);
  await stop(switched.child);

  const responsesFile = path.join(benchDir, "baseline-responses.json");
  writeFileSync(
    responsesFile,
    JSON.stringify({
      ...(await record(origin, [...hotIds, ...wholeIds, ...searchPaths])),
      ...(await record(origin, brIds, { acceptEncoding: acceptBr["accept-encoding"] })),
    }),
  );
  const baseOrigin = `http://127.0.0.1:${port + 1}`;
  const { child: baseline } = await startProcess(
    [path.join(projectRoot, "scripts", "bench", "baseline-server.ts"), responsesFile, String(port + 1)],
    {},
    `${baseOrigin}${hotIds[0]}`,
  );

  // Every server stays up and they are loaded in alternation, and the median round counts: on this
  // shared 2-core machine, back-to-back single runs drifted by ±30%.
  await load(baseOrigin, hotIds, { ...opts, seconds: 2 });
  const kinds = [
    "ids",
    "quietIds",
    "twinIds",
    "baseIds",
    "brIds",
    "baseBrIds",
    "wholeIds",
    "baseWholeIds",
    "search",
    "baseSearch",
    "cold",
  ] as const;
  const runs = Object.fromEntries(kinds.map((k) => [k, [] as LoadResult[]])) as Record<(typeof kinds)[number], LoadResult[]>;
  let rssLoaded = 0;
  // Server CPU time per hot-id request at the default log level, each round.
  const idsCpu: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const cpuBefore = cpuMicros(server.pid ?? 0);
    const ids = await load(origin, hotIds, opts);
    idsCpu.push((cpuMicros(server.pid ?? 0) - cpuBefore) / ids.requests);
    runs.ids.push(ids);
    runs.quietIds.push(await load(quietOrigin, hotIds, opts));
    runs.twinIds.push(await load(twinOrigin, hotIds, opts));
    runs.baseIds.push(await load(baseOrigin, hotIds, opts));
    runs.brIds.push(await load(origin, brIds, { ...opts, headers: acceptBr }));
    runs.baseBrIds.push(await load(baseOrigin, brIds, { ...opts, headers: acceptBr }));
    runs.wholeIds.push(await load(origin, wholeIds, opts));
    runs.baseWholeIds.push(await load(baseOrigin, wholeIds, opts));
    runs.search.push(await load(origin, searchPaths, opts));
    runs.baseSearch.push(await load(baseOrigin, searchPaths, opts));
    // A new pool slice each round: none of these was asked before, so none is cached.
    const slice = coldPaths.slice((round * coldPaths.length) / ROUNDS, ((round + 1) * coldPaths.length) / ROUNDS);
    runs.cold.push(await load(origin, slice, opts));
    rssLoaded = Math.max(rssLoaded, rssMb(server.pid ?? 0));
  }
  const logBytes = statSync(logFile).size;
  await stop(server);
  await stop(quiet);
  await stop(twin);
  await stop(baseline);
  // Counted in the bytes: the log outgrows the longest string V8 makes (512 MiB).
  const log = readFileSync(logFile);
  let logLines = 0;
  for (let at = log.indexOf('"msg":"request"'); at !== -1; at = log.indexOf('"msg":"request"', at + 1)) logLines++;

  const logMicros = requestLogMicros(benchDir);
  // Time to ready again, once the runs are over, beside the first start's (which the verdict
  // reads): the samples show how far the machine's state moves it.
  const readySamples: number[] = [];
  for (let start = 0; start < READY_STARTS; start++) {
    const again = await serveLudex(port + 5, env, path.join(benchDir, "server-starts.log"));
    readySamples.push(again.readyMs);
    await stop(again.child);
  }
  const readyMedian = middle(readySamples);

  const median = (list: LoadResult[]): LoadResult => [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)] as LoadResult;
  const m = Object.fromEntries(kinds.map((k) => [k, median(runs[k])])) as Record<(typeof kinds)[number], LoadResult>;
  const row = (label: string, r: LoadResult, base?: LoadResult): string =>
    `${label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  errors ${r.errors + r.non2xx}${base ? `  ratio ${(r.rps / base.rps).toFixed(2)}x` : ""}`;
  console.log(
    `catalog: ${games} games; autocannon ${CONNECTIONS} connections, ${SECONDS} s per run, median of ${ROUNDS} alternating rounds`,
  );
  console.log(row("baseline, hot ids", m.baseIds));
  console.log(row("ludex (warn log), hot ids", m.quietIds, m.baseIds));
  console.log(row("ludex, hot ids", m.ids, m.baseIds));
  console.log(row("baseline, hot ids, br", m.baseBrIds));
  console.log(row("ludex, hot ids, br", m.brIds, m.baseBrIds));
  console.log(row("baseline, whole-catalog ids", m.baseWholeIds));
  console.log(row("ludex, whole-catalog ids", m.wholeIds, m.baseWholeIds));
  console.log(row("baseline, searches", m.baseSearch));
  console.log(row("ludex, cached searches", m.search, m.baseSearch));
  console.log(row("ludex, uncached searches (20k pool)", m.cold, m.search));
  console.log(`request log: ${logLines} lines, ${(logBytes / 1e6).toFixed(1)} MB in ${path.relative(projectRoot, logFile)}`);
  console.log(`logging cost on hot ids: ${((1 - m.ids.rps / m.quietIds.rps) * 100).toFixed(1)}% (info against warn, alternating rounds)`);
  const twinRatios = runs.twinIds.map((r, k) => r.rps / (runs.quietIds[k]?.rps ?? Number.NaN));
  console.log(
    `  floor: a second warn-level server / the first, per round: ${twinRatios.map((r) => r.toFixed(3)).join(", ")} (median ${(m.twinIds.rps / m.quietIds.rps).toFixed(3)})`,
  );
  console.log(
    `logging, in one process: lines on / off ${pairedLine(logRounds)}; medians of ${logRounds.cpu.length} rounds, each loading both states`,
  );
  const logCost = middle(logRounds.cpu) - 1;
  console.log(
    `  logging cost: ${(100 * logCost).toFixed(1)}% more server CPU per hot-id request with request lines (${middle(logRounds.firstMicros).toFixed(1)} µs without)`,
  );
  const idsMicros = middle(idsCpu);
  const logShare = logMicros / idsMicros;
  console.log(
    `request log, in process: ${logMicros.toFixed(2)} µs a request (each line formatted and written in batches to a file; info minus warn) = ${(100 * logShare).toFixed(1)}% of the ${idsMicros.toFixed(1)} µs of server CPU a hot-id request used`,
  );
  for (const line of inProcessLines(timings)) console.log(line);
  console.log(
    `server: ready in ${readyMs.toFixed(0)} ms (first start); after the runs, median of ${READY_STARTS} starts ${readyMedian.toFixed(0)} ms (${readySamples.map((ms) => ms.toFixed(0)).join(", ")}); RSS ${rssReady.toFixed(0)} MB at ready, ${rssLoaded.toFixed(0)} MB at most during the runs`,
  );
  const errors = kinds.reduce((n, k) => n + m[k].errors + m[k].non2xx, 0);
  const verdicts = [
    // End to end, in one process with its lines on and off: the per-process spread (the twin's
    // floor above) is larger than the log's cost, and the in-process figure sees only the log's own work.
    [`request logging costs <= 5% of hot id lookups (server CPU per request, lines on / off in one process)`, logCost <= 0.05],
    [`hot id lookups >= 0.9x baseline`, m.ids.rps >= 0.9 * m.baseIds.rps],
    [`hot id lookups with Accept-Encoding: br >= 0.9x baseline`, m.brIds.rps >= 0.9 * m.baseBrIds.rps],
    [`whole-catalog id lookups >= 0.9x baseline`, m.wholeIds.rps >= 0.9 * m.baseWholeIds.rps],
    [`uncached searches >= 0.2x cached searches`, m.cold.rps >= 0.2 * m.search.rps],
    [`in-process search p99 <= 1 ms (quality set)`, quality.p99 <= 1],
    [`in-process search p99 <= 1 ms (typed prefixes)`, prefixes.p99 <= 1],
    [`ready <= 1 s (first start)`, readyMs <= 1000],
    [`RSS <= 300 MB at ready`, rssReady <= 300],
    [`RSS <= 450 MB after the runs`, rssLoaded <= 450],
    [`no errors`, errors === 0],
  ] as const;
  for (const [name, ok] of verdicts) console.log(`${ok ? "ok  " : "FAIL"} ${name}`);
}

await main();
