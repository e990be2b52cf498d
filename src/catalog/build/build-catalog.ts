import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { problems } from "../../core/problem.ts";
import { openCatalogDb, type CatalogDb } from "../db/catalog-db.ts";
import type { PlatformInfo } from "../platforms/platform-registry.ts";
import { platformEntry } from "../platforms/platform-entry.ts";
import { attribution } from "../record/attribution.ts";
import type { GameRecord, PlatformEntry } from "../record/game-record.ts";
import { summarize, type GameSummary } from "../search/game-summary.ts";
import { buildSearchIndex } from "./build-search-index.ts";
import { contentHash } from "../../http/etag.ts";
import {
  BUILD_VERSION,
  MANIFEST_FILE,
  readManifest,
  type ShardIndex,
  type ShardIndexHead,
  type BuildManifest,
  type BuiltDocument,
  type BuiltPlatform,
} from "./manifest.ts";
import { readPlatformRecords } from "./read-platform-records.ts";
import { replaceFile, writeFileAtomic } from "./write-file-atomic.ts";
import { writeStaticDocument, type StaticDocumentInput } from "./write-static-document.ts";
import { combineChanges, platformChanges, removedPlatformChanges, type PlatformChange } from "../changes/record-changes.ts";
import { writePlatformDump } from "../dumps/write-dump.ts";
import { writeFeeds } from "./write-feeds.ts";
import { timed } from "./feed-timings.ts";
import { artworkTypes, type ArtworkType } from "../artwork/artwork-types.ts";
import type { ArtworkPlace } from "../artwork/game-artwork.ts";
import { platformArtwork } from "../artwork/record-artwork.ts";
import { readThumbnailFiles, storedListings } from "../db/thumbnail-store.ts";
import { MERGED_IDS_DOCUMENT, mergedIdsDocument, readBuiltMergedIds, readMergedIds } from "./merged-ids.ts";

/** A whole document the build writes beside the records, keyed in the manifest's `documents`. */
export interface ExtraDocument extends StaticDocumentInput {
  readonly key: string;
}

export interface BuildOptions {
  readonly dbFile: string;
  readonly buildDir: string;
  /** PUBLIC_BASE_URL the build is made for; recorded in the manifest. */
  readonly publicBaseUrl: string;
  /**
   * Documents written after the platform list, in this order (the release feed, the discovery
   * documents): made by the layers above the catalog (src/pipeline/build-pipeline.ts). Called once the
   * database is known to exist.
   */
  readonly documents: () => readonly ExtraDocument[];
  /** LUDEX_ARTWORK_BASE_URL, the host of the records' artwork links. */
  readonly artworkBaseUrl: string;
  /**
   * The per-platform lookup table written beside each shard (`match/<platform>.<hash>.json`),
   * given, when the platform's thumbnail listing was imported, the listed names its releases can
   * be looked up by.
   */
  readonly matchTable: (records: readonly GameRecord[], listed: Readonly<Record<ArtworkType, readonly string[]>> | undefined) => unknown;
  /**
   * What is derived from the built records (the website's pages, src/pipeline/): told the build's
   * time first, each platform as soon as its shard is written (so that the pages can be rendered
   * on another thread while the build goes on), and the whole build after the records and
   * documents, before the manifest, so that a reload never sees a manifest whose pages are missing.
   */
  readonly derived?: (buildTime: number) => DerivedOutput | undefined;
  /** The review (JSON, given the build's version) of the import this build publishes: kept as `reviews/<catalogVersion>.json`, which its change history entry names. */
  readonly review?: (catalogVersion: string, builtAt: string) => string;
}

/** See {@link BuildOptions.derived}. */
export interface DerivedOutput {
  platform(entry: PlatformEntry, built: BuiltPlatform): void;
  beforeManifest(built: BuiltRecords): void;
  /** The build failed before {@link beforeManifest}: stop what was started. */
  abandon(): void;
}

