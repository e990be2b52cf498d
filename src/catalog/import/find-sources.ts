import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { type Problem, problems } from "../../core/problem.ts";

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

function listDats(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && datExtensions.has(path.extname(entry.name).toLowerCase()))
    .map((entry) => path.join(dir, entry.name))
    .sort();
}

function listDatsRecursive(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listDatsRecursive(full));
    else if (entry.isFile() && datExtensions.has(path.extname(entry.name).toLowerCase())) out.push(full);
  }
  return out;
}

/** True when `dir` looks like a libretro-database checkout (has both dat/ and metadat/). */
export function isLibretroCheckout(dir: string): boolean {
  return isDirectory(path.join(dir, "dat")) && isDirectory(path.join(dir, "metadat"));
}

function fromCheckout(root: string, label: string): SourceFile[] {
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
  for (const file of listDats(path.join(root, "dat"))) add(file, "dat", "games");
  const metadat = path.join(root, "metadat");
  for (const entry of readdirSync(metadat, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory() || skippedCollections.has(entry.name)) continue;
    const role: SourceRole = gameCollections.has(entry.name) ? "games" : "metadata";
    for (const file of listDats(path.join(metadat, entry.name))) add(file, entry.name, role);
  }
  return files;
}

/**
 * Expands the `ludex import` arguments into DAT files: a libretro-database checkout, a folder of
 * DAT files (searched recursively), or single files. Throws a {@link Problem} for a missing path.
 */
export function findSources(sources: readonly string[]): SourceFile[] {
  const files: SourceFile[] = [];
  for (const source of sources) {
    const resolved = path.resolve(source);
    const stat = statSync(resolved, { throwIfNoEntry: false });
    if (!stat) {
      throw problems.sourceNotFound(`${source}: no such file or folder`);
    }
    if (stat.isDirectory() && isLibretroCheckout(resolved)) {
      files.push(...fromCheckout(resolved, source));
    } else if (stat.isDirectory()) {
      for (const file of listDatsRecursive(resolved)) {
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
  const seen = new Set<string>();
  const unique = files.filter((file) => {
    if (seen.has(file.path)) return false;
    seen.add(file.path);
    return true;
  });
  if (unique.length === 0) {
    throw problems.noDatFiles(`no .dat or .xml files in ${sources.join(", ")}`);
  }
  return unique;
}
