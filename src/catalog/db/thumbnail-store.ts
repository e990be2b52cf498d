import type { CatalogDb } from "./catalog-db.ts";
import { artworkTypes, byArtworkType, type ArtworkType } from "../artwork/artwork-types.ts";
import { thumbnailFiles, type ThumbnailFiles } from "../artwork/game-artwork.ts";
import { listingDigest, listingSize, type ThumbnailListing } from "../artwork/thumbnail-listing.ts";

/** One imported listing, as `ludex thumbnails --list` shows it. */
export interface StoredListing {
  readonly folder: string;
  readonly source: string;
  readonly files: number;
  /** Changes whenever the names do: part of what decides that a platform's artwork is rebuilt. */
  readonly digest: string;
  readonly importedAt: string;
}

function hasListings(db: CatalogDb): boolean {
  // A catalog of schema version 3, read by the build as it is, has no listing table.
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'thumbnail_listings'").get() !== undefined;
}

/** Replaces a folder's listing, in one transaction. */
export function saveThumbnailListing(db: CatalogDb, listing: ThumbnailListing, importedAt: Date): StoredListing {
  const stored: StoredListing = {
    folder: listing.folder,
    source: listing.source,
    files: listingSize(listing),
    digest: listingDigest(listing),
    importedAt: importedAt.toISOString(),
  };
  const insert = db.prepare("INSERT INTO thumbnail_files (folder, type, name) VALUES (?, ?, ?)");
  db.transaction(() => {
    db.prepare("DELETE FROM thumbnail_listings WHERE folder = ?").run(listing.folder);
    db.prepare("INSERT INTO thumbnail_listings (folder, source, files, digest, imported_at) VALUES (?, ?, ?, ?, ?)").run(
      stored.folder,
      stored.source,
      stored.files,
      stored.digest,
      stored.importedAt,
    );
    for (const type of artworkTypes) for (const name of listing.files[type]) insert.run(listing.folder, type, name);
  })();
  return stored;
}

/** Forgets a folder's listing (its links go back to unverified candidates); false when there was none. */
export function removeThumbnailListing(db: CatalogDb, folder: string): boolean {
  return db.prepare("DELETE FROM thumbnail_listings WHERE folder = ?").run(folder).changes > 0;
}

/** Every imported listing, by folder name. */
export function storedListings(db: CatalogDb): StoredListing[] {
  if (!hasListings(db)) return [];
  return db
    .prepare<[], { folder: string; source: string; files: number; digest: string; imported_at: string }>(
      "SELECT folder, source, files, digest, imported_at FROM thumbnail_listings ORDER BY folder",
    )
    .all()
    .map((row) => ({ folder: row.folder, source: row.source, files: row.files, digest: row.digest, importedAt: row.imported_at }));
}

/** The files a folder's listing names, or undefined when none was imported. */
export function readThumbnailFiles(db: CatalogDb, folder: string): ThumbnailFiles | undefined {
  if (!hasListings(db)) return undefined;
  if (db.prepare("SELECT 1 FROM thumbnail_listings WHERE folder = ?").get(folder) === undefined) return undefined;
  const listed = byArtworkType((): string[] => []);
  const rows = db.prepare<[string], { type: string; name: string }>("SELECT type, name FROM thumbnail_files WHERE folder = ?").all(folder);
  for (const row of rows) listed[row.type as ArtworkType]?.push(row.name);
  return thumbnailFiles(listed);
}
