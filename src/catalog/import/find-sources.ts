import { type Dirent, lstatSync, readdirSync, readlinkSync, realpathSync, type Stats, statSync } from "node:fs";
import path from "node:path";
import { type Problem, problems } from "../../core/problem.ts";
import { isRetoolFolder } from "./find-retool.ts";

/**
 * What a DAT file contributes: game entries (No-Intro, Redump, libretro's own DATs, ...),
 * metadata keyed by rom crc or serial (libretro's metadat/developer, genre, ...), or, for a file
 * outside a libretro-database layout, whichever its content shows.
 */
export type SourceRole = "games" | "metadata" | "auto";

export interface SourceFile {
  /** Absolute path. */
  readonly path: string;
  /** Path as shown to people: relative to the source argument it came from, prefixed by that argument's name. */
  readonly label: string;
  /** The libretro system name: the file name without its extension and any trailing " (date)" tag. */
  readonly systemName: string;
  readonly role: SourceRole;
  /** The folder it came from in a libretro-database checkout ("no-intro", "redump", "dat", "genre", ...), else "file". */
  readonly collection: string;
}

/** libretro-database folders under metadat/ that hold game entries. */
const gameCollections = new Set([
  "no-intro",
  "redump",
  "homebrew",
  "hacks",
  "libretro-dats",
  "headered",
  "tosec",
  "mame-split",
  "fbneo-split",
  "lost-level-archive",
]);

/**
 * Folders under metadat/ that are not imported: the merged and non-merged arcade sets (the split
 * sets in mame-split/ and fbneo-split/ are), HBMAME, and non-DAT material. TOSEC and the split
 * arcade sets are read by their own naming conventions (release-entries.ts).
 */
export const skippedCollections: ReadonlySet<string> = new Set(["mame", "mame-member", "mame-nonmerged", "hbmame", "media"]);

const datExtensions = new Set([".dat", ".xml"]);

function systemNameOf(file: string): string {
  return path
    .basename(file, path.extname(file))
    .replace(/\s+\((?:\d{8}-\d{6}|\d{4}[-.]\d{2}[-.]\d{2}[^)]*)\)$/, "")
    .trim();
}

function isDirectory(p: string): boolean {
  return statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/** How a folder walk goes: where its warnings go, and the folders it has read. */
interface Walk {
  readonly warnings: string[];
  /** Real path → label of each folder being read, outermost first: a link back to one of them is a loop. */
  readonly reading: Map<string, string>;
  /** Real paths of the folders read: one reached again through another link is not read twice. */
  readonly read: Set<string>;
}

type EntryKind = "file" | "folder" | "other";

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/**
 * What a path is once its links are followed. A link that leads nowhere or into a loop of links
 * is reported and is neither file nor folder; `readdirSync`'s entries say only "symbolic link".
 */
function linkKind(full: string, label: string, warnings: string[]): EntryKind {
  let stat: Stats;
  try {
    stat = statSync(full);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ELOOP") {
      warnings.push(`${label}: link loop (the links lead to each other, never to a file or folder); not followed`);
      return "other";
    }
    if (code === "ENOENT" || code === "ENOTDIR") {
      warnings.push(`${label}: broken link to ${readlinkSync(full)} (nothing there); skipped`);
      return "other";
    }
    throw error;
  }
  return stat.isFile() ? "file" : stat.isDirectory() ? "folder" : "other";
}

function kindOf(dir: string, entry: Dirent, label: string, warnings: string[]): EntryKind {
  if (entry.isFile()) return "file";
  if (entry.isDirectory()) return "folder";
  return entry.isSymbolicLink() ? linkKind(path.join(dir, entry.name), label, warnings) : "other";
}

function sortedEntries(dir: string): Dirent[] {
  return readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
}

function isDatName(name: string): boolean {
  return datExtensions.has(path.extname(name).toLowerCase());
}

function listDats(dir: string, label: string, warnings: string[]): string[] {
  return sortedEntries(dir)
    .filter((entry) => isDatName(entry.name) && kindOf(dir, entry, path.join(label, entry.name), warnings) === "file")
    .map((entry) => path.join(dir, entry.name))
    .sort();
}

