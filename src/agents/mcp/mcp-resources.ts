import { ResourceNotFoundError, ResourceTemplate, type McpServer, type ReadResourceResult } from "@modelcontextprotocol/server";
import type { CatalogQueries } from "../common/catalog-queries.ts";
import type { AgentServiceInfo } from "../../config/service-info.ts";

/**
 * Resource URIs are the HTTP API's own URLs: a resource read gives what a GET of the same URL
 * gives, and a search hit's `url` can be read as a resource as it is.
 */
export function resourceUris(info: AgentServiceInfo): {
  readonly releaseFeed: string;
  readonly platforms: string;
  readonly llmsFull: string;
  readonly gameTemplate: string;
} {
  return {
    releaseFeed: `${info.baseUrl}/api/v1/community/`,
    platforms: `${info.baseUrl}/api/v1/games/`,
    llmsFull: info.urls.llmsFull,
    gameTemplate: `${info.baseUrl}/api/v1/games/?id={id}`,
  };
}

function json(uri: URL, body: unknown): ReadResourceResult {
  return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(body) }] };
}

/**
 * Registers the catalog resources: the release feed, the platform list, llms-full.txt, and any
 * game by id (a template; 130,000 games are not listed).
 * @see MCP 2025-11-25 Server/Resources
 */
export function registerCatalogResources(server: McpServer, queries: CatalogQueries, info: AgentServiceInfo): void {
  const uris = resourceUris(info);
  server.registerResource(
    "release-feed",
    uris.releaseFeed,
    {
      title: "Ludex Player release feed",
      description: "Releases, platform availability and community requests (GET /api/v1/community/).",
      mimeType: "application/json",
    },
    (uri) => json(uri, queries.releaseFeed()),
  );
  server.registerResource(
    "platforms",
    uris.platforms,
    {
      title: "Platform list",
      description: "Every platform in the catalog with slug, names, aliases and game count (GET /api/v1/games/).",
      mimeType: "application/json",
    },
    (uri) => json(uri, queries.platformList()),
  );
  server.registerResource(
    "llms-full",
    uris.llmsFull,
    {
      title: "Agent reference (llms-full.txt)",
      description: "How to use the ludex API, MCP and A2A endpoints, in one text.",
      mimeType: "text/plain",
    },
    (uri) => {
      const text = queries.llmsFullText();
      if (text === undefined) throw new ResourceNotFoundError(uri.href, "this catalog build has no llms-full.txt; rebuild it");
      return { contents: [{ uri: uri.href, mimeType: "text/plain", text }] };
    },
  );
  server.registerResource(
    "game",
    new ResourceTemplate(uris.gameTemplate, { list: undefined }),
    { title: "Game record", description: "One game's full record by id (GET /api/v1/games/?id=).", mimeType: "application/json" },
    (uri, variables) => {
      const raw = variables.id;
      const id = typeof raw === "string" && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined;
      const record = id === undefined ? undefined : queries.gameRecord(id);
      if (!record) throw new ResourceNotFoundError(uri.href);
      return json(uri, record);
    },
  );
}
