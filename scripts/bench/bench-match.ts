/**
 * npm run bench:match — 100-item match requests built from real hashes in the full libretro
 * catalog, sent over HTTP with the rate limit off; prints items/s and per-request latency against a
 * bare node:http baseline replaying a recorded answer from its own process, and against
 * the same server with the rate limiter on (its overhead), and the same requests asking for
 * compressed answers (Accept-Encoding: gzip, deflate, br), and asking for box art and for every
 * artwork type (artwork on against off); plus the in-process matcher's lookups/s, with every
 * artwork type and without. First, the realistic mix of scripts/bench/match-mix.ts over 45
 * platforms from fresh servers: the first request per platform with the match preload on and off,
 * then items/s and p99 once warm (`BENCH_ONLY=mix` runs only that part).
 */
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { GameRecord } from "../../src/catalog/record/game-record.ts";
import { searchGames } from "../../src/catalog/search/search-games.ts";
import { loadCatalogSnapshot, recordJson } from "../../src/catalog/store/catalog-snapshot.ts";
import { projectRoot } from "../../src/config/config.ts";
import { artworkTypes, type ArtworkType } from "../../src/catalog/artwork/artwork-types.ts";
import { matchRoms } from "../../src/match/engine/match-roms.ts";
import { matchIndexOf } from "../../src/match/index/snapshot-match-index.ts";
import { createRateLimiter, rateLimitHeaders, type RateLimiter } from "../../src/http/rate-limiter.ts";
import {
  load,
  middle,
  pairedLine,
  pairedRound,
  pairedRounds,
  prepareRealCatalog,
  record,
  rssMb,
  serveLudex,
  startProcess,
  stop,
  type LoadResult,
} from "./bench-support.ts";
import { type ColdFigures, coldFirstRequests, MIX, MIX_PLATFORMS, mixPlatforms } from "./match-mix.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAIRED_ROUNDS = Number(process.env.BENCH_PAIRED_ROUNDS ?? 7);
const PLATFORMS = ["nes", "snes", "gb", "gba", "megadrive", "psx", "n64", "nds"];

/** 400 request bodies of 100 real items each; the snapshot they come from is closed and dropped. */
function requestBodies(buildDir: string): string[] {
  const snapshot = loadCatalogSnapshot(buildDir);
  const bodies: string[] = [];
  const itemsBySystem = new Map<string, object[]>();
  for (const slug of PLATFORMS) {
    const items: object[] = [];
    for (const summary of snapshot.listing(slug) ?? []) {
      const stored = snapshot.record(summary.id);
      if (!stored) continue;
      const record = JSON.parse(recordJson(stored)) as GameRecord;
      for (const release of record.releases) {
        for (const rom of release.roms) {
          if (!rom.sha1 || !rom.md5 || !rom.crc) continue;
          const r = items.length % 4;
          items.push(r < 2 ? { sha1: rom.sha1, name: rom.name } : r === 2 ? { md5: rom.md5 } : { crc: rom.crc, size: rom.size });
        }
      }
    }
    itemsBySystem.set(slug, items);
  }
  for (let i = 0; i < 400; i++) {
    const slug = PLATFORMS[i % PLATFORMS.length] ?? "snes";
    const pool = itemsBySystem.get(slug) ?? [];
    const items = Array.from({ length: 100 }, () => pool[Math.floor(Math.random() * pool.length)]);
    bodies.push(JSON.stringify({ systemId: slug, items }));
  }
  snapshot.close();
  return bodies;
}

