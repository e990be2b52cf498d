import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { deferRomHashIndexes, openCatalogDb, type CatalogDb } from "../db/catalog-db.ts";
import { loadPlatformRegistry } from "../platforms/platform-registry.ts";
import type { UnmergedDump } from "../identity/group-works.ts";
import type { PlatformFiles } from "./assemble-platform.ts";
import { assemblePlatforms } from "./assemble-pool.ts";
import { assignGameIds, type MergedGame } from "./assign-game-ids.ts";
import { DEFAULT_RELEASE_PREFERENCE, type ReleasePreference } from "../identity/release-preference.ts";
import { findRetoolSources, type RetoolFile } from "./find-retool.ts";
import { findSources, type SourceFile } from "./find-sources.ts";
import { DEFERS_TO_NO_INTRO, type DumpSource, foreignNoIntroDumps } from "./foreign-dumps.ts";
import { type PlatformRows, RELEASE_COLUMNS, ROM_COLUMNS } from "./platform-rows.ts";
import { DEFAULT_REVIEW_THRESHOLD, type ImportReview, ImportReviewer } from "./import-review.ts";
import { acceptReview, recordReview, type ReviewState } from "./review-state.ts";

/** Bump when parsing or grouping changes, so that the next import redoes every platform. */
export const IMPORT_VERSION = 33;

export interface ImportProgress {
  readonly filesDone: number;
  readonly filesTotal: number;
  readonly games: number;
  readonly elapsedMs: number;
}

export interface ImportOptions {
  readonly sources: readonly string[];
  readonly dbFile: string;
  readonly platformsFile: string;
  readonly onProgress?: (progress: ImportProgress) => void;
  /** Share of a platform's games (percent) that may be removed or renamed before the update is held (default 5). */
  readonly reviewThreshold?: number;
  /** Accept the update (and any held one) even with anomalies: the next build publishes it. */
  readonly accept?: boolean;
  /** From this many bytes of changed DATs, a worker thread parses and groups platforms too (src/catalog/import/assemble-pool.ts). */
  readonly workerMinBytes?: number;
  /** Fail on any DAT block or rom value that cannot be read, instead of leaving it out with a warning. */
  readonly strict?: boolean;
  /** Which release of a record comes first (LUDEX_REGION_ORDER, LUDEX_LANGUAGE_ORDER); part of every platform's fingerprint. */
  readonly preference?: ReleasePreference;
}

export interface RemovedGame {
  readonly id: number;
  readonly system: string;
  readonly title: string;
}

export interface ImportSummary {
  readonly platforms: number;
  readonly games: number;
  /** Records per kind (`game`, `addon`, ...), over the whole catalog. */
  readonly kinds: Readonly<Record<string, number>>;
  /** Games that joined another game in this import (same work): their ids redirect to `into`. */
  readonly merged: readonly MergedGame[];
  /** Per changed platform, dumps shared by several works that stayed apart, with why. */
  readonly unmerged: Readonly<Record<string, readonly UnmergedDump[]>>;
  readonly releases: number;
  readonly roms: number;
  readonly added: number;
  readonly removed: readonly RemovedGame[];
  readonly changedPlatforms: readonly string[];
  readonly unchangedPlatforms: number;
  readonly warnings: readonly string[];
  /** Per source collection, over the platforms read in this import: releases, releases that joined a game No-Intro also has, games only that source has. */
  readonly sourceStats: Readonly<Record<string, { releases: number; joined: number; gamesOnly: number }>>;
  readonly dataVersion: string;
  readonly elapsedMs: number;
  /** False when the sources matched the previous import exactly and the database was left untouched. */
  readonly changed: boolean;
  /** This import compared with the catalog it replaced (src/catalog/import/import-review.ts); absent when nothing changed. */
  readonly review?: ImportReview;
  /** The unpublished reviews and whether the update is held (absent when nothing changed). */
  readonly reviewState?: ReviewState;
}

interface PlatformSources extends PlatformFiles {
  readonly files: { readonly source: SourceFile; readonly sha256: string; readonly collection?: string }[];
  readonly retool: RetoolFile[];
  /** SHA-256 of each of `retool`, in order. */
  readonly retoolSha256: string[];
  /** Bytes of the platform's files. */
  bytes: number;
  fingerprint: string;
  datVersion: string | undefined;
  /** SHA-1s of its entries that No-Intro lists on another platform (src/catalog/import/foreign-dumps.ts). */
  foreignDumps?: readonly string[];
  systemNames?: readonly string[];
}

