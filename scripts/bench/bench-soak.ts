/**
 * npm run bench:soak — mixed traffic against the full catalog: id lookups, searches, ROM matches,
 * MCP tool calls (stateless 2026-07-28 requests) and token requests. First a 10 s run at full
 * speed measures the maximum; then a SOAK_WARMUP_SECONDS (default 30) warm-up and SOAK_SECONDS
 * (default 60) at 80% of it. Prints errors, throughput, p99 and the server's RSS at ready, at the
 * start and at the end of the soak.
 *
 * Token requests present an unknown authorization code, so their expected answer is
 * 400 `invalid_grant` (client lookup, code hashing and the database read still run); any other
 * status, a 5xx or a socket error counts as an error for every kind.
 */
import path from "node:path";
import autocannon from "autocannon";
import type { GameRecord } from "../../src/catalog/record/game-record.ts";
import { loadCatalogSnapshot, recordJson } from "../../src/catalog/store/catalog-snapshot.ts";
import { projectRoot } from "../../src/config/config.ts";
import { ludexServe, prepareRealCatalog, rssMb, startProcess, stop } from "./bench-support.ts";

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 30);
const CONNECTIONS = 16;

interface Kind {
  readonly name: string;
  readonly weight: number;
  readonly expected: number;
  build(): { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };
}

interface Tally {
  requests: number;
  errors: number;
  readonly byKind: Map<string, { ok: number; bad: number }>;
  readonly samples: string[];
}

