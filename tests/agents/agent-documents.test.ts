import { beforeAll, describe, expect, inject, it } from "vitest";
import { http } from "../helpers/http.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir });
});

const documents = [
  { path: "/mcp/server-card", type: "application/mcp-server-card+json" },
  { path: "/mcp/server-card/", type: "application/mcp-server-card+json" },
  { path: "/.well-known/mcp.json", type: "application/json" },
  { path: "/.well-known/mcp/server-card.json", type: "application/json" },
  { path: "/.well-known/agent-card.json", type: "application/json" },
  { path: "/.well-known/ai-catalog.json", type: "application/json" },
];

describe("agent discovery documents", () => {
  it("are served with their media type, a strong ETag, 304 on revalidation and document caching", async () => {
    for (const { path, type } of documents) {
      const res = await http(server.url(path));
      expect(res.status, path).toBe(200);
      expect(res.headers["content-type"], path).toBe(type);
      expect(res.headers.etag, path).toMatch(/^"[\w-]+"$/);
      expect(res.headers["cache-control"], path).toBe("public, max-age=300, s-maxage=3600, stale-while-revalidate=86400");
      expect(res.headers["access-control-allow-origin"], path).toBe("*");
      const again = await http(server.url(path), { headers: { "if-none-match": res.headers.etag ?? "" } });
      expect(again.status, path).toBe(304);
    }
  });

  it("the server card (SEP-2127) names the Streamable HTTP endpoint and its protocol versions", async () => {
    const card = (await http(server.url("/mcp/server-card"))).json<Record<string, unknown>>();
    expect(card).toMatchObject({
      $schema: "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json",
      name: "test.ludex/ludex",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      remotes: [
        {
          type: "streamable-http",
          url: "https://ludex.test/mcp/",
          supportedProtocolVersions: expect.arrayContaining(["2026-07-28", "2025-11-25"]),
        },
      ],
    });
    expect(String(card.description).length).toBeLessThanOrEqual(100);
    expect(card._meta).toEqual({
      "test.ludex/capabilities": expect.objectContaining({ tools: expect.arrayContaining(["search_games", "match_roms"]) }),
    });
    // The older probe locations serve the same card.
    expect((await http(server.url("/.well-known/mcp.json"))).json()).toEqual(card);
  });

  it("the Agent Card is A2A v1.0 for A2A-Version 1.0 clients, with a JSONRPC interface at PUBLIC_BASE_URL/a2a/", async () => {
    const res = await http(server.url("/.well-known/agent-card.json"), { headers: { "a2a-version": "1.0" } });
    expect(res.headers.vary).toMatch(/A2A-Version/);
    const card = res.json<Record<string, unknown>>();
    expect(card).toMatchObject({
      name: "ludex",
      version: expect.any(String),
      description: expect.any(String),
      supportedInterfaces: [
        { url: "https://ludex.test/a2a/", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
        { url: "https://ludex.test/a2a/", protocolVersion: "0.3" },
      ],
      capabilities: { streaming: false, pushNotifications: false },
      defaultInputModes: ["text/plain"],
      defaultOutputModes: ["text/plain", "application/json"],
      provider: { organization: "ludex", url: "https://ludex.test" },
      documentationUrl: "https://ludex.test/llms-full.txt",
    });
    expect(card.url).toBeUndefined();
    for (const skill of card.skills as { examples: string[] }[]) expect(skill.examples.length).toBeGreaterThan(0);
    const legacy = await http(server.url("/.well-known/agent-card.json"));
    expect(legacy.headers.etag).not.toBe(res.headers.etag);
  });

  it("the AI Catalog lists the MCP server card and the Agent Card", async () => {
    const catalog = (await http(server.url("/.well-known/ai-catalog.json"))).json<{
      specVersion: string;
      entries: { type: string; url: string; identifier: string; displayName?: unknown; representativeQueries?: unknown }[];
    }>();
    expect(catalog.specVersion).toBe("1.0");
    expect(catalog.entries.map((e) => [e.type, e.url])).toEqual([
      ["application/mcp-server-card+json", "https://ludex.test/mcp/server-card"],
      ["application/a2a-agent-card+json", "https://ludex.test/.well-known/agent-card.json"],
    ]);
    expect(catalog.entries.map((e) => e.identifier)).toEqual(["urn:air:ludex.test:mcp:ludex", "urn:air:ludex.test:a2a:ludex"]);
    // The AI Catalog schema requires displayName on every entry; representativeQueries are 2 to 5 plain-language asks.
    for (const entry of catalog.entries) {
      expect(typeof entry.displayName === "string" && entry.displayName.trim().length > 0, entry.identifier).toBe(true);
      const queries = entry.representativeQueries;
      expect(Array.isArray(queries), entry.identifier).toBe(true);
      expect((queries as unknown[]).length, entry.identifier).toBeGreaterThanOrEqual(2);
      expect((queries as unknown[]).length, entry.identifier).toBeLessThanOrEqual(5);
      for (const q of queries as unknown[]) expect(typeof q === "string" && q.trim().length > 0, entry.identifier).toBe(true);
    }
  });
});
