import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { request } from "undici";
import { buildCatalog } from "../../src/pipeline/build-pipeline.ts";
import { importCatalog } from "../../src/catalog/import/import-catalog.ts";
import { loadConfig, projectRoot } from "../../src/config/config.ts";
import type { LoadResult, LoadSpec } from "./load-client.ts";
import { serverHeapFlags } from "../cli/node-flags.js";

export type { LoadResult } from "./load-client.ts";

export const realSource = path.resolve(projectRoot, "..", "shared", "libretro-database");
/** Retool's clone lists and metadata, imported beside the DATs when present, as the full catalog is. */
export const realRetool = path.resolve(projectRoot, "..", "shared", "retool-clonelists-metadata");

/** The real sources a full-catalog benchmark imports: the DATs, and the Retool folder when it is there. */
export function realSources(): string[] {
  return existsSync(realRetool) ? [realSource, realRetool] : [realSource];
}

/** Imports and builds the real catalog (with the Retool folder when present) into .ludex/bench (incremental after the first run). */
export function prepareRealCatalog(): { dbFile: string; buildDir: string } {
  const dir = path.join(projectRoot, ".ludex", "bench");
  const dbFile = path.join(dir, "catalog.db");
  const buildDir = path.join(dir, "build");
  const defaults = loadConfig({});
  const { publicBaseUrl, oauthLimits, artworkBaseUrl } = loadConfig();
  importCatalog({ sources: realSources(), dbFile, platformsFile: defaults.platformsFile });
  buildCatalog({ dbFile, buildDir, releaseFeedFile: defaults.releaseFeedFile, publicBaseUrl, oauthLimits, artworkBaseUrl });
  return { dbFile, buildDir };
}

/** The real catalog's build: the test fixture's when present (no second import), else .ludex/bench's. */
export function realBuild(): string {
  const fixture = path.join(projectRoot, ".ludex", "test-fixtures", "real", "build");
  return existsSync(path.join(fixture, "manifest.json")) ? fixture : prepareRealCatalog().buildDir;
}

/**
 * Loads `origin` with autocannon, each request's path (and body) drawn at random from `paths` (and
 * `bodies`), from a client process of its own (scripts/bench/load-client.ts): this process's heap
 * is not the client's.
 */
export async function load(
  origin: string,
  paths: readonly string[],
  options: { seconds: number; connections: number; method?: string; bodies?: readonly string[]; headers?: Record<string, string> },
): Promise<LoadResult> {
  const spec: LoadSpec = { origin, paths, ...options };
  return (await runLoadClient(spec)).result;
}

