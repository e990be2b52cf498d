import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { problems } from "../../core/problem.ts";
import { openCatalogDb, type CatalogDb } from "../db/catalog-db.ts";
import type { PlatformInfo } from "../platforms/platform-registry.ts";
import { platformEntry } from "../platforms/platform-entry.ts";
import { attribution } from "../record/attribution.ts";
import type { GameRecord, PlatformEntry } from "../record/game-record.ts";
import { summarize, type GameSummary } from "../search/game-summary.ts";
import { recordEvidence } from "../search/search-prior.ts";
import { buildSearchIndex, writeTitlePart } from "./build-search-index.ts";
import { contentHash, contentHashOfParts } from "../../http/etag.ts";
import { idFolder } from "./id-folder.ts";
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
import {
  combineChanges,
  platformChanges,
  removedPlatformChanges,
  storedRecordReader,
  type PlatformChange,
} from "../changes/record-changes.ts";
import { writePlatformDump } from "../dumps/write-dump.ts";
import { writeFeeds } from "./write-feeds.ts";
import { type FeedTimings, timed } from "./feed-timings.ts";
import { artworkTypes, type ArtworkType } from "../artwork/artwork-types.ts";
import type { ArtworkPlace } from "../artwork/game-artwork.ts";
import { platformArtwork } from "../artwork/record-artwork.ts";
import { readThumbnailFiles, storedListings } from "../db/thumbnail-store.ts";
import { MERGED_IDS_DOCUMENT, mergedIdsDocument, readBuiltMergedIds, readMergedIds } from "./merged-ids.ts";
import { readSplitIds } from "./split-ids.ts";

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
   * Runs the build's platform jobs ({@link runPlatformTask}, one per platform) and returns their
   * outcomes in the order of `tasks`: src/pipeline/ runs them on this thread and a worker thread,
   * adding each platform's website pages, made from the records in memory.
   */
  readonly runPlatforms: (
    settings: PlatformJobSettings,
    tasks: readonly PlatformTask[],
    documents: readonly DocumentTask[],
  ) => PlatformsAndDocuments;
  /**
   * What is derived from the built records besides what the platform jobs make (the website's
   * pages, src/pipeline/): told the build's time first, and handed the whole build after the records
   * and documents, before the manifest, so that a reload never sees a manifest whose pages are missing.
   */
  readonly derived?: (buildTime: number) => DerivedOutput | undefined;
  /** The review (JSON, given the build's version) of the import this build publishes: kept as `reviews/<catalogVersion>.json`, which its change history entry names. */
  readonly review?: (catalogVersion: string, builtAt: string) => string;
}

/** See {@link BuildOptions.derived}. */
export interface DerivedOutput {
  beforeManifest(built: BuiltRecords): void;
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
  /** Time spent on the change log and the dumps, summed over the build's platform jobs. */
  readonly feedTimings: FeedTimings;
  readonly elapsedMs: number;
}

/** The per-platform lookup table written beside each shard (`match/<platform>.<hash>.json`), given the thumbnail names its releases can be looked up by, when the platform's listing was imported. */
export type MatchTable = (records: readonly GameRecord[], listed: Readonly<Record<ArtworkType, readonly string[]>> | undefined) => unknown;

/** What every platform job of one build shares: plain data, so that a worker thread can take it. */
export interface PlatformJobSettings {
  readonly dbFile: string;
  readonly buildDir: string;
  /** Whole seconds: the build's time, which records changed in it carry as `updatedAt`. */
  readonly buildTime: number;
  readonly artworkBaseUrl: string;
}

/** One platform of a build, as a job takes it: plain data. */
export interface PlatformTask {
  readonly info: PlatformInfo;
  readonly fingerprint: string;
  /** What the platform's artwork links depend on besides its records ({@link platformArtworkKey}). */
  readonly artworkKey: string;
  /** The previous build's output of this platform, still valid: the job takes it as it is. */
  readonly reuse?: BuiltPlatform;
  /** The previous build's output of this platform, which the new one is compared with. */
  readonly previous?: BuiltPlatform;
  /** Whether the change log is kept (every build but the first). */
  readonly logChanges: boolean;
  /** The platform's records in the database: jobs are taken largest first. */
  readonly records: number;
}

/**
 * A document whose body is known before the platform jobs (the release feed, the discovery
 * documents): plain data, so that whichever thread runs out of platforms first compresses and
 * writes it ({@link writeDocumentTask}) while the other finishes its last platform.
 */
export interface DocumentTask {
  readonly input: StaticDocumentInput;
  /** The previous build's document of the same key. */
  readonly previous?: BuiltDocument;
}

