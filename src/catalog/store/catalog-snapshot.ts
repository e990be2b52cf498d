import { readFileSync } from "node:fs";
import path from "node:path";
import MiniSearch from "minisearch";
import { Problem } from "../../http/problem.ts";
import { readManifest, type BuildManifest, type BuiltDocument } from "../build/manifest.ts";
import type { ShardIndex } from "../build/build-catalog.ts";
import { aliasKey } from "../platforms/platform-registry.ts";
import type { PlatformEntry } from "../record/game-record.ts";
import type { GameSummary } from "../search/game-summary.ts";
import { searchIndexOptions } from "../search/search-index-options.ts";

/** A served body with its build-time ETag. */
export interface StoredBody {
  readonly body: Buffer;
  readonly etag: string;
}

export interface StoredDocument extends StoredBody {
  readonly contentType: string;
  /** Precompressed variants by content coding. */
  readonly encoded: Readonly<Partial<Record<"br" | "gzip", Buffer>>>;
}

interface RecordLocation {
  readonly shard: Buffer;
  readonly offset: number;
  readonly length: number;
  readonly etag: string;
}

/**
 * One immutable, fully loaded build: every record, document and search index of a manifest.
 * A reload builds a new snapshot and swaps it in whole, so no answer mixes two builds.
 */
export interface CatalogSnapshot {
  readonly manifest: BuildManifest;
  record(id: number): StoredBody | undefined;
  document(name: string): StoredDocument | undefined;
  /** One platform's games in listing order (title, then id); undefined for an unknown slug. */
  listing(slug: string): readonly GameSummary[] | undefined;
  /** The MiniSearch index of one platform. */
  searchIndex(slug: string): MiniSearch<GameSummary> | undefined;
  readonly platformSlugs: readonly string[];
  readonly platforms: readonly PlatformEntry[];
  /** A platform by slug, libretro name or alias (case and punctuation ignored). */
  platform(nameOrAlias: string): PlatformEntry | undefined;
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function corrupt(buildDir: string, cause: unknown): Problem {
  return new Problem({
    type: "catalog-unavailable",
    title: "Catalog unavailable",
    status: 503,
    detail: `the catalog build in ${buildDir} is missing or incomplete; run \`ludex build\``,
    cause,
  });
}

function loadDocument(buildDir: string, doc: BuiltDocument): StoredDocument {
  const body = readFileSync(path.join(buildDir, doc.file));
  if (body.length !== doc.bytes) throw new Error(`${doc.file}: ${body.length} bytes, manifest says ${doc.bytes}`);
  const encoded: Partial<Record<"br" | "gzip", Buffer>> = {};
  for (const encoding of doc.encodings) encoded[encoding] = readFileSync(path.join(buildDir, `${doc.file}.${encoding === "br" ? "br" : "gz"}`));
  return { body, etag: doc.etag, contentType: doc.contentType, encoded };
}

/**
 * Loads the build in `buildDir` into memory. Throws a 503 {@link Problem} when the build is
 * missing, incomplete or corrupt.
 */
export function loadCatalogSnapshot(buildDir: string): CatalogSnapshot {
  const manifest = readManifest(buildDir);
  if (!manifest) throw corrupt(buildDir, new Error("no readable manifest.json"));
  try {
    const locations = new Map<number, RecordLocation>();
    const indexes = new Map<string, MiniSearch<GameSummary>>();
    const idsByPlatform = new Map<string, readonly number[]>();
    const listings = new Map<string, readonly GameSummary[]>();
    for (const [slug, platform] of Object.entries(manifest.platforms)) {
      const shard = readFileSync(path.join(buildDir, platform.shard));
      const index = JSON.parse(readFileSync(path.join(buildDir, platform.index), "utf8")) as ShardIndex;
      for (let i = 0; i < index.ids.length; i++) {
        const offset = index.offsets[i] ?? 0;
        const length = index.lengths[i] ?? 0;
        if (offset + length > shard.length) throw new Error(`${platform.shard}: record ${index.ids[i]} lies past the end of the shard`);
        locations.set(index.ids[i] ?? 0, { shard, offset, length, etag: index.etags[i] ?? "" });
      }
      idsByPlatform.set(slug, index.ids);
      indexes.set(slug, MiniSearch.loadJSON(readFileSync(path.join(buildDir, platform.search), "utf8"), searchIndexOptions));
    }
    const documents = new Map<string, StoredDocument>();
    for (const [name, doc] of Object.entries(manifest.documents)) documents.set(name, loadDocument(buildDir, doc));
    const platformsDoc = documents.get("platforms");
    if (!platformsDoc) throw new Error("the manifest names no platform list");
    const platforms = (JSON.parse(platformsDoc.body.toString("utf8")) as { platforms: PlatformEntry[] }).platforms;
    const byAlias = new Map<string, PlatformEntry>();
    for (const p of platforms) for (const name of [p.id, p.name, p.libretroName, ...p.aliases]) if (!byAlias.has(aliasKey(name))) byAlias.set(aliasKey(name), p);
    return {
      manifest,
      platformSlugs: [...indexes.keys()],
      platforms,
      platform: (nameOrAlias) => byAlias.get(aliasKey(nameOrAlias)),
      record(id) {
        const at = locations.get(id);
        return at ? { body: at.shard.subarray(at.offset, at.offset + at.length), etag: at.etag } : undefined;
      },
      document: (name) => documents.get(name),
      listing(slug) {
        const cached = listings.get(slug);
        if (cached) return cached;
        const ids = idsByPlatform.get(slug);
        const index = indexes.get(slug);
        if (!ids || !index) return undefined;
        const games = ids.map((id) => index.getStoredFields(id) as unknown as GameSummary);
        games.sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id);
        listings.set(slug, games);
        return games;
      },
      searchIndex: (slug) => indexes.get(slug),
    };
  } catch (error) {
    throw corrupt(buildDir, error);
  }
}
