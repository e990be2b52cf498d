/**
 * npm run bench:http — serves the full libretro catalog and, in the same run, a bare node:http
 * baseline replaying the same responses (headers and body bytes) from memory; loads both with autocannon (random real ids,
 * random real-title searches) and prints requests/s, p50/p99 latency, the ratio to the baseline,
 * server RSS and time from start to ready. Also times search in-process over the quality set and
 * over typed prefixes (every prefix from 3 letters of 500 real titles, half within their platform).
 * `--in-process` runs only the in-process part, on the test fixture's build when there is one.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { readFileSync } from "node:fs";
import { searchGames } from "../../src/catalog/search/search-games.ts";
import { type CatalogSnapshot, loadCatalogSnapshot } from "../../src/catalog/store/catalog-snapshot.ts";
import { projectRoot } from "../../src/config/config.ts";
import { load, percentile, prepareRealCatalog, realBuild, rssMb, startProcess, stop, type LoadResult } from "./bench-support.ts";
import { type BenchQuery, qualityQueries, typedPrefixQueries } from "./search-query-sets.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

interface QualityQuery {
  q: string;
  system?: string;
}

interface InProcessTimes {
  readonly runs: number;
  readonly p50: number;
  readonly p99: number;
}

/**
 * Times searchGames on `queries`, `rounds` times over, as a search box calls it (limit 10); the
 * first round warms up and is not counted. Percentiles of wall time per search.
 */
