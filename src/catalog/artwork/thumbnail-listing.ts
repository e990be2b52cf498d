import { createHash } from "node:crypto";
import { artworkTypeOfFolder, artworkTypes, byArtworkType, type ArtworkType } from "./artwork-types.ts";

/** The thumbnail files of one libretro-thumbnails folder, by artwork type (names without `.png`). */
export interface ThumbnailListing {
  readonly folder: string;
  /** Where it was read from, for the operator. */
  readonly source: string;
  readonly files: Readonly<Record<ArtworkType, readonly string[]>>;
  /** Paths that are not a `Named_*` PNG (README.md, other subfolders). */
  readonly ignored: number;
}

/**
 * Reads the paths of a thumbnails repository (`git ls-tree -r --name-only HEAD`, or the lines of
 * a `<folder>.txt` listing): `Named_Boxarts/<name>.png` and its siblings count; anything else is
 * ignored. A name is kept as written: the server's file names are case-sensitive.
 */
export function parseThumbnailPaths(folder: string, source: string, paths: Iterable<string>): ThumbnailListing {
  const files = byArtworkType(() => new Set<string>());
  let ignored = 0;
  for (const raw of paths) {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.length === 0) continue;
    const slash = line.indexOf("/");
    const type = slash > 0 ? artworkTypeOfFolder(line.slice(0, slash)) : undefined;
    const file = line.slice(slash + 1);
    if (type === undefined || !file.endsWith(".png") || file.includes("/") || file.length === ".png".length) {
      ignored++;
      continue;
    }
    files[type].add(file.slice(0, -".png".length));
  }
  const sorted = byArtworkType((type) => [...files[type]].sort());
  return { folder, source, files: sorted, ignored };
}

/** How many files a listing names. */
export function listingSize(listing: ThumbnailListing): number {
  return artworkTypes.reduce((sum, type) => sum + listing.files[type].length, 0);
}

/** A digest of a listing's names: the build rebuilds a platform's artwork when it changes. */
export function listingDigest(listing: ThumbnailListing): string {
  const hash = createHash("sha256");
  for (const type of artworkTypes) {
    hash.update(`${type}\n`);
    for (const name of listing.files[type]) hash.update(`${name}\n`);
  }
  return hash.digest("base64url").slice(0, 22);
}
