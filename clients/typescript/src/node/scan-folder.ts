import { closeSync, createReadStream, fstatSync, openSync, readSync } from "node:fs";
import { open, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { ByteSource } from "../fingerprint/byte-source.ts";
import { fingerprintSet } from "../fingerprint/disc-set.ts";
import { sheetFiles, sheetKindOf } from "../fingerprint/disc-sheets.ts";
import type { Fingerprint } from "../fingerprint/file-hasher.ts";
import { fingerprint } from "../fingerprint/fingerprint.ts";
import { fingerprint7z } from "../fingerprint/seven-zip.ts";
import { type MatchItem, matchItemOf, nameItem } from "../fingerprint/match-item.ts";
import { fingerprintZip, type ZipMemberFingerprint } from "../fingerprint/zip-members.ts";
import type { PlatformGuesser } from "../platform-guess.ts";

/** One item found in a folder: a file, a zip member or a disc set's file, with what is sent for it. */
export interface ScannedFile {
  /** Path relative to the folder scanned, `/`-separated; a zip member is `archive.zip#member`. */
  readonly path: string;
  /** The platform slug: given, or guessed from its folders and extension; undefined when neither tells. */
  readonly platform: string | undefined;
  readonly item: MatchItem;
  readonly fingerprint?: Fingerprint;
  /** For a member of a zip or 7z archive: the archive's path (relative, `/`-separated). */
  readonly archive?: string;
  /** For an item of a cue, gdi or m3u set: the sheet's path (relative, `/`-separated), which is also its group (its name when the path is over 200 characters). */
  readonly sheet?: string;
  /** Why the file is sent by name only, when it is (a 7z archive over 1 GiB, a track a sheet names that is missing, a read error). */
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

/** The longest `group` a match item may have (docs/api.md, "ROM matching"). */
const MAX_GROUP_LENGTH = 200;

/** 7-Zip in WebAssembly reads an archive from memory: larger ones are sent by name. */
const MAX_7Z_BYTES = 1024 * 1024 * 1024;

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
  return size <= READ_WHOLE_BYTES ? await readFile(file) : createReadStream(file);
}

/** A buffer one worker reads small files into, grown as needed: fingerprinting is done with it before the next read. */
interface Scratch {
  buffer: Buffer;
}

/** Files up to this size are read with blocking calls: the thread pool's round trips cost more than reading a small ROM. */
const READ_BLOCKING_BYTES = 1024 * 1024;

function readBlocking(file: string, scratch: Scratch): Buffer | undefined {
  const fd = openSync(file, "r");
  try {
    const { size } = fstatSync(fd);
    if (size > READ_BLOCKING_BYTES) return undefined;
    if (scratch.buffer.length < size) scratch.buffer = Buffer.allocUnsafe(Math.max(size, scratch.buffer.length * 2));
    let at = 0;
    while (at < size) {
      const read = readSync(fd, scratch.buffer, at, size - at, at);
      if (read === 0) break;
      at += read;
    }
    return scratch.buffer.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}

/**
 * Runs `use` on a file's bytes: up to 1 MiB read into the worker's scratch buffer with blocking
 * calls (no allocation), up to 16 MiB read whole, larger ones streamed. `use` must be done with the
 * bytes when it resolves.
 */
async function withFile<T>(file: string, scratch: Scratch, use: (source: ByteSource) => Promise<T>): Promise<T> {
  const small = readBlocking(file, scratch);
  if (small) return await use(small);
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    return await use(size > READ_WHOLE_BYTES ? handle.createReadStream({ autoClose: false }) : await handle.readFile());
  } finally {
    await handle.close();
  }
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
 * of a zip or 7z archive (read in memory, never extracted to disk), a cue, gdi or m3u set as its
 * tracks in one group. Results are in path order.
 */
export async function scanFolder(root: string, options: ScanFolderOptions): Promise<ScannedFile[]> {
  const files = await listFiles(root);
  const named = await namedBySheets(root, files);
  const todo = files.filter((file) => !named.has(file));
  const out: ScannedFile[][] = new Array(todo.length);
  const platformOf = (file: string, member?: string): string | undefined => options.system ?? options.guesser.guess(file, member);
  let next = 0;
  let done = 0;
  const one = async (file: string, scratch: Scratch): Promise<ScannedFile[]> => {
    const full = path.join(root, file);
    const name = path.posix.basename(file);
    const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
    try {
      if (ext === "zip") {
        let members: ZipMemberFingerprint[];
        try {
          members = await withFile(full, scratch, (bytes) => fingerprintZip(bytes, { platform: platformOf(file) }));
        } catch (error) {
          // fflate inflates stored and deflated members; 7-Zip also reads Deflate64, BZip2, LZMA and PPMd ones.
          if ((await stat(full)).size > MAX_7Z_BYTES) throw error;
          members = await fingerprint7z(await readFile(full), { platform: platformOf(file) }).catch(() => Promise.reject(error));
        }
        return members.map((m) => {
          const platform = platformOf(file, m.name);
          return { path: `${file}#${m.member}`, platform, item: matchItemOf(m), fingerprint: m, archive: file };
        });
      }
      if (ext === "7z") {
        const { size } = await stat(full);
        if (size > MAX_7Z_BYTES)
          return [{ path: file, platform: platformOf(file), item: nameItem(name), note: "7z archive over 1 GiB: sent by name" }];
        const members = await fingerprint7z(await readFile(full), { platform: platformOf(file) });
        return members.map((m) => ({
          path: `${file}#${m.member}`,
          platform: platformOf(file, m.name),
          item: matchItemOf(m),
          fingerprint: m,
          archive: file,
        }));
      }
      if (sheetKindOf(name)) {
        const folder = path.dirname(full);
        const platform = platformOf(file);
        const set = await fingerprintSet(
          { name, text: await readFile(full, "utf8") },
          async (entry) => {
            const target = path.join(folder, entry);
            return (await stat(target).catch(() => undefined))?.isFile() ? source(target) : undefined;
          },
          // The sheet's path is its group, so that two folders' "Disc 1.cue" stay two groups.
          { platform, group: file.length <= MAX_GROUP_LENGTH ? file : name },
        );
        const base = path.posix.dirname(file);
        return set.map((s) => ({
          path: s.file === "" ? file : path.posix.normalize(path.posix.join(base, s.file)),
          platform,
          item: s.item,
          sheet: file,
          ...(s.fingerprint ? { fingerprint: s.fingerprint } : {}),
          ...(s.missing ? { note: "named by the sheet but missing: sent by name" } : {}),
        }));
      }
      const platform = platformOf(file);
      const print = await withFile(full, scratch, (bytes) => fingerprint(bytes, { name, platform }));
      return [{ path: file, platform, item: matchItemOf(print), fingerprint: print }];
    } catch (error) {
      return [
        { path: file, platform: platformOf(file), item: nameItem(name), note: `not read (${(error as Error).message}): sent by name` },
      ];
    }
  };
  const worker = async (): Promise<void> => {
    const scratch: Scratch = { buffer: Buffer.allocUnsafe(64 * 1024) };
    while (next < todo.length) {
      const i = next++;
      out[i] = await one(todo[i] as string, scratch);
      options.onProgress?.(++done, todo.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, todo.length) }, worker));
  return out.flat();
}
