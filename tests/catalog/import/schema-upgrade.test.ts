import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG_SCHEMA_VERSION, openCatalogDb } from "../../../src/catalog/db/catalog-db.ts";
import { importCatalog, type ImportSummary } from "../../../src/catalog/import/import-catalog.ts";
import { platformsFile } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

/** The catalog schema ludex wrote before game identity (version 2), as a deployed catalog has it. */
const schemaVersion2 = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE platforms (slug TEXT PRIMARY KEY, info_json TEXT NOT NULL, fingerprint TEXT NOT NULL, dat_version TEXT) STRICT;
CREATE TABLE source_files (path TEXT PRIMARY KEY, platform TEXT NOT NULL REFERENCES platforms(slug) ON DELETE CASCADE,
  role TEXT NOT NULL, sha256 TEXT NOT NULL, entries INTEGER NOT NULL) STRICT;
CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, platform TEXT NOT NULL REFERENCES platforms(slug) ON DELETE CASCADE,
  title_key TEXT NOT NULL, title TEXT NOT NULL, metadata_json TEXT NOT NULL, UNIQUE (platform, title_key)) STRICT;
CREATE TABLE releases (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE, name TEXT NOT NULL,
  source TEXT NOT NULL, regions_json TEXT NOT NULL, languages_json TEXT NOT NULL, version TEXT, status TEXT NOT NULL,
  flags_json TEXT NOT NULL, disc INTEGER, serial TEXT, extra_json TEXT) STRICT;
CREATE TABLE roms (release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE, name TEXT, size INTEGER, crc TEXT,
  md5 TEXT, sha1 TEXT, serial TEXT) STRICT;