/** The matcher alone, in this process, parse included: lookups/s over the same bodies, every platform's index loaded. */
function inProcessLookups(buildDir: string, bodies: readonly string[], types: readonly ArtworkType[]): number {
  const snapshot = loadCatalogSnapshot(buildDir);
  let lookups = 0;
  let requests = 0;
  const started = performance.now();
  while (performance.now() - started < 3000) {
    const body = JSON.parse(bodies[requests++ % bodies.length] ?? "{}") as { systemId: string; items: unknown[] };
    const platform = snapshot.platform(body.systemId);
    const index = matchIndexOf(snapshot, body.systemId);
    if (!platform || !index) throw new Error(body.systemId);
    const scope = snapshot.searchScope(platform.id);
    matchRoms(
      {
        index,
        platform,
        summary: (id) => scope.summary(id),
        searchTitles: (t) => searchGames(scope, { query: t, limit: 10 }).results,
        artworkBaseUrl: "https://t.example",
      },
      body.items,
      types,
    );
    lookups += body.items.length;
  }
  const perSecond = lookups / ((performance.now() - started) / 1000);
  snapshot.close();
  return perSecond;
}

/** Items a request of the realistic mix carries, and the targets it is held to once warm. */
const MIX_TARGET_ITEMS = 200_000;
const MIX_TARGET_P99 = 10;
/** How long the later cold requests wait after a server is ready, in seconds: the full catalog's preload takes a few. */
const IDLE_SECONDS = 8;

/**
 * The realistic mix ({@link MIX}) over {@link MIX_PLATFORMS} platforms: the first request per
 * platform as soon as a server is ready, and {@link IDLE_SECONDS} later with the match preload on
 * (the default) and off (what an operator short of memory picks), then items/s and p99 once warm.
 */
async function realisticMix(buildDir: string, port: number, logDir: string): Promise<boolean> {
  const platforms = mixPlatforms(buildDir, 20);
  const env = { LUDEX_BUILD_DIR: buildDir, LUDEX_MATCH_RATE_LIMIT: "off" };
  const log = path.join(logDir, "match-mix-server.log");
  const idleRss = async (child: ChildProcess): Promise<number> => {
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    return rssMb(child.pid ?? 0);
  };

  // Requests arriving with the server's first turns, while the preload runs.
  const early = await serveLudex(port, env, log);
  const coldEarly = await coldFirstRequests(early.origin, platforms, CONNECTIONS);
  await stop(early.child);
  // Requests arriving a few seconds after start: the preload has done its work, or (off) nothing has.
  const off = await serveLudex(port, { ...env, LUDEX_MATCH_PRELOAD: "off" }, log);
  const rssOff = await idleRss(off.child);
  const coldOff = await coldFirstRequests(off.origin, platforms, CONNECTIONS);
  await stop(off.child);
  const warm = await serveLudex(port, env, log);
  const rssOn = await idleRss(warm.child);
  const coldOn = await coldFirstRequests(warm.origin, platforms, CONNECTIONS);
  const bodies = platforms.flatMap((p) => p.bodies);
  const opts = { seconds: SECONDS, connections: CONNECTIONS, method: "POST", bodies, headers: { "content-type": "application/json" } };
  const paths = bodies.map(() => "/api/v1/games/");
  await load(warm.origin, paths, { ...opts, seconds: 3 });
  const rounds: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await load(warm.origin, paths, opts));
  await stop(warm.child);
  const run = [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)] as LoadResult;
  const items = run.rps * 100;
  const cold = (c: ColdFigures): string =>
    `median ${c.median.toFixed(0)} ms, p90 ${c.p90.toFixed(0)} ms, max ${c.max.toFixed(0)} ms${c.failed ? `, ${c.failed} not 200` : ""}`;
  console.log(
    `realistic mix: ${MIX.fingerprint}% full fingerprints, ${MIX.crcSize}% crc + size, ${MIX.name}% file names, ${MIX.generic}% generic names; ${platforms.length} platforms, ${bodies.length} distinct 100-item requests, ${CONNECTIONS} connections, default logging to a file`,
  );
  console.log(
    `  ready                preload on ${warm.readyMs.toFixed(0)} ms, off ${off.readyMs.toFixed(0)} ms (the preload starts once listening)`,
  );
  console.log(`  first request per platform, ${CONNECTIONS} at a time:`);
  console.log(`    as soon as ready, preload on     ${cold(coldEarly)}`);
  console.log(`    ${IDLE_SECONDS} s after ready, preload on     ${cold(coldOn)}`);
  console.log(`    ${IDLE_SECONDS} s after ready, preload off    ${cold(coldOff)}`);
  console.log(`  idle RSS ${IDLE_SECONDS} s after ready: preload on ${rssOn.toFixed(0)} MB, off ${rssOff.toFixed(0)} MB`);
  console.log(
    `  warm                 ${items.toFixed(0)} items/s (${run.rps.toFixed(0)} req/s), p50 ${run.p50} ms, p99 ${run.p99} ms, errors ${run.errors + run.non2xx}; median of ${ROUNDS} rounds of ${SECONDS} s`,
  );
  const ok =
    items >= MIX_TARGET_ITEMS &&
    run.p99 <= MIX_TARGET_P99 &&
    run.errors + run.non2xx === 0 &&
    coldEarly.failed + coldOn.failed + coldOff.failed === 0;
  console.log(`${items >= MIX_TARGET_ITEMS ? "ok  " : "FAIL"} realistic mix >= ${MIX_TARGET_ITEMS.toLocaleString("en")} items/s once warm`);
  console.log(`${run.p99 <= MIX_TARGET_P99 ? "ok  " : "FAIL"} realistic mix p99 <= ${MIX_TARGET_P99} ms once warm`);
  return ok;
}

