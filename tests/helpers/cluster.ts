import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config/config.ts";
import { renderNginxConfig, type NginxClientLimits } from "../../src/deploy/nginx-config.ts";
import { waitForPort } from "./wait-for-port.ts";
import { freePort } from "./free-port.ts";
import { projectRoot } from "./paths.ts";

/**
 * Several ludex processes behind one nginx, as a multi-instance deployment runs them: the
 * topology test (tests/deploy/topology.test.ts) and `npm run bench:scale` share it. Nothing here
 * depends on vitest; callers stop what they start.
 */

export const nginxBinary: string | undefined = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
const ludexCli = path.join(projectRoot, "scripts", "ludex.js");

export function scratchDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Runs `ludex <args>` to completion (e.g. `member add`, with the password on stdin). */
export function runLudex(
  args: readonly string[],
  env: Record<string, string>,
  input?: string,
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [ludexCli, ...args], { env: { ...process.env, ...env }, input, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** One `ludex serve` process on its own loopback port and state folder. */
export class LudexInstance {
  readonly name: string;
  readonly port: number;
  readonly origin: string;
  readonly logFile: string;
  private readonly env: Record<string, string>;
  private child: ChildProcess | undefined;

  constructor(name: string, port: number, env: Record<string, string>, logDir: string) {
    this.name = name;
    this.port = port;
    this.origin = `http://127.0.0.1:${port}`;
    this.logFile = path.join(logDir, `${name}.log`);
    const stateDir = path.join(logDir, `state-${name}`);
    mkdirSync(stateDir, { recursive: true });
    this.env = { ...env, PORT: String(port), HOST: "127.0.0.1", LUDEX_STATE_DIR: stateDir };
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process and waits until /api/health/ answers 200. */
  async start(timeoutMs = 40_000): Promise<void> {
    const log = createWriteStream(this.logFile, { flags: "a" });
    const child = spawn(process.execPath, [ludexCli, "serve"], { env: { ...process.env, ...this.env }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.child = child;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited with ${child.exitCode} (see ${this.logFile})`);
      const status = await fetch(`${this.origin}/api/health/`, { signal: AbortSignal.timeout(2000) }).then(
        (res) => res.status,
        () => 0,
      );
      if (status === 200) return;
      if (Date.now() > deadline)
        throw new Error(`${this.name} not healthy after ${timeoutMs} ms (last status ${status}; see ${this.logFile})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
  }

  /** Graceful stop (SIGTERM: in-flight requests finish). */
  stop(): Promise<void> {
    return this.signal("SIGTERM");
  }

  /** kill -9: the process dies mid-request, as on a machine loss. */
  kill(): Promise<void> {
    return this.signal("SIGKILL");
  }
}

/** nginx in front of `upstreams` with the deploy/ template, in a scratch prefix. */
export interface Nginx {
  readonly origin: string;
  readonly port: number;
  stop(): Promise<void>;
}

export async function startNginx(
  upstreams: readonly string[],
  buildDir: string,
  port?: number,
  clientLimits?: NginxClientLimits,
): Promise<Nginx> {
  if (!nginxBinary) throw new Error("nginx is not installed (.ci/run installs nginx-light)");
  const listen = port ?? (await freePort());
  const prefix = scratchDir("ludex-nginx-");
  mkdirSync(path.join(prefix, "logs"));
  const server = renderNginxConfig(path.join(projectRoot, "deploy", "nginx", "ludex.conf.template"), {
    listen: `127.0.0.1:${listen}`,
    upstream: upstreams,
    buildDir,
    publicBaseUrl: loadConfig({}).publicBaseUrl,
    artworkBaseUrl: loadConfig({}).artworkBaseUrl,
    ...(clientLimits ? { clientLimits } : {}),
  });
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    `daemon off;\nmaster_process off;\nworker_processes 1;\npid ${prefix}/nginx.pid;\nerror_log ${prefix}/logs/error.log warn;\nevents { worker_connections 1024; }\nhttp {\n  access_log off;\n  client_body_temp_path ${prefix}/body;\n  proxy_temp_path ${prefix}/proxy;\n  fastcgi_temp_path ${prefix}/fastcgi;\n  uwsgi_temp_path ${prefix}/uwsgi;\n  scgi_temp_path ${prefix}/scgi;\n${server}\n}\n`,
  );
  const check = spawnSync(nginxBinary, ["-t", "-p", prefix, "-c", path.join(prefix, "nginx.conf")], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);
  const child = spawn(nginxBinary, ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], { stdio: "ignore" });
  await waitForPort(listen);
  return {
    origin: `http://127.0.0.1:${listen}`,
    port: listen,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** One kind of request a load worker sends. `run` resolves true when the answer was right. */
export interface LoadOperation {
  readonly name: string;
  /** GET and read-only POST must never fail; writes may fail when an instance dies under them (not acknowledged). */
  readonly kind: "get" | "read-post" | "write";
  readonly weight: number;
  run(): Promise<boolean>;
}

export interface LoadReport {
  readonly total: number;
  readonly seconds: number;
  /** Per operation: answered right, and failed (wrong status, reset, timeout). */
  readonly byOperation: Record<string, { ok: number; failed: number; kind: LoadOperation["kind"]; samples: string[] }>;
  failures(kind: LoadOperation["kind"]): number;
}

/** Runs `workers` loops of weighted random operations until `until` resolves. */
export async function runLoad(operations: readonly LoadOperation[], workers: number, until: Promise<unknown>): Promise<LoadReport> {
  const byOperation: Record<string, { ok: number; failed: number; kind: LoadOperation["kind"]; samples: string[] }> = {};
  for (const op of operations) byOperation[op.name] = { ok: 0, failed: 0, kind: op.kind, samples: [] };
  const totalWeight = operations.reduce((sum, op) => sum + op.weight, 0);
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const started = performance.now();
  let total = 0;
  const pick = (): LoadOperation => {
    let r = Math.random() * totalWeight;
    for (const op of operations) {
      r -= op.weight;
      if (r <= 0) return op;
    }
    return operations[operations.length - 1] as LoadOperation;
  };
  const worker = async (): Promise<void> => {
    while (!done) {
      const op = pick();
      const entry = byOperation[op.name] as { ok: number; failed: number; samples: string[] };
      total++;
      try {
        if (await op.run()) entry.ok++;
        else entry.failed++;
      } catch (error) {
        entry.failed++;
        if (entry.samples.length < 5)
          entry.samples.push(
            error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error),
          );
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return {
    total,
    seconds: (performance.now() - started) / 1000,
    byOperation,
    failures: (kind) => Object.values(byOperation).reduce((sum, e) => sum + (e.kind === kind ? e.failed : 0), 0),
  };
}

/** A fetch that records the status of wrong answers in `samples` of the load report (via the thrown message). */
export async function expectStatus(url: string, init: RequestInit, status: number): Promise<Response> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
  if (res.status !== status) {
    const body = await res.text().catch(() => "");
    throw new Error(`${init.method ?? "GET"} ${new URL(url).pathname} → ${res.status} ${body.slice(0, 200)}`);
  }
  return res;
}
