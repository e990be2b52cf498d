import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { problems } from "../../core/problem.ts";
import { artworkFolders } from "../artwork/artwork-types.ts";
import { listingSize, parseThumbnailPaths, type ThumbnailListing } from "../artwork/thumbnail-listing.ts";

/** The largest `git ls-tree` output read: the biggest thumbnails repository (MAME) lists about 6 MB. */
const MAX_LISTING_BYTES = 256 * 1024 * 1024;

function isGitRepository(dir: string): boolean {
  return existsSync(path.join(dir, ".git")) || (existsSync(path.join(dir, "HEAD")) && existsSync(path.join(dir, "objects")));
}

/** A repository's folder name: libretro-thumbnails names repositories with `_` for spaces ("Sega_-_32X"). */
function folderOfRepository(dir: string): string {
  return path
    .basename(dir)
    .replace(/\.git$/, "")
    .replaceAll("_", " ");
}

/**
 * The paths of a repository's HEAD, without reading a blob: a blobless clone
 * (`git clone --filter=blob:none --no-checkout`) answers from its trees alone.
 */
function gitPaths(dir: string, source: string): string[] {
  try {
    return execFileSync("git", ["-C", dir, "ls-tree", "-r", "-z", "--name-only", "HEAD"], {
      encoding: "utf8",
      maxBuffer: MAX_LISTING_BYTES,
      stdio: ["ignore", "pipe", "pipe"],
    })
      .split("\0")
      .filter((line) => line.length > 0);
  } catch (error) {
    const stderr = (error as { stderr?: unknown }).stderr;
    const detail = typeof stderr === "string" && stderr.trim() !== "" ? stderr.trim() : (error as Error).message;
    throw problems.thumbnailListingFailed(`${source}: git ls-tree failed: ${detail.slice(0, 2000)}`);
  }
}

/** The PNG paths under the `Named_*` folders of a checked-out thumbnails folder. */
function checkoutPaths(dir: string): string[] {
  const paths: string[] = [];
  for (const subfolder of Object.values(artworkFolders)) {
    const full = path.join(dir, subfolder);
    if (!existsSync(full)) continue;
    for (const name of readdirSync(full)) paths.push(`${subfolder}/${name}`);
  }
  return paths;
}

/** A file, once links are followed: false for a broken link or a loop of links. */
function isReadableFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

function fromListingFile(file: string, source: string, folder?: string): ThumbnailListing {
  return parseThumbnailPaths(folder ?? path.basename(file, ".txt"), source, readFileSync(file, "utf8").split("\n"));
}

/**
 * Reads the thumbnail listings that `ludex thumbnails` is given. Each source is one of:
 * - a `<folder>.txt` listing: a path a line, `Named_Boxarts/<name>.png` and its siblings;
 * - a clone of a libretro-thumbnails repository, blobless or not (`Sega_-_32X`: its folder is
 *   the name with spaces for `_`), listed with `git ls-tree`;
 * - a checked-out thumbnails folder (with `Named_Boxarts/` and the others);
 * - a folder of `<folder>.txt` listings, each read as above.
 * `folder` names the folder of a single source whose name does not say it. Throws a Problem for a
 * missing source or one that holds no listing.
 */
export function readThumbnailSources(sources: readonly string[], folder?: string): ThumbnailListing[] {
  if (folder !== undefined && sources.length !== 1)
    throw problems.usage("--folder names the folder of one source; give one source with it");
  const listings: ThumbnailListing[] = [];
  for (const source of sources) {
    const before = listings.length;
    const resolved = path.resolve(source);
    const stat = statSync(resolved, { throwIfNoEntry: false });
    if (!stat) throw problems.sourceNotFound(`${source}: no such file or folder`);
    if (stat.isFile()) {
      listings.push(fromListingFile(resolved, source, folder));
    } else if (isGitRepository(resolved)) {
      listings.push(parseThumbnailPaths(folder ?? folderOfRepository(resolved), source, gitPaths(resolved, source)));
    } else if (Object.values(artworkFolders).some((sub) => existsSync(path.join(resolved, sub)))) {
      listings.push(parseThumbnailPaths(folder ?? path.basename(resolved), source, checkoutPaths(resolved)));
    } else {
      if (folder !== undefined)
        throw problems.usage(`--folder names the folder of one listing, but ${source} is a folder of listings named by their files`);
      const files = readdirSync(resolved)
        .filter((name) => name.endsWith(".txt"))
        .sort();
      for (const name of files) {
        if (!isReadableFile(path.join(resolved, name)))
          throw problems.sourceNotFound(`${path.join(source, name)}: a link that leads to no file (broken, or a loop of links)`);
        const listing = fromListingFile(path.join(resolved, name), path.join(source, name));
        // A text file with no thumbnail path in it (the folder list, notes) is not a listing.
        if (Object.values(listing.files).some((names) => names.length > 0)) listings.push(listing);
      }
    }
    // Each source must hold a listing: an empty one imported beside others would replace its folder's real listing.
    if (!listings.slice(before).some((listing) => listingSize(listing) > 0))
      throw problems.noThumbnailListings(`no thumbnail listing in ${source}`);
  }
  return listings;
}
