/** One documented problem type: what it means and what a client should do. */
export interface ProblemTypeDoc {
  readonly title: string;
  readonly status: number;
  readonly description: string;
}

/**
 * Every problem type an HTTP answer can carry, documented at `{PUBLIC_BASE_URL}/problems/#<type>`
 * (src/pages/problems/index.astro) so that each `type` URI resolves.
 * @see RFC 9457 §3.1.1 (the type URI should lead to human-readable documentation)
 */
export const httpProblemTypes: Readonly<Record<string, ProblemTypeDoc>> = {
  "bad-request": { title: "Bad request", status: 400, description: "The request could not be read: a malformed request target, a body cut off, or a parameter that is not allowed where it was sent (for example an access token in the URL)." },
  "malformed-json": { title: "Malformed JSON", status: 400, description: "The body is not valid JSON, or not UTF-8. Send a JSON document encoded as UTF-8." },
  unauthorized: { title: "Unauthorized", status: 401, description: "The identity endpoint needs a valid, unexpired, unrevoked bearer token in the Authorization header. The WWW-Authenticate header says which and links the protected-resource metadata." },
  "insufficient-scope": { title: "Insufficient scope", status: 403, description: "The token lacks the scope this endpoint needs (profile.read for GET /api/v1/agent/me/). Ask the member to authorize that scope." },
  "forbidden-origin": { title: "Forbidden origin", status: 403, description: "A browser request to the MCP endpoint came from an Origin that is not on the allow-list (LUDEX_MCP_ALLOWED_ORIGINS)." },
  "not-found": { title: "Not found", status: 404, description: "There is no game with this id, or nothing at this path. Game ids are stable; a game removed from the catalog stays gone." },
  "mcp-session-not-found": { title: "MCP session not found", status: 404, description: "The Mcp-Session-Id is unknown or has ended. Start a new session with initialize." },
  "method-not-allowed": { title: "Method not allowed", status: 405, description: "This path does not serve this method. The Allow header lists the ones it does." },
  "payload-too-large": { title: "Request body too large", status: 413, description: "The body is over this endpoint's limit (128 KiB for ROM matching). Split the batch." },
  "unsupported-media-type": { title: "Unsupported media type", status: 415, description: "The Content-Type is not one this endpoint reads (application/json for ROM matching and the agent endpoints)." },
  "invalid-request": { title: "Invalid request", status: 422, description: "One or more parameters or body fields break their rules. The errors member lists each one with a parameter name or a JSON pointer and what is wrong." },
  "rate-limited": { title: "Too many requests", status: 429, description: "The client's quota is used up for the current window. Wait for the seconds in Retry-After; the RateLimit and RateLimit-Policy headers show the quota and what is left." },
  "internal-error": { title: "Internal server error", status: 500, description: "The server failed to answer. It has been logged with the request id (X-Request-Id); retrying may help." },
  "catalog-unavailable": { title: "Catalog unavailable", status: 503, description: "The catalog build is not loaded (the service is starting or being rebuilt). Retry after the seconds in Retry-After." },
};
