/**
 * Cross-origin reads: every public answer may be read from any browser origin, with the headers
 * a client needs exposed. The browser-only MCP Origin allow-list is separate
 * (src/agents/common/agent-route.ts): it guards against DNS rebinding, not reads.
 * @see Fetch Standard §3.2 (CORS protocol)
 */
export const corsHeaders: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ETag, Link, Retry-After, RateLimit, RateLimit-Policy, X-Request-Id",
};

/** The answer to a CORS preflight (OPTIONS): the methods and request headers the API reads. */
export const preflightHeaders: Readonly<Record<string, string>> = {
  ...corsHeaders,
  "access-control-allow-methods": "GET, HEAD, POST, DELETE, OPTIONS",
  "access-control-allow-headers":
    "Content-Type, Authorization, If-None-Match, MCP-Protocol-Version, Mcp-Session-Id, Mcp-Method, Mcp-Name, A2A-Version, A2A-Extensions",
  "access-control-max-age": "86400",
};