function timeSearches(snapshot: CatalogSnapshot, queries: readonly BenchQuery[], rounds: number): InProcessTimes {
  const times: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    for (const q of queries) {
      const t = performance.now();
      searchGames(snapshot.searchScope(q.system), { query: q.q, limit: 10 });
      if (round > 0) times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  return { runs: times.length, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/** In-process search latency over the quality set and the typed prefixes, with the 1 ms verdicts; true when both hold. */
function inProcessSearch(snapshot: CatalogSnapshot): { lines: string[]; ok: boolean } {
  const quality = timeSearches(snapshot, qualityQueries(snapshot), 20);
  const prefixes = timeSearches(snapshot, typedPrefixQueries(snapshot), 2);
  const line = (label: string, t: InProcessTimes): string =>
    `in-process search (${label}, ${t.runs} runs): p50 ${t.p50.toFixed(3)} ms, p99 ${t.p99.toFixed(3)} ms`;
  const verdict = (label: string, t: InProcessTimes): string => `${t.p99 <= 1 ? "ok  " : "FAIL"} in-process p99 <= 1 ms (${label})`;
  return {
    lines: [
      line("quality set", quality),
      line("typed prefixes", prefixes),
      verdict("quality set", quality),
      verdict("typed prefixes", prefixes),
    ],
    ok: quality.p99 <= 1 && prefixes.p99 <= 1,
  };
}

async function main(): Promise<void> {
  if (process.argv.includes("--in-process")) {
    const snapshot = loadCatalogSnapshot(realBuild());
    for (const line of inProcessSearch(snapshot).lines) console.log(line);
    snapshot.close();
    return;
  }
  const { buildDir } = prepareRealCatalog();
  const snapshot = loadCatalogSnapshot(buildDir);
  const queries = (
    JSON.parse(readFileSync(path.join(projectRoot, "tests", "catalog", "search", "quality-set.json"), "utf8")) as {
      queries: QualityQuery[];
    }
  ).queries;

  const inProcess = inProcessSearch(snapshot);

  // Request sets: 2,000 random real ids, and the quality queries plus random real titles.
  const all = snapshot.platformSlugs.flatMap((slug) => snapshot.listing(slug) ?? []);
  const titled = all.filter((g) => g.title.length <= 120);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
  const idPaths = Array.from({ length: 2000 }, () => `/api/v1/games/?id=${pick(all).id}`);
  const titleQueries = [
    ...queries.map((q) => ({ q: q.q, system: q.system })),
    ...Array.from({ length: 200 }, () => {
      const game = pick(titled);
      return { q: game.title, system: Math.random() < 0.5 ? game.system : undefined };
    }),
  ];
  // A pool too large for the response cache to hold, to show the cost of computed searches;
  // half of them within the game's platform, as the in-process typed prefixes.
  const coldPaths = Array.from({ length: 20_000 }, () => {
    const game = pick(titled);
    const system = Math.random() < 0.5 ? `&system=${encodeURIComponent(game.system)}` : "";
    return `/api/v1/agent/games/?q=${encodeURIComponent(game.title)}&limit=${1 + Math.floor(Math.random() * 30)}${system}`;
  });
  const searchPaths = titleQueries.map(
    (q) => `/api/v1/agent/games/?q=${encodeURIComponent(q.q)}${q.system ? `&system=${encodeURIComponent(q.system)}` : ""}`,
  );
  snapshot.close();

  const port = 4600 + Math.floor(Math.random() * 200);
  const origin = `http://127.0.0.1:${port}`;
  const { child: server, readyMs } = await startProcess(
    [path.join(projectRoot, "scripts", "ludex.js"), "serve"],
    {
      LUDEX_BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LUDEX_LOG_LEVEL: "warn",
      ...(process.env.BENCH_NO_FLAGS ? { LUDEX_REEXEC: "1" } : {}),
    },
    `${origin}/api/health/`,
  );
  const rssReady = rssMb(server.pid ?? 0);

  // The exact responses the server gives for every path, for the baseline to replay. Headers
  // Node writes itself (date, connection, keep-alive) are left to the baseline's Node too.
  const recorded: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const p of [...new Set([...idPaths, ...searchPaths])]) {
    const res = await fetch(`${origin}${p}`, { headers: { "accept-encoding": "identity" } });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (!["date", "connection", "keep-alive", "transfer-encoding"].includes(name)) headers[name] = value;
    });
    recorded[p] = { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()).toString("base64") };
  }
  const responsesFile = path.join(projectRoot, ".ludex", "bench", "baseline-responses.json");
  writeFileSync(responsesFile, JSON.stringify(recorded));

  const basePort = port + 1;
  const baseOrigin = `http://127.0.0.1:${basePort}`;
  const { child: baseline } = await startProcess(
    [path.join(projectRoot, "scripts", "bench", "baseline-server.ts"), responsesFile, String(basePort)],
    {},
    `${baseOrigin}${idPaths[0]}`,
  );

  // Both servers stay up and are loaded in alternation, three rounds each, and the median round
  // counts: on this shared 2-core machine, back-to-back single runs drifted by ±30%.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const median = (runs: LoadResult[]): LoadResult => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)] as LoadResult;
  const opts = { seconds: SECONDS, connections: CONNECTIONS };
  await load(origin, idPaths, { ...opts, seconds: 2 });
  await load(baseOrigin, idPaths, { ...opts, seconds: 2 });
  const runs: Record<"ids" | "baseIds" | "search" | "baseSearch", LoadResult[]> = { ids: [], baseIds: [], search: [], baseSearch: [] };
  for (let round = 0; round < rounds; round++) {
    runs.ids.push(await load(origin, idPaths, opts));
    runs.baseIds.push(await load(baseOrigin, idPaths, opts));
    runs.search.push(await load(origin, searchPaths, opts));
    runs.baseSearch.push(await load(baseOrigin, searchPaths, opts));
  }
  const ids = median(runs.ids);
  const baseIds = median(runs.baseIds);
  const search = median(runs.search);
  const baseSearch = median(runs.baseSearch);
  const rssLoaded = rssMb(server.pid ?? 0);
  // Beyond the floors: searches too varied for the answer cache, and ids over the whole catalog.
  const cold = await load(origin, coldPaths, opts);
  const allIds = await load(
    origin,
    all.map((g) => `/api/v1/games/?id=${g.id}`),
    opts,
  );
  const rssStressed = rssMb(server.pid ?? 0);
  await stop(server);
  await stop(baseline);

  const row = (label: string, r: LoadResult, base?: LoadResult): string =>
    `${label.padEnd(26)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  errors ${r.errors + r.non2xx}${base ? `  ratio ${(r.rps / base.rps).toFixed(2)}x` : ""}`;
  console.log(
    `catalog: ${all.length} games; autocannon ${CONNECTIONS} connections, ${SECONDS} s per run, median of ${rounds} alternating rounds`,
  );
  console.log(row("baseline id lookups", baseIds));
  console.log(row("ludex id lookups", ids, baseIds));
  console.log(row("baseline searches", baseSearch));
  console.log(row("ludex searches", search, baseSearch));
  console.log(row("ludex searches, 20k pool", cold, baseSearch));
  console.log(`uncached (20k pool) / cached search rate: ${(cold.rps / search.rps).toFixed(2)}x`);
  console.log(row("ludex ids, whole catalog", allIds, baseIds));
  for (const line of inProcess.lines.slice(0, 2)) console.log(line);
  console.log(
    `server: ready in ${readyMs.toFixed(0)} ms; RSS ${rssReady.toFixed(0)} MB at ready, ${rssLoaded.toFixed(0)} MB after the id and search rounds, ${rssStressed.toFixed(0)} MB after the 20k-pool and whole-catalog runs`,
  );
  const verdicts = [
    [`id lookups >= 0.8x baseline`, ids.rps / baseIds.rps >= 0.8],
    [`search over HTTP >= 0.3x baseline`, search.rps / baseSearch.rps >= 0.3],
    [`uncached search (20k pool) >= 0.2x cached search`, cold.rps / search.rps >= 0.2],
    [`RSS <= 500 MB`, Math.max(rssReady, rssLoaded) <= 500],
    [`ready <= 2 s`, readyMs <= 2000],
    [`no errors`, ids.errors + ids.non2xx + search.errors + search.non2xx === 0],
  ] as const;
  for (const [name, ok] of verdicts) console.log(`${ok ? "ok  " : "FAIL"} ${name}`);
  for (const line of inProcess.lines.slice(2)) console.log(line);
}

await main();
