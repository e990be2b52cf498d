import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import MiniSearch from "minisearch";
import type { GameSummary } from "../search/game-summary.ts";
import { searchIndexOptions } from "../search/search-index-options.ts";
import { contentHash } from "../../http/etag.ts";
import { BUILD_VERSION, type BuiltPlatform, type BuiltSearchIndex, type ShardIndex } from "./manifest.ts";
import { writeFileAtomic } from "./write-file-atomic.ts";

/**
 * How many search indexes the platforms are spread over. One index per platform made every
 * cross-platform search pay a fixed cost ~140 times (measured 2–7 ms per exact query); one global
 * index would have to be rebuilt whole on every incremental build (~3 s). A few stable buckets
 * keep both small.
 */
export const SEARCH_BUCKETS = 8;

/** The bucket a platform's titles live in; a function of the slug only, so it never moves. */
export function searchBucketOf(slug: string): number {
  return createHash("sha256").update(slug).digest().readUInt32BE(0) % SEARCH_BUCKETS;
}

/**
 * Writes the search indexes. A bucket whose platforms all kept their content hash is reused from
 * the previous build; the others are re-indexed from the summaries stored in the shard indexes.
 */
export function buildSearchBuckets(
  buildDir: string,
  platforms: Readonly<Record<string, BuiltPlatform>>,
  previous: readonly BuiltSearchIndex[],
): BuiltSearchIndex[] {
  const members: string[][] = Array.from({ length: SEARCH_BUCKETS }, () => []);
  for (const slug of Object.keys(platforms).sort()) members[searchBucketOf(slug)]?.push(slug);
  const out: BuiltSearchIndex[] = [];
  members.forEach((slugs, bucket) => {
    if (slugs.length === 0) return;
    const hash = contentHash([`v${BUILD_VERSION}`, ...slugs.map((slug) => `${slug}:${platforms[slug]?.hash}`)].join("\n"), 12);
    const file = `search/bucket-${bucket}.${hash}.json`;
    const reused = previous.find((b) => b.file === file);
    if (reused && existsSync(path.join(buildDir, file))) {
      out.push(reused);
      return;
    }
    const index = new MiniSearch<GameSummary>(searchIndexOptions);
    for (const slug of slugs) {
      const shardIndex = JSON.parse(readFileSync(path.join(buildDir, platforms[slug]?.index ?? ""), "utf8")) as ShardIndex;
      index.addAll(shardIndex.summaries);
    }
    writeFileAtomic(path.join(buildDir, file), JSON.stringify(index));
    out.push({ file, platforms: slugs });
  });
  return out;
}
