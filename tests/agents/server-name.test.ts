import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { http } from "../helpers/http.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

/** PUBLIC_BASE_URL and the namespace of the MCP server's name and `_meta` key it must give. */
const cases = [
  ["https://games.example.org", "org.example.games"],
  ["http://127.0.0.1:4321", "ludex"],
  ["http://[::1]:4321", "ludex"],
  ["http://localhost:4321", "ludex"],
] as const;

const servers = new Map<string, RunningServer>();
beforeAll(async () => {
  for (const [baseUrl] of cases)
    servers.set(baseUrl, await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir, PUBLIC_BASE_URL: baseUrl }));
});

describe("the MCP server's reverse-DNS name", () => {
  it.each(cases)("for %s is %s/ludex, in the handshake and in the server card", async (baseUrl, namespace) => {
    const server = servers.get(baseUrl);
    if (!server) throw new Error(`no server for ${baseUrl}`);
    const client = new ClientV1({ name: "ludex-test-v1", version: "1.0.0" });
    await client.connect(new TransportV1(new URL(server.url("/mcp/"))));
    try {
      expect(client.getServerVersion()?.name).toBe(`${namespace}/ludex`);
    } finally {
      await client.close();
    }
    const card = (await http(server.url("/mcp/server-card"))).json<{ name: string; _meta: Record<string, unknown> }>();
    expect(card.name).toBe(`${namespace}/ludex`);
    expect(Object.keys(card._meta)).toEqual([`${namespace}/capabilities`]);
    // A `_meta` key prefix is dot-separated labels, each starting with a letter. @see MCP 2025-11-25 Basic §General fields
    expect(Object.keys(card._meta)[0]).toMatch(/^[a-z][a-z0-9-]*[a-z0-9](\.[a-z][a-z0-9-]*[a-z0-9])*\/capabilities$/);
  });
});
