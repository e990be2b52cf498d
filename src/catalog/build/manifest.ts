import { readFileSync } from "node:fs";
import path from "node:path";
import type { Attribution } from "../record/attribution.ts";
import type { GameSummary } from "../search/game-summary.ts";
import type { ChangeHistoryEntry } from "../changes/change-types.ts";
import type { BuiltDump } from "../dumps/dump-format.ts";

export const MANIFEST_FILE = "manifest.json";

/** Bump when the output format changes, so that the next build redoes every platform. */
export const BUILD_VERSION = 17;

/**
 * Columnar offsets of one shard, as stored in its `.idx.json`, with each record's file time (the
 * mtime of its record file, `static/records/<id / 1000>/<id>.json`, which gives its ETag) and search summary.
 */
export interface ShardIndex {
  readonly ids: number[];
  readonly offsets: number[];
  readonly lengths: number[];
  readonly mtimes: number[];
  /** Content hash of each record, to tell an unchanged record on the next build. */
  readonly hashes: string[];
  /** Set when `hashes` cover the record without `updatedAt` and the record files carry it (build version 8 on). */
  readonly stamped?: true;
  /** Set when the record files are in id folders (`static/records/<id / 1000>/<id>.json`, build version 12 on). */
  readonly idFolders?: true;
  /** Each game's search evidence word (src/catalog/search/search-prior.ts), written with `hashes` (build version 17 on). */
  readonly evidence?: number[];
  /** Written last with `hashes` (build version 9 on): a server reads the columns before them and parses these on first use. */
  readonly summaries: GameSummary[];
}

/** The columns of a {@link ShardIndex} a server reads at start-up: everything before `hashes` and `summaries`. */
export type ShardIndexHead = Omit<ShardIndex, "hashes" | "summaries">;

/** One prebuilt document (platform list, release feed, ...) with what is known about it at build time. */
export interface BuiltDocument {
  /** Content-addressed copy the server loads, relative to the build folder. */
  readonly file: string;
  /** Stable copy for static hosting, relative to the build folder. */
  readonly staticFile: string;
  readonly hash: string;
  /** When the content last changed (seconds); the static file's mtime. */
  readonly mtime: number;
  readonly etag: string;
  readonly bytes: number;
  readonly contentType: string;
  /** Precompressed siblings (`<file>.br`, `<file>.gz`) and their ETags. */
  readonly encodings: Readonly<Partial<Record<"br" | "gzip", string>>>;
}

export interface BuiltPlatform {
  /** The import fingerprint this platform's files were built from. */
  readonly fingerprint: string;
  /** What its artwork links were made from (host, thumbnails folder, listing digest): "" for none. */
  readonly artwork?: string;
  readonly hash: string;
  /** Records of every kind. */
  readonly games: number;
  /** Records per kind (`game`, `addon`, ...), kinds with none left out. */
  readonly kinds?: Readonly<Record<string, number>>;
  /** NDJSON of the platform's game records, one per line, in id order. */
  readonly shard: string;
  /** Columnar offsets into the shard and search summaries ({@link ShardIndex}). */
  readonly index: string;
  /** Bytes of `index` before `,"hashes":` (build version 9 on): the {@link ShardIndexHead} a server reads at start-up. */
  readonly indexHead?: number;
  /** ROM facts in columns for matching (src/match/index/match-table.ts), loaded on first use. */
  readonly match: string;
  /** The platform's downloadable dump (src/catalog/dumps/). */
  readonly dump?: BuiltDump;
}

/** The title search index (src/catalog/search/title-index.ts) and the platforms it covers: one entry, all platforms. */
export interface BuiltSearchIndex {
  readonly file: string;
  readonly platforms: readonly string[];
}

/**
 * The build's table of contents, written last and atomically: a reader that sees a manifest
 * sees a complete build, and every file it names is content-addressed.
 */
export interface BuildManifest {
  readonly formatVersion: 1;
  readonly buildVersion: number;
  /** Hash over every platform and document; changes whenever any served byte changes. */
  readonly catalogVersion: string;
  readonly dataVersion: string;
  readonly builtAt: string;
  /** `records`: every record; `games`: records of kind `game`, as the platform list's `gameCount` counts them. */
  readonly counts: {
    readonly platforms: number;
    readonly records: number;
    readonly games: number;
    readonly releases: number;
    readonly roms: number;
  };
  readonly attribution: Attribution;
  /** The PUBLIC_BASE_URL the discovery documents were built for (absent in builds before them). */
  readonly publicBaseUrl?: string;
  readonly platforms: Readonly<Record<string, BuiltPlatform>>;
  readonly search: readonly BuiltSearchIndex[];
  readonly documents: Readonly<Record<string, BuiltDocument>>;
  /** The change feed's kept history, oldest first (src/catalog/changes/). */
  readonly changeHistory?: readonly ChangeHistoryEntry[];
}

/** Reads the manifest of a build folder; undefined when there is none or it is unreadable. */
export function readManifest(buildDir: string): BuildManifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path.join(buildDir, MANIFEST_FILE), "utf8")) as BuildManifest;
    return manifest.formatVersion === 1 ? manifest : undefined;
  } catch {
    return undefined;
  }
}
