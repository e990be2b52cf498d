import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { signSessionId, verifySessionId } from "../../../src/agents/mcp/session-token.ts";
import { startTestServer, type RunningServer } from "../../helpers/test-server.ts";
import { initializeRequest, postMcp, rpcMessage } from "../agent-test-helpers.ts";

const secret = "a shared secret of at least thirty-two characters";
const session = { "mcp-protocol-version": "2025-11-25" };

/** A fetch that sends each request to the next of `servers` in turn (a load balancer without affinity). */
function roundRobin(servers: () => readonly RunningServer[]): typeof fetch {
  let next = 0;
  return (input, init) => {
    const list = servers();
    const target = list[next++ % list.length] as RunningServer;
    const url = new URL(input instanceof Request ? input.url : String(input));
    return fetch(target.url(url.pathname + url.search), init);
  };
}

describe("MCP sessions need no shared session store", () => {
  let a: RunningServer;
  let b: RunningServer;
  let c: RunningServer;
  beforeAll(async () => {
    const env = { LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir, LUDEX_SECRET: secret };
    [a, b, c] = await Promise.all([
      startTestServer(env),
      startTestServer(env),
      startTestServer({ ...env, LUDEX_SECRET: `another ${secret}` }),
    ]);
  });

  it("continues a session opened on one instance on another, with the client info it opened with", async () => {
    let servers: RunningServer[] = [a, b];
    const transport = new TransportV1(new URL("https://ludex.test/mcp/"), { fetch: roundRobin(() => servers) });
    const client = new ClientV1({ name: "roaming-client", version: "2.0.0" });
    await client.connect(transport);
    const id = transport.sessionId ?? "";
    expect(verifySessionId(Buffer.from(secret), id)?.init).toMatchObject({
      protocolVersion: "2025-11-25",
      clientInfo: { name: "roaming-client", version: "2.0.0" },
    });
    for (let i = 0; i < 6; i++) expect((await client.listTools()).tools.length).toBe(6);
    const search = (await client.callTool({ name: "search_games", arguments: { query: "starfall" } })) as { isError?: boolean };
    expect(search.isError).toBeFalsy();
    // The session is rebuilt (not re-initialised) where it was not cached: the same id keeps working.
    expect(transport.sessionId).toBe(id);
    // An instance with another secret does not know the session.
    servers = [c];
    await expect(client.listTools()).rejects.toThrow(/404|not found/i);
    await client.close();
  });

  it("survives a restart of the instance that opened it", async () => {
    const env = { LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir, LUDEX_SECRET: secret };
    const first = await startTestServer(env);
    const init = await postMcp(first, initializeRequest);
    const id = init.headers["mcp-session-id"] ?? "";
    await postMcp(first, { jsonrpc: "2.0", method: "notifications/initialized" }, { ...session, "mcp-session-id": id });
    await first.ludex.close();
    const second = await startTestServer(env);
    const after = await postMcp(second, { jsonrpc: "2.0", id: 2, method: "tools/list" }, { ...session, "mcp-session-id": id });
    expect(after.status).toBe(200);
    expect(rpcMessage<{ result: { tools: unknown[] } }>(after).result.tools).toHaveLength(6);
  });

  it("answers 404 for forged, tampered, expired and foreign session ids", async () => {
    const key = Buffer.from(secret);
    const genuine = signSessionId(key, initializeRequest.params, 60_000);
    const [prefix, payload, mac] = genuine.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as { exp: number };
    const forged = [
      `${prefix}.${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 1e9 })).toString("base64url")}.${mac}`,
      `${prefix}.${payload}.${"A".repeat(43)}`,
      signSessionId(key, initializeRequest.params, -1),
      signSessionId(Buffer.from("some other key entirely, 32 chars+"), initializeRequest.params, 60_000),
      "00000000-0000-4000-8000-000000000000",
    ];
    for (const id of forged) {
      const res = await postMcp(a, { jsonrpc: "2.0", id: 3, method: "tools/list" }, { ...session, "mcp-session-id": id });
      expect(res.status, id).toBe(404);
      expect(res.headers["content-type"]).toBe("application/problem+json");
    }
    expect((await postMcp(a, { jsonrpc: "2.0", id: 3, method: "tools/list" }, { ...session, "mcp-session-id": genuine })).status).toBe(200);
  });
});
