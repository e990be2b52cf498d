import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { problems } from "../../core/problem.ts";

export type CatalogDb = Database.Database;

/** Schema version kept in `PRAGMA user_version`; a later schema needs a migration that keeps game ids. */
export const CATALOG_SCHEMA_VERSION = 6;

/** The oldest schema the build still reads: version 3 lacks only the thumbnail listings, version 4 the related records and version 5 the splits, all optional. */
const READABLE_OLDER_VERSION = 3;

/**
 * Ids of games that merged into another game (the same work found under two records): they keep
 * answering, redirected to the game they joined. Never reused: ids come from AUTOINCREMENT.
 */
const mergesTable = `
CREATE TABLE IF NOT EXISTS game_merges (
  id INTEGER PRIMARY KEY,
  into_id INTEGER NOT NULL,
  platform TEXT NOT NULL,
  title TEXT NOT NULL,
  merged_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS game_merges_into ON game_merges(into_id);
`;

/**
 * Records split off another record (a wrongly merged work taken apart): the larger part kept the
 * old id, this one got a new id, and the change log says which record it came from.
 */
const splitsTable = `
CREATE TABLE IF NOT EXISTS game_splits (
  id INTEGER PRIMARY KEY,
  from_id INTEGER NOT NULL,
  platform TEXT NOT NULL,
  title TEXT NOT NULL,
  split_at TEXT NOT NULL
) STRICT;
`;

/** The thumbnail listings an operator imported (`ludex thumbnails`): which artwork files exist. */
const thumbnailTables = `
CREATE TABLE IF NOT EXISTS thumbnail_listings (
  folder TEXT PRIMARY KEY,
  source TEXT NOT NULL,
  files INTEGER NOT NULL,
  digest TEXT NOT NULL,
  imported_at TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS thumbnail_files (
  folder TEXT NOT NULL REFERENCES thumbnail_listings(folder) ON DELETE CASCADE,
  type TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (folder, type, name)
) STRICT, WITHOUT ROWID;
`;

/** The roms' hash indexes: looked up by the match service, never by the import. */
const romHashIndexes = `
CREATE INDEX IF NOT EXISTS roms_sha1 ON roms(sha1) WHERE sha1 IS NOT NULL;
CREATE INDEX IF NOT EXISTS roms_md5 ON roms(md5) WHERE md5 IS NOT NULL;
CREATE INDEX IF NOT EXISTS roms_crc ON roms(crc) WHERE crc IS NOT NULL;`;

const schema = `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS platforms (
  slug TEXT PRIMARY KEY,
  info_json TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  dat_version TEXT
) STRICT;

CREATE TABLE IF NOT EXISTS source_files (
  path TEXT PRIMARY KEY,
  platform TEXT NOT NULL REFERENCES platforms(slug) ON DELETE CASCADE,
  role TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  entries INTEGER NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS games (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  platform TEXT NOT NULL REFERENCES platforms(slug) ON DELETE CASCADE,
  title_key TEXT NOT NULL,
  title TEXT NOT NULL,
  metadata_json TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'game',
  base_game_id INTEGER,
  alternate_titles_json TEXT,
  related_json TEXT,
  UNIQUE (platform, title_key)
) STRICT;
CREATE INDEX IF NOT EXISTS games_base ON games(base_game_id) WHERE base_game_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS releases (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  source TEXT NOT NULL,
  regions_json TEXT NOT NULL,
  languages_json TEXT NOT NULL,
  version TEXT,
  status TEXT NOT NULL,
  flags_json TEXT NOT NULL,
  disc INTEGER,
  serial TEXT,
  extra_json TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS releases_game ON releases(game_id);

CREATE TABLE IF NOT EXISTS roms (
  release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
  name TEXT,
  size INTEGER,
  crc TEXT,
  md5 TEXT,
  sha1 TEXT,
  serial TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS roms_release ON roms(release_id);
${romHashIndexes}
${mergesTable}
${splitsTable}
${thumbnailTables}`;

/**
 * Drops the roms' hash indexes until the returned function makes them again, in the caller's
 * transaction: a first import fills an empty database faster when each index is built once from
 * its table than when every rom row goes into three indexes of random keys.
 */
export function deferRomHashIndexes(db: CatalogDb): () => void {
  db.exec("DROP INDEX IF EXISTS roms_sha1; DROP INDEX IF EXISTS roms_md5; DROP INDEX IF EXISTS roms_crc;");
  return () => db.exec(romHashIndexes);
}

/**
 * Opens (creating if needed) the game database. Rollback-journal mode keeps the catalog one
 * self-contained file, and FULL sync makes a committed import survive power loss.
 */
export function openCatalogDb(file: string, options: { readonly readonly?: boolean } = {}): CatalogDb {
  if (!options.readonly) mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  db.pragma("foreign_keys = ON");
  if (!options.readonly) {
    db.pragma("synchronous = FULL");
    // Large enough that an import's dirty pages stay in memory until COMMIT, so a failed
    // import rolls back without the file ever having been written.
    db.pragma("cache_size = -262144");
    const current = db.pragma("user_version", { simple: true }) as number;
    if (current === 0) {
      db.transaction(() => {
        db.exec(schema);
        db.pragma(`user_version = ${CATALOG_SCHEMA_VERSION}`);
      })();
    } else if (current < CATALOG_SCHEMA_VERSION) {
      db.transaction(() => {
        // Version 2 adds the release facts of other conventions (sources, TOSEC publisher, arcade set names).
        if (current < 2) db.exec("ALTER TABLE releases ADD COLUMN extra_json TEXT");
        // Version 3 adds what a work is (kind, base game, alternate titles) and the merged ids; the next import fills them, keeping ids.
        if (current < 3) {
          db.exec(`ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'game';
            ALTER TABLE games ADD COLUMN base_game_id INTEGER;
            ALTER TABLE games ADD COLUMN alternate_titles_json TEXT;
            CREATE INDEX IF NOT EXISTS games_base ON games(base_game_id) WHERE base_game_id IS NOT NULL;
            ${mergesTable}`);
        }
        // Version 4 adds the thumbnail listings.
        if (current < 4) db.exec(thumbnailTables);
        // Version 5 adds the links between a game and the compilations and larger editions that hold it; the next import fills them.
        if (current < 5) db.exec("ALTER TABLE games ADD COLUMN related_json TEXT");
        // Version 6 adds the records split off another record.
        if (current < 6) db.exec(splitsTable);
        db.pragma(`user_version = ${CATALOG_SCHEMA_VERSION}`);
      })();
    }
  }
  const version = db.pragma("user_version", { simple: true }) as number;
  if (version !== CATALOG_SCHEMA_VERSION && !(options.readonly && version >= READABLE_OLDER_VERSION && version < CATALOG_SCHEMA_VERSION)) {
    db.close();
    // Dropping tables would lose the stable game ids, so an unknown schema is refused, never rebuilt.
    throw problems.catalogSchemaMismatch(`${file} has schema version ${version}; this ludex reads version ${CATALOG_SCHEMA_VERSION}`);
  }
  return db;
}
