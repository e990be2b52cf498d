import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { encodeTitleIndex, TITLE_INDEX_FORMAT } from "../search/title-index.ts";
import { contentHash } from "../../http/etag.ts";
import { BUILD_VERSION, type BuiltPlatform, type BuiltSearchIndex, type ShardIndex } from "./manifest.ts";
import { writeFileAtomic } from "./write-file-atomic.ts";

/**
 * Writes the title index of the whole catalog (src/catalog/search/title-index.ts), reused from the
 * previous build when no platform's content changed. One index, not the former 8 MiniSearch
 * buckets: the buckets existed because re-indexing the whole catalog with MiniSearch took ~3 s,
 * while this index is built from the shard indexes' summaries in well under a second, and one
 * index means one look-up per term at search time.
 */
export function buildSearchIndex(
  buildDir: string,
  platforms: Readonly<Record<string, BuiltPlatform>>,
  previous: readonly BuiltSearchIndex[],
): BuiltSearchIndex[] {
  const slugs = Object.keys(platforms).sort();
  const hash = contentHash(
    [`v${BUILD_VERSION}`, `titles${TITLE_INDEX_FORMAT}`, ...slugs.map((slug) => `${slug}:${platforms[slug]?.hash}`)].join("\n"),
    12,
  );
  const file = `search/titles.${hash}.bin`;
  const reused = previous.find((b) => b.file === file);
  if (reused && existsSync(path.join(buildDir, file))) return [reused];
  const encoded = encodeTitleIndex(
    slugs.map((slug) => {
      const shardIndex = JSON.parse(readFileSync(path.join(buildDir, platforms[slug]?.index ?? ""), "utf8")) as ShardIndex;
      return { slug, summaries: shardIndex.summaries };
    }),
  );
  writeFileAtomic(path.join(buildDir, file), encoded);
  return [{ file, platforms: slugs }];
}
