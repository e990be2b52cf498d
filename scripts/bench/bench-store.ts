/**
 * GET /api/v1/agent/me/ requests per second with the identity store on the SQLite file against
 * PostgreSQL: one `ludex serve` process each, same build, same environment except the store, a
 * member signed in and a bearer token obtained through the real OAuth flow; then autocannon on
 * /me (token lookup and member lookup: the store's hottest read). `npm run bench:scale` prints the
 * ratio; `node scripts/bench/bench-store.ts` runs this part alone.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LudexInstance, runLudex, scratchDir } from "../../tests/helpers/cluster.ts";
import { freePort } from "../../tests/helpers/free-port.ts";
import { startPostgres, type PostgresServer } from "../../tests/helpers/postgres-server.ts";
import { authorizeQuery, authorizeWithoutBrowser, CookieClient, pkcePair, registerClient } from "../../tests/oauth/browserless-client.ts";
import { load, realBuild, type LoadResult } from "./bench-support.ts";

export interface AgentMeResult {
  readonly sqlite: LoadResult;
  readonly postgres: LoadResult;
  readonly sqliteRps: number;
  readonly postgresRps: number;
  /** PostgreSQL / SQLite. */
  readonly ratio: number;
}

export interface AgentMeOptions {
  readonly durationSeconds?: number;
  readonly connections?: number;
  /** A running PostgreSQL to create the bench database on; a throwaway one is started otherwise. */
  readonly postgres?: PostgresServer;
  /** The catalog build the instances serve (they need one to start). */
  readonly buildDir: string;
}

const password = "bench password for agent me";

/** Signs `ada` in on `origin` and redeems a code: resolves to an access token with profile.read. */
async function accessToken(origin: string): Promise<string> {
  const redirectUri = "http://127.0.0.1/callback";
  const client = await registerClient(origin, {
    client_name: "Bench",
    redirect_uris: [redirectUri],
    scope: "profile.read",
    token_endpoint_auth_method: "none",
  });
  const { verifier, challenge } = pkcePair();
  const callback = await authorizeWithoutBrowser(new CookieClient(origin), authorizeQuery(client, { code_challenge: challenge }), {
    username: "ada",
    password,
  });
  const res = await fetch(`${origin}/oauth/token/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: callback.searchParams.get("code") ?? "",
      redirect_uri: redirectUri,
      client_id: client.client_id,
      code_verifier: verifier,
    }).toString(),
  });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** One instance on `storeEnv`: member added with the CLI, token obtained, then warm-up and the measured run. */
async function measure(
  name: string,
  storeEnv: Record<string, string>,
  work: string,
  buildDir: string,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const port = await freePort();
  const env = {
    ...storeEnv,
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    LUDEX_BUILD_DIR: buildDir,
    LUDEX_SECRET: "bench secret of at least thirty-two characters",
  };
  const added = runLudex(["member", "add", "--username", "ada", "--display-name", "Ada"], env, `${password}\n`);
  if (added.status !== 0) throw new Error(`member add (${name}): ${added.stderr}`);
  const instance = new LudexInstance(name, port, env, work);
  // The real catalog loads slowly on a busy machine: allow 2 minutes.
  await instance.start(120_000);
  try {
    const token = await accessToken(instance.origin);
    const options = { connections, headers: { authorization: `Bearer ${token}` } };
    await load(instance.origin, ["/api/v1/agent/me/"], { ...options, seconds: 2 });
    const result = await load(instance.origin, ["/api/v1/agent/me/"], { ...options, seconds });
    // A figure made of 401s or resets would measure nothing.
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
    return result;
  } finally {
    await instance.stop();
  }
}

/** Measures /api/v1/agent/me/ on SQLite, then on PostgreSQL. */
export async function benchAgentMe(options: AgentMeOptions): Promise<AgentMeResult> {
  const seconds = options.durationSeconds ?? 10;
  const connections = options.connections ?? 32;
  const work = scratchDir("ludex-bench-store-");
  const pg = options.postgres ?? (await startPostgres());
  try {
    const sqlite = await measure(
      "store-sqlite",
      { LUDEX_MEMBERS_DB: path.join(work, "members.db") },
      work,
      options.buildDir,
      seconds,
      connections,
    );
    const postgres = await measure(
      "store-postgres",
      { LUDEX_DATABASE_URL: await pg.createDatabase("bench_store") },
      work,
      options.buildDir,
      seconds,
      connections,
    );
    return { sqlite, postgres, sqliteRps: sqlite.rps, postgresRps: postgres.rps, ratio: postgres.rps / sqlite.rps };
  } finally {
    if (!options.postgres) await pg.destroy();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchAgentMe({ buildDir: realBuild(), durationSeconds: Number(process.env.BENCH_SECONDS ?? 10) });
  console.log(
    `GET /api/v1/agent/me/: SQLite ${result.sqliteRps.toFixed(0)} req/s, PostgreSQL ${result.postgresRps.toFixed(0)} req/s, ratio ${result.ratio.toFixed(2)}x`,
  );
}
