import { readFileSync } from "node:fs";
import { Problem, problems } from "../../core/problem.ts";
import { parseDat } from "../dat/parse-dat.ts";
import type { DatFile } from "../dat/dat-types.ts";
import type { UnmergedDump } from "../identity/group-works.ts";
import type { PlatformInfo } from "../platforms/platform-registry.ts";
import { type AssembleResult, assembleGames, type GameDatInput } from "./assemble-games.ts";
import type { SourceFile } from "./find-sources.ts";
import { addMetadataDat, createMetadataIndex } from "./metadata-index.ts";
import { type PlatformRows, platformRows } from "./platform-rows.ts";

/** One platform's source files: plain data, so that a worker thread can take it (src/catalog/import/assemble-pool.ts). */
export interface PlatformFiles {
  readonly platform: PlatformInfo;
  /** `collection`: the platform collection the file's system names (arcade: "mame-2003"). */
  readonly files: readonly { readonly source: SourceFile; readonly sha256: string; readonly collection?: string }[];
}

/** A platform's works as the import writes them, with what parsing and grouping them found. */
export interface AssembledPlatform {
  readonly rows: PlatformRows;
  /** Per source file, in order: the entries it parsed to. */
  readonly entries: readonly number[];
  /** Values left out while parsing, then the grouping's warnings. */
  readonly warnings: readonly string[];
  readonly unmerged: readonly UnmergedDump[];
  readonly stats: AssembleResult["stats"];
}

/** A DAT whose roms carry sizes or strong hashes lists games; one with only crc/serial keys is metadata. */
function looksLikeGameDat(dat: DatFile): boolean {
  return dat.games.some((g) => g.roms.some((r) => r.size !== undefined || r.md5 !== undefined || r.sha1 !== undefined));
}

/**
 * Parses one DAT. A malformed structure fails the import; a single unusable rom value (the real
 * data has a few over-long hashes and sizes written with commas) is left out with a warning.
 */
function parseFile(file: string, label: string, warnings: string[]): DatFile {
  const text = readFileSync(file, "utf8");
  try {
    const dat = parseDat(text, label, { invalidRomValues: "skip" });
    for (const w of dat.warnings ?? []) warnings.push(`${label}:${w.line}:${w.column}: ${w.message} (value left out)`);
    return dat;
  } catch (error) {
    if (error instanceof Problem) throw error;
    throw problems.datReadFailed(`${label}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Parses a platform's DATs and groups their releases into works (src/catalog/import/assemble-games.ts):
 * everything the import does for a platform before it touches the database.
 */
export function assemblePlatform({ platform, files }: PlatformFiles): AssembledPlatform {
  const warnings: string[] = [];
  const metadata = createMetadataIndex();
  const gameDats: GameDatInput[] = [];
  const entries: number[] = [];
  for (const { source, collection } of files) {
    const dat = parseFile(source.path, source.label, warnings);
    entries.push(dat.games.length);
    const role = source.role === "auto" ? (looksLikeGameDat(dat) ? "games" : "metadata") : source.role;
    if (role === "games") gameDats.push({ dat, source: source.collection, label: source.label, ...(collection ? { collection } : {}) });
    else addMetadataDat(metadata, dat);
  }
  const collections = platform.collections ?? [];
  const assembled = assembleGames(gameDats, metadata, {
    platform: platform.slug,
    arcade: collections.length > 0,
    hackCollections: new Set(collections.filter((c) => c.hacks).map((c) => c.slug)),
    ...(platform.contentKind ? { defaultKind: platform.contentKind } : {}),
  });
  warnings.push(...assembled.warnings);
  return { rows: platformRows(assembled.games), entries, warnings, unmerged: assembled.unmerged, stats: assembled.stats };
}
