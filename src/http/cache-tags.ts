/**
 * Cache tags: names a CDN stores with an answer so that it can purge every answer carrying one,
 * for answers whose URLs cannot be listed (searches). The build's purge list (src/pipeline/purge-list.ts)
 * names the tags to purge; docs/cdn.md shows how to feed them to a CDN.
 *
 * Grammar: `g:<id>` an answer about one game (its record, its page); `p:<slug>` an answer that
 * depends on one platform's records (its listing pages, its dump, a search within it); `catalog` an
 * answer that depends on every platform's records (a search across all platforms); `changes` a page
 * of the change feed. Searches and listings carry their scope tag only: a record that changes
 * changes its platform's build, whose tag (and `catalog`) the purge list then names, so game tags
 * on them would only lengthen every answer.
 * @see https://developers.cloudflare.com/cache/how-to/purge-cache/purge-by-tags/
 * @see https://www.fastly.com/documentation/guides/full-site-delivery/purging/working-with-surrogate-keys/
 */
export const cacheTags = {
  game: (id: number): string => `g:${id}`,
  platform: (slug: string): string => `p:${slug}`,
  catalog: "catalog",
  changes: "changes",
} as const;

/** The header fields carrying `tags`: Fastly's `Surrogate-Key` (space-separated) and Cloudflare's `Cache-Tag` (comma-separated). */
export function cacheTagHeaders(tags: readonly string[]): { readonly "surrogate-key": string; readonly "cache-tag": string } {
  return { "surrogate-key": tags.join(" "), "cache-tag": tags.join(",") };
}
