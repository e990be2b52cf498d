import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { freePort } from "./free-port.ts";
import { tempDir } from "./temp-dir.ts";
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
 * A throwaway Redis on a free loopback port for the test file: no persistence, its directory in a
 * temp folder. The caller stops it (afterAll); a worker that exits first takes it down too, so no
 * redis-server outlives the test run.
 */
export async function startTestRedis(): Promise<TestRedis> {
  if (!redisBinary) throw new Error("redis-server is not installed (.ci/run installs it)");
  const dir = tempDir("ludex-redis-");
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
