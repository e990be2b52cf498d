import { readFileSync } from "node:fs";
import { Problem, problems } from "../../core/problem.ts";
import { parseDat } from "../dat/parse-dat.ts";
import type { DatFile, DatSkippedBlock } from "../dat/dat-types.ts";
import type { UnmergedDump } from "../identity/group-works.ts";
import type { PlatformInfo } from "../platforms/platform-registry.ts";
import { titleKey } from "../names/title-key.ts";
import { type AssembleResult, assembleGames, type GameDatInput } from "./assemble-games.ts";
import type { ReleasePreference } from "../identity/release-preference.ts";
import type { RetoolFile } from "./find-retool.ts";
import type { SourceFile } from "./find-sources.ts";
import { addMetadataDat, createMetadataIndex } from "./metadata-index.ts";
import { readRetoolData } from "./retool-data.ts";
import { type PlatformRows, platformRows } from "./platform-rows.ts";

/** One platform's source files: plain data, so that a worker thread can take it (src/catalog/import/assemble-pool.ts). */
export interface PlatformFiles {
  readonly platform: PlatformInfo;
  /** `collection`: the platform collection the file's system names (arcade: "mame-2003"). */
  readonly files: readonly { readonly source: SourceFile; readonly sha256: string; readonly collection?: string }[];
  /** Fail on any malformed block or rom value instead of leaving it out (`ludex import --strict`). */
  readonly strict?: boolean;
  /** SHA-1s that No-Intro lists on another platform (src/catalog/import/foreign-dumps.ts). */
  readonly foreignDumps?: readonly string[];
  /** The platform's Retool clone lists, metadata and RetroAchievements lists (src/catalog/import/retool-data.ts). */
  readonly retool?: readonly RetoolFile[];
  /** Which release of a record comes first (src/catalog/identity/release-preference.ts). */
  readonly preference?: ReleasePreference;
  /** Every platform's names and aliases, for an arcade platform: sets titled so are systems, not games. */
  readonly systemNames?: readonly string[];
}

/** A platform's works as the import writes them, with what parsing and grouping them found. */
export interface AssembledPlatform {
  readonly rows: PlatformRows;
  /** Per source file, in order: the entries it parsed to. */
  readonly entries: readonly number[];
  /** Per source file, in order: the blocks left out because they could not be read. */
  readonly skipped: readonly (readonly DatSkippedBlock[])[];
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
 * Parses one DAT. A block that cannot be read is left out (the rest of the file is read) and a
 * single unusable rom value (the real data has a few over-long hashes and sizes written with
 * commas) is left out, each with a warning; `strict` fails on either instead. A file that is not
 * a DAT fails the import.
 */
function parseFile(file: string, label: string, strict: boolean, warnings: string[]): DatFile {
  const text = readFileSync(file, "utf8");
  try {
    const dat = strict ? parseDat(text, label) : parseDat(text, label, { invalidRomValues: "skip", malformedBlocks: "skip" });
    for (const w of dat.warnings ?? []) warnings.push(`${label}:${w.line}:${w.column}: ${w.message} (value left out)`);
    for (const b of dat.skipped ?? [])
      warnings.push(`${label}:${b.line}:${b.column}: ${b.message} (block at line ${b.blockLine}${b.name ? `, "${b.name}"` : ""} left out)`);
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
export function assemblePlatform({
  platform,
  files,
  strict,
  foreignDumps,
  retool,
  preference,
  systemNames,
}: PlatformFiles): AssembledPlatform {
  const warnings: string[] = [];
  const metadata = createMetadataIndex();
  const gameDats: GameDatInput[] = [];
  const entries: number[] = [];
  const skipped: (readonly DatSkippedBlock[])[] = [];
  for (const { source, collection } of files) {
    const dat = parseFile(source.path, source.label, strict === true, warnings);
    entries.push(dat.games.length);
    skipped.push(dat.skipped ?? []);
    const role = source.role === "auto" ? (looksLikeGameDat(dat) ? "games" : "metadata") : source.role;
    if (role === "games") gameDats.push({ dat, source: source.collection, label: source.label, ...(collection ? { collection } : {}) });
    else addMetadataDat(metadata, dat);
  }
  const collections = platform.collections ?? [];
  const assembled = assembleGames(gameDats, metadata, {
    platform: platform.slug,
    arcade: collections.length > 0,
    hackCollections: new Set(collections.filter((c) => c.hacks).map((c) => c.slug)),
    ...(systemNames ? { systemTitles: new Set(systemNames.map(titleKey)) } : {}),
    ...(platform.contentKind ? { defaultKind: platform.contentKind } : {}),
    kindContext: {
      storeTitles: platform.storeContent === true,
      wholeCarts: platform.kind === "fantasy-console",
      ...(platform.appSerials ? { appSerials: new RegExp(platform.appSerials) } : {}),
      ...(platform.homebrewSerials ? { homebrewSerials: new RegExp(platform.homebrewSerials) } : {}),
    },
    ...(foreignDumps ? { foreignDumps: new Set(foreignDumps) } : {}),
    ...(retool && retool.length > 0 ? { retool: readRetoolData(retool) } : {}),
    ...(preference ? { preference } : {}),
  });
  warnings.push(...assembled.warnings);
  return { rows: platformRows(assembled.games), entries, skipped, warnings, unmerged: assembled.unmerged, stats: assembled.stats };
}
