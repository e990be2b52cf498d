import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { cachedDataVersionTag, deserialize, serialize } from "node:v8";
import { indexTitlePart, mergeTitleParts, TITLE_INDEX_FORMAT, type TitlePart } from "../search/title-index.ts";
import { contentHash } from "../../http/etag.ts";
import type { GameSummary } from "../search/game-summary.ts";
import { BUILD_VERSION, type BuiltPlatform, type BuiltSearchIndex, type ShardIndex } from "./manifest.ts";
import { writeFileAtomic } from "./write-file-atomic.ts";

/** Where each platform's indexed titles are kept between builds; only the build reads them. */
const PARTS_DIR = "search-parts";

/** A platform's part under {@link PARTS_DIR}: by shard content, and V8's serialization format (a part written by another Node version is indexed again). */
function titlePartFile(slug: string, platformHash: string | undefined): string {
  return `${slug}.${platformHash}.${TITLE_INDEX_FORMAT}.${cachedDataVersionTag()}.bin`;
}

/**
 * Indexes a platform's titles and keeps the part for {@link buildSearchIndex}: called by the
 * platform's job, on whichever thread built it, so that the whole build's index is only joined.
 */
export function writeTitlePart(
  buildDir: string,
  slug: string,
  platformHash: string,
  summaries: readonly GameSummary[],
  evidence: readonly number[],
): void {
  const partsDir = path.join(buildDir, PARTS_DIR);
  mkdirSync(partsDir, { recursive: true });
  writeFileAtomic(path.join(partsDir, titlePartFile(slug, platformHash)), serialize(indexTitlePart(summaries, evidence)));
}

/**
 * Writes the title index of the whole catalog (src/catalog/search/title-index.ts), reused from the
 * previous build when no platform's content changed. One index, not the former 8 MiniSearch
 * buckets: one index means one look-up per term at search time. Each platform's titles are
 * indexed once per shard content and kept in {@link PARTS_DIR} (by the platform's job,
 * {@link writeTitlePart}), so that this only joins the parts; a part that is missing or unreadable
 * is indexed here from the shard index.
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
  const partsDir = path.join(buildDir, PARTS_DIR);
  mkdirSync(partsDir, { recursive: true });
  const partFile = (slug: string): string => titlePartFile(slug, platforms[slug]?.hash);
  const encoded = mergeTitleParts(
    slugs.map((slug) => {
      const name = partFile(slug);
      const kept = readPart(path.join(partsDir, name));
      if (kept) return { slug, part: kept };
      const shardIndex = JSON.parse(readFileSync(path.join(buildDir, platforms[slug]?.index ?? ""), "utf8")) as ShardIndex;
      const part = indexTitlePart(shardIndex.summaries, shardIndex.evidence);
      writeFileAtomic(path.join(partsDir, name), serialize(part));
      return { slug, part };
    }),
  );
  writeFileAtomic(path.join(buildDir, file), encoded);
  const live = new Set(slugs.map(partFile));
  for (const name of readdirSync(partsDir)) if (!live.has(name)) rmSync(path.join(partsDir, name), { force: true });
  return [{ file, platforms: slugs }];
}

/** A kept part, or undefined when there is none or it cannot be read (it is then indexed again). */
function readPart(file: string): TitlePart | undefined {
  try {
    return deserialize(readFileSync(file)) as TitlePart;
  } catch {
    return undefined;
  }
}
