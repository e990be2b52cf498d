import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import path from "node:path";
import { type IdleStep, runIdleSteps } from "../../core/idle-steps.ts";
import { type Problem, problems } from "../../core/problem.ts";
import { readManifest, type BuildManifest, type BuiltDocument, type BuiltPlatform } from "../build/manifest.ts";
import type { ShardIndex, ShardIndexHead } from "../build/manifest.ts";
import { MERGED_IDS_DOCUMENT, type MergedIdsBody } from "../build/merged-ids.ts";
import { fileEtag, httpDate } from "../../http/etag.ts";
import type { EncodedBody } from "../../http/http-types.ts";
import type { ContentKind } from "../identity/content-kind.ts";
import { aliasKey } from "../platforms/platform-registry.ts";
import type { PlatformEntry } from "../record/game-record.ts";
import { summaryKind, type GameSummary } from "../search/game-summary.ts";
import type { SearchScope } from "../search/search-games.ts";
import { decodeTitleIndex } from "../search/title-index.ts";
import { createTitleSearcher, gamesOfSummaries, summaryById, type PlatformGames } from "../search/title-searcher.ts";
import { createRecordRing } from "./record-ring.ts";

/** A served body with its build-time validators (the same nginx gives the static copy). */
export interface StoredBody {
  readonly body: Buffer;
  readonly etag: string;
  readonly lastModified: string;
}

/** A game record as served, with its build-time validators. */
export interface StoredRecord {
  /**
   * The record's JSON as its UTF-8 bytes, one char a byte (as src/core/utf8-as-latin1.ts gives):
   * sent with `bodyEncoding: "latin1"`, or read with {@link recordJson}.
   */
  readonly latin1Body: string;
  readonly etag: string;
  readonly lastModified: string;
}

/** A stored record's JSON text (undefined for no record). */
export function recordJson(record: StoredRecord): string;
export function recordJson(record: StoredRecord | undefined): string | undefined;
export function recordJson(record: StoredRecord | undefined): string | undefined {
  return record && Buffer.from(record.latin1Body, "latin1").toString("utf8");
}

export interface StoredDocument extends StoredBody {
  readonly contentType: string;
  /** Precompressed variants by content coding, each with its own ETag. */
  readonly encoded: Readonly<Partial<Record<"br" | "gzip", EncodedBody>>>;
}

/** Where each record lives, as parallel typed arrays indexed by a per-id slot (~20 bytes a game instead of an object each). */
interface RecordTable {
  /** Slot plus one by game id (0: no such game); ids are the importer's, dense from 1. */
  readonly slot: Int32Array;
  readonly fd: Int32Array;
  readonly offset: Float64Array;
  readonly length: Int32Array;
  readonly mtime: Float64Array;
}

/**
 * One immutable, fully loaded build: every record, document and search index of a manifest.
 * A reload builds a new snapshot and swaps it in whole, so no answer mixes two builds.
 */
export interface CatalogSnapshot {
  readonly manifest: BuildManifest;
  record(id: number): StoredRecord | undefined;
  /** For an id that merged into another game (and is no record itself), the id of that game. */
  mergedInto(id: number): number | undefined;
  document(name: string): StoredDocument | undefined;
  /** One platform's records of one kind (default `game`; `any` for all) in listing order (title, then id); undefined for an unknown slug. */
  listing(slug: string, kind?: ContentKind | "any", collection?: string): readonly GameSummary[] | undefined;
  /** The collection a `system` value names (arcade's "mame-2003", "MAME 0.78"), with its platform; undefined for a platform or an unknown name. */
  collection(nameOrAlias: string): { readonly platform: PlatformEntry; readonly id: string } | undefined;
  /** The raw match table (JSON text) of one platform; undefined for an unknown slug. Parsed and cached by src/match/index/snapshot-match-index.ts. */
  matchTableText(slug: string): string | undefined;
  /** What a search covers: one platform (by slug), or all of them. */
  searchScope(slug?: string, collection?: string): SearchScope;
  /**
   * Builds, one piece per turn of the event loop, what is otherwise built on first use (the search
   * vocabulary, then each platform's search summaries), so that the first searches after start-up
   * do not wait for it. Resolves when done (or when the snapshot is closed).
   */
  preload(): Promise<void>;
  /** True once {@link close} has run. */
  readonly closed: boolean;
  /** Releases the open shard files; the snapshot must not be used afterwards. */
  close(): void;
  readonly platformSlugs: readonly string[];
  readonly platforms: readonly PlatformEntry[];
  /** A platform by slug, libretro name or alias (case and punctuation ignored). */
  platform(nameOrAlias: string): PlatformEntry | undefined;
}

