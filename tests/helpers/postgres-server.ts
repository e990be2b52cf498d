import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { freePort } from "./free-port.ts";

const run = promisify(execFile);

/** Debian's PostgreSQL 15 (apt-get install postgresql; .ci/run installs it). */
export const postgresBinDir = "/usr/lib/postgresql/15/bin";

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresSkipReason(): string | undefined {
  return existsSync(path.join(postgresBinDir, "initdb")) && existsSync(path.join(postgresBinDir, "pg_ctl"))
    ? undefined
    : `PostgreSQL tests skipped: ${postgresBinDir}/initdb and pg_ctl are absent (apt-get install postgresql)`;
}

/** A throwaway PostgreSQL cluster in a temporary folder, listening on a loopback port only. */
export interface PostgresServer {
  /** Superuser URL of the `postgres` database (trust authentication on loopback). */
  readonly adminUrl: string;
  readonly port: number;
  readonly dataDir: string;
  /** A new empty database; resolves to its URL. */
  createDatabase(prefix?: string): Promise<string>;
  /** Stops the server (fast shutdown: connections are cut), keeping its data. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

let counter = 0;

/** Creates an empty database on the server of `adminUrl` (a superuser URL); resolves to its URL. */
export async function createDatabase(adminUrl: string, prefix = "ludex"): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter++}`.replace(/[^a-z0-9_]/gi, "_").toLowerCase();
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** util-linux's runuser, by its path: a root shell's PATH does not always name /usr/sbin. */
const runuser = ["/usr/sbin/runuser", "/sbin/runuser"].find((p) => existsSync(p)) ?? "runuser";

/** PostgreSQL refuses to run as root: as root, every command runs as the `postgres` system user. */
function command(bin: string, args: string[]): [string, string[]] {
  const full = path.join(postgresBinDir, bin);
  return process.getuid?.() === 0 ? [runuser, ["-u", "postgres", "--", full, ...args]] : [full, args];
}

async function pg(bin: string, args: string[]): Promise<void> {
  const [file, argv] = command(bin, args);
  await run(file, argv, { timeout: 60_000 });
}

/**
 * Starts a PostgreSQL 15 cluster: initdb into a temporary folder (owned by `postgres` when this
 * process is root), then pg_ctl start on a free loopback port with its socket in that folder.
 * Tuned for throwaway test data (fsync off). Call {@link PostgresServer.destroy} when done.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const reason = postgresSkipReason();
  if (reason) throw new Error(reason);
  const root = mkdtempSync(path.join(os.tmpdir(), "ludex-pg-"));
  const dataDir = path.join(root, "data");
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  await pg("initdb", ["-D", dataDir, "-U", "ludex", "--auth=trust", "--no-instructions", "-E", "UTF8", "--no-locale"]);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${root} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c shared_buffers=32MB`;
  const start = (): Promise<void> =>
    pg("pg_ctl", ["-D", dataDir, "-l", path.join(root, "server.log"), "-o", options, "-w", "-t", "60", "start"]);
  const stop = (): Promise<void> => pg("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "60", "stop"]);
  await start();
  const adminUrl = `postgres://ludex@127.0.0.1:${port}/postgres`;
  return {
    adminUrl,
    port,
    dataDir,
    createDatabase: (prefix) => createDatabase(adminUrl, prefix),
    stop,
    start,
    async destroy() {
      await stop().catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}