/** What {@link BuildOptions.runPlatforms} hands back: each task's outcome and each document, in the order given. */
export interface PlatformsAndDocuments {
  readonly outcomes: readonly PlatformOutcome[];
  readonly documents: readonly BuiltDocument[];
}

/** Writes a {@link DocumentTask}'s document with its compressed variants. */
export function writeDocumentTask(settings: PlatformJobSettings, task: DocumentTask): BuiltDocument {
  return writeStaticDocument(settings.buildDir, task.input, settings.buildTime, task.previous);
}

/** What a platform job hands back: plain data. */
export interface PlatformOutcome {
  readonly built: BuiltPlatform;
  readonly entry: PlatformEntry;
  readonly changes: readonly PlatformChange[];
  /** Ids of the previous shard that are not in the new one (their record files go, unless the id moved). */
  readonly stale: readonly number[];
  /** Ids whose record file the job wrote. */
  readonly written: readonly number[];
  readonly timings: FeedTimings;
}

/** A platform's records and search summaries in id order, as a platform job made them (without `updatedAt`). */
export interface PlatformRecords {
  readonly records: readonly GameRecord[];
  readonly summaries: readonly GameSummary[];
}

/**
 * One platform job: builds the platform's shard, index, match table, record files and dump (or
 * takes the previous build's, {@link PlatformTask.reuse}), on whichever thread runs it, through
 * that thread's connection to the database. Hands back the records it built, for what the same
 * thread derives from them (the website's pages), beside the outcome.
 */
export function runPlatformTask(
  db: CatalogDb,
  settings: PlatformJobSettings,
  task: PlatformTask,
  matchTable: MatchTable,
): { readonly outcome: PlatformOutcome; readonly records?: PlatformRecords } {
  const timings: FeedTimings = { changesMs: 0, dumpsMs: 0 };
  if (task.reuse) {
    const entry = platformEntry(task.info, task.reuse.kinds ?? { game: task.reuse.games });
    return { outcome: { built: task.reuse, entry, changes: [], stale: [], written: [], timings } };
  }
  const changes: PlatformChange[] = [];
  const stale: number[] = [];
  const written: number[] = [];
  const { built, records } = buildPlatform(db, settings, task, matchTable, task.logChanges ? changes : undefined, stale, written, timings);
  const entry = platformEntry(task.info, built.kinds ?? { game: built.games });
  return { outcome: { built, entry, changes, stale, written, timings }, records };
}

/** Where the static copy of a record lives: `GET /api/v1/games/?id=N` maps onto it. */
export function recordFile(id: number): string {
  return `static/records/${idFolder(id)}/${id}.json`;
}

/** The first build version with record files in id folders (src/catalog/build/id-folder.ts). */
const ID_FOLDERS_BUILD_VERSION = 12;

/** Removes the record files of older builds, which kept them in one flat folder. */
function removeFlatRecordFiles(buildDir: string): void {
  const folder = path.join(buildDir, "static", "records");
  if (!existsSync(folder)) return;
  for (const entry of readdirSync(folder, { withFileTypes: true }))
    if (entry.isFile() && entry.name.endsWith(".json")) rmSync(path.join(folder, entry.name), { force: true });
}

/**
 * Writes one platform's shard, index, match table, record files and dump. Ids of the previous
 * shard that are not in the new one go to `stale`: their record files are removed once every
 * platform is built, unless the id is a record elsewhere by then (a game that moved platforms).
 */
