import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { http } from "../helpers/http.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";
import { postMcp, rpcMessage } from "./agent-test-helpers.ts";

/** Params of the wrong types are -32602 on /mcp/ and /a2a/, in one sentence: no schema dump, no stack, no internal error. */

const internalText = /invalid_type|"path"|"expected"|ZodError|TypeError|is not a function|at \w+ \(|\.ts:\d+/;

type Rpc = { id: unknown; error?: { code: number; message: string; data?: unknown } };

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir });
});

describe("MCP", () => {
  const cases: [unknown, string][] = [
    [{ uri: 5 }, "resources/read"],
    [{ name: 7 }, "tools/call"],
    [{ name: "search_games", arguments: "x" }, "tools/call"],
    ["x", "tools/list"],
    [{ cursor: 3 }, "resources/list"],
    [undefined, "resources/read"],
  ];

  it("answers -32602 with a one-line message in a stateless call of each era's headers", async () => {
    for (const version of ["2025-11-25", "2025-03-26"]) {
      for (const [params, method] of cases) {
        const res = await postMcp(
          server,
          { jsonrpc: "2.0", id: 11, method, ...(params === undefined ? {} : { params }) },
          {
            "mcp-protocol-version": version,
          },
        );
        const answer = rpcMessage<Rpc>(res);
        const label = `${version} ${method} ${JSON.stringify(params)}`;
        expect(answer.id, label).toBe(11);
        expect(answer.error?.code, label).toBe(-32602);
        expect(answer.error?.message, label).toMatch(/^Invalid params: params(\.\w+)? must be /);
        expect(res.body.toString("utf8"), label).not.toMatch(internalText);
      }
    }
  });

  it("answers -32602 in a session of the SDK client, and the session goes on", async () => {
    const client = new Client({ name: "invalid-params", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url("/mcp/"))));
    try {
      const error = await client.readResource({ uri: 5 as unknown as string }).then(
        () => undefined,
        (e: unknown) => e as Error & { code?: number },
      );
      expect(error?.code).toBe(-32602);
      expect(error?.message).toMatch(/params\.uri must be a string/);
      expect(error?.message).not.toMatch(internalText);
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});

describe("A2A", () => {
  it("answers -32602 without internal text for params of the wrong types, in v0.3 and v1.0", async () => {
    const cases: [string | undefined, unknown][] = [
      [undefined, { jsonrpc: "2.0", id: 1, method: "tasks/get", params: { id: 5 } }],
      [undefined, { jsonrpc: "2.0", id: 2, method: "message/send", params: 5 }],
      [undefined, { jsonrpc: "2.0", id: 3, method: "message/send", params: { message: 5 } }],
      ["1.0", { jsonrpc: "2.0", id: 4, method: "SendMessage", params: { message: 5 } }],
    ];
    for (const [version, body] of cases) {
      const res = await http(server.url("/a2a/"), {
        method: "POST",
        headers: { "content-type": "application/json", ...(version ? { "a2a-version": version } : {}) },
        body: JSON.stringify(body),
      });
      const answer = res.json<Rpc>();
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(answer.error?.code, JSON.stringify(body)).toBe(-32602);
      expect(res.body.toString("utf8")).not.toMatch(internalText);
    }
  });
});
