import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, readFileSync, appendFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildCatalog } from "../../src/pipeline/build-pipeline.ts";
import { importCatalog } from "../../src/catalog/import/import-catalog.ts";
import { http } from "../helpers/http.ts";
import { platformsFile, projectRoot, releaseFeedFile, sampleSource } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startTestServer } from "../helpers/test-server.ts";
import { freePort } from "../helpers/free-port.ts";
import { loadConfig } from "../../src/config/config.ts";
import { buildSettings } from "../helpers/build-settings.ts";

interface ServeProcess {
  readonly child: ChildProcess;
  readonly origin: string;
  readonly logs: string[];
  readonly exited: Promise<number | null>;
}

/** Runs the real `ludex serve` CLI on a catalog build, as `npm start` would. */
async function serve(env: Record<string, string>): Promise<ServeProcess> {
  const port = await freePort();
  const logs: string[] = [];
  const child = spawn(process.execPath, [path.join(projectRoot, "scripts", "ludex.js"), "serve"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let buffered = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    logs.push(...lines);
  });
  child.stderr?.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await http(`${origin}/api/health/`)).status === 200) return { child, origin, logs, exited };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  child.kill("SIGKILL");
  throw new Error(`ludex serve did not come up: ${logs.join("\n")}`);
}

function sampleBuild(): { source: string; dbFile: string; buildDir: string; stateDir: string } {
  const dir = tempDir("ludex-ops-");
  const source = path.join(dir, "source");
  cpSync(sampleSource, source, { recursive: true });
  const dbFile = path.join(dir, "catalog.db");
  const buildDir = path.join(dir, "build");
  importCatalog({ sources: [source], dbFile, platformsFile });
  buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings(loadConfig().publicBaseUrl) });
  return { source, dbFile, buildDir, stateDir: dir };
}

