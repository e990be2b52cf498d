import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { http } from "../../helpers/http.ts";
import { startTestServer, type RunningServer } from "../../helpers/test-server.ts";
import { initializeRequest, postMcp, rpcMessage } from "../agent-test-helpers.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({
    LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir,
    LUDEX_MCP_ALLOWED_ORIGINS: "https://ludex.test, http://localhost:6274",
    LUDEX_AGENT_BODY_LIMIT: "65536",
  });
});

const toolNames = ["get_changes", "get_game", "get_release_feed", "list_platforms", "match_roms", "search_games"];
const api = async (path: string): Promise<unknown> => (await http(server.url(path))).json();
const matchApi = async (body: unknown): Promise<unknown> =>
  (
    await http(server.url("/api/v1/games/"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })
  ).json();

interface ToolResult {
  readonly content: readonly { readonly type: string; readonly text?: string }[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}
type CallTool = (name: string, args: Record<string, unknown>) => Promise<ToolResult>;

/** The text of a resource read's first content. */
function textOf(read: { readonly contents: readonly ({ readonly text: string } | { readonly blob: string })[] }): string {
  const first = read.contents[0];
  return first && "text" in first ? first.text : "";
}

/** What every client generation must get from the tools: the HTTP API's answers, unchanged. */
async function expectToolsMatchTheApi(call: CallTool): Promise<void> {
  const search = await call("search_games", { query: "legend of starfall", system: "Super Nintendo" });
  expect(search.isError).toBeFalsy();
  expect(search.structuredContent).toEqual(await api("/api/v1/agent/games/?q=legend%20of%20starfall&system=snes"));
  const first = (search.structuredContent?.results as { id: number; title: string }[] | undefined)?.[0];
  expect(first?.title).toBe("The Legend of Starfall");
  expect(JSON.parse(search.content[0]?.text ?? "")).toEqual(search.structuredContent);

  const game = await call("get_game", { id: first?.id ?? 0 });
  expect(game.structuredContent).toEqual(await api(`/api/v1/games/?id=${first?.id}`));
  expect((await call("list_platforms", {})).structuredContent).toEqual(await api("/api/v1/games/"));
  expect((await call("get_release_feed", {})).structuredContent).toEqual(await api("/api/v1/community/"));

  const request = { systemId: "snes", items: [{ name: "Zephyr Quest (USA).sfc" }, { crc: "nothex!!" }], artworkTypes: ["boxart"] };
  const matched = await call("match_roms", request);
  expect(matched.structuredContent).toEqual(await matchApi(request));
  expect((matched.structuredContent?.results as { status: string }[] | undefined)?.map((r) => r.status)).toEqual(["matched", "invalid"]);
}

/** Domain errors are tool results the model can read, never failed requests. */
async function expectToolErrors(call: CallTool): Promise<void> {
  const missing = await call("get_game", { id: 999_999_999 });
  expect(missing.isError).toBe(true);
  expect(missing.content[0]?.text).toMatch(/no game with id 999999999/);
  const platform = await call("search_games", { query: "starfall", system: "no such console" });
  expect(platform.isError).toBe(true);
  expect(platform.content[0]?.text).toMatch(/unknown platform "no such console"/);
}

describe("MCP 2025-11-25: the v1 SDK client (@modelcontextprotocol/sdk) over Streamable HTTP", () => {
  let client: ClientV1;
  let transport: TransportV1;
  beforeAll(async () => {
    client = new ClientV1({ name: "ludex-test-v1", version: "1.0.0" });
    transport = new TransportV1(new URL(server.url("/mcp/")));
    await client.connect(transport);
  });
  afterAll(() => client.close());
  const call: CallTool = async (name, args) => (await client.callTool({ name, arguments: args })) as ToolResult;

  it("initializes a session with the 2025-11-25 handshake", () => {
    expect(transport.protocolVersion).toBe("2025-11-25");
    expect(transport.sessionId).toMatch(/^mcs1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(client.getServerVersion()).toMatchObject({ name: "test.ludex/ludex", title: "ludex game catalog" });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
    expect(client.getInstructions()).toMatch(/search_games/);
  });

  it("lists every tool with input and output schemas and read-only annotations", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(toolNames);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: true, openWorldHint: false, idempotentHint: true });
      expect(tool.description, tool.name).toBeTruthy();
    }
    const search = tools.find((t) => t.name === "search_games");
    expect(search?.inputSchema.required).toEqual(["query"]);
    const match = tools.find((t) => t.name === "match_roms");
    expect(match?.inputSchema.properties?.items).toMatchObject({
      type: "array",
      maxItems: 100,
      items: { type: "object", properties: { sha1: {} } },
    });
  });

  it("answers every tool exactly as the HTTP API does", () => expectToolsMatchTheApi(call));

  it("reports unknown games and platforms as tool errors", () => expectToolErrors(call));

  it("lists and reads the resources, and reads any game through the template", async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual([
      "https://ludex.test/api/v1/community/",
      "https://ludex.test/api/v1/games/",
      "https://ludex.test/llms-full.txt",
    ]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["https://ludex.test/api/v1/games/?id={id}"]);

    const feed = await client.readResource({ uri: "https://ludex.test/api/v1/community/" });
    expect(feed.contents[0]).toMatchObject({ mimeType: "application/json" });
    expect(JSON.parse(textOf(feed))).toEqual(await api("/api/v1/community/"));
    const platforms = await client.readResource({ uri: "https://ludex.test/api/v1/games/" });
    expect(JSON.parse(textOf(platforms))).toEqual(await api("/api/v1/games/"));
    const llms = await client.readResource({ uri: "https://ludex.test/llms-full.txt" });
    expect(llms.contents[0]).toMatchObject({ mimeType: "text/plain" });
    expect(textOf(llms)).toBe((await http(server.url("/llms-full.txt"))).body.toString("utf8"));

    // A search hit's `url` is readable as it is.
    const hit = (await api("/api/v1/agent/games/?q=starfall")) as { results: { url: string }[] };
    const url = hit.results[0]?.url ?? "";
    const game = await client.readResource({ uri: url });
    expect(JSON.parse(textOf(game))).toEqual(await api(url.replace("https://ludex.test", "")));
    await expect(client.readResource({ uri: "https://ludex.test/api/v1/games/?id=999999999" })).rejects.toThrow(/not found/i);
  });

  it("answers an unknown tool and invalid arguments with errors, not failed requests", async () => {
    const unknown = await client.callTool({ name: "delete_everything", arguments: {} }).then(
      (result) => ({ result }),
      (error: Error) => ({ error }),
    );
    // A JSON-RPC error (-32602) or an isError result: both are allowed; the request itself must not fail.
    if ("error" in unknown) expect(unknown.error.message).toMatch(/delete_everything/);
    else expect(unknown.result.isError).toBe(true);

    const invalid = (await client.callTool({ name: "search_games", arguments: { query: "", limit: 99 } })) as ToolResult;
    expect(invalid.isError).toBe(true);
    expect(invalid.content[0]?.text).toMatch(/limit|query/);
    const wrongType = (await client.callTool({ name: "get_game", arguments: { id: "thirty-five" } })) as ToolResult;
    expect(wrongType.isError).toBe(true);
    // The session still works afterwards.
    expect((await call("list_platforms", {})).isError).toBeFalsy();
  });

  it("ends the session on DELETE, after which its id is unknown (404)", async () => {
    const other = new TransportV1(new URL(server.url("/mcp/")));
    const second = new ClientV1({ name: "ludex-test-v1-delete", version: "1.0.0" });
    await second.connect(other);
    const sessionId = other.sessionId ?? "";
    await other.terminateSession();
    const after = await postMcp(
      server,
      { jsonrpc: "2.0", id: 7, method: "tools/list" },
      { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" },
    );
    expect(after.status).toBe(404);
    expect(after.headers["content-type"]).toBe("application/problem+json");
    await second.close();
  });
});

