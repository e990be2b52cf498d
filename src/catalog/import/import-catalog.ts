import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { Problem, problems } from "../../core/problem.ts";
import { openCatalogDb, type CatalogDb } from "../db/catalog-db.ts";
import { parseDat } from "../dat/parse-dat.ts";
import type { DatFile } from "../dat/dat-types.ts";
import { loadPlatformRegistry, type PlatformInfo } from "../platforms/platform-registry.ts";
import { assembleGames, type GameDraft } from "./assemble-games.ts";
import { findSources, type SourceFile } from "./find-sources.ts";
import { addMetadataDat, createMetadataIndex } from "./metadata-index.ts";

/** Bump when parsing or grouping changes, so that the next import redoes every platform. */
export const IMPORT_VERSION = 3;

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
}

export interface RemovedGame {
  readonly id: number;
  readonly system: string;
  readonly title: string;
}

export interface ImportSummary {
  readonly platforms: number;
  readonly games: number;
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
}

interface PlatformSources {
  readonly platform: PlatformInfo;
  readonly files: { readonly source: SourceFile; readonly sha256: string }[];
  fingerprint: string;
  datVersion: string | undefined;
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

/** A DAT whose roms carry sizes or strong hashes lists games; one with only crc/serial keys is metadata. */
function looksLikeGameDat(dat: DatFile): boolean {
  return dat.games.some((g) => g.roms.some((r) => r.size !== undefined || r.md5 !== undefined || r.sha1 !== undefined));
}

function groupByPlatform(files: readonly SourceFile[], platformsFile: string, warnings: string[]): Map<string, PlatformSources> {
  const registry = loadPlatformRegistry(platformsFile);
  const groups = new Map<string, PlatformSources>();
  const derivedWarned = new Set<string>();
  for (const source of files) {
    const data = readFileSync(source.path);
    const text = data.toString("utf8", 0, Math.min(data.length, 4096));
    const header = headerName(text);
    const platform =
      registry.lookup(source.systemName) ?? (header ? registry.lookup(header) : undefined) ?? registry.forSystem(source.systemName);
    if (platform.derived && !derivedWarned.has(platform.slug)) {
      derivedWarned.add(platform.slug);
      warnings.push(`${source.label}: system "${source.systemName}" has no entry in data/platforms.json; imported as "${platform.slug}"`);
    }
    let group = groups.get(platform.slug);
    if (!group) {
      group = { platform, files: [], fingerprint: "", datVersion: undefined };
      groups.set(platform.slug, group);
    }
    group.files.push({ source, sha256: sha256(data) });
    if (source.role !== "metadata") {
      const version = headerVersion(text);
      if (version && (!group.datVersion || version > group.datVersion)) group.datVersion = version;
    }
  }
  for (const group of groups.values()) {
    const parts = group.files.map((f) => `${f.source.collection}/${path.basename(f.source.path)}:${f.source.role}:${f.sha256}`).sort();
    const { derived: _derived, ...info } = group.platform;
    group.fingerprint = sha256(JSON.stringify([IMPORT_VERSION, info, parts]));
  }
  return groups;
}

interface Statements {
  readonly existingGames: import("better-sqlite3").Statement<[string], { id: number; title_key: string; title: string }>;
  readonly insertGame: import("better-sqlite3").Statement<[string, string, string, string]>;
  readonly updateGame: import("better-sqlite3").Statement<[string, string, number]>;
  readonly deleteGame: import("better-sqlite3").Statement<[number]>;
  readonly deleteReleases: import("better-sqlite3").Statement<[string]>;
  readonly insertRelease: import("better-sqlite3").Statement<unknown[]>;
  readonly insertRom: import("better-sqlite3").Statement<unknown[]>;
  readonly upsertPlatform: import("better-sqlite3").Statement<[string, string, string, string | null]>;
  readonly deleteSourceFiles: import("better-sqlite3").Statement<[string]>;
  readonly insertSourceFile: import("better-sqlite3").Statement<[string, string, string, string, number]>;
}

function prepare(db: CatalogDb): Statements {
  return {
    existingGames: db.prepare("SELECT id, title_key, title FROM games WHERE platform = ?"),
    insertGame: db.prepare("INSERT INTO games (platform, title_key, title, metadata_json) VALUES (?, ?, ?, ?)"),
    updateGame: db.prepare("UPDATE games SET title = ?, metadata_json = ? WHERE id = ?"),
    deleteGame: db.prepare("DELETE FROM games WHERE id = ?"),
    deleteReleases: db.prepare("DELETE FROM releases WHERE game_id IN (SELECT id FROM games WHERE platform = ?)"),
    insertRelease: db.prepare(
      "INSERT INTO releases (game_id, name, source, regions_json, languages_json, version, status, flags_json, disc, serial, extra_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    insertRom: db.prepare("INSERT INTO roms (release_id, name, size, crc, md5, sha1, serial) VALUES (?, ?, ?, ?, ?, ?, ?)"),
    upsertPlatform: db.prepare(
      "INSERT INTO platforms (slug, info_json, fingerprint, dat_version) VALUES (?, ?, ?, ?) ON CONFLICT(slug) DO UPDATE SET info_json = excluded.info_json, fingerprint = excluded.fingerprint, dat_version = excluded.dat_version",
    ),
    deleteSourceFiles: db.prepare("DELETE FROM source_files WHERE platform = ?"),
    insertSourceFile: db.prepare("INSERT OR REPLACE INTO source_files (path, platform, role, sha256, entries) VALUES (?, ?, ?, ?, ?)"),
  };
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

/** Writes one platform's games; returns how many games were new and which were removed. */
function writePlatform(
  st: Statements,
  group: PlatformSources,
  games: readonly GameDraft[],
  entries: Map<string, number>,
): { added: number; removed: RemovedGame[] } {
  const slug = group.platform.slug;
  const { derived: _derived, ...info } = group.platform;
  st.upsertPlatform.run(slug, JSON.stringify(info), group.fingerprint, group.datVersion ?? null);
  st.deleteSourceFiles.run(slug);
  for (const f of group.files) st.insertSourceFile.run(f.source.path, slug, f.source.role, f.sha256, entries.get(f.source.path) ?? 0);

  const existing = new Map(st.existingGames.all(slug).map((row) => [row.title_key, row] as const));
  st.deleteReleases.run(slug);
  let added = 0;
  const kept = new Set<string>();
  for (const game of games) {
    kept.add(game.titleKey);
    const metadataJson = JSON.stringify(game.metadata);
    const old = existing.get(game.titleKey);
    let id: number;
    if (old) {
      id = old.id;
      st.updateGame.run(game.title, metadataJson, id);
    } else {
      id = Number(st.insertGame.run(slug, game.titleKey, game.title, metadataJson).lastInsertRowid);
      added++;
    }
    for (const release of game.releases) {
      const p = release.parsed;
      const releaseId = st.insertRelease.run(
        id,
        release.name,
        release.source,
        JSON.stringify(p.regions),
        JSON.stringify(p.languages),
        p.version ?? null,
        p.status,
        JSON.stringify(p.flags),
        p.disc ?? null,
        release.serial ?? null,
        JSON.stringify({ ...release.extra, sources: release.sources }),
      ).lastInsertRowid;
      for (const rom of release.roms) {
        st.insertRom.run(
          releaseId,
          rom.name ?? null,
          rom.size ?? null,
          rom.crc ?? null,
          rom.md5 ?? null,
          rom.sha1 ?? null,
          rom.serial ?? null,
        );
      }
    }
  }
  const removed: RemovedGame[] = [];
  for (const [key, row] of existing) {
    if (kept.has(key)) continue;
    st.deleteGame.run(row.id);
    removed.push({ id: row.id, system: slug, title: row.title });
  }
  return { added, removed };
}

function runImport(
  db: CatalogDb,
  groups: Map<string, PlatformSources>,
  options: ImportOptions,
  warnings: string[],
  started: number,
): Omit<ImportSummary, "elapsedMs"> {
  const st = prepare(db);
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
  const changedPlatforms: string[] = [];
  let unchangedPlatforms = 0;
  const sourceStats: Record<string, { releases: number; joined: number; gamesOnly: number }> = {};

  for (const group of [...groups.values()].sort((a, b) => a.platform.slug.localeCompare(b.platform.slug))) {
    if (stored.get(group.platform.slug) === group.fingerprint) {
      unchangedPlatforms++;
      filesDone += group.files.length;
      continue;
    }
    changedPlatforms.push(group.platform.slug);
    const metadata = createMetadataIndex();
    const gameDats: { dat: DatFile; source: string; label: string }[] = [];
    const entries = new Map<string, number>();
    for (const { source } of group.files) {
      const dat = parseFile(source.path, source.label, warnings);
      entries.set(source.path, dat.games.length);
      const role = source.role === "auto" ? (looksLikeGameDat(dat) ? "games" : "metadata") : source.role;
      if (role === "games") gameDats.push({ dat, source: source.collection, label: source.label });
      else addMetadataDat(metadata, dat);
      filesDone++;
      options.onProgress?.({ filesDone, filesTotal, games: gamesSeen, elapsedMs: Date.now() - started });
    }
    const assembled = assembleGames(gameDats, metadata);
    warnings.push(...assembled.warnings);
    for (const [source, counts] of Object.entries(assembled.stats)) {
      const total = (sourceStats[source] ??= { releases: 0, joined: 0, gamesOnly: 0 });
      total.releases += counts.releases;
      total.joined += counts.joined;
      total.gamesOnly += counts.gamesOnly;
    }
    gamesSeen += assembled.games.length;
    const result = writePlatform(st, group, assembled.games, entries);
    added += result.added;
    removed.push(...result.removed);
  }

  for (const slug of stored.keys()) {
    if (groups.has(slug)) continue;
    changedPlatforms.push(slug);
    for (const row of st.existingGames.all(slug)) removed.push({ id: row.id, system: slug, title: row.title });
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
  const count = (sql: string): number => (db.prepare(sql).pluck().get() as number) ?? 0;
  return {
    platforms: groups.size,
    games: count("SELECT count(*) FROM games"),
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
  const files = findSources(options.sources);
  const groups = groupByPlatform(files, options.platformsFile, warnings);

  const fresh = !existsSync(options.dbFile);
  const target = fresh ? `${options.dbFile}.importing-${process.pid}` : options.dbFile;
  const db = openCatalogDb(target);
  let summary: Omit<ImportSummary, "elapsedMs">;
  try {
    summary = db.transaction(() => runImport(db, groups, options, warnings, started)).immediate();
    db.close();
  } catch (error) {
    db.close();
    if (fresh) rmSync(target, { force: true });
    throw error;
  }
  if (fresh) renameSync(target, options.dbFile);
  return { ...summary, elapsedMs: Date.now() - started };
}