function sha256(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The header `name` of a DAT, read cheaply from its first bytes (clrmamepro or Logiqx). */
function headerName(text: string): string | undefined {
  const head = text.slice(0, 4096);
  return (
    /<header>[\s\S]*?<name>([^<]+)<\/name>/.exec(head)?.[1]?.trim() ?? /clrmamepro\s*\([^)]*?\bname\s+"([^"]+)"/.exec(head)?.[1]?.trim()
  );
}

function headerVersion(text: string): string | undefined {
  const head = text.slice(0, 4096);
  return /<version>([^<]+)<\/version>/.exec(head)?.[1]?.trim() ?? /clrmamepro\s*\([^)]*?\bversion\s+"?([^"\s)]+)/.exec(head)?.[1]?.trim();
}

function groupByPlatform(
  files: readonly SourceFile[],
  retool: readonly RetoolFile[],
  platformsFile: string,
  warnings: string[],
  preference: ReleasePreference = DEFAULT_RELEASE_PREFERENCE,
): Map<string, PlatformSources> {
  const registry = loadPlatformRegistry(platformsFile);
  const groups = new Map<string, PlatformSources>();
  const derivedWarned = new Set<string>();
  const dumpSources: DumpSource[] = [];
  for (const source of files) {
    const data = readFileSync(source.path);
    const text = data.toString("utf8", 0, Math.min(data.length, 4096));
    const header = headerName(text);
    const named = registry.lookup(source.systemName) ? source.systemName : header && registry.lookup(header) ? header : undefined;
    const platform = (named ? registry.lookup(named) : undefined) ?? registry.forSystem(source.systemName);
    const collection = named ? registry.collection(named)?.slug : undefined;
    if (platform.derived && !derivedWarned.has(platform.slug)) {
      derivedWarned.add(platform.slug);
      warnings.push(`${source.label}: system "${source.systemName}" has no entry in data/platforms.json; imported as "${platform.slug}"`);
    }
    let group = groups.get(platform.slug);
    if (!group) {
      group = { platform, files: [], retool: [], retoolSha256: [], bytes: 0, fingerprint: "", datVersion: undefined };
      groups.set(platform.slug, group);
    }
    group.files.push({ source, sha256: sha256(data), ...(collection ? { collection } : {}) });
    if (source.collection === "no-intro" || DEFERS_TO_NO_INTRO.has(source.collection))
      dumpSources.push({ platform: platform.slug, collection: source.collection, data });
    group.bytes += data.length;
    if (source.role !== "metadata") {
      const version = headerVersion(text);
      if (version && (!group.datVersion || version > group.datVersion)) group.datVersion = version;
    }
  }
  const foreign = foreignNoIntroDumps(dumpSources);
  const systemNames = registry.platforms.flatMap((p) => [p.name, ...p.aliases]);
  // A Retool file joins the platform its system names, when that platform has DATs; its content is part of the fingerprint.
  for (const file of retool) {
    const group = groups.get(registry.forRetool(file.systemName)?.slug ?? "");
    if (!group) continue;
    group.retool.push(file);
    group.retoolSha256.push(sha256(readFileSync(file.path)));
  }
  for (const group of groups.values()) {
    const dumps = foreign.get(group.platform.slug);
    if (dumps) group.foreignDumps = dumps;
    if (group.platform.collections?.length) group.systemNames = systemNames;
    const parts = group.files
      .map((f) => `${f.source.collection}/${path.basename(f.source.path)}:${f.source.role}:${f.collection ?? ""}:${f.sha256}`)
      .sort();
    const retoolParts = group.retool.map((f, i) => `retool/${f.role}/${path.basename(f.path)}:${group.retoolSha256[i] ?? ""}`).sort();
    const { derived: _derived, retoolNames: _retoolNames, ...info } = group.platform;
    group.fingerprint = sha256(
      JSON.stringify([
        IMPORT_VERSION,
        info,
        parts,
        ...(dumps ? [dumps] : []),
        ...(retoolParts.length > 0 ? [retoolParts] : []),
        ...(group.systemNames ? [group.systemNames] : []),
        // The default order keeps the fingerprints an import without a setting has always made.
        ...(JSON.stringify(preference) === JSON.stringify(DEFAULT_RELEASE_PREFERENCE) ? [] : [preference]),
      ]),
    );
  }
  return groups;
}