/** Memory for recently served records. */
const HOT_RECORD_BYTES = 16 * 1024 * 1024;
/** Search terms the preload adds to the vocabulary per turn: a few milliseconds, which a request arriving meanwhile waits for. */
const VOCABULARY_STEP = 4096;

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** HTTP-dates by file time: a build's records share a handful of times, and formatting one on every look-up showed in the profile. */
const httpDates = new Map<number, string>();
const HTTP_DATES_MAX = 4096;

function lastModifiedOf(mtime: number): string {
  let date = httpDates.get(mtime);
  if (date === undefined) {
    date = httpDate(mtime);
    if (httpDates.size < HTTP_DATES_MAX) httpDates.set(mtime, date);
  }
  return date;
}

function corrupt(buildDir: string, cause: unknown): Problem {
  return problems.catalogUnavailable(`the catalog build in ${buildDir} is missing or incomplete; run \`ludex build\``, { cause });
}

function loadDocument(buildDir: string, doc: BuiltDocument): StoredDocument {
  const body = readFileSync(path.join(buildDir, doc.file));
  if (body.length !== doc.bytes) throw new Error(`${doc.file}: ${body.length} bytes, manifest says ${doc.bytes}`);
  const encoded: Partial<Record<"br" | "gzip", EncodedBody>> = {};
  for (const [coding, etag] of Object.entries(doc.encodings) as ["br" | "gzip", string][]) {
    encoded[coding] = { body: readFileSync(path.join(buildDir, `${doc.file}.${coding === "br" ? "br" : "gz"}`)), etag };
  }
  return { body, etag: doc.etag, lastModified: httpDate(doc.mtime), contentType: doc.contentType, encoded };
}

/**
 * A platform's shard index. With `indexHead` (build version 9 on), only its head is read now; the
 * rest (hashes and summaries) is read from the still-open file and parsed on first use (parsing
 * the whole indexes was two thirds of start-up). An older index is parsed whole.
 */
function openShardIndex(buildDir: string, platform: BuiltPlatform, fds: number[]): { index: ShardIndexHead; games: PlatformGames } {
  const file = path.join(buildDir, platform.index);
  if (platform.indexHead === undefined) {
    const index = JSON.parse(readFileSync(file, "utf8")) as ShardIndex;
    return { index, games: { ...gamesOfSummaries(index.summaries), ids: index.ids } };
  }
  const fd = openSync(file, "r");
  fds.push(fd);
  const headBytes = platform.indexHead;
  const head = Buffer.allocUnsafe(headBytes);
  if (readSync(fd, head, 0, headBytes, 0) !== headBytes) throw new Error(`${platform.index}: shorter than its head`);
  const index = JSON.parse(`${head.toString("utf8")}}`) as ShardIndexHead;
  let summaries: readonly GameSummary[] | undefined;
  return {
    index,
    games: {
      ids: index.ids,
      summaries() {
        if (summaries) return summaries;
        try {
          const tail = Buffer.allocUnsafe(fstatSync(fd).size - headBytes);
          if (readSync(fd, tail, 0, tail.length, headBytes) !== tail.length) throw new Error("short read");
          const parsed = (JSON.parse(`{${tail.subarray(1).toString("utf8")}`) as Pick<ShardIndex, "summaries">).summaries;
          if (parsed.length !== index.ids.length) throw new Error(`${parsed.length} summaries for ${index.ids.length} games`);
          summaries = parsed;
          return parsed;
        } catch (error) {
          throw corrupt(buildDir, new Error(`${platform.index}: ${(error as Error).message}`));
        }
      },
    },
  };
}

