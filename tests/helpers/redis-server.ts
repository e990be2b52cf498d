import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";
import { waitForPort } from "./wait-for-port.ts";

/** Debian's redis-server (`.ci/run` installs it when missing). */
export const redisBinary: string | undefined = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((p) => existsSync(p));

export interface TestRedis {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Stops the server (SIGKILL: the state is gone, as after a crash). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

/**
 * A throwaway Redis on a free loopback port: no persistence, its directory in a temp folder. It
 * resolves once the port accepts connections (no fixed sleep). The caller stops it (a test
 * file's afterAll, or `npm run bench:scale`); a process that exits first takes it down and
 * removes the folder, so no redis-server outlives its user. Nothing here depends on vitest, so
 * the bench scripts share it with the tests.
 */
export async function startTestRedis(): Promise<TestRedis> {
  if (!redisBinary) throw new Error("redis-server is not installed (.ci/run installs it)");
  const dir = mkdtempSync(path.join(os.tmpdir(), "ludex-redis-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const started = spawn(
      redisBinary,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir, "--loglevel", "warning"],
      { stdio: "ignore" },
    );
    const killOnExit = (): void => void started.kill("SIGKILL");
    process.once("exit", killOnExit);
    started.once("exit", () => process.off("exit", killOnExit));
    child = started;
    await waitForPort(port, { timeoutMs: 10_000 });
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
    await waitForPort(port, { up: false, timeoutMs: 10_000 });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
