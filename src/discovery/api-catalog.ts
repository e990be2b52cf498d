import { agentPaths } from "../config/service-info.ts";
import { identityResourceMetadataUrl } from "../oauth/metadata.ts";
import { discoveryMediaTypes, discoveryPaths } from "./discovery-paths.ts";

/** A link target object. @see RFC 9264 §4.2.4 */
export interface LinkTarget {
  readonly href: string;
  readonly type?: string;
  readonly title?: string;
}

/** A link context object: an anchor and its links by relation type. @see RFC 9264 §4.2.2 */
export type LinkContext = { readonly anchor: string } & { readonly [relation: string]: string | readonly LinkTarget[] };

export interface Linkset {
  readonly linkset: readonly LinkContext[];
}

/**
 * The API catalog: the catalog itself names the APIs (`item`), and each API's anchor carries its
 * description (`service-desc`), documentation (`service-doc`), metadata (`service-meta`: the OAuth
 * metadata documents) and `status`. The MCP and A2A entry points are items with their own cards.
 * @see RFC 9727 (the API catalog document and its examples); RFC 9264 §4.2 (JSON linkset); RFC 8631 (service-* relations)
 */
export function apiCatalog(base: string): Linkset {
  const url = (path: string): string => `${base}${path}`;
  const api = url("/api/v1/");
  return {
    linkset: [
      {
        anchor: url(discoveryPaths.apiCatalog),
        item: [
          { href: api, title: "ludex catalog, release and member identity API, version 1" },
          { href: url(agentPaths.mcp), title: "ludex MCP endpoint (Streamable HTTP, read-only)" },
          { href: url(agentPaths.a2a), title: "ludex A2A endpoint (JSON-RPC, read-only)" },
        ],
      },
      {
        anchor: api,
        "service-desc": [{ href: url(discoveryPaths.openapi), type: discoveryMediaTypes.openapi, title: "OpenAPI 3.1 description" }],
        "service-doc": [
          { href: url(discoveryPaths.docs), type: discoveryMediaTypes.html, title: "API documentation and OAuth guide" },
          { href: url(discoveryPaths.llmsFullTxt), type: discoveryMediaTypes.text, title: "Agent reference (llms-full.txt)" },
          { href: url(discoveryPaths.llmsTxt), type: discoveryMediaTypes.text, title: "llms.txt" },
        ],
        "service-meta": [
          {
            href: url("/.well-known/oauth-authorization-server"),
            type: discoveryMediaTypes.json,
            title: "OAuth 2.0 authorization server metadata (RFC 8414)",
          },
          {
            href: identityResourceMetadataUrl(base),
            type: discoveryMediaTypes.json,
            title: "OAuth 2.0 protected resource metadata of the identity endpoint (RFC 9728)",
          },
        ],
        status: [{ href: url("/api/health/"), type: discoveryMediaTypes.json, title: "Health" }],
      },
      {
        anchor: url(agentPaths.mcp),
        "service-desc": [{ href: url(agentPaths.mcpServerCard), type: discoveryMediaTypes.mcpServerCard, title: "MCP server card" }],
        "service-doc": [{ href: `${url(discoveryPaths.docs)}#agents`, type: discoveryMediaTypes.html, title: "Agent endpoints" }],
      },
      {
        anchor: url(agentPaths.a2a),
        "service-desc": [{ href: url(agentPaths.agentCard), type: discoveryMediaTypes.json, title: "A2A Agent Card" }],
        "service-doc": [{ href: `${url(discoveryPaths.docs)}#agents`, type: discoveryMediaTypes.html, title: "Agent endpoints" }],
      },
    ],
  };
}

/**
 * The Link field pointing at the API catalog, sent with it (a HEAD request is how a client finds
 * out the catalog exists without fetching it).
 * @see RFC 9727 (HEAD on /.well-known/api-catalog answers with an api-catalog Link), RFC 8288 §3
 */
export function apiCatalogLinkHeader(base: string): string {
  return `<${base}${discoveryPaths.apiCatalog}>; rel="api-catalog"`;
}
