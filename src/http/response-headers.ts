import { cachePolicy } from "./cache-policy.ts";
import type { HeaderObject } from "./openapi-types.ts";

/**
 * Response header fields the API documents, by field name, with what they mean and the form the
 * server writes them in (src/http/send-result.ts, rate-limiter.ts, bearer-auth.ts, ...).
 */
export const responseHeaders = {
  ETag: {
    description: "Strong validator; send it back in If-None-Match to get 304 Not Modified. Precompressed variants have their own tag.",
    schema: { type: "string", pattern: '^(W/)?"[^"]*"$' },
  },
  "Last-Modified": {
    description: "When the content last changed (prebuilt documents and records); usable in If-Modified-Since.",
    schema: { type: "string" },
  },
  "Cache-Control": {
    description: `How long caches may keep the answer: \`${cachePolicy.document}\` for records and documents, \`${cachePolicy.search}\` for searches, \`${cachePolicy.error}\` for 404 and 422, \`${cachePolicy.noStore}\` otherwise.`,
    schema: { type: "string" },
  },
  Location: {
    description: "Where the answer is now: for a game id that merged into another game, the absolute URL of that game's record.",
    schema: { type: "string", format: "uri" },
  },
  Link: {
    description: 'The following page of a listing: `<…>; rel="next"` (RFC 8288).',
    schema: { type: "string", pattern: '^<[^>]+>; rel="next"$' },
  },
  "Retry-After": {
    description: "Seconds to wait before trying again.",
    schema: { type: "string", pattern: "^\\d+$" },
  },
  "RateLimit-Policy": {
    description:
      'The quota: `"<policy>";q=<units>;w=<window seconds>` (draft-ietf-httpapi-ratelimit-headers). Absent when the limit is off.',
    schema: { type: "string", pattern: '^"[a-z-]+";q=\\d+;w=\\d+$' },
  },
  RateLimit: {
    description: 'What is left: `"<policy>";r=<remaining units>;t=<seconds until the window resets>`.',
    schema: { type: "string", pattern: '^"[a-z-]+";r=\\d+;t=\\d+$' },
  },
  "WWW-Authenticate": {
    description:
      'The challenge (RFC 6750 §3, RFC 9728 §5.1): `Bearer resource_metadata="…"`, plus `error` and `scope` when the token was refused; `Basic` at the token endpoints.',
    schema: { type: "string", pattern: "^(Bearer|Basic) " },
  },
  "Accept-Post": {
    description: "The media type this endpoint accepts (RFC 9110 §15.5.16 via RFC 5023).",
    schema: { type: "string" },
  },
  "Accept-Ranges": {
    description: "`bytes`: the file can be downloaded in parts (`Range: bytes=<from>-`), to resume a download.",
    schema: { type: "string", const: "bytes" },
  },
  "Content-Range": {
    description: "The part sent (`bytes <first>-<last>/<size>`), or with 416 the file's size (`bytes */<size>`).",
    schema: { type: "string", pattern: "^bytes (\\d+-\\d+|\\*)/\\d+$" },
  },
  "Content-Disposition": {
    description: "`attachment` with the file name to save the dump under (`<slug>.ndjson.gz`).",
    schema: { type: "string" },
  },
  "Surrogate-Key": {
    description:
      "Cache tags for a CDN to purge by (Fastly's form, space-separated): `g:<id>` a game, `p:<slug>` a platform, `catalog` a search across all platforms, `changes` a change feed page; a search lists its scope, then at most 50 of its games. Each build's purge.json names the tags to purge.",
    schema: { type: "string", pattern: "^[a-z]+(:[a-z0-9-]+)?( [a-z]+(:[a-z0-9-]+)?)*$" },
  },
  "Cache-Tag": {
    description: "The same tags as `Surrogate-Key`, comma-separated (Cloudflare's form).",
    schema: { type: "string", pattern: "^[a-z]+(:[a-z0-9-]+)?(,[a-z]+(:[a-z0-9-]+)?)*$" },
  },
  "X-Request-Id": {
    description: "This request's id, also in the server's log; quote it when reporting a problem.",
    schema: { type: "string", minLength: 1 },
  },
} as const satisfies Readonly<Record<string, Omit<HeaderObject, "required">>>;

export type ResponseHeaderName = keyof typeof responseHeaders;
