/**
 * `node scripts/bench/compare-match-mix.ts <checkout> [<checkout>…]`: the realistic match mix
 * (scripts/bench/match-mix.ts) against `ludex serve` from each checkout in turn, on one build
 * (`LUDEX_BUILD_DIR`, default this checkout's real test fixture), alternating for
 * `BENCH_ROUNDS` rounds (default 3) of `BENCH_SECONDS` (default 10): items/s, p99, and the CPU
 * time the server and the load client used per request, from the scheduler's counters.
 * `BENCH_PROFILE=<dir>` runs the servers with `--cpu-prof` into that folder. `BENCH_PAIRED=<n>`
 * then runs n paired rounds: a server per checkout, all loaded at once (each by its own client),
 * so that each round's ratios of server CPU per request see one state of a shared machine.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "../../src/config/config.ts";
import { cpuMicros, ludexNodeFlags, middle, runLoadClient, startProcess, stop } from "./bench-support.ts";
import type { LoadSpec } from "./load-client.ts";
import { mixPlatforms } from "./match-mix.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const checkouts = process.argv.slice(2);
const buildDir = process.env.LUDEX_BUILD_DIR ?? path.join(projectRoot, ".ludex", "test-fixtures", "real", "build");
const profileDir = process.env.BENCH_PROFILE;

/** User and system CPU time of a process so far, in µs, from /proc/<pid>/stat (clock ticks of 10 ms). */
function userSystemMicros(pid: number): [number, number] {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return [Number(fields[11]) * 10_000, Number(fields[12]) * 10_000];
}

interface Round {
  readonly items: number;
  readonly p99: number;
  readonly serverMicros: number;
  readonly clientMicros: number;
  /** The share of the server's CPU time spent in the kernel (socket reads and writes). */
  readonly systemShare: number;
  readonly errors: number;
}

const platforms = mixPlatforms(buildDir, 20);
const bodies = platforms.flatMap((p) => p.bodies);
const paths = bodies.map(() => "/api/v1/games/");
const rounds = new Map<string, Round[]>(checkouts.map((c) => [c, []]));
const port = 4900 + Math.floor(Math.random() * 50);
const logDir = mkdtempSync(path.join(os.tmpdir(), "ludex-mix-log-"));
for (let round = 0; round < ROUNDS; round++) {
  for (const checkout of round % 2 === 0 ? checkouts : [...checkouts].reverse()) {
    const origin = `http://127.0.0.1:${port}`;
    const flags = profileDir
      ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${path.basename(checkout)}-${round}.cpuprofile`]
      : [];
    const { child } = await startProcess(
      [...ludexNodeFlags(), ...flags, path.join(checkout, "scripts", "ludex.js"), "serve"],
      { LUDEX_BUILD_DIR: buildDir, LUDEX_MATCH_RATE_LIMIT: "off", PORT: String(port) },
      `${origin}/api/health/`,
      path.join(logDir, `${path.basename(checkout)}.log`),
    );
    const spec = {
      origin,
      paths,
      seconds: SECONDS,
      connections: CONNECTIONS,
      method: "POST",
      bodies,
      headers: { "content-type": "application/json" },
    };
    await runLoadClient({ ...spec, seconds: 4 });
    const before = cpuMicros(child.pid ?? 0);
    const [userBefore, systemBefore] = userSystemMicros(child.pid ?? 0);
    const { result, clientMicros } = await runLoadClient(spec);
    const serverMicros = cpuMicros(child.pid ?? 0) - before;
    const [userAfter, systemAfter] = userSystemMicros(child.pid ?? 0);
    const system = systemAfter - systemBefore;
    await stop(child);
    const r: Round = {
      items: result.rps * 100,
      p99: result.p99,
      serverMicros: serverMicros / result.requests,
      clientMicros: clientMicros / result.requests,
      systemShare: system / (system + userAfter - userBefore),
      errors: result.errors + result.non2xx,
    };
    rounds.get(checkout)?.push(r);
    console.log(
      `${checkout} round ${round + 1}: ${r.items.toFixed(0)} items/s, p99 ${r.p99} ms, server ${r.serverMicros.toFixed(0)} µs/req (${(100 * r.systemShare).toFixed(0)} % in the kernel), client ${r.clientMicros.toFixed(0)} µs/req, errors ${r.errors}`,
    );
  }
}
rmSync(logDir, { recursive: true, force: true });
for (const [checkout, list] of rounds) {
  if (list.length === 0) continue;
  console.log(
    `${checkout}: median ${middle(list.map((r) => r.items)).toFixed(0)} items/s, p99 ${middle(list.map((r) => r.p99))} ms, server ${middle(list.map((r) => r.serverMicros)).toFixed(0)} µs/req (${(100 * middle(list.map((r) => r.systemShare))).toFixed(0)} % in the kernel), client ${middle(list.map((r) => r.clientMicros)).toFixed(0)} µs/req`,
  );
}

const PAIRED = Number(process.env.BENCH_PAIRED ?? 0);
if (PAIRED > 0) {
  const servers = [];
  for (const [k, checkout] of checkouts.entries()) {
    const origin = `http://127.0.0.1:${port + 1 + k}`;
    const { child } = await startProcess(
      [...ludexNodeFlags(), path.join(checkout, "scripts", "ludex.js"), "serve"],
      { LUDEX_BUILD_DIR: buildDir, LUDEX_MATCH_RATE_LIMIT: "off", PORT: String(port + 1 + k) },
      `${origin}/api/health/`,
      path.join(os.tmpdir(), `ludex-mix-paired-${k}.log`),
    );
    servers.push({ checkout, origin, child });
  }
  const spec = (origin: string, seconds: number): LoadSpec => ({
    origin,
    paths,
    seconds,
    connections: CONNECTIONS,
    method: "POST",
    bodies,
    headers: { "content-type": "application/json" },
  });
  await Promise.all(servers.map((s) => runLoadClient(spec(s.origin, 4))));
  const ratios: number[][] = servers.map(() => []);
  const micros: number[][] = servers.map(() => []);
  for (let round = 0; round < PAIRED; round++) {
    const before = servers.map((s) => cpuMicros(s.child.pid ?? 0));
    const results = await Promise.all(servers.map((s) => runLoadClient(spec(s.origin, SECONDS))));
    const perRequest = servers.map(
      (s, k) => (cpuMicros(s.child.pid ?? 0) - (before[k] ?? 0)) / (results[k]?.result.requests ?? Number.NaN),
    );
    perRequest.forEach((m, k) => {
      micros[k]?.push(m);
      ratios[k]?.push(m / (perRequest[0] ?? Number.NaN));
    });
    console.log(
      `paired round ${round + 1}: ${servers.map((s, k) => `${s.checkout} ${perRequest[k]?.toFixed(0)} µs/req, ${((results[k]?.result.rps ?? 0) * 100).toFixed(0)} items/s`).join("; ")}`,
    );
  }
  for (const s of servers) await stop(s.child);
  for (const [k, s] of servers.entries()) {
    const list = ratios[k] ?? [];
    console.log(
      `paired ${s.checkout}: server ${middle(micros[k] ?? []).toFixed(0)} µs/req, ${middle(list).toFixed(3)}× the first's (${Math.min(...list).toFixed(3)}–${Math.max(...list).toFixed(3)})`,
    );
  }
}