/** What {@link DerivedOutput.beforeManifest} is handed. */
export interface BuiltRecords {
  /** Whole seconds: the build's time, which records changed in it carry as `updatedAt`. */
  readonly buildTime: number;
  readonly platforms: Readonly<Record<string, BuiltPlatform>>;
  readonly entries: readonly PlatformEntry[];
}

export interface BuildSummary {
  readonly manifest: BuildManifest;
  /** The build this one replaced (its manifest), if any: the purge list compares the two. */
  readonly previous: BuildManifest | undefined;
  /** Ids whose record file this build wrote (new or changed bytes) or removed: the purge list names their URLs. */
  readonly recordsWritten: readonly number[];
  readonly recordsRemoved: readonly number[];
  readonly rebuiltPlatforms: readonly string[];
  readonly reusedPlatforms: number;
  readonly elapsedMs: number;
}

/** Where the static copy of a record lives: `GET /api/v1/games/?id=N` maps onto it. */
export function recordFile(id: number): string {
  return `static/records/${id}.json`;
}

/**
 * Writes one platform's shard, index, match table, record files and dump. Ids of the previous
 * shard that are not in the new one go to `stale`: their record files are removed once every
 * platform is built, unless the id is a record elsewhere by then (a game that moved platforms).
 */
function buildPlatform(
  db: CatalogDb,
  options: BuildOptions,
  platform: PlatformInfo,
  fingerprint: string,
  previous: BuiltPlatform | undefined,
  buildTime: number,
  /** Where the platform's changes go; undefined for a first build, which has no log. */
  changes: PlatformChange[] | undefined,
  stale: number[],
  artworkKey: string,
  /** Where the ids whose record file is written go. */
  written: number[],
): BuiltPlatform {
  const { buildDir } = options;
  const folder = platform.thumbnailFolder;
  const files = folder === undefined ? undefined : readThumbnailFiles(db, folder);
  const place: ArtworkPlace | undefined =
    folder === undefined ? undefined : { baseUrl: options.artworkBaseUrl, folder, ...(files ? { files } : {}) };
  const { records, listed } = platformArtwork(readPlatformRecords(db, platform), place);
  const oldIndex = previous ? readShardIndex(buildDir, previous.index) : undefined;
  // A record file whose bytes are unchanged is left alone, keeping its mtime and so its ETag;
  // rewriting ~100k small files is also the slowest part of a build.
  const old = new Map<number, { length: number; mtime: number; hash: string }>();
  // An index from an older build format may lack these columns; its records then count as changed.
  if (oldIndex?.hashes && oldIndex.mtimes) {
    const { hashes, mtimes } = oldIndex;
    oldIndex.ids.forEach((id, i) => {
      old.set(id, { length: oldIndex.lengths[i] ?? -1, mtime: mtimes[i] ?? 0, hash: hashes[i] ?? "" });
    });
  }
  const chunks: Buffer[] = [];
  /** The dump's lines: games first ({@link writePlatformDump}). */
  const otherKinds: Buffer[] = [];
  const gameLines: Buffer[] = [];
  const index = {
    ids: [] as number[],
    offsets: [] as number[],
    lengths: [] as number[],
    mtimes: [] as number[],
    releaseCounts: [] as number[],
    stamped: true as const,
  } satisfies ShardIndexHead;
  const hashes: string[] = [];
  const summaries: GameSummary[] = [];
  let offset = 0;
  mkdirSync(path.join(buildDir, "static", "records"), { recursive: true });
  // Older indexes hashed the same content, but their record files lack `updatedAt`: rewrite them once.
  const stamped = oldIndex?.stamped === true;
  const changedIds = new Set<number>();
  for (const record of records) {
    const content = JSON.stringify(record);
    const hash = contentHash(content, 16);
    const before = old.get(record.id);
    const changed = !before || before.hash !== hash;
    if (changed) changedIds.add(record.id);
    // `updatedAt` is the build time at which the content last changed: the file's mtime.
    const mtime = changed || !before ? buildTime : before.mtime;
    const body = Buffer.from(withUpdatedAt(content, mtime));
    if (changed || !stamped) {
      const file = path.join(buildDir, recordFile(record.id));
      replaceFile(file, body, mtime);
      written.push(record.id);
    }
    index.ids.push(record.id);
    index.offsets.push(offset);
    index.lengths.push(body.length);
    index.mtimes.push(mtime);
    hashes.push(hash);
    index.releaseCounts.push(record.releases.length);
    summaries.push(summarize(record));
    chunks.push(body, newline);
    (record.kind === "game" ? gameLines : otherKinds).push(body, newline);
    offset += body.length + 1;
  }
  const shard = Buffer.concat(chunks);
  // What only the build and first searches read goes last, after the head a server reads alone at start-up (`indexHead`).
  const head = JSON.stringify(index).slice(0, -1);
  const indexJson = `${head},"hashes":${JSON.stringify(hashes)},"summaries":${JSON.stringify(summaries)}}`;
  // The build version is part of the name so that a format change never rewrites a file in place.
  const hash = contentHash(Buffer.concat([Buffer.from(`v${BUILD_VERSION}\n`), shard, Buffer.from(indexJson)]), 12);
  const base = `${platform.slug}.${hash}`;
  writeFileAtomic(path.join(buildDir, "shards", `${base}.ndjson`), shard);
  writeFileAtomic(path.join(buildDir, "shards", `${base}.idx.json`), indexJson);
  writeFileAtomic(path.join(buildDir, "match", `${base}.json`), JSON.stringify(options.matchTable(records, listed)));

  if (oldIndex) {
    const kept = new Set(index.ids);
    for (const id of oldIndex.ids) if (!kept.has(id)) stale.push(id);
  }
  changes?.push(
    ...timed("changesMs", () =>
      platformChanges({
        buildDir,
        system: platform.slug,
        previousShard: previous?.shard,
        previousIndex: oldIndex,
        records,
        contentChanged: (id) => changedIds.has(id),
      }),
    ),
  );
  const kinds: Record<string, number> = {};
  for (const record of records) kinds[record.kind] = (kinds[record.kind] ?? 0) + 1;
  const dumpBody = otherKinds.length === 0 ? shard : Buffer.concat([...gameLines, ...otherKinds]);
  const dump = timed("dumpsMs", () => writePlatformDump(buildDir, platform, dumpBody, kinds, buildTime, previous?.dump));
  return {
    fingerprint,
    artwork: artworkKey,
    hash,
    games: records.length,
    kinds,
    shard: `shards/${base}.ndjson`,
    index: `shards/${base}.idx.json`,
    indexHead: Buffer.byteLength(head),
    match: `match/${base}.json`,
    dump,
  };
}

