/**
 * Cache-Control values. Catalog data changes only with a rebuild, so CDNs may keep it for an hour
 * and serve it stale while revalidating; browsers revalidate sooner with the strong ETag.
 * @see RFC 9111 §5.2.2, RFC 5861 §3 (stale-while-revalidate)
 */
export const cachePolicy = {
  /** Game records, the platform list, the release feed, discovery documents. */
  document: "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400",
  /** Search and listing answers. */
  search: "public, max-age=60, s-maxage=600, stale-while-revalidate=3600",
  /** Client errors that depend only on the URL (404, 422). */
  error: "public, max-age=60",
  noStore: "no-store",
} as const;
