import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** What a Retool file holds: clone-list groups, per-name metadata (languages, local names), or RetroAchievements' supported dumps. */
export type RetoolRole = "clonelist" | "metadata" | "retroachievements";

/** One JSON file of a Retool folder (github.com/unexpectedpanda/retool-clonelists-metadata). */
export interface RetoolFile {
  /** Absolute path. */
  readonly path: string;
  /** Path as shown to people: the source argument, then the path below it. */
  readonly label: string;
  readonly role: RetoolRole;
  /** The DAT system the file is for, without its " (No-Intro)", " (Redump)" or " (CHD)" tag ("Atari - Atari 2600"). */
  readonly systemName: string;
}

/** The folders of a Retool checkout and what each holds. */
const RETOOL_FOLDERS: readonly (readonly [string, RetoolRole])[] = [
  ["clonelists", "clonelist"],
  ["metadata", "metadata"],
  ["retroachievements", "retroachievements"],
];

function isDirectory(p: string): boolean {
  return statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/** True when `dir` is a Retool folder: it has clonelists/ or metadata/ beside no DAT layout (dat/). */
export function isRetoolFolder(dir: string): boolean {
  return (isDirectory(path.join(dir, "clonelists")) || isDirectory(path.join(dir, "metadata"))) && !isDirectory(path.join(dir, "dat"));
}

/** The system a Retool file names: its file name without the extension and its DAT-group tags. */
export function retoolSystemName(file: string): string {
  return path
    .basename(file, ".json")
    .replace(/ \((?:No-Intro|Redump)\)$/, "")
    .replace(/ \(CHD\)$/, "")
    .trim();
}

/** The JSON files of a Retool folder, by folder; `hash.json` (the folder's own checksums) is not one. */
export function findRetoolFiles(root: string, label: string): RetoolFile[] {
  const files: RetoolFile[] = [];
  for (const [folder, role] of RETOOL_FOLDERS) {
    const dir = path.join(root, folder);
    if (!isDirectory(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith(".json") || name === "hash.json") continue;
      const full = path.join(dir, name);
      if (!statSync(full).isFile()) continue;
      files.push({ path: full, label: path.join(label, folder, name), role, systemName: retoolSystemName(name) });
    }
  }
  return files;
}

/** The Retool folders among the `ludex import` sources, read beside the DATs. */
export function findRetoolSources(sources: readonly string[]): RetoolFile[] {
  return sources.flatMap((source) => {
    const resolved = path.resolve(source);
    return isRetoolFolder(resolved) ? findRetoolFiles(resolved, source) : [];
  });
}