/** What a platform's artwork links depend on besides its records: the host, its folder and its listing. */
function platformArtworkKey(baseUrl: string, folder: string | undefined, listings: ReadonlyMap<string, string>): string {
  if (folder === undefined) return "";
  return `${baseUrl}|${folder}|${listings.get(folder) ?? "unverified"}|${artworkTypes.join(",")}`;
}

function readShardIndex(buildDir: string, file: string): ShardIndex | undefined {
  try {
    return JSON.parse(readFileSync(path.join(buildDir, file), "utf8")) as ShardIndex;
  } catch {
    return undefined;
  }
}

const newline = Buffer.from("\n");

/** A record's JSON with `updatedAt` (the ISO time of `mtime`) as its last member. */
function withUpdatedAt(json: string, mtime: number): string {
  return `${json.slice(0, -1)},"updatedAt":"${isoTime(mtime)}"}`;
}

/** Most records of a build share one `updatedAt` (the build's time): its text is made once. */
let lastIso = { mtime: Number.NaN, text: "" };
function isoTime(mtime: number): string {
  if (lastIso.mtime !== mtime) lastIso = { mtime, text: new Date(mtime * 1000).toISOString() };
  return lastIso.text;
}

/** Removes shard, search-index and document files named by neither the new nor the previous manifest. */
function collectGarbage(buildDir: string, keep: readonly (BuildManifest | undefined)[]): void {
  const live = new Set<string>();
  for (const manifest of keep) {
    if (!manifest) continue;
    for (const p of Object.values(manifest.platforms)) for (const f of [p.shard, p.index, p.match]) live.add(f);
    for (const b of manifest.search ?? []) live.add(b.file);
  }
  for (const manifest of keep) {
    if (!manifest) continue;
    for (const d of Object.values(manifest.documents ?? {})) for (const f of [d.file, `${d.file}.br`, `${d.file}.gz`]) live.add(f);
  }
  for (const dir of ["shards", "search", "documents", "match"]) {
    const full = path.join(buildDir, dir);
    if (!existsSync(full)) continue;
    for (const name of readdirSync(full)) if (!live.has(`${dir}/${name}`)) rmSync(path.join(full, name), { force: true });
  }
}

