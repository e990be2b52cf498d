import { readFileSync } from "node:fs";
import net from "node:net";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LudexInstance, scratchDir } from "../../helpers/cluster.ts";
import { freePort } from "../../helpers/free-port.ts";

/**
 * 48 clients that send the reproductions to /mcp/ and then never read (their sockets
 * paused): 100 × tools/list under 2025-11-25 and under 2025-03-26, and the largest single answer
 * (llms-full.txt), each pipelined twice. A `ludex serve` process answers them; its resident memory
 * is read from /proc while /api/health/ is timed on a connection of its own. Before batches were
 * refused and bounded, this grew the server by over 100 MB and delayed the health check by
 * seconds; the bounds asserted are the (50 MB, 50 ms for the median health answer), with
 * room for a shared 2-core machine on the rarest sample.
 */

const READERS = 48;
/** How long the readers hold their answers unread while health is measured. */
const HOLD_MS = 4_000;

const rpc = (id: number, method: string, params?: unknown): Record<string, unknown> => ({
  jsonrpc: "2.0",
  id,
  method,
  ...(params === undefined ? {} : { params }),
});

function rawPost(port: number, body: string, headers: Record<string, string>): string {
  const lines = [
    "POST /mcp/ HTTP/1.1",
    `Host: 127.0.0.1:${port}`,
    "Content-Type: application/json",
    "Accept: application/json, text/event-stream",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${Buffer.byteLength(body)}`,
    "",
    "",
  ];
  return lines.join("\r\n") + body;
}

/** Resident set size of a process, in bytes. */
function rss(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) * 1024;
}

const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

describe("48 slow readers of /mcp/ answers", () => {
  let instance: LudexInstance;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    const work = scratchDir("ludex-slow-readers-");
    instance = new LudexInstance(
      "slow-readers",
      await freePort(),
      {
        PUBLIC_BASE_URL: "https://ludex.test",
        LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir,
        LUDEX_MATCH_PRELOAD: "off",
        LUDEX_LOG_LEVEL: "warn",
      },
      work,
    );
    await instance.start();
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await instance?.stop();
  });

  it("grow the server by under 50 MB and leave /api/health/ answering within 50 ms", async () => {
    const pid = instance.pid ?? 0;
    const health = new Agent({ connections: 1, pipelining: 1 });
    const timeHealth = async (): Promise<number> => {
      const started = performance.now();
      const res = await request(`${instance.origin}/api/health/`, { dispatcher: health });
      await res.body.arrayBuffer();
      expect(res.statusCode).toBe(200);
      return performance.now() - started;
    };
    // Warm up: the agent handlers load on the first agent request, the health route on its first.
    const warm = await request(`${instance.origin}/mcp/`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify(rpc(1, "tools/list")),
    });
    await warm.body.arrayBuffer();
    const warmRead = await request(`${instance.origin}/mcp/`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify(rpc(1, "resources/read", { uri: "https://ludex.test/llms-full.txt" })),
    });
    await warmRead.body.arrayBuffer();
    const listBatch = JSON.stringify(Array.from({ length: 100 }, (_, i) => rpc(i + 1, "tools/list")));
    const llmsFull = JSON.stringify(rpc(1, "resources/read", { uri: "https://ludex.test/llms-full.txt" }));
    const payload =
      rawPost(instance.port, listBatch, { "MCP-Protocol-Version": "2025-11-25" }) +
      rawPost(instance.port, listBatch, {}) +
      rawPost(instance.port, llmsFull, { "MCP-Protocol-Version": "2025-11-25" });
    // The same requests twice on each connection, the last closing it once answered.
    const twice =
      payload +
      payload.slice(0, payload.lastIndexOf("Content-Length")) +
      "Connection: close\r\n" +
      payload.slice(payload.lastIndexOf("Content-Length"));
    const connect = (): net.Socket => {
      const socket = net.connect(instance.port, "127.0.0.1");
      socket.on("error", () => {});
      return socket;
    };

    // First the same traffic from readers that read: what it costs the server anyway (its heap
    // grows to the garbage of 288 requests) is not what slow readers add.
    await Promise.all(
      Array.from({ length: READERS }, async () => {
        const socket = connect();
        socket.resume();
        socket.write(twice);
        await new Promise((resolve) => socket.once("close", resolve));
      }),
    );
    for (let i = 0; i < 5; i++) await timeHealth();
    const idle = rss(pid);

    for (let i = 0; i < READERS; i++) {
      const socket = connect();
      socket.pause();
      socket.write(twice);
      sockets.push(socket);
    }

    const latencies: number[] = [];
    let peak = idle;
    const until = Date.now() + HOLD_MS;
    while (Date.now() < until) {
      latencies.push(await timeHealth());
      peak = Math.max(peak, rss(pid));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await health.close();
    const growth = peak - idle;
    console.log(
      `slow readers: ${READERS} × ${Buffer.byteLength(twice)} B sent; RSS idle ${(idle / 2 ** 20).toFixed(1)} MB, peak +${(growth / 2 ** 20).toFixed(1)} MB; /api/health/ median ${quantile(latencies, 0.5).toFixed(1)} ms, p90 ${quantile(latencies, 0.9).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms over ${latencies.length}`,
    );
    expect(latencies.length).toBeGreaterThan(10);
    expect(growth).toBeLessThan(50 * 2 ** 20);
    expect(quantile(latencies, 0.5)).toBeLessThan(50);
    expect(quantile(latencies, 0.9)).toBeLessThan(250);
  }, 60_000);
});
