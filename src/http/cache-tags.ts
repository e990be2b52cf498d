/**
 * Cache tags: names a CDN stores with an answer so that it can purge every answer carrying one,
 * for answers whose URLs cannot be listed (searches). The build's purge list (src/pipeline/purge-list.ts)
 * names the tags to purge; docs/cdn.md shows how to feed them to a CDN.
 *
 * Grammar: `g:<id>` an answer about one game (its record, its page) or listing it (a search's
 * results); `p:<slug>` an answer that depends on one platform's records (its listing pages, its
 * dump, a search within it); `catalog` an answer that depends on every platform's records (a
 * search across all platforms); `changes` a page of the change feed.
 * @see https://developers.cloudflare.com/cache/how-to/purge-cache/purge-by-tags/
 * @see https://www.fastly.com/documentation/guides/full-site-delivery/purging/working-with-surrogate-keys/
 */
export const cacheTags = {
  game: (id: number): string => `g:${id}`,
  platform: (slug: string): string => `p:${slug}`,
  catalog: "catalog",
  changes: "changes",
} as const;

/**
 * Game tags one answer carries at most, after its scope tags: a search's later results go untagged,
 * so that the headers stay far below the CDNs' 16 KB limit on them. A search is purged by its
 * scope tag (`p:<slug>` or `catalog`) in any case; its game tags only let a game's purge reach it.
 */
export const MAX_GAME_TAGS = 50;

/** The header fields carrying `tags`: Fastly's `Surrogate-Key` (space-separated) and Cloudflare's `Cache-Tag` (comma-separated). */
export function cacheTagHeaders(tags: readonly string[]): { readonly "surrogate-key": string; readonly "cache-tag": string } {
  return { "surrogate-key": tags.join(" "), "cache-tag": tags.join(",") };
}

/** The tags of an answer scoped by `scope` (a platform's tag or `catalog`) listing the games `ids`, at most {@link MAX_GAME_TAGS} of them. */
export function listingTags(scope: string, ids: Iterable<number>): { readonly "surrogate-key": string; readonly "cache-tag": string } {
  const tags = [scope];
  for (const id of ids) {
    if (tags.length > MAX_GAME_TAGS) break;
    tags.push(cacheTags.game(id));
  }
  return cacheTagHeaders(tags);
}