describe("live catalog reload", () => {
  it("switches to a new build under load without a failed request, and never serves a half-old, half-new answer", async () => {
    const fixture = sampleBuild();
    const server = await serve({ LUDEX_BUILD_DIR: fixture.buildDir, LUDEX_STATE_DIR: fixture.stateDir, LUDEX_MATCH_RATE_LIMIT: "off" });
    try {
      const list = (await http(`${server.origin}/api/v1/games/?system=snes&limit=100`)).json<{
        results: { id: number; title: string }[];
      }>();
      const zephyr = list.results.find((g) => g.title === "Zephyr Quest")?.id;
      const before = await http(`${server.origin}/api/v1/games/?id=${zephyr}`);
      const versionBefore = (await http(`${server.origin}/api/health/`)).json<{ catalogVersion: string }>().catalogVersion;

      let stop = false;
      let requests = 0;
      const failures: string[] = [];
      const bodies = new Map<string, string>();
      const worker = async (): Promise<void> => {
        const paths = [`/api/v1/games/?id=${zephyr}`, "/api/v1/agent/games/?q=zephyr", "/api/v1/games/?system=snes", "/api/health/"];
        while (!stop) {
          const p = paths[requests % paths.length] ?? "/";
          requests++;
          try {
            const res = await http(`${server.origin}${p}`);
            if (res.status !== 200) failures.push(`${p}: ${res.status}`);
            if (p.includes("?id=")) bodies.set(res.headers.etag ?? "", res.body.toString());
          } catch (error) {
            failures.push(`${p}: ${(error as Error).message}`);
          }
        }
      };
      const load = Promise.all(Array.from({ length: 8 }, worker));

      // A changed DAT: Zephyr Quest gains a release, so its record (and ETag) change.
      appendFileSync(
        path.join(fixture.source, "metadat/no-intro/Nintendo - Super Nintendo Entertainment System.dat"),
        'game (\n\tname "Zephyr Quest (Japan)"\n\tregion "Japan"\n\trom ( name "Zephyr Quest (Japan).sfc" size 524288 crc 1234ABCD md5 00112233445566778899aabbccddeeff sha1 00112233445566778899aabbccddeeff00112233 )\n)\n',
      );
      await new Promise((r) => setTimeout(r, 300));
      importCatalog({ sources: [fixture.source], dbFile: fixture.dbFile, platformsFile });
      buildCatalog({ dbFile: fixture.dbFile, buildDir: fixture.buildDir, releaseFeedFile, ...buildSettings(loadConfig().publicBaseUrl) });
      let versionAfter = versionBefore;
      for (let i = 0; i < 60 && versionAfter === versionBefore; i++) {
        await new Promise((r) => setTimeout(r, 100));
        versionAfter = (await http(`${server.origin}/api/health/`)).json<{ catalogVersion: string }>().catalogVersion;
      }
      await new Promise((r) => setTimeout(r, 300));
      stop = true;
      await load;

      expect(versionAfter).not.toBe(versionBefore);
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(100);
      // Exactly two versions of the record were served, each whole, each with its own ETag.
      const after = await http(`${server.origin}/api/v1/games/?id=${zephyr}`);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect([...bodies.keys()].sort()).toEqual([before.headers.etag, after.headers.etag].sort());
      expect(bodies.get(before.headers.etag ?? "")).toBe(before.body.toString());
      expect(bodies.get(after.headers.etag ?? "")).toBe(after.body.toString());
      expect(JSON.parse(after.body.toString()).releases).toHaveLength(2);
      expect(server.logs.some((l) => l.includes('"msg":"catalog reloaded"'))).toBe(true);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }, 60_000);

  it("never picks up an incomplete build (a manifest naming a missing file), and keeps serving the old one", async () => {
    const fixture = sampleBuild();
    const server = await serve({ LUDEX_BUILD_DIR: fixture.buildDir, LUDEX_STATE_DIR: fixture.stateDir });
    try {
      const version = (await http(`${server.origin}/api/health/`)).json<{ catalogVersion: string }>().catalogVersion;
      const manifestFile = path.join(fixture.buildDir, "manifest.json");
      const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as {
        catalogVersion: string;
        platforms: Record<string, { shard: string }>;
      };
      manifest.catalogVersion = "incomplete-build";
      for (const p of Object.values(manifest.platforms)) p.shard = "shards/missing.ndjson";
      const { writeFileAtomic } = await import("../../src/catalog/build/write-file-atomic.ts");
      writeFileAtomic(manifestFile, JSON.stringify(manifest));
      process.kill(server.child.pid ?? 0, "SIGHUP");
      await new Promise((r) => setTimeout(r, 1500));
      const health = (await http(`${server.origin}/api/health/`)).json<{ catalogVersion: string }>();
      expect(health.catalogVersion).toBe(version);
      expect((await http(`${server.origin}/api/v1/agent/games/?q=starfall`)).status).toBe(200);
      expect(server.logs.some((l) => l.includes("catalog reload failed"))).toBe(true);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }, 30_000);
});

describe("graceful shutdown", () => {
  it("on SIGTERM finishes in-flight requests, refuses new connections, and exits 0", async () => {
    const fixture = sampleBuild();
    const server = await serve({ LUDEX_BUILD_DIR: fixture.buildDir, LUDEX_STATE_DIR: fixture.stateDir });
    const { port } = new URL(server.origin);
    // A long request: a match body trickled over ~1.5 s.
    const body = JSON.stringify({ systemId: "snes", items: [{ name: "Zephyr Quest (USA).sfc" }] });
    const response = new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1");
      let text = "";
      socket.on("data", (d) => (text += d.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
      socket.write(
        `POST /api/v1/games/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      let sent = 0;
      const timer = setInterval(
        () => {
          const chunk = body.slice(sent, sent + 8);
          sent += chunk.length;
          socket.write(chunk);
          if (sent >= body.length) clearInterval(timer);
        },
        Math.ceil(1500 / (body.length / 8)),
      );
    });
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect(Number(port), "127.0.0.1", () => {
        probe.destroy();
        resolve(false);
      });
      probe.once("error", () => resolve(true));
    });
    const answer = await response;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toContain('"status":"matched"');
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(refused).toBe(true);
    expect(await server.exited).toBe(0);
    expect(server.logs.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  }, 30_000);
});

describe("limits and timeouts", () => {
  it("keeps answering promptly with 500 idle and trickling connections open", async () => {
    const fixture = sampleBuild();
    const server = await startTestServer({ LUDEX_BUILD_DIR: fixture.buildDir });
    const { port } = new URL(server.origin);
    const sockets: net.Socket[] = [];
    for (let i = 0; i < 500; i++) {
      const socket = net.connect(Number(port), "127.0.0.1");
      socket.on("error", () => {});
      // Half stay silent; half trickle a request head that never ends.
      if (i % 2 === 0) socket.write("GET /api/health/ HTTP/1.1\r\nHost: x\r\n");
      sockets.push(socket);
    }
    const trickle = setInterval(() => {
      for (let i = 0; i < sockets.length; i += 2) sockets[i]?.write("X-Slow: 1\r\n");
    }, 200);
    try {
      await new Promise((r) => setTimeout(r, 500));
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        const res = await http(server.url("/api/v1/agent/games/?q=starfall"));
        times.push(performance.now() - started);
        expect(res.status).toBe(200);
      }
      times.sort((a, b) => a - b);
      expect(times[Math.floor(times.length * 0.9)]).toBeLessThan(250);
    } finally {
      clearInterval(trickle);
      for (const s of sockets) s.destroy();
    }
  }, 30_000);

  it("cuts off a client that sends its headers too slowly, and refuses oversized headers with 431", async () => {
    const fixture = sampleBuild();
    const server = await startTestServer({
      LUDEX_BUILD_DIR: fixture.buildDir,
      LUDEX_HEADERS_TIMEOUT_MS: "1000",
      LUDEX_REQUEST_TIMEOUT_MS: "1000",
      LUDEX_MAX_HEADER_BYTES: "4096",
    });
    const { port } = new URL(server.origin);
    const slow = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), "127.0.0.1");
      let text = "";
      socket.on("data", (d) => (text += d.toString()));
      socket.on("close", () => resolve(text));
      socket.on("error", () => resolve(text));
      socket.write("GET /api/health/ HTTP/1.1\r\nHost: x\r\n");
      const timer = setInterval(() => socket.writable && socket.write("X-Slow: 1\r\n"), 200);
      socket.on("close", () => clearInterval(timer));
    });
    expect(slow).toMatch(/^HTTP\/1\.1 408/);
    const big = await http(server.url("/api/health/"), { headers: { "x-big": "y".repeat(8000) } });
    expect(big.status).toBe(431);
  }, 30_000);
});
