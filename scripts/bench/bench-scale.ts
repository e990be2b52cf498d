/**
 * npm run bench:scale — the multi-instance deployment (README "Running several instances"):
 * the mixed read load through nginx against one instance, then against three (same Redis, same
 * build, same nginx template), printed as a ratio; and GET /api/v1/agent/me/ requests per second
 * on the SQLite store against the PostgreSQL store, as a ratio. On a 2-core machine, three
 * instances share the cores nginx and the load generator use too: the figure that matters is
 * that no request fails. Every instance logs as users run it (LUDEX_LOG_LEVEL's default, info).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { loadCatalogSnapshot } from "../../src/catalog/store/catalog-snapshot.ts";
import { projectRoot } from "../../src/config/config.ts";
import { LudexInstance, nginxBinary, runLudex, scratchDir, startNginx } from "../../tests/helpers/cluster.ts";
import { freePort } from "../../tests/helpers/free-port.ts";
import { startPostgres } from "../../tests/helpers/postgres-server.ts";
import { authorizeQuery, authorizeWithoutBrowser, CookieClient, pkcePair, registerClient } from "../../tests/oauth/browserless-client.ts";
import { load, prepareRealCatalog, type LoadResult } from "./bench-support.ts";
import { spawn } from "node:child_process";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 48;

/** The real catalog's build (the test fixture's when present, so no second import is needed). */
function realBuild(): string {
  const fixture = path.join(projectRoot, ".ludex", "test-fixtures", "real", "build");
  return existsSync(path.join(fixture, "manifest.json")) ? fixture : prepareRealCatalog().buildDir;
}

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

/**
 * GET /api/v1/agent/me/ (a token lookup and a member read per request) against one instance on
 * the given identity store, after a real sign-in and code exchange for one token.
 */
async function identityLoad(name: string, env: Record<string, string>, work: string): Promise<LoadResult> {
  const password = "bench member password";
  const added = runLudex(["member", "add", "--username", name, "--display-name", "Bench"], env, `${password}\n`);
  if (added.status !== 0) throw new Error(`ludex member add: ${added.stderr}`);
  const instance = new LudexInstance(name, await freePort(), env, work);
  await instance.start();
  try {
    const redirectUri = "https://bench.example/cb";
    const client = await registerClient(instance.origin, {
      redirect_uris: [redirectUri],
      scope: "profile.read",
      client_name: "Bench",
      token_endpoint_auth_method: "none",
    });
    const { verifier, challenge } = pkcePair();
    const location = await authorizeWithoutBrowser(
      new CookieClient(instance.origin),
      authorizeQuery(client, { code_challenge: challenge }),
      { username: name, password },
    );
    const res = await fetch(`${instance.origin}/oauth/token/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: location.searchParams.get("code") ?? "",
        redirect_uri: redirectUri,
        client_id: client.client_id,
        code_verifier: verifier,
      }).toString(),
    });
    const { access_token: token } = (await res.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}` };
    await load(instance.origin, ["/api/v1/agent/me/"], { seconds: 2, connections: 16, headers });
    return await load(instance.origin, ["/api/v1/agent/me/"], { seconds: SECONDS, connections: 16, headers });
  } finally {
    await instance.stop();
  }
}

async function main(): Promise<void> {
  if (!nginxBinary) throw new Error("nginx is not installed");
  const buildDir = realBuild();
  const work = scratchDir("ludex-bench-scale-");
  const redis = await startRedis(work);
  const env = {
    LUDEX_BUILD_DIR: buildDir,
    LUDEX_MEMBERS_DB: path.join(work, "members.db"),
    LUDEX_REDIS_URL: redis.url,
    LUDEX_SECRET: "bench secret of at least thirty-two characters",
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
  redis.stop();

  const row = (label: string, r: LoadResult): string =>
    `${label.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  errors ${r.errors}  non-2xx ${r.non2xx}`;
  console.log(`mixed read load through nginx: ${paths.length} paths, autocannon ${CONNECTIONS} connections, ${SECONDS} s per run`);
  console.log(row("1 instance", single));
  console.log(row("3 instances", triple));
  console.log(`scale ratio (3 / 1 instances): ${(triple.rps / single.rps).toFixed(2)}x`);

  // The identity store: one instance each, the embedded SQLite file against PostgreSQL.
  const base = { LUDEX_BUILD_DIR: buildDir, LUDEX_SECRET: env.LUDEX_SECRET };
  const sqlite = await identityLoad("sqlite", { ...base, LUDEX_MEMBERS_DB: path.join(work, "identity.db") }, work);
  const postgres = await startPostgres();
  let pg: LoadResult;
  try {
    pg = await identityLoad("postgres", { ...base, LUDEX_DATABASE_URL: await postgres.createDatabase("bench") }, work);
  } finally {
    await postgres.destroy();
  }
  console.log("");
  console.log(`GET /api/v1/agent/me/ on one instance, autocannon 16 connections, ${SECONDS} s per run`);
  console.log(row("SQLite (members.db)", sqlite));
  console.log(row("PostgreSQL 15", pg));
  console.log(`store ratio (PostgreSQL / SQLite): ${(pg.rps / sqlite.rps).toFixed(2)}x`);
}

await main();
