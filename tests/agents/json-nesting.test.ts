import type { Part } from "@a2a-js/sdk";
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory, type Client } from "@a2a-js/sdk/client";
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { http } from "../helpers/http.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";
import { postMcp, rewritingFetch, rpcMessage, userMessage } from "./agent-test-helpers.ts";

/** An array nested `levels` deep around one number: `[[[…[1]…]]]`. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

/**
 * `body` as JSON text with its "DEEP" string replaced by an array nested 5,000 levels deep, written
 * out directly: JSON.stringify itself overflows the stack at that depth.
 */
function deepJson(body: unknown): string {
  const deep = `${"[".repeat(5_000)}1${"]".repeat(5_000)}`;
  return JSON.stringify(body).replaceAll('"DEEP"', deep);
}

/** As deep as the SDK clients can still serialize, far past the limit. */
const CLIENT_DEEP = 2_000;
const overflowText = /Maximum call stack|RangeError|at \w+ \(/;

let server: RunningServer;
beforeAll(async () => {
  // The default agent body limit (256 KiB) holds 5,000 levels of brackets many times over.
  server = await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir });
});

describe("A2A: a body nested thousands of levels deep", () => {
  let client: Client;
  beforeAll(async () => {
    const fetchImpl = rewritingFetch("https://ludex.test", server);
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new JsonRpcTransportFactory({ fetchImpl })],
        cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
      }),
    );
    client = await factory.createFromUrl("https://ludex.test");
  });

  it("is refused as invalid params by the v1.0 SDK client's SendMessage, without internal text", async () => {
    const message = userMessage("find starfall");
    const data: Part = {
      content: { $case: "data", value: nested(CLIENT_DEEP) },
      metadata: undefined,
      filename: "",
      mediaType: "application/json",
    };
    const sent = client.sendMessage({
      tenant: "",
      message: { ...message, parts: [...message.parts, data] },
      configuration: undefined,
      metadata: undefined,
    });
    const error = await sent.then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/deeper than 64 levels/);
    expect(error?.message).not.toMatch(overflowText);
  });

  it("is refused with -32602 in a v0.3 message/send, echoing the request id", async () => {
    const res = await http(server.url("/a2a/"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: deepJson({
        jsonrpc: "2.0",
        id: 1,
        method: "message/send",
        params: {
          message: {
            kind: "message",
            messageId: "m-deep",
            role: "user",
            parts: [
              { kind: "text", text: "find starfall" },
              { kind: "data", data: "DEEP" },
            ],
          },
        },
      }),
    });
    expect(res.status).toBe(200);
    const body = res.json<{ id: number; error: { code: number; message: string } }>();
    expect(body).toMatchObject({ id: 1, error: { code: -32602, message: "the request nests arrays and objects deeper than 64 levels" } });
    expect(res.body.toString("utf8")).not.toMatch(overflowText);
  });

  it("still answers a data part nested within the limit", async () => {
    const res = await http(server.url("/a2a/"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 2,
        method: "message/send",
        params: {
          message: {
            kind: "message",
            messageId: "m-shallow",
            role: "user",
            parts: [
              { kind: "text", text: "find starfall" },
              { kind: "data", data: nested(50) },
            ],
          },
        },
      }),
    });
    expect(res.json()).toMatchObject({ id: 2, result: { kind: "message", role: "agent" } });
  });
});

describe("MCP: tools/call arguments nested thousands of levels deep", () => {
  it("are refused with -32600 by the 2025-11-25 session of the v1 SDK client", async () => {
    const client = new ClientV1({ name: "ludex-test-v1", version: "1.0.0" });
    await client.connect(new TransportV1(new URL(server.url("/mcp/"))));
    try {
      const error = await client.callTool({ name: "search_games", arguments: { query: "starfall", deep: nested(CLIENT_DEEP) } }).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toMatch(/-32600.*deeper than 64 levels/);
      expect(error?.message).not.toMatch(overflowText);
      // The session is untouched: the next call is answered.
      const search = await client.callTool({ name: "search_games", arguments: { query: "starfall" } });
      expect(search.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it("are refused by the 2026-07-28 v2 SDK client", async () => {
    const client = new ClientV2({ name: "ludex-test-v2", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new TransportV2(new URL(server.url("/mcp/"))));
    try {
      const error = await client.callTool({ name: "search_games", arguments: { query: "starfall", deep: nested(CLIENT_DEEP) } }).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toMatch(/deeper than 64 levels/);
      expect(error?.message).not.toMatch(overflowText);
    } finally {
      await client.close();
    }
  });

  it("are refused with a 400 JSON-RPC Invalid Request in a raw stateless call", async () => {
    const res = await postMcp(
      server,
      deepJson({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "match_roms", arguments: { systemId: "snes", items: "DEEP" } },
      }),
      { "mcp-protocol-version": "2025-11-25" },
    );
    expect(res.status).toBe(400);
    expect(rpcMessage(res)).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Invalid Request: the request nests arrays and objects deeper than 64 levels" },
    });
  });
});

describe("REST: POST /api/v1/games/ with a body nested 5,000 levels deep", () => {
  it("answers 422 for a deep envelope, a per-item status for a deep item, and ignores a deep unknown member, never 500", async () => {
    const cases: [unknown, number, string[]][] = [
      ["DEEP", 422, []],
      [{ systemId: "DEEP", items: [{ name: "Zephyr Quest (USA).sfc" }] }, 422, []],
      [{ systemId: "snes", items: "DEEP" }, 200, ["invalid"]],
      [{ systemId: "snes", items: [{ name: "DEEP" }] }, 200, ["invalid"]],
      [{ systemId: "snes", items: [{ name: "Zephyr Quest (USA).sfc", extra: "DEEP" }], extra: "DEEP" }, 200, ["matched"]],
    ];
    for (const [body, status, statuses] of cases) {
      const res = await http(server.url("/api/v1/games/"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: deepJson(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.toString("utf8")).not.toMatch(overflowText);
      if (status === 422) expect(res.headers["content-type"]).toBe("application/problem+json");
      else expect(res.json<{ results: { status: string }[] }>().results.map((r) => r.status)).toEqual(statuses);
    }
  });
});
