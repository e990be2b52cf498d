import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import type { AgentServiceInfo } from "../../config/service-info.ts";
import { resourceUris } from "./mcp-resources.ts";
import { toolNames } from "./mcp-tools.ts";

/** The media type of an MCP server card. @see SEP-2127; experimental-ext-server-card docs/discovery.md */
export const SERVER_CARD_MEDIA_TYPE = "application/mcp-server-card+json";

/** The schema every server card names in `$schema`. */
const SERVER_CARD_SCHEMA = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";

/**
 * The revisions POST /mcp/ serves: 2026-07-28 (the SDK's per-request era) and the `initialize`
 * revisions the SDK negotiates, newest first.
 */
export const mcpProtocolVersions: readonly string[] = ["2026-07-28", ...SUPPORTED_PROTOCOL_VERSIONS];

/**
 * The MCP server card: identity, the Streamable HTTP endpoint and its protocol versions, so a
 * client can connect without probing. Primitives are listed by the protocol itself (tools/list,
 * resources/list); the card's `_meta` names them too, under the service's own reverse-DNS key,
 * as the spec's "server card advertises current capabilities" asks (docs/service-spec.md §4.7).
 * @see SEP-2127 (MCP Server Cards), ServerCard in experimental-ext-server-card schema.ts
 */
export function serverCard(info: AgentServiceInfo): Record<string, unknown> {
  const uris = resourceUris(info);
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: info.qualifiedName,
    version: info.version,
    title: info.title,
    description: info.description,
    websiteUrl: info.baseUrl,
    remotes: [{ type: "streamable-http", url: info.urls.mcp, supportedProtocolVersions: [...mcpProtocolVersions] }],
    _meta: {
      [`${info.qualifiedName.split("/")[0]}/capabilities`]: {
        readOnly: true,
        authentication: "none",
        tools: [...toolNames],
        resources: [uris.releaseFeed, uris.platforms, uris.llmsFull],
        resourceTemplates: [uris.gameTemplate],
      },
    },
  };
}
