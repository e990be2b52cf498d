import type { AgentServiceInfo } from "../../config/service-info.ts";

/**
 * /.well-known/ai-catalog.json: the AI entry points of this host, each by the URL of its own
 * card (the MCP server card, the A2A Agent Card).
 * @see AI Catalog specification 1.0 (Agent-Card/ai-catalog), "Creating a Catalog";
 *   experimental-ext-server-card docs/discovery.md §Relationship to AI Catalog
 */
export function aiCatalog(info: AgentServiceInfo): Record<string, unknown> {
  const publisher = { identifier: info.host, displayName: info.name, identityType: "dns" };
  return {
    specVersion: "1.0",
    host: { displayName: info.title, identifier: info.host, documentationUrl: info.urls.llmsFull },
    entries: [
      {
        identifier: `urn:air:${info.host}:mcp:${info.name}`,
        type: "application/mcp-server-card+json",
        url: info.urls.mcpServerCard,
        description: "MCP server (Streamable HTTP): game search, game records, platforms, ROM matching and the release feed.",
        tags: ["games", "catalog", "mcp", "read-only"],
        version: info.version,
        publisher,
      },
      {
        identifier: `urn:air:${info.host}:a2a:${info.name}`,
        type: "application/a2a-agent-card+json",
        url: info.urls.agentCard,
        description: "A2A agent (JSON-RPC): game search and Ludex Player release questions in plain language.",
        tags: ["games", "catalog", "a2a", "read-only"],
        version: info.version,
        publisher,
      },
    ],
  };
}