async function main(): Promise<void> {
  const { buildDir } = prepareRealCatalog();
  const snapshot = loadCatalogSnapshot(buildDir);
  const games = snapshot.platformSlugs.flatMap((slug) => snapshot.listing(slug) ?? []).filter((g) => g.title.length <= 120);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
  const snesRoms: object[] = [];
  for (const summary of snapshot.listing("snes") ?? []) {
    const stored = snapshot.record(summary.id);
    if (!stored) continue;
    const record = JSON.parse(recordJson(stored)) as GameRecord;
    for (const release of record.releases) for (const rom of release.roms) if (rom.sha1) snesRoms.push({ sha1: rom.sha1, name: rom.name });
  }
  snapshot.close();

  const port = 5000 + Math.floor(Math.random() * 200);
  const origin = `http://127.0.0.1:${port}`;
  const { child: server } = await startProcess(
    ludexServe(),
    {
      LUDEX_BUILD_DIR: buildDir,
      PORT: String(port),
      PUBLIC_BASE_URL: origin,
      LUDEX_MATCH_RATE_LIMIT: "off",
      LUDEX_REGISTRATION_RATE_LIMIT: "0",
      LUDEX_MEMBERS_DB: path.join(projectRoot, ".ludex", "bench", "members.db"),
    },
    `${origin}/api/health/`,
    path.join(projectRoot, ".ludex", "bench", "soak-server.log"),
  );
  const registration = await fetch(`${origin}/oauth/register/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "Soak",
      redirect_uris: ["http://127.0.0.1/cb"],
      scope: "profile.read",
      token_endpoint_auth_method: "none",
    }),
  });
  const clientId = ((await registration.json()) as { client_id: string }).client_id;
  const mcpMeta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "soak", version: "1" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };

  const kinds: Kind[] = [
    { name: "id lookup", weight: 40, expected: 200, build: () => ({ method: "GET", path: `/api/v1/games/?id=${pick(games).id}` }) },
    {
      name: "search",
      weight: 25,
      expected: 200,
      build: () => ({ method: "GET", path: `/api/v1/agent/games/?q=${encodeURIComponent(pick(games).title)}` }),
    },
    {
      name: "rom match",
      weight: 15,
      expected: 200,
      build: () => ({
        method: "POST",
        path: "/api/v1/games/",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ systemId: "snes", items: Array.from({ length: 20 }, () => pick(snesRoms)) }),
      }),
    },
    {
      name: "mcp tool call",
      weight: 10,
      expected: 200,
      build: () => ({
        method: "POST",
        path: "/mcp/",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": "tools/call",
          "mcp-name": "search_games",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "search_games", arguments: { query: pick(games).title, limit: 5 }, _meta: mcpMeta },
        }),
      }),
    },
    {
      name: "token request",
      weight: 10,
      expected: 400,
      build: () => ({
        method: "POST",
        path: "/oauth/token/",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: `ldx_ac_${Math.random().toString(36).slice(2)}`,
          redirect_uri: "http://127.0.0.1/cb",
          client_id: clientId,
          code_verifier: "v".repeat(43),
        }).toString(),
      }),
    },
  ];
  const totalWeight = kinds.reduce((n, k) => n + k.weight, 0);
  const choose = (): Kind => {
    let r = Math.random() * totalWeight;
    for (const kind of kinds) if ((r -= kind.weight) < 0) return kind;
    return kinds[0] as Kind;
  };

  const run = async (seconds: number, rate?: number): Promise<{ rps: number; p99: number; tally: Tally }> => {
    const tally: Tally = { requests: 0, errors: 0, byKind: new Map(kinds.map((k) => [k.name, { ok: 0, bad: 0 }])), samples: [] };
    const result = await autocannon({
      url: origin,
      connections: CONNECTIONS,
      duration: seconds,
      ...(rate ? { overallRate: rate } : {}),
      requests: [
        {
          setupRequest: (req, ctx: object) => {
            const context = ctx as Record<string, unknown>;
            const kind = choose();
            context.kind = kind;
            const built = kind.build();
            return { ...req, method: built.method, path: built.path, headers: built.headers ?? {}, body: built.body ?? "" };
          },
          onResponse: (status: number, body: string, ctx: object) => {
            const context = ctx as Record<string, unknown>;
            const kind = context.kind as Kind;
            const counts = tally.byKind.get(kind.name);
            tally.requests++;
            if (status === kind.expected) {
              if (counts) counts.ok++;
            } else {
              tally.errors++;
              if (counts) counts.bad++;
              if (tally.samples.length < 5) tally.samples.push(`${kind.name}: ${status} ${String(body).slice(0, 160)}`);
            }
          },
        },
      ],
    });
    tally.errors += result.errors + result.timeouts;
    return { rps: result.requests.average, p99: result.latency.p99, tally };
  };

  const rssReady = rssMb(server.pid ?? 0);
  const max = await run(10);
  const target = Math.round(max.rps * 0.8);
  // V8 grows its heap towards a steady band during the first half minute of load (no live-heap
  // growth: measured ~200 MB after a full GC throughout); the soak window starts after that, so
  // that growth within it means a leak.
  const warmup = await run(WARMUP_SECONDS, target);
  // RSS is sampled every second: a single reading lands anywhere in V8's collect-and-grow cycle
  // (±80 MB here), so the soak compares the highest reading of its first 10 s with that of its last 10 s.
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(server.pid ?? 0)), 1000);
  const soak = await run(SOAK_SECONDS, target);
  clearInterval(sampler);
  const window = Math.min(10, Math.floor(samples.length / 3));
  const rssStart = Math.max(...samples.slice(0, window));
  const rssEnd = Math.max(...samples.slice(-window));
  await stop(server);

  console.log(`mixed traffic: ${kinds.map((k) => `${k.name} ${k.weight}%`).join(", ")}; ${CONNECTIONS} connections`);
  console.log(`maximum (10 s)   ${max.rps.toFixed(0)} req/s, p99 ${max.p99} ms, errors ${max.tally.errors}`);
  console.log(`warm-up (${WARMUP_SECONDS} s at ${target} req/s)  ${warmup.rps.toFixed(0)} req/s, errors ${warmup.tally.errors}`);
  console.log(
    `soak (${SOAK_SECONDS} s at ${target} req/s target)  ${soak.rps.toFixed(0)} req/s, p99 ${soak.p99} ms, requests ${soak.tally.requests}, errors ${soak.tally.errors}`,
  );
  for (const [name, c] of soak.tally.byKind) console.log(`  ${name.padEnd(14)} ${c.ok} as expected, ${c.bad} not`);
  for (const sample of [...max.tally.samples, ...soak.tally.samples]) console.log(`  error: ${sample}`);
  const growth = (rssEnd - rssStart) / rssStart;
  console.log(
    `server RSS: ${rssReady.toFixed(0)} MB at ready; highest ${rssStart.toFixed(0)} MB in the soak's first ${window} s, ${rssEnd.toFixed(0)} MB in its last ${window} s (${(growth * 100).toFixed(1)}%); range ${Math.min(...samples).toFixed(0)}–${Math.max(...samples).toFixed(0)} MB`,
  );
  console.log(`${soak.tally.errors + max.tally.errors + warmup.tally.errors === 0 ? "ok  " : "FAIL"} 0 errors`);
  console.log(`${growth < 0.1 ? "ok  " : "FAIL"} RSS growth under 10% (issue 8's bound)`);
  console.log(`${growth <= 0.05 ? "ok  " : "FAIL"} RSS growth at most 5% (issue 13's target)`);
}

await main();