/**
 * Loads the build in `buildDir`: documents, offsets and search indexes into memory, shards as
 * open files (records are read with one positioned read each; the page cache keeps hot ones).
 * Shards are content-addressed and never rewritten, so an open snapshot stays consistent while a
 * newer build is written beside it. Throws a 503 {@link Problem} when the build is missing,
 * incomplete or corrupt.
 */
export function loadCatalogSnapshot(buildDir: string): CatalogSnapshot {
  const manifest = readManifest(buildDir);
  if (!manifest) throw corrupt(buildDir, new Error("no readable manifest.json"));
  const fds: number[] = [];
  try {
    const total = Object.values(manifest.platforms).reduce((n, p) => n + p.games, 0);
    // Recently read records, so that popular games cost no system call (a read is a large part of an
    // id lookup: docs/performance.md); the rest of the catalog stays on disk and in the page cache.
    const hotRecords = createRecordRing(total, HOT_RECORD_BYTES);
    // One title index for the whole catalog (the build writes exactly one; an older build's MiniSearch buckets are not read).
    const titleFile = manifest.search.length === 1 ? manifest.search[0]?.file : undefined;
    if (titleFile === undefined || !titleFile.endsWith(".bin"))
      throw new Error("no title index in the manifest (made by an older build): rebuild");
    const titles = decodeTitleIndex(readFileSync(path.join(buildDir, titleFile)));
    // Ids are dense (the importer numbers games from 1), so a slot array by id beats a Map (filling
    // one was a sixth of the snapshot's load). The title index lists every game's id.
    let maxId = 0;
    for (const id of titles.gameIds) maxId = Math.max(maxId, id);
    const table: RecordTable = {
      slot: new Int32Array(maxId + 1),
      fd: new Int32Array(total),
      offset: new Float64Array(total),
      length: new Int32Array(total),
      mtime: new Float64Array(total),
    };
    const gamesByPlatform = new Map<string, PlatformGames>();
    const listings = new Map<string, readonly GameSummary[]>();
    const matchFds = new Map<string, number>();
    let slot = 0;
    for (const [slug, platform] of Object.entries(manifest.platforms)) {
      const fd = openSync(path.join(buildDir, platform.shard), "r");
      fds.push(fd);
      const shardSize = fstatSync(fd).size;
      const { index, games } = openShardIndex(buildDir, platform, fds);
      for (let i = 0; i < index.ids.length; i++, slot++) {
        const offset = index.offsets[i] ?? 0;
        const length = index.lengths[i] ?? 0;
        if (offset + length > shardSize) throw new Error(`${platform.shard}: record ${index.ids[i]} lies past the end of the shard`);
        const id = index.ids[i] ?? 0;
        if (!(id > 0 && id <= maxId) || (table.slot[id] as number) !== 0)
          throw new Error(`${platform.index}: game ${id} is not in the title index, or listed twice`);
        if (slot >= total) throw new Error("the shards hold more records than the manifest counts");
        table.slot[id] = slot + 1;
        table.fd[slot] = fd;
        table.offset[slot] = offset;
        table.length[slot] = length;
        table.mtime[slot] = index.mtimes[i] ?? 0;
      }
      gamesByPlatform.set(slug, games);
      // Opened now, read on first use: a later build may delete the file, never this open copy.
      const matchFd = openSync(path.join(buildDir, platform.match), "r");
      fds.push(matchFd);
      matchFds.set(slug, matchFd);
    }
    const searcher = createTitleSearcher(titles, (slug) => gamesByPlatform.get(slug));
    const documents = new Map<string, StoredDocument>();
    for (const [name, doc] of Object.entries(manifest.documents)) documents.set(name, loadDocument(buildDir, doc));
    const platformsDoc = documents.get("platforms");
    if (!platformsDoc) throw new Error("the manifest names no platform list");
    const platforms = (JSON.parse(platformsDoc.body.toString("utf8")) as { platforms: PlatformEntry[] }).platforms;
    // Parsed on the first look-up of an id that is no record: most snapshots never need it.
    let mergedIds: Map<number, number> | undefined;
    const mergedIdsDoc = documents.get(MERGED_IDS_DOCUMENT);
    const byCollection = new Map<string, { readonly platform: PlatformEntry; readonly id: string }>();
    for (const p of platforms)
      for (const c of p.collections ?? [])
        for (const name of [c.id, c.name, ...(c.aliases ?? [])]) byCollection.set(aliasKey(name), { platform: p, id: c.id });
    const byAlias = new Map<string, PlatformEntry>();
    for (const p of platforms)
      for (const name of [p.id, p.name, p.libretroName, ...p.aliases]) if (!byAlias.has(aliasKey(name))) byAlias.set(aliasKey(name), p);
    return {
      manifest,
      platformSlugs: [...gamesByPlatform.keys()],
      platforms,
      platform: (nameOrAlias) => byAlias.get(aliasKey(nameOrAlias)),
      record(id) {
        const slot = (table.slot[id] ?? 0) - 1;
        if (slot < 0) return undefined;
        const length = table.length[slot] ?? 0;
        const mtime = table.mtime[slot] ?? 0;
        const latin1Body = hotRecords.read(slot, table.fd[slot] ?? -1, table.offset[slot] ?? 0, length);
        return { latin1Body, etag: fileEtag(mtime, length), lastModified: lastModifiedOf(mtime) };
      },
      mergedInto(id) {
        if (!mergedIdsDoc) return undefined;
        if (!mergedIds) {
          try {
            const body = JSON.parse(mergedIdsDoc.body.toString("utf8")) as MergedIdsBody;
            mergedIds = new Map(body.merged.map((m) => [m.id, m.into]));
          } catch (error) {
            throw corrupt(buildDir, new Error(`${MERGED_IDS_DOCUMENT}: ${(error as Error).message}`));
          }
        }
        return mergedIds.get(id);
      },
      document: (name) => documents.get(name),
      listing(slug, kind = "game", collection) {
        const key = `${slug}\u0000${kind}\u0000${collection ?? ""}`;
        const cached = listings.get(key);
        if (cached) return cached;
        const summaries = gamesByPlatform.get(slug)?.summaries();
        if (!summaries) return undefined;
        const games = summaries
          .filter((s) => (kind === "any" || summaryKind(s) === kind) && (collection === undefined || s.collections?.includes(collection)))
          .sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id);
        listings.set(key, games);
        return games;
      },
      matchTableText(slug) {
        const fd = matchFds.get(slug);
        if (fd === undefined) return undefined;
        const data = Buffer.alloc(fstatSync(fd).size);
        readSync(fd, data, 0, data.length, 0);
        return data.toString("utf8");
      },
      collection: (nameOrAlias) => byCollection.get(aliasKey(nameOrAlias)),
      searchScope: (slug, collection) =>
        slug === undefined
          ? { searcher, summary: (id) => summaryById(searcher, id) }
          : {
              searcher,
              system: slug,
              ...(collection !== undefined ? { collection } : {}),
              summary: (id) => summaryById(searcher, id, slug) ?? summaryById(searcher, id),
            },
      preload() {
        // The vocabulary step returns true until it is whole; each platform's summaries are one step.
        const steps: IdleStep[] = [() => searcher.vocabulary.indexSome(VOCABULARY_STEP)];
        for (const [start] of searcher.index.platforms.values())
          steps.push(() => {
            searcher.load(start);
            return false;
          });
        return runIdleSteps(steps, () => fds.length === 0);
      },
      get closed() {
        return fds.length === 0;
      },
      close() {
        for (const fd of fds.splice(0)) closeSync(fd);
      },
    };
  } catch (error) {
    for (const fd of fds) closeSync(fd);
    throw corrupt(buildDir, error);
  }
}