function listDatsRecursive(dir: string, label: string, walk: Walk): string[] {
  const real = realpathSync(dir);
  const outer = walk.reading.get(real);
  if (outer !== undefined) {
    walk.warnings.push(`${label}: link loop (leads back to ${outer}, a folder it is inside); not followed`);
    return [];
  }
  if (walk.read.has(real)) return [];
  walk.read.add(real);
  walk.reading.set(real, label);
  const out: string[] = [];
  for (const entry of sortedEntries(dir)) {
    if (entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    const entryLabel = path.join(label, entry.name);
    const kind = kindOf(dir, entry, entryLabel, walk.warnings);
    if (kind === "folder") out.push(...listDatsRecursive(full, entryLabel, walk));
    else if (kind === "file" && isDatName(entry.name)) out.push(full);
  }
  walk.reading.delete(real);
  return out;
}

/** True when `dir` looks like a libretro-database checkout (has both dat/ and metadat/). */
export function isLibretroCheckout(dir: string): boolean {
  return isDirectory(path.join(dir, "dat")) && isDirectory(path.join(dir, "metadat"));
}

/**
 * The DATs of a libretro-database checkout: dat/, and each folder of metadat/ with its sub-folders
 * (metadat/magazine/edge/); a DAT's collection is its folder's path under metadat/.
 */
function fromCheckout(root: string, label: string, walk: Walk): SourceFile[] {
  const warnings = walk.warnings;
  const files: SourceFile[] = [];
  const add = (file: string, collection: string, role: SourceRole): void => {
    files.push({
      path: file,
      label: path.join(label, path.relative(root, file)),
      systemName: systemNameOf(file),
      role,
      collection,
    });
  };
  for (const file of listDats(path.join(root, "dat"), path.join(label, "dat"), warnings)) add(file, "dat", "games");
  const metadat = path.join(root, "metadat");
  for (const entry of sortedEntries(metadat)) {
    if (skippedCollections.has(entry.name)) continue;
    const collectionLabel = path.join(label, "metadat", entry.name);
    if (kindOf(metadat, entry, collectionLabel, warnings) !== "folder") continue;
    const role: SourceRole = gameCollections.has(entry.name) ? "games" : "metadata";
    for (const file of listDatsRecursive(path.join(metadat, entry.name), collectionLabel, walk))
      add(file, path.relative(metadat, path.dirname(file)).split(path.sep).join("/"), role);
  }
  return files;
}

/** The source argument's own stat, through links; a link that leads nowhere or loops is a missing source. */
function statOfSource(source: string, resolved: string): Stats {
  try {
    const stat = statSync(resolved, { throwIfNoEntry: false });
    if (stat) return stat;
  } catch (error) {
    if (errorCode(error) !== "ELOOP") throw error;
    throw problems.sourceNotFound(`${source}: link loop (the links lead to each other, never to a file or folder)`);
  }
  const link = lstatSync(resolved, { throwIfNoEntry: false });
  if (link?.isSymbolicLink()) throw problems.sourceNotFound(`${source}: broken link to ${readlinkSync(resolved)} (nothing there)`);
  throw problems.sourceNotFound(`${source}: no such file or folder`);
}

/**
 * Expands the `ludex import` arguments into DAT files: a libretro-database checkout, a folder of
 * DAT files (searched recursively), or single files. Symbolic links to files and folders are
 * followed (a tree staged with `cp -as` reads as the tree it links to); a broken link or a link
 * loop is skipped with a line in `warnings`, and a file reached twice (through links or
 * overlapping sources) is read once. A Retool folder is left to find-retool.ts. Throws a {@link Problem} for a missing path.
 */
export function findSources(sources: readonly string[], warnings: string[] = []): SourceFile[] {
  const files: SourceFile[] = [];
  const walk: Walk = { warnings, reading: new Map(), read: new Set() };
  for (const source of sources) {
    const resolved = path.resolve(source);
    const stat = statOfSource(source, resolved);
    // A Retool folder holds JSON read beside the DATs (find-retool.ts), no DAT.
    if (stat.isDirectory() && isRetoolFolder(resolved)) continue;
    if (stat.isDirectory() && isLibretroCheckout(resolved)) {
      files.push(...fromCheckout(resolved, source, walk));
    } else if (stat.isDirectory()) {
      for (const file of listDatsRecursive(resolved, source, walk)) {
        files.push({
          path: file,
          label: path.join(source, path.relative(resolved, file)),
          systemName: systemNameOf(file),
          role: "auto",
          collection: "file",
        });
      }
    } else {
      files.push({ path: resolved, label: source, systemName: systemNameOf(resolved), role: "auto", collection: "file" });
    }
  }
  // By real path: the same file linked from two places is one source, read under the first name found.
  const seen = new Set<string>();
  const unique = files.filter((file) => {
    const real = realpathSync(file.path);
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  });
  if (unique.length === 0) {
    throw problems.noDatFiles(`no .dat or .xml files in ${sources.join(", ")}`);
  }
  return unique;
}
