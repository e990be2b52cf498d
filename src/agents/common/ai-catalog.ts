import type { AgentServiceInfo } from "../../config/service-info.ts";

/**
 * /.well-known/ai-catalog.json: the AI entry points of this host, each by the URL of its own
 * card (the MCP server card, the A2A Agent Card), with the displayName the schema requires and
 * representativeQueries that show an agent what each entry answers.
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
        displayName: `${info.title} MCP server`,
        type: "application/mcp-server-card+json",
        url: info.urls.mcpServerCard,
        description:
          "MCP server (Streamable HTTP): game search, game records, platforms, ROM matching, the release feed and catalog changes.",
        tags: ["games", "catalog", "mcp", "read-only"],
        representativeQueries: [
          "Find Super Mario World on the SNES",
          "Match this ROM by its SHA-1: 6b47bb75d16514b6a476aa0c73a683a2a4c18765",
          "Which platforms does the catalog cover?",
          "Show the full record of game 35 with its hashes",
          "What is the latest Ludex Player release for Windows?",
        ],
        version: info.version,
        publisher,
      },
      {
        identifier: `urn:air:${info.host}:a2a:${info.name}`,
        displayName: `${info.title} A2A agent`,
        type: "application/a2a-agent-card+json",
        url: info.urls.agentCard,
        description: "A2A agent (JSON-RPC): game search, Ludex Player releases and catalog changes in plain language.",
        tags: ["games", "catalog", "a2a", "read-only"],
        representativeQueries: [
          "Is Chrono Trigger in the catalog, and on which platforms?",
          "Find Sonic the Hedgehog for the Mega Drive",
          "Which version of Ludex Player is the newest, and where do I download it?",
          "What changed in the catalog since 2026-01-31?",
        ],
        version: info.version,
        publisher,
      },
    ],
  };
}
