import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Writes `file` through a temporary sibling and a rename, so readers see the old or the new file, never a partial one. */
export function writeFileAtomic(file: string, data: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/**
 * Writes `file` as a new file, never into an existing one: a held build's files are hard links to
 * the served build's (held-build.ts), which must keep their bytes. A file that does not exist yet
 * (most files of a first build) costs no more than a plain write.
 */
export function replaceFile(file: string, data: string | Uint8Array): void {
  try {
    writeFileSync(file, data, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    rmSync(file, { force: true });
    writeFileSync(file, data, { flag: "wx" });
  }
}