describe("MCP 2026-07-28: the v2 SDK client (@modelcontextprotocol/client), stateless", () => {
  let client: ClientV2;
  beforeAll(async () => {
    client = new ClientV2({ name: "ludex-test-v2", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new TransportV2(new URL(server.url("/mcp/"))));
  });
  afterAll(() => client.close());
  const call: CallTool = async (name, args) => (await client.callTool({ name, arguments: args })) as ToolResult;

  it("discovers the server with server/discover, consistent with the server card", async () => {
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const card = (await api("/mcp/server-card")) as { name: string; version: string; remotes: { supportedProtocolVersions: string[] }[] };
    expect(client.getServerVersion()).toMatchObject({ name: card.name, version: card.version });
    const discovered = client.getDiscoverResult();
    expect(discovered?.supportedVersions).toContain("2026-07-28");
    expect(card.remotes[0]?.supportedProtocolVersions).toEqual(expect.arrayContaining([...(discovered?.supportedVersions ?? [])]));
    expect(discovered?.capabilities).toMatchObject({ tools: {}, resources: {} });
  });

  it("lists the tools and resources", async () => {
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(toolNames);
    expect((await client.listResources()).resources).toHaveLength(3);
    expect((await client.listResourceTemplates()).resourceTemplates).toHaveLength(1);
  });

  it("answers every tool exactly as the HTTP API does", () => expectToolsMatchTheApi(call));

  it("reports unknown games and platforms as tool errors", () => expectToolErrors(call));

  it("opens no session", async () => {
    const res = await postMcp(
      server,
      { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: discoverMeta() } },
      { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" },
    );
    expect(res.status).toBe(200);
    expect(res.headers["mcp-session-id"]).toBeUndefined();
  });
});

/** The per-request `_meta` envelope of the 2026-07-28 revision, for raw requests. */
function discoverMeta(): Record<string, unknown> {
  return {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "raw-test", version: "1.0.0" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
}

describe("HTTP behaviour of POST /mcp/", () => {
  it("refuses a browser Origin that is not allowed (403) and accepts the allowed ones", async () => {
    const evil = await postMcp(server, initializeRequest, { origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect(evil.headers["content-type"]).toBe("application/problem+json");
    expect((await postMcp(server, initializeRequest, { origin: "null" })).status).toBe(403);
    for (const origin of ["https://ludex.test", "http://localhost:6274"]) {
      const ok = await postMcp(server, initializeRequest, { origin });
      expect(ok.status, origin).toBe(200);
      expect(ok.headers["mcp-session-id"]).toBeTruthy();
    }
  });

  it("serves 2025-11-25 requests without a session id statelessly", async () => {
    const res = await postMcp(server, { jsonrpc: "2.0", id: 2, method: "tools/list" }, { "mcp-protocol-version": "2025-11-25" });
    expect(res.status).toBe(200);
    expect(res.headers["mcp-session-id"]).toBeUndefined();
    const message = rpcMessage<{ result: { tools: { name: string }[] } }>(res);
    expect(message.result.tools.map((t) => t.name).sort()).toEqual(toolNames);
  });

  it("answers malformed JSON and malformed JSON-RPC with JSON-RPC errors", async () => {
    const notJson = await postMcp(server, "{ not json");
    expect(notJson.status).toBe(400);
    expect(rpcMessage<{ error: { code: number } }>(notJson).error.code).toBe(-32700);
    const notRpc = await postMcp(server, { hello: "world" });
    expect(notRpc.status).toBe(400);
    expect(rpcMessage<{ error: { code: number } }>(notRpc).error.code).toBeLessThan(-32000);
    const notJsonType = await postMcp(server, initializeRequest, { "content-type": "text/plain" });
    expect(notJsonType.status).toBe(415);
  });

  it("refuses a body over the limit with 413 before parsing it", async () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ name: `${"x".repeat(900)} ${i}.sfc` }));
    const res = await postMcp(server, {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "match_roms", arguments: { systemId: "snes", items } },
    });
    expect(res.status).toBe(413);
    expect(res.headers["content-type"]).toBe("application/problem+json");
  });

  it("gives the transport's status codes for bad sessions, bad versions and unserved methods", async () => {
    const unknown = await postMcp(
      server,
      { jsonrpc: "2.0", id: 4, method: "tools/list" },
      { "mcp-session-id": "00000000-0000-4000-8000-000000000000", "mcp-protocol-version": "2025-11-25" },
    );
    expect(unknown.status).toBe(404);

    const init = await postMcp(server, initializeRequest);
    const session = init.headers["mcp-session-id"] ?? "";
    const badVersion = await postMcp(
      server,
      { jsonrpc: "2.0", id: 5, method: "tools/list" },
      { "mcp-session-id": session, "mcp-protocol-version": "1999-01-01" },
    );
    expect(badVersion.status).toBe(400);
    const modernBad = await postMcp(
      server,
      {
        jsonrpc: "2.0",
        id: 6,
        method: "tools/list",
        params: { _meta: { ...discoverMeta(), "io.modelcontextprotocol/protocolVersion": "2099-01-01" } },
      },
      { "mcp-protocol-version": "2099-01-01", "mcp-method": "tools/list" },
    );
    expect(modernBad.status).toBe(400);

    const get = await http(server.url("/mcp/"), { headers: { accept: "text/event-stream", "mcp-session-id": session } });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe("POST, DELETE");
    expect((await http(server.url("/mcp"), { method: "DELETE" })).status).toBe(400);
    expect((await http(server.url("/mcp/"), { method: "DELETE", headers: { "mcp-session-id": session } })).status).toBe(200);
    expect((await http(server.url("/mcp/"), { method: "DELETE", headers: { "mcp-session-id": session } })).status).toBe(404);
  });

  it("counts match_roms items against the same quota as POST /api/v1/games/", async () => {
    const limited = await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir, LUDEX_MATCH_RATE_LIMIT: "3" });
    const call = (count: number) =>
      postMcp(limited, {
        jsonrpc: "2.0",
        id: 8,
        method: "tools/call",
        params: {
          name: "match_roms",
          arguments: { systemId: "snes", items: Array.from({ length: count }, () => ({ name: "Zephyr Quest (USA).sfc" })) },
        },
      });
    expect((await call(2)).status).toBe(200);
    const refused = await call(2);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBeTruthy();
  });
});
