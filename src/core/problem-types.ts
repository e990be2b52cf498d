/**
 * The problem registry: every problem type the service reports, declared once with its status,
 * title and documentation. HTTP types are documented at `{PUBLIC_BASE_URL}/problems/#<type>`
 * (src/pages/problems/index.astro) and listed in the OpenAPI document; CLI types are only ever
 * printed by the `ludex` command line. Throw them by name through `problems.<name>()`
 * (src/core/problem.ts). OAuth errors are the one exception: RFC 6749 gives them their own codes
 * and JSON form (src/oauth/oauth-errors.ts), and they travel as `oauth-<code>`.
 * @see RFC 9457 §3.1.1 (the type URI should lead to human-readable documentation)
 */
export interface ProblemTypeSpec {
  readonly title: string;
  readonly status: number;
  readonly description: string;
  /** `http`: a public answer of the HTTP API or an agent endpoint; `cli`: reported by the command line only. */
  readonly surface: "http" | "cli";
  /** Response headers every occurrence carries. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Seconds a client waits before retrying while the catalog is not loaded (Retry-After). */
export const CATALOG_RETRY_AFTER_SECONDS = 30;

export const problemTypes = {
  "bad-request": {
    surface: "http",
    title: "Bad request",
    status: 400,
    description:
      "The request could not be read: a malformed request target, a body cut off, or a parameter that is not allowed where it was sent (for example an access token in the URL).",
  },
  "malformed-json": {
    surface: "http",
    title: "Malformed JSON",
    status: 400,
    description: "The body is not valid JSON, or not UTF-8. Send a JSON document encoded as UTF-8.",
  },
  unauthorized: {
    surface: "http",
    title: "Unauthorized",
    status: 401,
    description:
      "The identity endpoint needs a valid, unexpired, unrevoked bearer token in the Authorization header. The WWW-Authenticate header says which and links the protected-resource metadata.",
  },
  "insufficient-scope": {
    surface: "http",
    title: "Insufficient scope",
    status: 403,
    description:
      "The token lacks the scope this endpoint needs (profile.read for GET /api/v1/agent/me/). Ask the member to authorize that scope.",
  },
  "forbidden-origin": {
    surface: "http",
    title: "Forbidden origin",
    status: 403,
    description: "A browser request to the MCP endpoint came from an Origin that is not on the allow-list (LUDEX_MCP_ALLOWED_ORIGINS).",
  },
  "not-found": {
    surface: "http",
    title: "Not found",
    status: 404,
    description: "There is no game with this id, or nothing at this path. Game ids are stable; a game removed from the catalog stays gone.",
  },
  "mcp-session-not-found": {
    surface: "http",
    title: "MCP session not found",
    status: 404,
    description: "The Mcp-Session-Id is unknown or has ended. Start a new session with initialize.",
  },
  "method-not-allowed": {
    surface: "http",
    title: "Method not allowed",
    status: 405,
    description: "This path does not serve this method. The Allow header lists the ones it does.",
  },
  "changes-expired": {
    surface: "http",
    title: "Change history not available",
    status: 410,
    description:
      "The change feed's `since` names a catalog version (or a date) that is not in the kept history: unknown, or older than the last 50 builds and 180 days. Resync: download the dumps listed at /api/v1/dumps/, then ask for changes since the listing's catalogVersion.",
  },
  "payload-too-large": {
    surface: "http",
    title: "Request body too large",
    status: 413,
    description: "The body is over this endpoint's limit (128 KiB for ROM matching). Split the batch.",
  },
  "unsupported-media-type": {
    surface: "http",
    title: "Unsupported media type",
    status: 415,
    description: "The Content-Type is not one this endpoint reads (application/json for ROM matching and the agent endpoints).",
  },
  "range-not-satisfiable": {
    surface: "http",
    title: "Range not satisfiable",
    status: 416,
    description:
      "The Range of a dump download lies outside the file (Content-Range: bytes */size gives its size). The dump may have been rebuilt; send If-Range with the ETag you started with, or download it again from the start.",
  },
  "invalid-request": {
    surface: "http",
    title: "Invalid request",
    status: 422,
    description:
      "One or more parameters or body fields break their rules. The errors member lists each one with a parameter name or a JSON pointer and what is wrong.",
  },
  "rate-limited": {
    surface: "http",
    title: "Too many requests",
    status: 429,
    description:
      "The client's quota is used up for the current window. Wait for the seconds in Retry-After; the RateLimit and RateLimit-Policy headers show the quota and what is left.",
  },
  "internal-error": {
    surface: "http",
    title: "Internal server error",
    status: 500,
    description: "The server failed to answer. It has been logged with the request id (X-Request-Id); retrying may help.",
  },
  "catalog-unavailable": {
    surface: "http",
    title: "Catalog unavailable",
    status: 503,
    description: "The catalog build is not loaded (the service is starting or being rebuilt). Retry after the seconds in Retry-After.",
    headers: { "retry-after": String(CATALOG_RETRY_AFTER_SECONDS) },
  },

  "database-unavailable": {
    surface: "http",
    title: "Database unavailable",
    status: 503,
    description:
      "The member database (PostgreSQL in a multi-instance deployment) does not answer. Sign-in, OAuth and the member endpoint wait for it; the catalog keeps answering. Retry after the seconds in Retry-After.",
    headers: { "retry-after": "5" },
  },
  "dependency-unavailable": {
    surface: "http",
    title: "Service unavailable",
    status: 503,
    description:
      "A dependency this instance needs (Redis, the database) does not answer; the dependencies member says which. A load balancer should send traffic to another instance. Retry after the seconds in Retry-After.",
    headers: { "retry-after": "5" },
  },
  "service-unavailable": {
    surface: "http",
    title: "Service unavailable",
    status: 503,
    description:
      "The request could not be completed because shared state (Redis) is unreachable, for example ending an MCP session. Retry after the seconds in Retry-After.",
  },

  usage: {
    surface: "cli",
    title: "Usage error",
    status: 400,
    description: "The command line is not valid for this command; its usage follows.",
  },
  cancelled: {
    surface: "cli",
    title: "Cancelled",
    status: 400,
    description: "The command was cancelled before it finished (for example no password was entered).",
  },
  "source-not-found": {
    surface: "cli",
    title: "Source not found",
    status: 404,
    description: "A source given to `ludex import` does not exist.",
  },
  "no-server": {
    surface: "cli",
    title: "No running server",
    status: 404,
    description: "`ludex reload` found no running `ludex serve` to signal.",
  },
  "scan-server-failed": {
    surface: "cli",
    title: "Server did not answer",
    status: 502,
    description:
      "`ludex scan --server` got no usable answer from the server: it is unreachable, or it answered an error (the detail says which).",
  },
  "member-exists": { surface: "cli", title: "Member exists", status: 409, description: "A member with this username already exists." },
  "member-not-found": { surface: "cli", title: "No such member", status: 404, description: "There is no member with this username." },
  "dat-syntax": {
    surface: "cli",
    title: "Malformed DAT file",
    status: 422,
    description: "A DAT file breaks the clrmamepro or Logiqx syntax; the file and line are given.",
  },
  "dat-read-failed": { surface: "cli", title: "Unreadable DAT file", status: 422, description: "A DAT file could not be read." },
  "retool-read-failed": {
    surface: "cli",
    title: "Unreadable Retool file",
    status: 422,
    description: "A Retool clone list, metadata or RetroAchievements file could not be read.",
  },
  "no-dat-files": { surface: "cli", title: "No DAT files", status: 422, description: "The sources hold no .dat or .xml files." },
  "no-thumbnail-listings": {
    surface: "cli",
    title: "No thumbnail listings",
    status: 422,
    description:
      "A source given to `ludex thumbnails` holds no listing (a `<folder>.txt` file of `Named_Boxarts/<name>.png` lines, a folder of those, or a clone of a libretro-thumbnails repository), or no imported platform uses the folders it lists.",
  },
  "thumbnail-listing-failed": {
    surface: "cli",
    title: "Thumbnail listing failed",
    status: 422,
    description: "A thumbnails repository could not be listed (`git ls-tree` failed, or git is missing); its output follows.",
  },
  "invalid-platform-data": {
    surface: "cli",
    title: "Invalid platform data",
    status: 422,
    description: "data/platforms.json breaks its schema.",
  },
  "invalid-release-feed": {
    surface: "cli",
    title: "Invalid release feed",
    status: 422,
    description: "The authored release feed breaks its schema.",
  },
  "invalid-member": { surface: "cli", title: "Invalid member", status: 422, description: "A username or password breaks its rules." },
  "unknown-system": { surface: "cli", title: "Unknown system", status: 422, description: "No platform has this slug, name or alias." },
  "invalid-dump": {
    surface: "cli",
    title: "Invalid dump",
    status: 422,
    description: "A platform dump given to `ludex dump verify` does not match the dump listing or its own format.",
  },
  "pages-build-failed": {
    surface: "cli",
    title: "Pages build failed",
    status: 500,
    description: "`ludex build` could not build the Astro pages (/docs/, /problems/); the output of `astro build` follows.",
  },
  "invalid-configuration": {
    surface: "cli",
    title: "Invalid configuration",
    status: 500,
    description: "An environment variable has a value the service cannot use; the message names it.",
  },
  "catalog-schema-mismatch": {
    surface: "cli",
    title: "Unsupported catalog database",
    status: 500,
    description: "The game database was written by another version of ludex; import again.",
  },
  "identity-migration-required": {
    surface: "cli",
    title: "Migration required",
    status: 500,
    description:
      "The member database needs a migration that cannot run while other instances serve: stop them and run `npx ludex migrate`.",
  },
  "identity-schema-mismatch": {
    surface: "cli",
    title: "Unsupported member database",
    status: 500,
    description: "The member database was written by another version of ludex.",
  },
  "catalog-not-imported": {
    surface: "cli",
    title: "No catalog database",
    status: 503,
    description: "There is no game database to build from; run `ludex import <source>` first.",
  },
  "no-held-build": {
    surface: "cli",
    title: "No held build",
    status: 409,
    description:
      "`ludex publish` found no complete held build for the imported catalog: run `ludex build` first (or `ludex import --accept` to publish with the next build).",
  },
  "publish-failed": {
    surface: "cli",
    title: "Publish failed",
    status: 500,
    description: "`ludex publish` could not swap the held build in; the served build is left where it was, and the reason follows.",
  },
} as const satisfies Readonly<Record<string, ProblemTypeSpec>>;

/** Every registered problem type. */
export type ProblemType = keyof typeof problemTypes;
/** The problem types an HTTP answer can carry. */
export type HttpProblemType = { [K in ProblemType]: (typeof problemTypes)[K]["surface"] extends "http" ? K : never }[ProblemType];

/** One documented problem type: what it means and what a client should do. */
export type ProblemTypeDoc = Pick<ProblemTypeSpec, "title" | "status" | "description">;

/** The HTTP problem types and their documentation: what the /problems/ page and the OpenAPI document list. */
export const httpProblemTypes: Readonly<Record<HttpProblemType, ProblemTypeDoc>> = Object.fromEntries(
  Object.entries(problemTypes)
    .filter(([, spec]) => spec.surface === "http")
    .map(([type, spec]) => [type, { title: spec.title, status: spec.status, description: spec.description }]),
) as Record<HttpProblemType, ProblemTypeDoc>;
