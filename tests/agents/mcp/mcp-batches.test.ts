import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { MAX_BATCH_ANSWER_BYTES, MAX_BATCH_MESSAGES } from "../../../src/agents/mcp/mcp-endpoint.ts";
import { MAX_MATCH_ITEMS } from "../../../src/match/schema/match-schemas.ts";
import { http, type RawResponse } from "../../helpers/http.ts";
import { startTestServer, type RunningServer } from "../../helpers/test-server.ts";
import { postMcp } from "../agent-test-helpers.ts";

/**
 * The bodies of /mcp/, /a2a/ and POST /api/v1/games/ are decoded once by ludex, a leading BOM
 * stripped on every route, and the SDKs read only that checked value; JSON-RPC batches on /mcp/
 * are refused after 2025-03-26 and bounded under it, their match_roms items charged to the quota.
 */

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const withBom = (body: unknown): Buffer => Buffer.concat([BOM, Buffer.from(JSON.stringify(body))]);
const internalText = /RangeError|Maximum call stack|ZodError|"issues"|at \w+ \(|\.ts:\d+/;

const rpc = (id: number, method: string, params?: unknown): Record<string, unknown> => ({
  jsonrpc: "2.0",
  id,
  method,
  ...(params === undefined ? {} : { params }),
});
const matchCall = (id: number, items = MAX_MATCH_ITEMS): Record<string, unknown> =>
  rpc(id, "tools/call", {
    name: "match_roms",
    arguments: { systemId: "snes", items: Array.from({ length: items }, () => ({ name: "Zephyr Quest (USA).sfc" })) },
  });
const searchCall = (id: number): Record<string, unknown> =>
  rpc(id, "tools/call", { name: "search_games", arguments: { query: "starfall" } });

/** A value nested `levels` deep, as JSON text (JSON.stringify overflows long before 5,000). */
const deep = (levels: number): string => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

type Rpc = { id: number | string | null; result?: unknown; error?: { code: number; message: string; data?: unknown } };

function rpcBody(res: RawResponse): Rpc {
  return res.json<Rpc>();
}

/** The RateLimit field's remaining units. */
function remaining(res: RawResponse): number {
  return Number(/;r=(\d+)/.exec(res.headers.ratelimit ?? "")?.[1] ?? Number.NaN);
}

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir, LUDEX_MATCH_RATE_LIMIT: "450" });
});

describe("a UTF-8 byte-order mark, the same rule on every JSON route (stripped, then every check)", () => {
  it("/mcp/: the issue's deep JSON-RPC response behind a BOM is refused by the depth check, without stack text", async () => {
    const body = Buffer.concat([BOM, Buffer.from(`{"jsonrpc":"2.0","id":99,"result":${deep(5_000)}}`)]);
    const res = await http(server.url("/mcp/"), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body,
    });
    expect(res.status).toBe(400);
    expect(rpcBody(res)).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Invalid Request: the request nests arrays and objects deeper than 64 levels" },
    });
    expect(res.body.toString("utf8")).not.toMatch(internalText);
  });

  it("/mcp/: a single call behind a BOM is answered exactly as without one", async () => {
    const headers = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
    };
    const plain = await http(server.url("/mcp/"), { method: "POST", headers, body: JSON.stringify(searchCall(3)) });
    const bom = await http(server.url("/mcp/"), { method: "POST", headers, body: withBom(searchCall(3)) });
    expect(bom.status).toBe(200);
    expect(rpcBody(bom)).toEqual(rpcBody(plain));
  });

  it("/a2a/: a message behind a BOM is answered as without one", async () => {
    const send = {
      jsonrpc: "2.0",
      id: 5,
      method: "message/send",
      params: { message: { kind: "message", messageId: "bom-1", role: "user", parts: [{ kind: "text", text: "find starfall" }] } },
    };
    const res = await http(server.url("/a2a/"), { method: "POST", headers: { "content-type": "application/json" }, body: withBom(send) });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ id: 5, result: { kind: "message", role: "agent" } });
  });

  it("POST /api/v1/games/ and POST /oauth/register/: a BOM is stripped, the body then read and checked as usual", async () => {
    const match = { systemId: "snes", items: [{ name: "Zephyr Quest (USA).sfc" }] };
    const res = await http(server.url("/api/v1/games/"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: withBom(match),
    });
    expect(res.status).toBe(200);
    expect(res.json<{ results: { status: string }[] }>().results.map((r) => r.status)).toEqual(["matched"]);
    const registration = { client_name: "bom client", redirect_uris: ["http://127.0.0.1:9/cb"], token_endpoint_auth_method: "none" };
    const registered = await http(server.url("/oauth/register/"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: withBom(registration),
    });
    expect(registered.status).toBe(201);
    // Two BOMs: the second is text, not JSON.
    const twice = await http(server.url("/api/v1/games/"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.concat([BOM, withBom(match)]),
    });
    expect(twice.status).toBe(400);
    expect(twice.headers["content-type"]).toBe("application/problem+json");
  });
});