/** One run of the load client in a process of its own, with the CPU time that process used (sampled until it ends). */
export async function runLoadClient(spec: LoadSpec): Promise<{ result: LoadResult; clientMicros: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ludex-load-"));
  try {
    const file = path.join(dir, "spec.json");
    writeFileSync(file, JSON.stringify(spec));
    const child = spawn(process.execPath, [path.join(import.meta.dirname, "load-client.ts"), file], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let clientMicros = 0;
    const timer = setInterval(() => {
      try {
        clientMicros = cpuMicros(child.pid ?? 0);
      } catch {
        // The client has ended.
      }
    }, 50);
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    clearInterval(timer);
    if (code !== 0) throw new Error(`the load client exited with ${code}`);
    return { result: JSON.parse(Buffer.concat(chunks).toString("utf8")) as LoadResult, clientMicros };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * CPU time a process has used so far, in µs, all its threads (V8's helpers included), from the
 * scheduler's nanosecond counters (/proc/<pid>/task/<tid>/schedstat), not the 10 ms ticks of `stat`.
 */
export function cpuMicros(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return ns / 1000;
}

/** Resident set size of a process, in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * `ludex serve` as `npm start` runs it: Node with the servers' heap flags
 * (scripts/cli/node-flags.js), so no bench pays the CLI's re-execution.
 * `BENCH_NO_FLAGS=1` leaves the heap flags out (with `LUDEX_REEXEC=1`, V8's own heap sizing).
 */
export function ludexServe(): string[] {
  return [...ludexNodeFlags(), path.join(projectRoot, "scripts", "ludex.js"), "serve"];
}

/** The servers' Node flags, which {@link ludexServe} runs with (none with `BENCH_NO_FLAGS=1`). */
export function ludexNodeFlags(): string[] {
  return process.env.BENCH_NO_FLAGS ? [] : [...serverHeapFlags];
}

/**
 * Spawns a Node process and waits until `readyUrl` answers 200; returns it with the time that took.
 * Its standard output (a server's log lines) goes to `stdoutFile`, appended, as a deployment
 * would keep it, or is discarded without one.
 */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  stdoutFile?: string,
): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = performance.now();
  const out = stdoutFile === undefined ? "ignore" : openSync(stdoutFile, "a");
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", out, "inherit"] });
  if (typeof out === "number") closeSync(out);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
    try {
      const res = await fetch(readyUrl);
      await res.arrayBuffer();
      if (res.status === 200) return { child, readyMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * `ludex serve` as {@link ludexServe} runs it, on 127.0.0.1:`port`, once its health check answers
 * 200: {@link startProcess}'s result with the server's origin.
 */
export async function serveLudex(
  port: number,
  env: Record<string, string>,
  stdoutFile?: string,
): Promise<{ child: ChildProcess; readyMs: number; origin: string }> {
  const origin = `http://127.0.0.1:${port}`;
  const started = await startProcess(ludexServe(), { ...env, PORT: String(port) }, `${origin}/api/health/`, stdoutFile);
  return { ...started, origin };
}

/** The exact responses a server gives for `paths`, for a baseline to replay (scripts/bench/baseline-server.ts). */
export async function record(
  origin: string,
  paths: readonly string[],
  options: { acceptEncoding?: string; method?: "GET" | "POST"; body?: string; contentType?: string } = {},
): Promise<Record<string, { status: number; headers: Record<string, string>; body: string }>> {
  const recorded: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const p of new Set(paths)) {
    // fetch would decompress the body; the recorded bytes must be the ones sent.
    const res = await request(`${origin}${p}`, {
      method: options.method ?? "GET",
      headers: {
        "accept-encoding": options.acceptEncoding ?? "identity",
        ...(options.contentType ? { "content-type": options.contentType } : {}),
      },
      ...(options.body === undefined ? {} : { body: options.body }),
    });
    const headers: Record<string, string> = {};
    // Headers Node writes itself (date, connection, keep-alive) are left to the baseline's Node too.
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !["date", "connection", "keep-alive", "transfer-encoding"].includes(name))
        headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    recorded[p] = { status: res.statusCode, headers, body: Buffer.from(await res.body.arrayBuffer()).toString("base64") };
  }
  return recorded;
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** A server being loaded: its process (for its CPU time) and where it listens. */
export interface LoadedServer {
  readonly child: ChildProcess;
  readonly origin: string;
}

/** What paired rounds of two servers gave, one entry a round: `second` against `first`. */
export interface PairedRounds {
  /** req/s of the second over the first. */
  readonly rps: number[];
  /** Server CPU time per request of the second over the first ({@link cpuMicros}). */
  readonly cpu: number[];
  /** The first server's CPU time per request, in µs. */
  readonly firstMicros: number[];
}

/** An empty {@link PairedRounds}, for {@link pairedRound} to fill. */
export function pairedRounds(): PairedRounds {
  return { rps: [], cpu: [], firstMicros: [] };
}

/**
 * One paired round: loads two servers at once, each from its own load client started at the same
 * time with the same request set, and adds the round's ratios to `into`. Both then see one machine state: this VM changes speed for
 * tens of seconds at a time, which no ratio of runs taken one after the other can cancel.
 */
export async function pairedRound(
  first: LoadedServer,
  second: LoadedServer,
  paths: readonly string[],
  options: Parameters<typeof load>[2],
  into: PairedRounds,
): Promise<void> {
  const servers = [first, second];
  const before = servers.map((s) => cpuMicros(s.child.pid ?? 0));
  const results = await Promise.all(servers.map((s) => load(s.origin, paths, options)));
  const [a = NaN, b = NaN] = servers.map((s, k) => (cpuMicros(s.child.pid ?? 0) - (before[k] ?? 0)) / (results[k]?.requests ?? NaN));
  into.rps.push((results[1]?.rps ?? NaN) / (results[0]?.rps ?? NaN));
  into.cpu.push(b / a);
  into.firstMicros.push(a);
}

/** The least a request line takes in the log (id, route, time and the fixed fields). */
const MIN_REQUEST_LINE_BYTES = 150;

/**
 * One switched round: loads a server started by scripts/bench/log-switch-server.ts twice, its
 * request lines on and off (SIGUSR2 between), and adds the round's ratios, on over off, to `into`.
 * Every other round loads the switched-off state first, so that a drift within a round cancels.
 * Throws unless the server's log (`logFile`) grew by a line a request with lines on, and by no
 * more than one unwritten batch with them off: a switch that did not happen would read as free.
 */
export async function switchedRound(
  server: LoadedServer & { linesOn: boolean; logFile: string },
  paths: readonly string[],
  options: Parameters<typeof load>[2],
  round: number,
  into: PairedRounds,
): Promise<void> {
  const pid = server.child.pid ?? 0;
  const measured = new Map<boolean, { rps: number; micros: number }>();
  for (const on of round % 2 === 0 ? [true, false] : [false, true]) {
    if (server.linesOn !== on) {
      server.child.kill("SIGUSR2");
      server.linesOn = on;
      // The signal is handled in the server's next turn; a short pause keeps it out of the load.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const before = cpuMicros(pid);
    const logBefore = statSync(server.logFile).size;
    const result = await load(server.origin, paths, options);
    measured.set(on, { rps: result.rps, micros: (cpuMicros(pid) - before) / result.requests });
    // Lines reach the file in batches of at most 64 KiB, one of which may be on its way.
    const grown = statSync(server.logFile).size - logBefore;
    if (on ? grown + 65_536 < result.requests * MIN_REQUEST_LINE_BYTES : grown > 65_536)
      throw new Error(`the log grew by ${grown} bytes over ${result.requests} requests with request lines ${on ? "on" : "off"}`);
  }
  const on = measured.get(true);
  const off = measured.get(false);
  into.rps.push((on?.rps ?? NaN) / (off?.rps ?? NaN));
  into.cpu.push((on?.micros ?? NaN) / (off?.micros ?? NaN));
  into.firstMicros.push(off?.micros ?? NaN);
}

/** The middle value of a list (the upper one of an even count). */
export function middle(list: readonly number[]): number {
  return [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? NaN;
}

/** Paired rounds' medians and spans, for a bench's report. */
export function pairedLine(p: PairedRounds): string {
  const span = (list: readonly number[]): string => `${Math.min(...list).toFixed(3)}–${Math.max(...list).toFixed(3)}`;
  return `req/s ${middle(p.rps).toFixed(3)} (${span(p.rps)}), CPU per request ${middle(p.cpu).toFixed(3)} (${span(p.cpu)})`;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}
