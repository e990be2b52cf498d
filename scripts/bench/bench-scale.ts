/**
 * npm run bench:scale — the multi-instance deployment (README "Running several instances"):
 * the mixed read load through nginx against one instance, then against three (same Redis, same
 * PostgreSQL, same build, same nginx template), printed as a ratio; and GET /api/v1/agent/me/
 * requests per second on the SQLite store against the PostgreSQL store (bench-store.ts), as a
 * ratio. On a 2-core machine, three instances share the cores nginx and the load generator use
 * too: the figure that matters is that no request fails.
 */
import { loadCatalogSnapshot } from "../../src/catalog/store/catalog-snapshot.ts";
import { LudexInstance, nginxBinary, scratchDir, startNginx } from "../../tests/helpers/cluster.ts";
import { freePort } from "../../tests/helpers/free-port.ts";
import { startPostgres } from "../../tests/helpers/postgres-server.ts";
import { load, realBuild, type LoadResult } from "./bench-support.ts";
import { benchAgentMe } from "./bench-store.ts";
import { spawn } from "node:child_process";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 48;
const ME_CONNECTIONS = 32;

async function startRedis(dir: string): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], {
    stdio: "ignore",
  });
  await new Promise((r) => setTimeout(r, 300));
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill("SIGKILL") };
}

async function readLoad(front: string, paths: readonly string[]): Promise<LoadResult> {
  await load(front, paths, { seconds: 2, connections: CONNECTIONS });
  return load(front, paths, { seconds: SECONDS, connections: CONNECTIONS });
}

async function main(): Promise<void> {
  if (!nginxBinary) throw new Error("nginx is not installed");
  const buildDir = realBuild();
  const work = scratchDir("ludex-bench-scale-");
  const redis = await startRedis(work);
  const pg = await startPostgres();
  try {
    const env = {
      LUDEX_BUILD_DIR: buildDir,
      LUDEX_DATABASE_URL: await pg.createDatabase("bench_scale"),
      LUDEX_REDIS_URL: redis.url,
      LUDEX_SECRET: "bench secret of at least thirty-two characters",
      LUDEX_LOG_LEVEL: "warn",
      LUDEX_TRUSTED_PROXIES: "127.0.0.1",
    };
    const instances = await Promise.all([0, 1, 2].map(async (i) => new LudexInstance(`bench-${i}`, await freePort(), env, work)));
    await Promise.all(instances.map((instance) => instance.start()));

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

    const one = await startNginx([`127.0.0.1:${instances[0]?.port}`], buildDir);
    const single = await readLoad(one.origin, paths);
    await one.stop();
    const three = await startNginx(
      instances.map((i) => `127.0.0.1:${i.port}`),
      buildDir,
    );
    const triple = await readLoad(three.origin, paths);
    await three.stop();
    await Promise.all(instances.map((instance) => instance.stop()));

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
    redis.stop();
    await pg.destroy();
  }
}

await main();