describe("JSON-RPC batches on /mcp/", () => {
  it("are refused with -32600 under 2025-11-25 (the header), with or without a BOM, running nothing", async () => {
    const batch = Array.from({ length: 100 }, (_, i) => rpc(i + 1, "tools/list"));
    for (const body of [JSON.stringify(batch), withBom(batch)]) {
      const res = await http(server.url("/mcp/"), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-11-25",
        },
        body,
      });
      expect(res.status).toBe(400);
      const answer = rpcBody(res);
      expect(answer.id).toBeNull();
      expect(answer.error?.code).toBe(-32600);
      expect(answer.error?.message).toMatch(/batches were removed from MCP in 2025-06-18; under protocol version 2025-11-25/);
      expect(res.body.length).toBeLessThan(400);
    }
  });

  it("are refused in a 2025-11-25 session opened by the SDK client, whose version the session id carries", async () => {
    const client = new Client({ name: "batch-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(server.url("/mcp/")));
    await client.connect(transport);
    try {
      const sessionId = transport.sessionId ?? "";
      expect(sessionId).not.toBe("");
      const res = await postMcp(server, [rpc(1, "tools/list"), rpc(2, "ping")], { "mcp-session-id": sessionId });
      expect(res.status).toBe(400);
      expect(rpcBody(res).error?.message).toMatch(/under protocol version 2025-11-25/);
      // The session still serves single calls.
      expect((await client.callTool({ name: "search_games", arguments: { query: "starfall" } })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it("are bounded under 2025-03-26: at most the documented count, no initialize, answers within the byte limit", async () => {
    const v2025 = { "mcp-protocol-version": "2025-03-26" };
    const tooMany = await postMcp(
      server,
      Array.from({ length: MAX_BATCH_MESSAGES + 1 }, (_, i) => rpc(i + 1, "ping")),
      v2025,
    );
    expect(tooMany.status).toBe(400);
    expect(rpcBody(tooMany).error).toEqual({
      code: -32600,
      message: `Invalid Request: a batch may carry at most ${MAX_BATCH_MESSAGES} messages`,
    });
    const withInit = await postMcp(
      server,
      [rpc(1, "initialize", { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "x", version: "1" } }), rpc(2, "ping")],
      v2025,
    );
    expect(withInit.status).toBe(400);
    expect(rpcBody(withInit).error?.code).toBe(-32600);
    expect((await postMcp(server, [], v2025)).status).toBe(400);

    // ping and a search fit; tools/list (about 38 KB) does not, nor anything after it.
    const res = await postMcp(server, [rpc(1, "ping"), searchCall(2), rpc(3, "tools/list"), rpc(4, "ping")], v2025);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(MAX_BATCH_ANSWER_BYTES + 1024);
    const answers = res.json<Rpc[]>();
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3, 4]);
    expect(answers[0]?.result).toEqual({});
    expect(answers[1]?.result).toMatchObject({ structuredContent: { results: expect.any(Array) } });
    for (const refused of answers.slice(2)) {
      expect(refused.error?.code).toBe(-32000);
      expect(refused.error?.message).toMatch(/reached 32768 bytes: this request's answer is left out; send it on its own/);
    }
    // Without a version header the transport's default, 2025-03-26, applies; notifications alone get 202.
    const notes = await postMcp(server, [{ jsonrpc: "2.0", method: "notifications/initialized" }]);
    expect(notes.status).toBe(202);
  });

  it("charge every match_roms item to the match quota, whatever the framing (BOM, batch)", async () => {
    const v2025 = { "mcp-protocol-version": "2025-03-26" };
    const probe = async (): Promise<number> =>
      remaining(
        await http(server.url("/api/v1/games/"), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ systemId: "snes", items: [] }),
        }),
      );
    const start = await probe();
    expect(start).toBeGreaterThan(350);
    const single = await postMcp(server, matchCall(1, 50), v2025);
    expect(single.status).toBe(200);
    const left = await probe();
    expect(left).toBe(start - 50);
    // Calls of 100 items and one of the rest: every unit left, charged whole before any runs.
    const calls = Math.floor(left / 100);
    const batch = [...Array.from({ length: calls }, (_, i) => matchCall(i + 1)), matchCall(calls + 1, left - calls * 100)];
    const ok = await http(server.url("/mcp/"), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...v2025 },
      body: withBom(batch),
    });
    expect(ok.status).toBe(200);
    expect(ok.json<Rpc[]>()).toHaveLength(batch.length);
    expect(await probe()).toBe(0);
    // One more item, behind a BOM, in a batch: refused, the quota spent.
    const refused = await http(server.url("/mcp/"), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...v2025 },
      body: withBom([matchCall(9, 1)]),
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.ratelimit).toMatch(/^"match";r=0;/);
  });
});
