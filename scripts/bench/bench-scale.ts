/**
 * npm run bench:scale — the multi-instance deployment (docs/operations.md "Running several instances"):
 * the mixed read load through nginx against one instance, then against three (same Redis, same
 * PostgreSQL, same build, same nginx template), printed as a ratio; and GET /api/v1/agent/me/
 * requests per second on the SQLite store against the PostgreSQL store (bench-store.ts), as a
 * ratio. On a 2-core machine, three instances share the cores nginx and the load generator use
 * too: the figure that matters is that no request fails, so any transport error or non-2xx
 * answer, in a warm-up or a measured run, stops the bench with a non-zero exit (as bench-store).
 */
import { loadCatalogSnapshot } from "../../src/catalog/store/catalog-snapshot.ts";
import { LudexInstance, type Nginx, nginxBinary, scratchDir, startNginx } from "../../tests/helpers/cluster.ts";
import { freePort } from "../../tests/helpers/free-port.ts";
import { startPostgres } from "../../tests/helpers/postgres-server.ts";
import { startTestRedis } from "../../tests/helpers/redis-server.ts";
import { load, realBuild, type LoadResult } from "./bench-support.ts";
import { benchAgentMe } from "./bench-store.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 48;
const ME_CONNECTIONS = 32;

/** A throughput made of errors or error answers would measure nothing: refuse it. */
function checked(label: string, result: LoadResult): LoadResult {
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`${label}: ${result.errors} errors (resets, timeouts) and ${result.non2xx} non-2xx answers under load`);
  return result;
}

async function readLoad(label: string, front: string, paths: readonly string[]): Promise<LoadResult> {
  checked(`${label} (warm-up)`, await load(front, paths, { seconds: 2, connections: CONNECTIONS }));
  return checked(label, await load(front, paths, { seconds: SECONDS, connections: CONNECTIONS }));
}

async function main(): Promise<void> {
  if (!nginxBinary) throw new Error("nginx is not installed");
  const buildDir = realBuild();
  const work = scratchDir("ludex-bench-scale-");
  const redis = await startTestRedis();
  const pg = await startPostgres();
  const instances: LudexInstance[] = [];
  let front: Nginx | undefined;
  try {
    const env = {
      LUDEX_BUILD_DIR: buildDir,
      LUDEX_DATABASE_URL: await pg.createDatabase("bench_scale"),
      LUDEX_REDIS_URL: redis.url,
      LUDEX_SECRET: "bench secret of at least thirty-two characters",
      LUDEX_TRUSTED_PROXIES: "127.0.0.1",
    };
    instances.push(...(await Promise.all([0, 1, 2].map(async (i) => new LudexInstance(`bench-${i}`, await freePort(), env, work)))));
    // The real catalog loads slowly on a busy machine (three at once on two cores): allow 2 minutes.
    await Promise.all(instances.map((instance) => instance.start(120_000)));

    // The mixed read load: searches and listings answered by Node, health, and id lookups nginx serves from the build.
    const snapshot = loadCatalogSnapshot(buildDir);
    const slugs = snapshot.platformSlugs.slice(0, 40);
    snapshot.close();
    const titles = [
      "mario",
      "zelda",
      "sonic",
      "final fantasy",
      "street fighter",
      "tetris",
      "pac-man",
      "metroid",
      "castlevania",
      "mega man",
      "donkey kong",
      "kirby",
    ];
    const paths = [
      ...titles.map((q) => `/api/v1/agent/games/?q=${encodeURIComponent(q)}`),
      ...titles.flatMap((q) => slugs.slice(0, 4).map((s) => `/api/v1/agent/games/?q=${encodeURIComponent(q)}&system=${s}`)),
      ...slugs.map((s) => `/api/v1/games/?system=${s}&limit=20`),
      "/api/health/",
      "/api/v1/community/",
    ];

    front = await startNginx([`127.0.0.1:${instances[0]?.port}`], buildDir);
    const single = await readLoad("1 instance", front.origin, paths);
    await front.stop();
    front = await startNginx(
      instances.map((i) => `127.0.0.1:${i.port}`),
      buildDir,
    );
    const triple = await readLoad("3 instances", front.origin, paths);
    await front.stop();
    front = undefined;
    await Promise.all(instances.splice(0).map((instance) => instance.stop()));

    // One instance at a time, so the store is the only difference.
    const me = await benchAgentMe({ buildDir, postgres: pg, durationSeconds: SECONDS, connections: ME_CONNECTIONS });

    const row = (label: string, r: LoadResult): string =>
      `${label.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  errors ${r.errors}  non-2xx ${r.non2xx}`;
    console.log(`mixed read load through nginx: ${paths.length} paths, autocannon ${CONNECTIONS} connections, ${SECONDS} s per run`);
    console.log(row("1 instance", single));
    console.log(row("3 instances", triple));
    console.log(`scale ratio (3 / 1 instances): ${(triple.rps / single.rps).toFixed(2)}x`);
    console.log(`GET /api/v1/agent/me/ (bearer token, one instance, autocannon ${ME_CONNECTIONS} connections, ${SECONDS} s per run)`);
    console.log(row("SQLite identity store", me.sqlite));
    console.log(row("PostgreSQL identity store", me.postgres));
    console.log(`store ratio (PostgreSQL / SQLite): ${me.ratio.toFixed(2)}x`);
  } finally {
    // Whatever failed, take down every process this bench started, so none outlives it.
    await front?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await redis.stop();
    await pg.destroy();
  }
}

try {
  await main();
} catch (error) {
  console.error(`bench:scale failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