PRAGMA user_version = 2;
`;

const sha = (seed: number): string => seed.toString(16).padStart(40, "0");
const rom = (name: string, seed: number): string =>
  `rom ( name "${name}" size ${4096 + seed} crc ${sha(seed).slice(-8)} sha1 ${sha(seed)} )`;
const clr = (system: string, games: string[]): string =>
  `clrmamepro (\n\tname "${system}"\n)\n\n${games.map((g) => `game (\n${g}\n)\n`).join("\n")}`;

/** A game row of version 2 with one release and one rom, as the old import wrote it. */
function insertOldGame(db: Database.Database, platform: string, title: string, release: string, seed: number, extra = "{}"): number {
  const id = Number(
    db
      .prepare("INSERT INTO games (platform, title_key, title, metadata_json) VALUES (?, ?, ?, '{}')")
      .run(platform, title.toLowerCase(), title).lastInsertRowid,
  );
  const releaseId = db
    .prepare(
      "INSERT INTO releases (game_id, name, source, regions_json, languages_json, status, flags_json, extra_json) VALUES (?, ?, 'no-intro', '[]', '[]', 'release', '[]', ?)",
    )
    .run(id, release, extra).lastInsertRowid;
  db.prepare("INSERT INTO roms (release_id, name, size, sha1) VALUES (?, ?, ?, ?)").run(
    releaseId,
    `${release}.bin`,
    4096 + seed,
    sha(seed),
  );
  return id;
}

describe("a catalog made before game identity upgrades in place on the next import", () => {
  const root = path.join(tempDir(), "libretro-database");
  const dbFile = path.join(tempDir(), "catalog.db");
  const ids: Record<string, number> = {};
  let summary: ImportSummary;

  beforeAll(() => {
    const old = new Database(dbFile);
    old.exec(schemaVersion2);
    for (const slug of ["32x", "mame-2003", "fbneo"]) old.prepare("INSERT INTO platforms VALUES (?, '{}', 'old', NULL)").run(slug);
    ids.chaotix = insertOldGame(old, "32x", "Knuckles' Chaotix", "Knuckles' Chaotix (Japan, USA)", 1);
    ids.tosecChaotix = insertOldGame(
      old,
      "32x",
      "Chaotix Featuring Knuckles the Echidna",
      "Chaotix Featuring Knuckles the Echidna (1995)(Sega)(JP-US)",
      1,
    );
    ids.pack = insertOldGame(old, "32x", "Star Blade", "Star Blade - Pack 1 (USA) (DLC)", 2);
    ids.mame = insertOldGame(old, "mame-2003", "Pac-Man", "Pac-Man (Midway)", 3, '{"setName":"pacman"}');
    ids.fbneo = insertOldGame(old, "fbneo", "Pac-Man", "Pac-Man (Midway, FBNeo)", 4, '{"setName":"pacman"}');
    old.close();

    // A libretro-database checkout (dat/ and metadat/), so that each folder is read by its convention.
    for (const dir of ["dat", "metadat/no-intro", "metadat/tosec", "metadat/mame-split", "metadat/fbneo-split"])
      mkdirSync(path.join(root, dir), { recursive: true });
    const x32 = "Sega - 32X";
    writeFileSync(
      path.join(root, "metadat/no-intro", `${x32}.dat`),
      clr(x32, [
        `\tname "Knuckles' Chaotix (Japan, USA)"\n\t${rom("Knuckles' Chaotix (Japan, USA).32x", 1)}`,
        `\tname "Star Blade (USA)"\n\t${rom("Star Blade (USA).32x", 5)}`,
        `\tname "Star Blade - Pack 1 (USA) (DLC)"\n\t${rom("Star Blade - Pack 1 (USA) (DLC).32x", 2)}`,
      ]),
    );
    writeFileSync(
      path.join(root, "metadat/tosec", `${x32}.dat`),
      clr(x32, [
        `\tname "Chaotix Featuring Knuckles the Echidna"\n\t${rom("Chaotix Featuring Knuckles the Echidna (1995)(Sega)(JP-US).32x", 1)}`,
      ]),
    );
    writeFileSync(
      path.join(root, "metadat/mame-split", "MAME 2003.dat"),
      clr("MAME 2003", [`\tname "Pac-Man (Midway)"\n\trom ( name pacman.zip size 9000 crc 00000003 )`]),
    );
    writeFileSync(
      path.join(root, "metadat/fbneo-split", "FBNeo - Arcade Games.dat"),
      clr("FBNeo - Arcade Games", [`\tname "Pac-Man (Midway, FBNeo)"\n\trom ( name pacman.zip size 9100 crc 00000004 )`]),
    );
    summary = importCatalog({ sources: [root], dbFile, platformsFile });
  });

  it("moves to the current schema without renumbering an id", () => {
    const db = openCatalogDb(dbFile, { readonly: true });
    try {
      expect(db.pragma("user_version", { simple: true })).toBe(CATALOG_SCHEMA_VERSION);
      const rows = db
        .prepare<[], { id: number; platform: string; title: string; kind: string; base_game_id: number | null }>(
          "SELECT id, platform, title, kind, base_game_id FROM games ORDER BY id",
        )
        .all();
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(ids.chaotix ?? 0)).toMatchObject({ platform: "32x", title: "Knuckles' Chaotix", kind: "game" });
      expect(byId.get(ids.pack ?? 0)).toMatchObject({ kind: "addon" });
      const starBlade = rows.find((r) => r.title === "Star Blade" && r.kind === "game");
      expect(byId.get(ids.pack ?? 0)?.base_game_id).toBe(starBlade?.id);
      expect(byId.get(ids.mame ?? 0)).toMatchObject({ platform: "arcade", title: "Pac-Man" });
    } finally {
      db.close();
    }
  });

  it("records the games that joined another as merged, so that their ids keep answering", () => {
    expect(summary.merged).toEqual(
      expect.arrayContaining([
        { id: ids.tosecChaotix, into: ids.chaotix, system: "32x", title: "Chaotix Featuring Knuckles the Echidna" },
        { id: ids.fbneo, into: ids.mame, system: "fbneo", title: "Pac-Man" },
      ]),
    );
    expect(summary.removed).toEqual([]);
    const db = openCatalogDb(dbFile, { readonly: true });
    try {
      const merges = db.prepare("SELECT id, into_id FROM game_merges ORDER BY id").all();
      expect(merges).toEqual([
        { id: ids.tosecChaotix, into_id: ids.chaotix },
        { id: ids.fbneo, into_id: ids.mame },
      ]);
      const platforms = db.prepare("SELECT slug FROM platforms ORDER BY slug").pluck().all();
      expect(platforms).toEqual(["32x", "arcade"]);
    } finally {
      db.close();
    }
  });

  it("changes nothing when the same sources are imported again", () => {
    const again = importCatalog({ sources: [root], dbFile, platformsFile });
    expect(again.changed).toBe(false);
    expect(again.merged).toEqual([]);
  });
});
