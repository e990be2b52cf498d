import { createReadStream } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { ByteSource } from "../fingerprint/byte-source.ts";
import { fingerprintSet } from "../fingerprint/disc-set.ts";
import { sheetFiles, sheetKindOf } from "../fingerprint/disc-sheets.ts";
import type { Fingerprint } from "../fingerprint/file-hasher.ts";
import { fingerprint } from "../fingerprint/fingerprint.ts";
import { type MatchItem, matchItemOf, nameItem } from "../fingerprint/match-item.ts";
import { fingerprintZip } from "../fingerprint/zip-members.ts";
import type { PlatformGuesser } from "../platform-guess.ts";

/** One item found in a folder: a file, a zip member or a disc set's file, with what is sent for it. */
export interface ScannedFile {
  /** Path relative to the folder scanned, `/`-separated; a zip member is `archive.zip#member`. */
  readonly path: string;
  /** The platform slug: given, or guessed from its folders and extension; undefined when neither tells. */
  readonly platform: string | undefined;
  readonly item: MatchItem;
  readonly fingerprint?: Fingerprint;
  /** Why the file is sent by name only, when it is (a 7z archive, a track a sheet names that is missing, a read error). */
  readonly note?: string;
}

export interface ScanFolderOptions {
  /** Guesses each file's platform (built from the catalog's platform list). */
  readonly guesser: PlatformGuesser;
  /** The platform of every file, instead of guessing. */
  readonly system?: string | undefined;
  /** Called after each file is read: files done, files in all. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Files read at once (default 8): small files are dominated by opening them. */
  readonly concurrency?: number;
}

/** Files smaller than this are read whole: one read beats a stream's setup for a small ROM. */
const READ_WHOLE_BYTES = 16 * 1024 * 1024;

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => !file.split("/").some((part) => part.startsWith(".")))
    .sort();
}

async function source(file: string): Promise<ByteSource> {
  const { size } = await stat(file);
  return size <= READ_WHOLE_BYTES ? new Uint8Array(await readFile(file)) : createReadStream(file);
}

/** The files the sheets among `files` name (so that they are read as the sheet's items, not alone). */
async function namedBySheets(root: string, files: readonly string[]): Promise<Set<string>> {
  const named = new Set<string>();
  const add = async (sheet: string): Promise<void> => {
    const kind = sheetKindOf(sheet);
    if (!kind) return;
    const folder = path.posix.dirname(sheet);
    const text = await readFile(path.join(root, sheet), "utf8").catch(() => "");
    for (const entry of sheetFiles(kind, text)) {
      const file = path.posix.normalize(path.posix.join(folder, entry.replaceAll("\\", "/")));
      if (named.has(file)) continue;
      named.add(file);
      await add(file);
    }
  };
  for (const file of files) await add(file);
  return named;
}

/**
 * Walks a folder and fingerprints what is in it with the catalog's rules: each file, each member
 * of a zip (read in memory, never extracted), a cue, gdi or m3u set as its tracks in one group;
 * a 7z archive is sent by name only (no maintained JavaScript library reads 7z archives without a
 * native binary). Results are in path order.
 */
export async function scanFolder(root: string, options: ScanFolderOptions): Promise<ScannedFile[]> {
  const files = await listFiles(root);
  const named = await namedBySheets(root, files);
  const todo = files.filter((file) => !named.has(file));
  const out: ScannedFile[][] = new Array(todo.length);
  const platformOf = (file: string, member?: string): string | undefined => options.system ?? options.guesser.guess(file, member);
  let next = 0;
  let done = 0;
  const one = async (file: string): Promise<ScannedFile[]> => {
    const full = path.join(root, file);
    const name = path.posix.basename(file);
    const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
    try {
      if (ext === "zip") {
        const members = await fingerprintZip(await source(full), { platform: platformOf(file) });
        return members.map((m) => {
          const platform = platformOf(file, m.name);
          return { path: `${file}#${m.member}`, platform, item: matchItemOf(m), fingerprint: m };
        });
      }
      if (ext === "7z")
        return [{ path: file, platform: platformOf(file), item: nameItem(name), note: "7z archives are not read: sent by name" }];
      if (sheetKindOf(name)) {
        const folder = path.dirname(full);
        const platform = platformOf(file);
        const set = await fingerprintSet(
          { name, text: await readFile(full, "utf8") },
          async (entry) => {
            const target = path.join(folder, entry);
            return (await stat(target).catch(() => undefined))?.isFile() ? source(target) : undefined;
          },
          { platform },
        );
        const base = path.posix.dirname(file);
        return set.map((s) => ({
          path: s.file === "" ? file : path.posix.normalize(path.posix.join(base, s.file)),
          platform,
          item: s.item,
          ...(s.fingerprint ? { fingerprint: s.fingerprint } : {}),
          ...(s.missing ? { note: "named by the sheet but missing: sent by name" } : {}),
        }));
      }
      const platform = platformOf(file);
      const print = await fingerprint(await source(full), { name, platform });
      return [{ path: file, platform, item: matchItemOf(print), fingerprint: print }];
    } catch (error) {
      return [
        { path: file, platform: platformOf(file), item: nameItem(name), note: `not read (${(error as Error).message}): sent by name` },
      ];
    }
  };
  const worker = async (): Promise<void> => {
    while (next < todo.length) {
      const i = next++;
      out[i] = await one(todo[i] as string);
      options.onProgress?.(++done, todo.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, todo.length) }, worker));
  return out.flat();
}