async function main(): Promise<void> {
  const { buildDir } = prepareRealCatalog();
  const mixPort = 4700 + Math.floor(Math.random() * 50);
  await realisticMix(buildDir, mixPort, path.join(projectRoot, ".ludex", "bench"));
  if (process.env.BENCH_ONLY === "mix") return;
  // The load generator holds only the request bodies while it loads the servers. With a catalog
  // snapshot alive in its heap, as this bench used to run, the replay baseline fell from
  // 15,700–18,700 to 11,300–12,200 req/s and every p99 rose by about 5 ms.
  const bodies = requestBodies(buildDir);

  const port = 4800 + Math.floor(Math.random() * 100);
  const env = { LUDEX_BUILD_DIR: buildDir, ...(process.env.BENCH_NO_FLAGS ? { LUDEX_REEXEC: "1" } : {}) };
  const logDir = path.join(projectRoot, ".ludex", "bench");
  const { child: server, origin } = await serveLudex(
    port,
    { ...env, LUDEX_MATCH_RATE_LIMIT: "off" },
    path.join(logDir, "match-server.log"),
  );
  // The same server with the rate limiter on: every request is counted and gets the RateLimit
  // fields, under a quota this bench cannot spend (all of its requests come from one address).
  const { child: limited, origin: limitedOrigin } = await serveLudex(
    port + 2,
    { ...env, LUDEX_MATCH_RATE_LIMIT: "999999999" },
    path.join(logDir, "match-server-limited.log"),
  );
  // A second limit-off server: beside the first, it shows how far two processes running the same
  // code differ, the floor of what the paired rounds below can tell.
  const { child: twin, origin: twinOrigin } = await serveLudex(
    port + 3,
    { ...env, LUDEX_MATCH_RATE_LIMIT: "off" },
    path.join(logDir, "match-server-twin.log"),
  );
  // The baseline replays ludex's answer to one of the bodies (status, headers, bytes) from its own
  // process, as bench:http's does: Node reads and drops each request body it does not consume.
  const responsesFile = path.join(logDir, "match-baseline-responses.json");
  writeFileSync(
    responsesFile,
    JSON.stringify(await record(origin, ["/api/v1/games/"], { method: "POST", body: bodies[0], contentType: "application/json" })),
  );
  const baseOrigin = `http://127.0.0.1:${port + 1}`;
  const { child: baseline } = await startProcess(
    [path.join(projectRoot, "scripts", "bench", "baseline-server.ts"), responsesFile, String(port + 1)],
    {},
    `${baseOrigin}/api/v1/games/`,
  );

  const opts = { seconds: SECONDS, connections: CONNECTIONS, method: "POST", bodies, headers: { "content-type": "application/json" } };
  const paths = bodies.map(() => "/api/v1/games/");
  // The same bodies asking for box art, as a ROM manager does, and for every artwork type: each
  // matched item then carries its links.
  const asking = (types: readonly ArtworkType[]): typeof opts => ({
    ...opts,
    bodies: bodies.map((body) => `${body.slice(0, -1)},"artworkTypes":${JSON.stringify(types)}}`),
  });
  const withBoxart = asking(["boxart"]);
  const withArtwork = asking(artworkTypes);
  await load(origin, paths, { ...withArtwork, seconds: 3 });
  await load(origin, paths, { ...opts, seconds: 3 });
  await load(limitedOrigin, paths, { ...opts, seconds: 3 });
  await load(twinOrigin, paths, { ...opts, seconds: 3 });
  // Most HTTP clients ask for compressed answers (Go's and Python's add gzip by themselves).
  const compressed = { ...opts, headers: { ...opts.headers, "accept-encoding": "gzip, deflate, br" } };
  const runs: {
    ludex: LoadResult[];
    limited: LoadResult[];
    base: LoadResult[];
    br: LoadResult[];
    boxart: LoadResult[];
    art: LoadResult[];
  } = {
    ludex: [],
    limited: [],
    base: [],
    br: [],
    boxart: [],
    art: [],
  };
  for (let round = 0; round < ROUNDS; round++) {
    runs.ludex.push(await load(origin, paths, opts));
    runs.br.push(await load(origin, paths, compressed));
    runs.boxart.push(await load(origin, paths, withBoxart));
    runs.art.push(await load(origin, paths, withArtwork));
    runs.limited.push(await load(limitedOrigin, paths, opts));
    runs.base.push(await load(baseOrigin, paths, opts));
  }
  // The limiter's overhead end to end, two servers loaded at once (pairedRound): each round pairs
  // limit off with limit on, then with the twin.
  const paired = { limited: pairedRounds(), twin: pairedRounds() };
  const pairedOpts = { ...opts, seconds: 4, connections: 5 };
  const off = { child: server, origin };
  for (let round = 0; round < PAIRED_ROUNDS; round++) {
    await pairedRound(off, { child: limited, origin: limitedOrigin }, paths, pairedOpts, paired.limited);
    await pairedRound(off, { child: twin, origin: twinOrigin }, paths, pairedOpts, paired.twin);
  }
  await stop(server);
  await stop(limited);
  await stop(twin);
  await stop(baseline);
  const median = (list: LoadResult[]): LoadResult => [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)] as LoadResult;
  const ludex = median(runs.ludex);
  const withLimit = median(runs.limited);
  const base = median(runs.base);
  const br = median(runs.br);
  const boxart = median(runs.boxart);
  const art = median(runs.art);
  const inProcess = inProcessLookups(buildDir, bodies, []);
  const inProcessArt = inProcessLookups(buildDir, bodies, artworkTypes);
  const itemsPerSecond = ludex.rps * 100;
  const limiterMicros = await limiterCostMicros();
  const offMicros = middle([...paired.limited.firstMicros, ...paired.twin.firstMicros]);
  const errors =
    ludex.errors +
    ludex.non2xx +
    withLimit.errors +
    withLimit.non2xx +
    br.errors +
    br.non2xx +
    boxart.errors +
    boxart.non2xx +
    art.errors +
    art.non2xx;
  console.log(
    `${bodies.length} distinct 100-item requests over ${PLATFORMS.join(", ")}; autocannon ${CONNECTIONS} connections, ${SECONDS} s, median of ${ROUNDS} alternating rounds; default logging to a file`,
  );
  console.log(`baseline (replay)      ${base.rps.toFixed(0).padStart(6)} req/s  p50 ${base.p50} ms  p99 ${base.p99} ms`);
  console.log(
    `ludex, limit off       ${ludex.rps.toFixed(0).padStart(6)} req/s  p50 ${ludex.p50} ms  p99 ${ludex.p99} ms  errors ${ludex.errors + ludex.non2xx}  ratio ${(ludex.rps / base.rps).toFixed(2)}x`,
  );
  console.log(
    `ludex, limit on        ${withLimit.rps.toFixed(0).padStart(6)} req/s  p50 ${withLimit.p50} ms  p99 ${withLimit.p99} ms  errors ${withLimit.errors + withLimit.non2xx}  ratio ${(withLimit.rps / ludex.rps).toFixed(2)}x of limit off`,
  );
  console.log(
    `ludex, limit off, br   ${br.rps.toFixed(0).padStart(6)} req/s  p50 ${br.p50} ms  p99 ${br.p99} ms  errors ${br.errors + br.non2xx}  ratio ${(br.rps / ludex.rps).toFixed(2)}x of uncompressed`,
  );
  console.log(
    `ludex, box art         ${boxart.rps.toFixed(0).padStart(6)} req/s  p50 ${boxart.p50} ms  p99 ${boxart.p99} ms  errors ${boxart.errors + boxart.non2xx}  ratio ${(boxart.rps / ludex.rps).toFixed(2)}x of artwork off`,
  );
  console.log(
    `ludex, all artwork     ${art.rps.toFixed(0).padStart(6)} req/s  p50 ${art.p50} ms  p99 ${art.p99} ms  errors ${art.errors + art.non2xx}  ratio ${(art.rps / ludex.rps).toFixed(2)}x of artwork off`,
  );
  console.log(
    `items/s over HTTP      ${itemsPerSecond.toFixed(0)} (limit off), ${(withLimit.rps * 100).toFixed(0)} (limit on), ${(boxart.rps * 100).toFixed(0)} (box art), ${(art.rps * 100).toFixed(0)} (all artwork)`,
  );
  console.log(`in-process matcher     ${inProcess.toFixed(0)} lookups/s, ${inProcessArt.toFixed(0)} with all artwork`);
  console.log(`${itemsPerSecond >= 500_000 ? "ok  " : "FAIL"} >= 500,000 items/s over HTTP (limit off)`);
  console.log(`${ludex.p99 <= 10 ? "ok  " : "FAIL"} p99 of a 100-item request <= 10 ms`);
  console.log(
    `limiter, paired        limit on / off: ${pairedLine(paired.limited)}; medians of ${PAIRED_ROUNDS} rounds, both loaded at once`,
  );
  console.log(`  floor                a second limit-off process / the first: ${pairedLine(paired.twin)}`);
  const limiterShare = limiterMicros / offMicros;
  console.log(
    `limiter, in process    ${limiterMicros.toFixed(2)} µs a request (take + RateLimit fields, on minus off) = ${(100 * limiterShare).toFixed(2)}% of the ${offMicros.toFixed(0)} µs of server CPU a limit-off request used`,
  );
  // End to end, two identical processes differ by more than 5% here (the floor line), so the
  // verdict is on the limiter's own cost, with the paired lines printed beside it.
  console.log(
    `${limiterShare <= 0.05 ? "ok  " : "FAIL"} the rate limiter costs <= 5% (its own CPU per request, against a request's server CPU)`,
  );
  console.log(`${errors === 0 ? "ok  " : "FAIL"} no errors`);
}

/**
 * What the limiter adds to one request, in µs: `take` and the two RateLimit fields under a quota
 * this bench cannot spend, minus the same calls with the limit off (the route awaits `take` either way).
 */
async function limiterCostMicros(): Promise<number> {
  const time = async (limiter: RateLimiter): Promise<number> => {
    const n = 200_000;
    const started = performance.now();
    for (let i = 0; i < n; i++) rateLimitHeaders(limiter, await limiter.take("127.0.0.1", 100));
    return ((performance.now() - started) * 1000) / n;
  };
  const on = createRateLimiter({ name: "match", quota: 999_999_999, windowSeconds: 60 });
  const off = createRateLimiter({ name: "match", quota: 0, windowSeconds: 60 });
  const differences: number[] = [];
  for (let round = 0; round < 5; round++) differences.push((await time(on)) - (await time(off)));
  return middle(differences);
}

await main();
