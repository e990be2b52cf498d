import { closeSync, futimesSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
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
 * (most files of a first build) costs no more than a plain write. With `mtimeSeconds`, the file's
 * times are set through the open descriptor, which spares a second path look-up.
 */
export function replaceFile(file: string, data: string | Uint8Array, mtimeSeconds?: number): void {
  const fd = openNew(file);
  try {
    writeFileSync(fd, data);
    if (mtimeSeconds !== undefined) futimesSync(fd, mtimeSeconds, mtimeSeconds);
  } finally {
    closeSync(fd);
  }
}

function openNew(file: string): number {
  try {
    return openSync(file, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    rmSync(file, { force: true });
    return openSync(file, "wx");
  }
}