/** Rows one INSERT statement writes: one statement step for many rows costs less than a step per row (docs/performance.md). */
const ROWS_PER_INSERT = 64;

/** One INSERT of `rows` rows of `width` values each into `columns` of `table`. */
function insertRows(db: CatalogDb, table: string, columns: readonly string[], rows: number): import("better-sqlite3").Statement<unknown[]> {
  const row = `(?${", ?".repeat(columns.length - 1)})`;
  return db.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${new Array<string>(rows).fill(row).join(", ")}`);
}

/** The same INSERT for one row and for {@link ROWS_PER_INSERT} rows. */
interface RowInserts {
  readonly one: import("better-sqlite3").Statement<unknown[]>;
  readonly many: import("better-sqlite3").Statement<unknown[]>;
  readonly width: number;
}

function rowInserts(db: CatalogDb, table: string, columns: readonly string[]): RowInserts {
  return { one: insertRows(db, table, columns, 1), many: insertRows(db, table, columns, ROWS_PER_INSERT), width: columns.length };
}

/** Writes the rows whose values `values` holds one after the other, in order. */
function insertAll(insert: RowInserts, values: readonly unknown[]): void {
  const rows = values.length / insert.width;
  let r = 0;
  for (; r + ROWS_PER_INSERT <= rows; r += ROWS_PER_INSERT)
    insert.many.run(values.slice(r * insert.width, (r + ROWS_PER_INSERT) * insert.width));
  for (; r < rows; r++) insert.one.run(values.slice(r * insert.width, (r + 1) * insert.width));
}

interface Statements {
  readonly upsertPlatform: import("better-sqlite3").Statement<[string, string, string, string | null]>;
  readonly deleteSourceFiles: import("better-sqlite3").Statement<[string]>;
  readonly insertSourceFile: import("better-sqlite3").Statement<[string, string, string, string, number]>;
  readonly insertReleases: RowInserts;
  readonly insertRoms: RowInserts;
  readonly lastReleaseId: import("better-sqlite3").Statement<[], number | null>;
  readonly setBase: import("better-sqlite3").Statement<[number, number]>;
  readonly setRelated: import("better-sqlite3").Statement<[string, number]>;
}

function prepare(db: CatalogDb): Statements {
  return {
    insertReleases: rowInserts(db, "releases", ["id", "game_id", ...RELEASE_COLUMNS]),
    insertRoms: rowInserts(db, "roms", ["release_id", ...ROM_COLUMNS]),
    lastReleaseId: db.prepare<[], number | null>("SELECT max(id) FROM releases").pluck(),
    setBase: db.prepare("UPDATE games SET base_game_id = ? WHERE id = ?"),
    setRelated: db.prepare("UPDATE games SET related_json = ? WHERE id = ?"),
    upsertPlatform: db.prepare(
      "INSERT INTO platforms (slug, info_json, fingerprint, dat_version) VALUES (?, ?, ?, ?) ON CONFLICT(slug) DO UPDATE SET info_json = excluded.info_json, fingerprint = excluded.fingerprint, dat_version = excluded.dat_version",
    ),
    deleteSourceFiles: db.prepare("DELETE FROM source_files WHERE platform = ?"),
    insertSourceFile: db.prepare("INSERT OR REPLACE INTO source_files (path, platform, role, sha256, entries) VALUES (?, ?, ?, ?, ?)"),
  };
}

interface PlatformWrite {
  readonly added: number;
  readonly removed: RemovedGame[];
  readonly merged: MergedGame[];
}

/**
 * Writes one platform's games. Ids are kept by {@link assignGameIds}: each work keeps the id of
 * the stored game it continues; a stored game whose releases joined another work is merged into it.
 * `formerPlatforms` are platforms whose games now belong to this one (arcade collections).
 */
function writePlatform(
  db: CatalogDb,
  st: Statements,
  group: PlatformSources,
  rows: PlatformRows,
  entries: readonly number[],
  formerPlatforms: readonly string[],
): PlatformWrite {
  const slug = group.platform.slug;
  const { derived: _derived, retoolNames: _retoolNames, ...info } = group.platform;
  st.upsertPlatform.run(slug, JSON.stringify(info), group.fingerprint, group.datVersion ?? null);
  st.deleteSourceFiles.run(slug);
  for (const [i, f] of group.files.entries()) st.insertSourceFile.run(f.source.path, slug, f.source.role, f.sha256, entries[i] ?? 0);
  // Retool files are listed too, so that `ludex audit` reads the clone lists the catalog was grouped by.
  for (const [i, f] of group.retool.entries()) st.insertSourceFile.run(f.path, slug, `retool-${f.role}`, group.retoolSha256[i] ?? "", 0);

  const assigned = assignGameIds(db, slug, formerPlatforms, rows);
  // The ids SQLite would give the releases one by one: one past the largest, in order.
  const firstRelease = (st.lastReleaseId.get() ?? 0) + 1;
  const releaseWidth = RELEASE_COLUMNS.length;
  const romWidth = ROM_COLUMNS.length;
  const releases: unknown[] = [];
  const roms: unknown[] = [];
  let r = 0;
  let o = 0;
  assigned.ids.forEach((id, w) => {
    for (const releaseEnd = rows.releaseEnd[w] ?? 0; r < releaseEnd; r++) {
      releases.push(firstRelease + r, id);
      for (let c = 0; c < releaseWidth; c++) releases.push(rows.releaseValues[r * releaseWidth + c]);
      for (const romEnd = rows.romEnd[r] ?? 0; o < romEnd; o++) {
        roms.push(firstRelease + r);
        for (let c = 0; c < romWidth; c++) roms.push(rows.romValues[o * romWidth + c]);
      }
    }
  });
  insertAll(st.insertReleases, releases);
  insertAll(st.insertRoms, roms);
  rows.baseGame.forEach((base, w) => {
    const id = assigned.ids[w];
    const baseId = base < 0 ? undefined : assigned.ids[base];
    if (id !== undefined && baseId !== undefined) st.setBase.run(baseId, id);
  });
  rows.related.forEach((links, w) => {
    const id = assigned.ids[w];
    const related = links.flatMap((l) => {
      const other = assigned.ids[l.work];
      return other === undefined ? [] : [{ relation: l.relation, id: other }];
    });
    if (id !== undefined && related.length > 0) st.setRelated.run(JSON.stringify(related), id);
  });
  return { added: assigned.added, removed: assigned.removed, merged: assigned.merged };
}

function runImport(
  db: CatalogDb,
  groups: Map<string, PlatformSources>,
  options: ImportOptions,
  warnings: string[],
  started: number,
): Omit<ImportSummary, "elapsedMs"> {
  const st = prepare(db);
  const reviewer = new ImportReviewer(db, options.reviewThreshold ?? DEFAULT_REVIEW_THRESHOLD);
  const stored = new Map(
    db
      .prepare<[], { slug: string; fingerprint: string }>("SELECT slug, fingerprint FROM platforms")
      .all()
      .map((r) => [r.slug, r.fingerprint] as const),
  );
  const filesTotal = [...groups.values()].reduce((n, g) => n + g.files.length, 0);
  let filesDone = 0;
  let gamesSeen = 0;
  let added = 0;
  const removed: RemovedGame[] = [];
  const merged: MergedGame[] = [];
  const unmerged: Record<string, readonly UnmergedDump[]> = {};
  const changedPlatforms: string[] = [];
  let unchangedPlatforms = 0;
  const sourceStats: Record<string, { releases: number; joined: number; gamesOnly: number }> = {};

  const toImport: PlatformSources[] = [];
  for (const group of [...groups.values()].sort((a, b) => a.platform.slug.localeCompare(b.platform.slug))) {
    if (stored.get(group.platform.slug) === group.fingerprint) {
      unchangedPlatforms++;
      filesDone += group.files.length;
    } else toImport.push(group);
  }
  assemblePlatforms(
    toImport.map((g) => ({
      platform: g.platform,
      files: g.files,
      ...(g.retool.length > 0 ? { retool: g.retool } : {}),
      ...(g.foreignDumps ? { foreignDumps: g.foreignDumps } : {}),
      ...(options.strict ? { strict: true } : {}),
      ...(options.preference ? { preference: options.preference } : {}),
      ...(g.systemNames ? { systemNames: g.systemNames } : {}),
    })),
    toImport.reduce((n, g) => n + g.bytes, 0),
    (index, assembled) => {
      const group = toImport[index];
      if (!group) return;
      const slug = group.platform.slug;
      changedPlatforms.push(slug);
      for (const [i, f] of group.files.entries())
        reviewer.sourceParsed(slug, f.source.path, f.source.label, assembled.entries[i] ?? 0, assembled.skipped[i]);
      filesDone += group.files.length;
      warnings.push(...assembled.warnings);
      if (assembled.unmerged.length > 0) unmerged[slug] = assembled.unmerged;
      for (const [source, counts] of Object.entries(assembled.stats)) {
        const total = (sourceStats[source] ??= { releases: 0, joined: 0, gamesOnly: 0 });
        total.releases += counts.releases;
        total.joined += counts.joined;
        total.gamesOnly += counts.gamesOnly;
      }
      gamesSeen += assembled.rows.titleKey.length;
      // Platforms that are now collections of this one hand their games over (ids kept) before they go.
      const collections = group.platform.collections ?? [];
      const former = collections.map((c) => c.slug).filter((c) => stored.has(c));
      reviewer.beforePlatform(slug, former);
      const result = writePlatform(db, st, group, assembled.rows, assembled.entries, former);
      reviewer.afterPlatform(slug, result.merged);
      added += result.added;
      removed.push(...result.removed);
      merged.push(...result.merged);
      options.onProgress?.({ filesDone, filesTotal, games: gamesSeen, elapsedMs: Date.now() - started });
    },
    options.workerMinBytes,
  );

  const gamesOf = db.prepare<[string], { id: number; title: string }>("SELECT id, title FROM games WHERE platform = ?");
  for (const slug of stored.keys()) {
    if (groups.has(slug)) continue;
    changedPlatforms.push(slug);
    // A former platform that is now a collection has handed its games over by now; what is left is gone.
    const left = gamesOf.all(slug);
    for (const row of left) removed.push({ id: row.id, system: slug, title: row.title });
    reviewer.platformGone(slug, left);
    db.prepare("DELETE FROM platforms WHERE slug = ?").run(slug);
  }

  const fingerprints = [...groups.values()].map((g) => `${g.platform.slug}:${g.fingerprint}`).sort();
  const dataVersion = sha256(fingerprints.join("\n")).slice(0, 16);
  const changed = changedPlatforms.length > 0;
  if (changed) {
    const setMeta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    setMeta.run("data_version", dataVersion);
    setMeta.run("imported_at", new Date().toISOString());
  }
  const review = changed ? reviewer.finish(warnings, dataVersion) : undefined;
  const reviewState = review ? recordReview(db, review, options.accept === true) : options.accept === true ? acceptReview(db) : undefined;
  const count = (sql: string): number => (db.prepare(sql).pluck().get() as number) ?? 0;
  const kinds = Object.fromEntries(
    db
      .prepare<[], { kind: string; n: number }>("SELECT kind, count(*) AS n FROM games GROUP BY kind ORDER BY kind")
      .all()
      .map((r) => [r.kind, r.n]),
  );
  return {
    platforms: groups.size,
    games: count("SELECT count(*) FROM games"),
    kinds,
    merged,
    unmerged,
    releases: count("SELECT count(*) FROM releases"),
    roms: count("SELECT count(*) FROM roms"),
    added,
    removed,
    changedPlatforms,
    unchangedPlatforms,
    warnings,
    sourceStats,
    dataVersion,
    changed,
    ...(review ? { review } : {}),
    ...(reviewState ? { reviewState } : {}),
  };
}

/**
 * Imports DAT sources into the game database. The sources describe the whole catalog: platforms
 * and games absent from them are removed. Game ids are kept for every (platform, title) that
 * still exists. Everything happens in one transaction, and platforms whose files are unchanged
 * are not re-read: a failed import leaves the database as it was, and a repeated one writes nothing.
 */
export function importCatalog(options: ImportOptions): ImportSummary {
  const started = Date.now();
  const warnings: string[] = [];
  const files = findSources(options.sources, warnings);
  const groups = groupByPlatform(files, findRetoolSources(options.sources), options.platformsFile, warnings, options.preference);

  const fresh = !existsSync(options.dbFile);
  const target = fresh ? `${options.dbFile}.importing-${process.pid}` : options.dbFile;
  const db = openCatalogDb(target);
  let summary: Omit<ImportSummary, "elapsedMs">;
  try {
    summary = db
      .transaction(() => {
        // A new database file has no reader until it is renamed into place, and holds nothing to look up by hash.
        const restoreIndexes = fresh ? deferRomHashIndexes(db) : undefined;
        const result = runImport(db, groups, options, warnings, started);
        restoreIndexes?.();
        return result;
      })
      .immediate();
    db.close();
  } catch (error) {
    db.close();
    if (fresh) rmSync(target, { force: true });
    throw error;
  }
  if (fresh) renameSync(target, options.dbFile);
  return { ...summary, elapsedMs: Date.now() - started };
}
