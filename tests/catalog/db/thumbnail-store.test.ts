import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { listingDigest, parseThumbnailPaths, type ThumbnailListing } from "../../../src/catalog/artwork/thumbnail-listing.ts";
import { CATALOG_SCHEMA_VERSION, type CatalogDb, openCatalogDb } from "../../../src/catalog/db/catalog-db.ts";
import {
  readThumbnailFiles,
  removeThumbnailListing,
  saveThumbnailListing,
  storedListings,
} from "../../../src/catalog/db/thumbnail-store.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

const vb = "Nintendo - Virtual Boy";
const x32 = "Sega - 32X";

function listing(folder: string, source: string, paths: string[]): ThumbnailListing {
  return parseThumbnailPaths(folder, source, paths);
}

/** A fresh catalog database file, closed after the callback. */
function withDb<T>(use: (db: CatalogDb, file: string) => T): T {
  const file = path.join(tempDir("ludex-store-"), "catalog.db");
  const db = openCatalogDb(file);
  try {
    return use(db, file);
  } finally {
    db.close();
  }
}

const fileRows = (db: CatalogDb, folder: string): { type: string; name: string }[] =>
  db
    .prepare<[string], { type: string; name: string }>("SELECT type, name FROM thumbnail_files WHERE folder = ? ORDER BY type, name")
    .all(folder);

describe("thumbnail listings in the catalog database", () => {
  it("saves a listing and lists it by folder with its size, digest and import time", () => {
    withDb((db) => {
      const tetris = listing(vb, "vb.txt", ["Named_Boxarts/V-Tetris (Japan).png", "Named_Titles/V-Tetris (Japan).png"]);
      const chaotix = listing(x32, "32x.txt", ["Named_Boxarts/Knuckles' Chaotix (Japan, USA).png"]);
      const at = new Date("2025-01-16T10:00:00Z");
      expect(saveThumbnailListing(db, tetris, at)).toEqual({
        folder: vb,
        source: "vb.txt",
        files: 2,
        digest: listingDigest(tetris),
        importedAt: "2025-01-16T10:00:00.000Z",
      });
      saveThumbnailListing(db, chaotix, at);
      expect(storedListings(db).map((l) => [l.folder, l.files])).toEqual([
        [vb, 2],
        [x32, 1],
      ]);
      expect(fileRows(db, vb)).toEqual([
        { type: "boxart", name: "V-Tetris (Japan)" },
        { type: "title", name: "V-Tetris (Japan)" },
      ]);
    });
  });

  it("replaces a folder's previous listing whole: a name no longer listed is gone, other folders are kept", () => {
    withDb((db) => {
      saveThumbnailListing(db, listing(x32, "old.txt", ["Named_Boxarts/Doom (Europe).png", "Named_Snaps/Doom (Europe).png"]), new Date(1));
      saveThumbnailListing(db, listing(vb, "vb.txt", ["Named_Boxarts/V-Tetris (Japan).png"]), new Date(1));
      const newer = listing(x32, "new.txt", ["Named_Boxarts/Doom (USA).png"]);
      saveThumbnailListing(db, newer, new Date(2));
      expect(fileRows(db, x32)).toEqual([{ type: "boxart", name: "Doom (USA)" }]);
      const files = readThumbnailFiles(db, x32);
      expect(files?.has("boxart", "Doom (Europe)")).toBe(false);
      expect(files?.has("snap", "Doom (Europe)")).toBe(false);
      expect(files?.has("boxart", "Doom (USA)")).toBe(true);
      expect(storedListings(db).find((l) => l.folder === x32)).toMatchObject({ source: "new.txt", files: 1, digest: listingDigest(newer) });
      expect(fileRows(db, vb)).toHaveLength(1);
    });
  });

  it("removes a folder's listing and its files, and says when there was none", () => {
    withDb((db) => {
      saveThumbnailListing(db, listing(x32, "32x.txt", ["Named_Boxarts/Doom (Europe).png"]), new Date(1));
      saveThumbnailListing(db, listing(vb, "vb.txt", ["Named_Boxarts/V-Tetris (Japan).png"]), new Date(1));
      expect(removeThumbnailListing(db, x32)).toBe(true);
      expect(removeThumbnailListing(db, x32)).toBe(false);
      expect(storedListings(db).map((l) => l.folder)).toEqual([vb]);
      expect(fileRows(db, x32)).toEqual([]);
      expect(readThumbnailFiles(db, x32)).toBeUndefined();
      expect(readThumbnailFiles(db, vb)?.has("boxart", "V-Tetris (Japan)")).toBe(true);
    });
  });

  it("answers has by exact name and type, and sameTitle by short name with case ignored", () => {
    withDb((db) => {
      saveThumbnailListing(
        db,
        listing(vb, "vb.txt", [
          "Named_Boxarts/V-Tetris (Japan).png",
          "Named_Boxarts/v-tetris (Japan) (Beta).png",
          "Named_Boxarts/V-Tetris Deluxe (Japan).png",
          "Named_Titles/Mario's Tennis (Japan, USA).png",
        ]),
        new Date(1),
      );
      const files = readThumbnailFiles(db, vb);
      expect(files).toBeDefined();
      expect(files?.has("boxart", "V-Tetris (Japan)")).toBe(true);
      expect(files?.has("boxart", "V-Tetris (Japan) (En)")).toBe(false);
      expect(files?.has("boxart", "v-tetris (japan)")).toBe(false);
      expect(files?.has("title", "V-Tetris (Japan)")).toBe(false);
      expect(files?.sameTitle("boxart", "V-Tetris (Japan) (En)")).toEqual(["V-Tetris (Japan)", "v-tetris (Japan) (Beta)"]);
      expect(files?.sameTitle("boxart", "V-TETRIS (USA)")).toEqual(["V-Tetris (Japan)", "v-tetris (Japan) (Beta)"]);
      expect(files?.sameTitle("title", "V-Tetris (Japan) (En)")).toEqual([]);
      expect(files?.sameTitle("title", "Mario's Tennis (Europe)")).toEqual(["Mario's Tennis (Japan, USA)"]);
      expect(readThumbnailFiles(db, x32)).toBeUndefined();
    });
  });
});

