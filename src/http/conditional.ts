/**
 * True when an If-None-Match header matches `etag`, so a GET/HEAD may answer 304.
 * Uses the weak comparison the RFC requires for If-None-Match.
 * @see RFC 9110 §13.1.2
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  for (const candidate of header.split(",")) {
    if (candidate.trim().replace(/^W\//, "") === opaque) return true;
  }
  return false;
}

/**
 * True when If-Modified-Since is a valid date at or after `lastModified` (both HTTP-dates, whole
 * seconds). Evaluated only when the request has no If-None-Match.
 * @see RFC 9110 §13.1.3
 */
export function notModifiedSince(header: string | undefined, lastModified: string): boolean {
  if (!header) return false;
  const since = Date.parse(header);
  const modified = Date.parse(lastModified);
  return Number.isFinite(since) && Number.isFinite(modified) && modified <= since;
}