function buildPlatform(
  db: CatalogDb,
  settings: PlatformJobSettings,
  task: PlatformTask,
  matchTable: MatchTable,
  /** Where the platform's changes go; undefined for a first build, which has no log. */
  changes: PlatformChange[] | undefined,
  stale: number[],
  /** Where the ids whose record file gets new bytes go. */
  written: number[],
  timings: FeedTimings,
): { built: BuiltPlatform; records: PlatformRecords } {
  const { buildDir, buildTime } = settings;
  const { info: platform, fingerprint, previous, artworkKey } = task;
  const folder = platform.thumbnailFolder;
  const files = folder === undefined ? undefined : readThumbnailFiles(db, folder);
  const place: ArtworkPlace | undefined =
    folder === undefined ? undefined : { baseUrl: settings.artworkBaseUrl, folder, ...(files ? { files } : {}) };
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
  // Each record's JSON is encoded once, into the shard: its content hash, its record file and the
  // dump are read from those bytes.
  const shardBytes = new ShardBytes(records.length);
  /** The dump's lines ({@link writePlatformDump}: games first), as [start, end) of the shard, newline included. */
  const gameLines: number[] = [];
  const otherKinds: number[] = [];
  const index = {
    ids: [] as number[],
    offsets: [] as number[],
    lengths: [] as number[],
    mtimes: [] as number[],
    stamped: true as const,
    idFolders: true as const,
  } satisfies ShardIndexHead;
  const hashes: string[] = [];
  const summaries: GameSummary[] = [];
  const evidence: number[] = [];
  // Older indexes hashed the same content, but their record files lack `updatedAt` or sit in one
  // flat folder: rewrite them once (the flat files go after the jobs, removeFlatRecordFiles).
  const stamped = oldIndex?.stamped === true;
  const inPlace = stamped && oldIndex?.idFolders === true;
  const folders = new Set<string>();
  const changedIds = new Set<number>();
  for (const record of records) {
    const start = shardBytes.length;
    const content = shardBytes.appendJson(JSON.stringify(record));
    const hash = contentHash(content, 16);
    const before = old.get(record.id);
    const changed = !before || before.hash !== hash;
    if (changed) changedIds.add(record.id);
    // `updatedAt` is the build time at which the content last changed: the file's mtime.
    const mtime = changed || !before ? buildTime : before.mtime;
    const body = shardBytes.closeRecord(updatedAtTail(mtime));
    if (changed || !inPlace) {
      const file = path.join(buildDir, recordFile(record.id));
      const folder = path.dirname(file);
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      replaceFile(file, body, mtime);
      // A file only moved into its id folder has the bytes and time its URL had: nothing to purge.
      if (changed || !stamped) written.push(record.id);
    }
    index.ids.push(record.id);
    index.offsets.push(start);
    index.lengths.push(body.length);
    index.mtimes.push(mtime);
    hashes.push(hash);
    summaries.push(summarize(record));
    evidence.push(recordEvidence(record, platform.kind === "computer"));
    (record.kind === "game" ? gameLines : otherKinds).push(start, shardBytes.length);
  }
  const shard = shardBytes.bytes();
  // What only the build and first searches read goes last, after the head a server reads alone at start-up (`indexHead`).
  const head = JSON.stringify(index).slice(0, -1);
  const indexJson = `${head},"hashes":${JSON.stringify(hashes)},"evidence":${JSON.stringify(evidence)},"summaries":${JSON.stringify(summaries)}}`;
  // The build version is part of the name so that a format change never rewrites a file in place.
  const hash = contentHashOfParts([`v${BUILD_VERSION}\n`, shard, indexJson], 12);
  const base = `${platform.slug}.${hash}`;
  writeFileAtomic(path.join(buildDir, "shards", `${base}.ndjson`), shard);
  writeFileAtomic(path.join(buildDir, "shards", `${base}.idx.json`), indexJson);
  writeFileAtomic(path.join(buildDir, "match", `${base}.json`), JSON.stringify(matchTable(records, listed)));
  writeTitlePart(buildDir, platform.slug, hash, summaries, evidence);

  if (oldIndex) {
    const kept = new Set(index.ids);
    for (const id of oldIndex.ids) if (!kept.has(id)) stale.push(id);
  }
  changes?.push(
    ...timed(timings, "changesMs", () =>
      platformChanges({
        buildDir,
        system: platform.slug,
        previousShard: previous?.shard,
        previousIndex: oldIndex,
        records,
        contentChanged: (id) => changedIds.has(id),
        shard: `shards/${base}.ndjson`,
        offsets: index.offsets,
        lengths: index.lengths,
      }),
    ),
  );
  const kinds: Record<string, number> = {};
  for (const record of records) kinds[record.kind] = (kinds[record.kind] ?? 0) + 1;
  const lines = (ranges: readonly number[]): Buffer[] => {
    const out: Buffer[] = [];
    for (let i = 0; i < ranges.length; i += 2) out.push(shard.subarray(ranges[i], ranges[i + 1]));
    return out;
  };
  const dumpBody = otherKinds.length === 0 ? shard : Buffer.concat([...lines(gameLines), ...lines(otherKinds)]);
  const dump = timed(timings, "dumpsMs", () => writePlatformDump(buildDir, platform, dumpBody, kinds, buildTime, previous?.dump));
  const built: BuiltPlatform = {
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
  return { built, records: { records, summaries } };
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

/**
 * A platform's shard as its job writes it: each record's JSON encoded once into one growing buffer,
 * then closed with its `updatedAt` and a newline.
 */
class ShardBytes {
  private buffer: Buffer;
  length = 0;
  private recordStart = 0;
  constructor(records: number) {
    this.buffer = Buffer.allocUnsafe(Math.max(records, 1) * 2048);
  }

  /** Appends a record's JSON (the next record's) and returns its bytes, valid until the next append. */
  appendJson(json: string): Buffer {
    // A UTF-16 code unit is at most 3 UTF-8 bytes; the tail adds fewer than 64.
    this.reserve(json.length * 3 + 64);
    this.recordStart = this.length;
    this.length += this.buffer.write(json, this.length, "utf8");
    return this.buffer.subarray(this.recordStart, this.length);
  }

  /** Replaces the record's closing brace with `tail` (which ends with it) and adds a newline; returns the record's bytes without the newline. */
  closeRecord(tail: Buffer): Buffer {
    const at = this.length - 1;
    tail.copy(this.buffer, at);
    this.length = at + tail.length;
    this.buffer[this.length++] = 0x0a;
    return this.buffer.subarray(this.recordStart, this.length - 1);
  }

  /** The shard: every record with its newline. */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}

/** The end of a record's JSON with `updatedAt` (the ISO time of `mtime`) as its last member; most records of a build share one. */
let lastTail = { mtime: Number.NaN, bytes: Buffer.alloc(0) };
function updatedAtTail(mtime: number): Buffer {
  if (lastTail.mtime !== mtime) lastTail = { mtime, bytes: Buffer.from(`,"updatedAt":"${new Date(mtime * 1000).toISOString()}"}`) };
  return lastTail.bytes;
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
  try {
    const derived = options.derived?.(buildTime);
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
    const timings: FeedTimings = { changesMs: 0, dumpsMs: 0 };
    const listings = new Map(storedListings(db).map((listing) => [listing.folder, listing.digest]));
    const recordCounts = new Map(db.prepare<[], [string, number]>("SELECT platform, count(*) FROM games GROUP BY platform").raw().all());
    const tasks = rows.map((row): PlatformTask => {
      const info = JSON.parse(row.info_json) as PlatformInfo;
      const old = reusable?.platforms[row.slug];
      const artworkKey = platformArtworkKey(options.artworkBaseUrl, info.thumbnailFolder, listings);
      const canReuse =
        old !== undefined &&
        old.fingerprint === row.fingerprint &&
        (old.artwork ?? "") === artworkKey &&
        [old.shard, old.index, old.match].every((f) => existsSync(path.join(options.buildDir, f)));
      const before = previous?.platforms[row.slug];
      return {
        info,
        fingerprint: row.fingerprint,
        artworkKey,
        ...(canReuse ? { reuse: old } : {}),
        ...(before ? { previous: before } : {}),
        logChanges: previous !== undefined,
        records: recordCounts.get(row.slug) ?? 0,
      };
    });
    const settings: PlatformJobSettings = {
      dbFile: options.dbFile,
      buildDir: options.buildDir,
      buildTime,
      artworkBaseUrl: options.artworkBaseUrl,
    };
    const documentTasks = extraDocuments.map(
      (d): DocumentTask => ({
        input: { name: d.name, staticFile: d.staticFile, body: d.body, contentType: d.contentType },
        ...(previous?.documents[d.key] ? { previous: previous.documents[d.key] } : {}),
      }),
    );
    const { outcomes, documents: extraBuilt } = options.runPlatforms(settings, tasks, documentTasks);
    tasks.forEach((task, i) => {
      const outcome = outcomes[i];
      if (!outcome) throw new Error(`the build lost the platform ${task.info.slug}`);
      platforms[task.info.slug] = outcome.built;
      if (task.reuse) reused++;
      else rebuilt.push(task.info.slug);
      entries.push(outcome.entry);
      platformChangeList.push(...outcome.changes);
      stale.push(...outcome.stale);
      written.push(...outcome.written);
      timings.changesMs += outcome.timings.changesMs;
      timings.dumpsMs += outcome.timings.dumpsMs;
    });
    for (const [slug, old] of Object.entries(previous?.platforms ?? {})) {
      if (platforms[slug]) continue;
      const index = readShardIndex(options.buildDir, old.index);
      stale.push(...(index?.ids ?? []));
      platformChangeList.push(...removedPlatformChanges(slug, old.shard, index));
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
    if (previous !== undefined && previous.buildVersion < ID_FOLDERS_BUILD_VERSION) removeFlatRecordFiles(options.buildDir);
    const merged = readMergedIds(db);
    const changes = timed(timings, "changesMs", () =>
      combineChanges({
        changes: platformChangeList,
        merged,
        previousMerged: readBuiltMergedIds(options.buildDir, previous?.documents[MERGED_IDS_DOCUMENT]),
        isRecord: live,
        read: storedRecordReader(options.buildDir),
        splits: readSplitIds(db),
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
    extraDocuments.forEach((d, i) => {
      const built = extraBuilt[i];
      if (!built) throw new Error(`the build lost the document ${d.key}`);
      documents[d.key] = built;
    });
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
      timings,
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
        records: count("SELECT count(*) FROM games"),
        games: count("SELECT count(*) FROM games WHERE kind = 'game'"),
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
      feedTimings: timings,
      elapsedMs: Date.now() - started,
    };
  } finally {
    db.close();
  }
}
