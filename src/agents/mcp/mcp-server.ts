import { McpServer } from "@modelcontextprotocol/server";
import type { Log } from "../../core/logger.ts";
import type { CatalogQueries } from "../common/catalog-queries.ts";
import type { AgentServiceInfo } from "../../config/service-info.ts";
import { registerCatalogResources } from "./mcp-resources.ts";
import { registerCatalogTools } from "./mcp-tools.ts";

export interface CatalogMcpServerDeps {
  readonly queries: CatalogQueries;
  readonly info: AgentServiceInfo;
  readonly log: Log;
}

/** Caps a `tools/call`'s arguments (array elements plus object members): 100 match items with room to spare. */
const MAX_TOOL_INPUT_ELEMENTS = 5_000;

const instructions = [
  "ludex is a read-only video-game catalog (data from libretro-database, CC BY-SA 4.0) and the release feed of the Ludex Player media client.",
  "Find games with search_games, then read a full record with get_game (or read the record URL of a search hit as a resource).",
  "list_platforms gives the platform slugs search_games and match_roms accept; match_roms identifies files by hash, serial or name.",
  "get_release_feed answers questions about Ludex Player versions and the platforms it runs on.",
].join(" ");

/**
 * The MCP server: protocol logic only (tools, resources), no transport. One instance serves one
 * HTTP request (2026-07-28 and stateless 2025 traffic) or one 2025 session; the same definition
 * backs every protocol revision.
 */
export function createCatalogMcpServer(deps: CatalogMcpServerDeps): McpServer {
  const server = new McpServer(
    {
      name: deps.info.qualifiedName,
      title: deps.info.title,
      version: deps.info.version,
      description: deps.info.description,
      websiteUrl: deps.info.baseUrl,
    },
    {
      instructions,
      maxToolInputElements: MAX_TOOL_INPUT_ELEMENTS,
      // The tools and resources are fixed: no list ever changes, so clients need not listen for it.
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
    },
  );
  registerCatalogTools(server, deps.queries, deps.log);
  registerCatalogResources(server, deps.queries, deps.info);
  return server;
}
