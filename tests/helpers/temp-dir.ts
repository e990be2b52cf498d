import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/** A fresh temporary folder, removed after the test file. */
export function tempDir(prefix = "ludex-test-"): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A writable copy of a folder inside a fresh temporary folder. */
export function copyOf(source: string): string {
  const dir = path.join(tempDir(), path.basename(source));
  cpSync(source, dir, { recursive: true });
  return dir;
}