/**
 * Compiles the game database into static files: per-platform record shards and match tables,
 * the title search index (one binary file, src/catalog/search/title-index.ts), one JSON file per game record, the
 * platform list, the documents the caller adds, and the manifest (written last). Platforms whose import fingerprint and build version are
 * unchanged since the previous build are reused as they are.
 */
export function buildCatalogFiles(options: BuildOptions): BuildSummary {
  const started = Date.now();
  if (!existsSync(options.dbFile)) {
    throw problems.catalogNotImported(`${options.dbFile} does not exist; run \`ludex import <source>\` first`);
  }
  const extraDocuments = options.documents();
  const { publicBaseUrl } = options;
  // Whole seconds: file times and HTTP dates have that resolution.
  const buildTime = Math.floor(Date.now() / 1000);
  const db = openCatalogDb(options.dbFile, { readonly: true });
  let derived: DerivedOutput | undefined;
  let derivedDone = false;
  try {
    derived = options.derived?.(buildTime);
    const previous = readManifest(options.buildDir);
    const reusable = previous?.buildVersion === BUILD_VERSION ? previous : undefined;
    const rows = db
      .prepare<[], { slug: string; info_json: string; fingerprint: string }>(
        "SELECT slug, info_json, fingerprint FROM platforms ORDER BY slug",
      )
      .all();
    const platforms: Record<string, BuiltPlatform> = {};
    const rebuilt: string[] = [];
    let reused = 0;
    const entries: PlatformEntry[] = [];
    const platformChangeList: PlatformChange[] = [];
    const stale: number[] = [];
    const written: number[] = [];
    const removed: number[] = [];
    const listings = new Map(storedListings(db).map((listing) => [listing.folder, listing.digest]));
    for (const row of rows) {
      const info = JSON.parse(row.info_json) as PlatformInfo;
      const old = reusable?.platforms[row.slug];
      const artworkKey = platformArtworkKey(options.artworkBaseUrl, info.thumbnailFolder, listings);
      const canReuse =
        old !== undefined &&
        old.fingerprint === row.fingerprint &&
        (old.artwork ?? "") === artworkKey &&
        [old.shard, old.index, old.match].every((f) => existsSync(path.join(options.buildDir, f)));
      let built: BuiltPlatform;
      if (canReuse) {
        built = old;
        reused++;
      } else {
        built = buildPlatform(
          db,
          options,
          info,
          row.fingerprint,
          previous?.platforms[row.slug],
          buildTime,
          previous ? platformChangeList : undefined,
          stale,
          artworkKey,
          written,
        );
        rebuilt.push(row.slug);
      }
      platforms[row.slug] = built;
      const entry = platformEntry(info, built.kinds ?? { game: built.games });
      entries.push(entry);
      derived?.platform(entry, built);
    }
    for (const [slug, old] of Object.entries(previous?.platforms ?? {})) {
      if (platforms[slug]) continue;
      const index = readShardIndex(options.buildDir, old.index);
      stale.push(...(index?.ids ?? []));
      platformChangeList.push(...removedPlatformChanges(options.buildDir, slug, old.shard, index));
    }
    // The catalog database holds exactly this build's records: an id still in it has moved to a
    // platform built here (an arcade collection's game now on `arcade`), and keeps its file.
    const isRecord = db.prepare<[number], number>("SELECT 1 FROM games WHERE id = ?").pluck();
    const live = (id: number): boolean => isRecord.get(id) !== undefined;
    for (const id of stale) {
      if (live(id)) continue;
      rmSync(path.join(options.buildDir, recordFile(id)), { force: true });
      removed.push(id);
    }
    const merged = readMergedIds(db);
    const changes = timed("changesMs", () =>
      combineChanges({
        changes: platformChangeList,
        merged,
        previousMerged: readBuiltMergedIds(options.buildDir, previous?.documents[MERGED_IDS_DOCUMENT]),
        isRecord: live,
      }),
    );

    const search = buildSearchIndex(options.buildDir, platforms, reusable?.search ?? []);
    const document = (key: string, input: StaticDocumentInput): BuiltDocument =>
      writeStaticDocument(options.buildDir, input, buildTime, previous?.documents[key]);
    const documents: Record<string, BuiltDocument> = {
      platforms: document("platforms", {
        name: "documents/platforms",
        staticFile: "static/api/v1/games/index.json",
        body: JSON.stringify({ platforms: entries, attribution }),
        contentType: "application/json",
      }),
      [MERGED_IDS_DOCUMENT]: document(MERGED_IDS_DOCUMENT, mergedIdsDocument(merged)),
    };
    for (const d of extraDocuments) {
      documents[d.key] = document(d.key, { name: d.name, staticFile: d.staticFile, body: d.body, contentType: d.contentType });
    }
    derivedDone = true;
    derived?.beforeManifest({ buildTime, platforms, entries });
    const count = (sql: string): number => db.prepare(sql).pluck().get() as number;
    const dataVersion = (db.prepare("SELECT value FROM meta WHERE key = 'data_version'").pluck().get() as string | undefined) ?? "none";
    const versionInput = [
      ...Object.entries(platforms).map(([slug, p]) => `${slug}:${p.hash}`),
      ...search.map((b) => `search:${b.file}`),
      ...Object.entries(documents).map(([name, d]) => `${name}:${d.hash}`),
    ].join("\n");
    const catalogVersion = contentHash(versionInput, 16);
    const builtAt = new Date().toISOString();
    // The change feed and the dump listing: documents outside catalogVersion, which they name.
    const feeds = writeFeeds({
      buildDir: options.buildDir,
      previous,
      catalogVersion,
      builtAt,
      changes,
      publicBaseUrl,
      review: options.review?.(catalogVersion, builtAt),
      platforms,
      platformNames: new Map(entries.map((e) => [e.id, e.name])),
      document,
    });
    Object.assign(documents, feeds.documents);
    const manifest: BuildManifest = {
      formatVersion: 1,
      buildVersion: BUILD_VERSION,
      catalogVersion,
      dataVersion,
      builtAt,
      counts: {
        platforms: rows.length,
        games: count("SELECT count(*) FROM games"),
        releases: count("SELECT count(*) FROM releases"),
        roms: count("SELECT count(*) FROM roms"),
      },
      attribution,
      publicBaseUrl,
      platforms,
      search,
      documents,
      changeHistory: feeds.changeHistory,
    };
    writeFileAtomic(path.join(options.buildDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    collectGarbage(options.buildDir, [manifest, previous]);
    return {
      manifest,
      previous,
      recordsWritten: written,
      recordsRemoved: removed,
      rebuiltPlatforms: rebuilt,
      reusedPlatforms: reused,
      elapsedMs: Date.now() - started,
    };
  } finally {
    if (!derivedDone) derived?.abandon();
    db.close();
  }
}
