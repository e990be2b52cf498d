/**
 * Paths and media types of the discovery documents, in one place for the build, the server's
 * routes, nginx and the tests.
 * @see docs/service-spec.md §4.9
 */
export const discoveryPaths = {
  openapi: "/openapi.json",
  apiCatalog: "/.well-known/api-catalog",
  llmsTxt: "/llms.txt",
  llmsFullTxt: "/llms-full.txt",
  robotsTxt: "/robots.txt",
  /** The human docs (Astro, src/pages/docs/). */
  docs: "/docs/",
} as const;

/** The profile URI of an RFC 9727 API catalog linkset (the media type's `profile` parameter). @see RFC 9727, RFC 9264 §6 */
export const API_CATALOG_PROFILE = "https://www.rfc-editor.org/info/rfc9727";

export const discoveryMediaTypes = {
  /** The media type OpenAPI registered for its JSON form, with the version parameter. */
  openapi: "application/vnd.oai.openapi+json;version=3.1",
  /** @see RFC 9264 (application/linkset+json), RFC 9727 (its api-catalog profile) */
  apiCatalog: `application/linkset+json; profile="${API_CATALOG_PROFILE}"`,
  /** llms.txt is Markdown; served as UTF-8 plain text, as robots.txt must be (RFC 9309 §2.3). */
  text: "text/plain; charset=utf-8",
  html: "text/html",
  json: "application/json",
  /**
   * What src/agents/mcp/server-card.ts serves the MCP server card as (restated here so that the
   * discovery documents do not load the MCP SDK; tests/discovery checks the two agree).
   */
  mcpServerCard: "application/mcp-server-card+json",
} as const;
