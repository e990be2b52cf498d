import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Writes `file` through a temporary sibling and a rename, so readers see the old or the new file, never a partial one. */
export function writeFileAtomic(file: string, data: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}