describe("a catalog of schema version 3, made before thumbnail listings", () => {
  /** A catalog with one platform, as version 3 left it: no listing tables. */
  function schema3(): string {
    const file = path.join(tempDir("ludex-schema3-"), "catalog.db");
    const fresh = openCatalogDb(file);
    fresh.prepare("INSERT INTO platforms (slug, info_json, fingerprint) VALUES ('32x', '{}', 'f1')").run();
    fresh.close();
    const old = new Database(file);
    old.exec(
      "DROP TABLE thumbnail_files; DROP TABLE thumbnail_listings; DROP TABLE game_splits; ALTER TABLE games DROP COLUMN related_json; PRAGMA user_version = 3",
    );
    old.close();
    return file;
  }

  it("opens read-only as it is, with no listings", () => {
    const file = schema3();
    const db = openCatalogDb(file, { readonly: true });
    try {
      expect(db.pragma("user_version", { simple: true })).toBe(3);
      expect(storedListings(db)).toEqual([]);
      expect(readThumbnailFiles(db, x32)).toBeUndefined();
    } finally {
      db.close();
    }
  });

  it("upgrades to the current version on a writable open, keeping its data, and then stores listings", () => {
    const file = schema3();
    const db = openCatalogDb(file);
    try {
      expect(db.pragma("user_version", { simple: true })).toBe(CATALOG_SCHEMA_VERSION);
      expect(CATALOG_SCHEMA_VERSION).toBe(6);
      expect(db.prepare("SELECT slug, fingerprint FROM platforms").all()).toEqual([{ slug: "32x", fingerprint: "f1" }]);
      expect(storedListings(db)).toEqual([]);
      saveThumbnailListing(db, listing(x32, "32x.txt", ["Named_Boxarts/Doom (Europe).png"]), new Date(1));
      expect(readThumbnailFiles(db, x32)?.has("boxart", "Doom (Europe)")).toBe(true);
    } finally {
      db.close();
    }
  });

  it("refuses a read-only open of an older version than 3", () => {
    const file = schema3();
    const old = new Database(file);
    old.pragma("user_version = 2");
    old.close();
    expect(() => openCatalogDb(file, { readonly: true })).toThrow(/schema version 2/);
  });
});
