import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { PlatformRecords } from "../catalog/build/build-catalog.ts";
import type { BuiltPlatform, ShardIndex } from "../catalog/build/manifest.ts";
import { replaceFile } from "../catalog/build/write-file-atomic.ts";
import { PRECOMPRESS_MIN_BYTES } from "../catalog/build/write-static-document.ts";
import { contentKinds, type ContentKind } from "../catalog/identity/content-kind.ts";
import type { GameRecord, PlatformEntry } from "../catalog/record/game-record.ts";
import type { GameSummary } from "../catalog/search/game-summary.ts";
import { gamePage } from "./game-page.ts";
import { type KindCounts, otherKinds } from "./kind-labels.ts";
import type { SiteContext } from "./page-layout.ts";
import { platformListing, platformPage, platformPageCount } from "./platform-page.ts";
import { siteFiles } from "./site-paths.ts";

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * Writes the website's files into a build; a file whose bytes are unchanged is not rewritten, so it
 * keeps its mtime and its ETag.
 *
 * HTML pages are stored plain, one file each and no .gz sibling: a full build writes ~141,000 of
 * them, and compressing each at build time cost more of a full build's CPU than any other step
 * (docs/performance.md, "Pages stored plain"). nginx and the Node server gzip a page per
 * response (src/site/site-route.ts), as a CDN in front caches it. Assets and sitemaps, a few
 * files, keep a plain file and a .gz sibling for gzip_static.
 */
export class PageWriter {
  filesWritten = 0;
  pagesRendered = 0;
  /** Files (as named to {@link page}, {@link write} and {@link remove}) whose bytes this writer changed or removed: the build's purge list reads them. */
  readonly changed: string[] = [];
  private readonly dirs = new Set<string>();
  private readonly buildDir: string;
  private readonly buildTime: number;
  constructor(buildDir: string, buildTime: number) {
    this.buildDir = buildDir;
    this.buildTime = buildTime;
  }

  /**
   * Writes an HTML page, unless the stored page has the same bytes. `fresh` says no earlier build
   * wrote the file, which saves reading it first.
   */
  page(file: string, html: string, fresh = false): void {
    this.pagesRendered++;
    const full = path.join(this.buildDir, file);
    if (fresh) {
      this.ensureDir(full);
      replaceFile(full, html);
    } else {
      const bytes = Buffer.from(html);
      if (readOrUndefined(full)?.equals(bytes)) return;
      this.ensureDir(full);
      replaceFile(full, bytes);
    }
    this.filesWritten++;
    this.changed.push(file);
  }

  /**
   * Writes `text` to `file` (relative to the build folder) with a .gz sibling when it is large
   * enough to gain from it, unless its bytes are unchanged.
   */
  write(file: string, text: string | Uint8Array): void {
    this.pagesRendered++;
    const full = path.join(this.buildDir, file);
    const bytes = typeof text === "string" ? Buffer.from(text) : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
    if (readOrUndefined(full)?.equals(bytes)) return;
    this.ensureDir(full);
    // Plain writes, as for the record files: nginx and ludex read the same file and its stat,
    // so a file's ETag is whatever mtime it has; the build's time is set only where it is cheap.
    replaceFile(full, bytes);
    this.filesWritten++;
    this.changed.push(file);
    // gzip only: it is what nginx can serve precompressed (gzip_static; Debian's nginx has no
    // brotli module), so both servers send the same bytes for every Accept-Encoding.
    if (bytes.length >= PRECOMPRESS_MIN_BYTES) {
      replaceFile(`${full}.gz`, gzipSync(bytes, { level: 6 }));
      this.filesWritten++;
    } else {
      rmSync(`${full}.gz`, { force: true });
    }
  }

  /** Removes a page or a file, in whichever of the two forms it was written. */
  remove(file: string): void {
    const full = path.join(this.buildDir, file);
    if (existsSync(full) || existsSync(`${full}.gz`)) this.changed.push(file);
    for (const f of [full, `${full}.gz`]) rmSync(f, { force: true });
  }

  mtime(file: string): number {
    return Math.floor((statSync(path.join(this.buildDir, file), { throwIfNoEntry: false })?.mtimeMs ?? this.buildTime * 1000) / 1000);
  }

  private ensureDir(full: string): void {
    const dir = path.dirname(full);
    if (this.dirs.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    this.dirs.add(dir);
  }
}

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** One platform to render: plain data, so that a worker thread can take it (src/site/render-worker.ts). */
export interface PlatformJob {
  readonly buildDir: string;
  readonly buildTime: number;
  readonly ctx: SiteContext;
  readonly entry: PlatformEntry;
  readonly built: BuiltPlatform;
  /** No earlier build rendered this platform: files are written without reading them first. */
  readonly fresh: boolean;
  /** Games per listing page (src/site/platform-page.ts). */
  readonly pageSize: number;
}

export interface PlatformJobResult {
  readonly slug: string;
  readonly ids: number[];
  /** Pages of the games' listing (at least 1). */
  readonly pages: number;
  /** Records of each kind. */
  readonly counts: KindCounts;
  /** Pages of the listing of each other kind that has records. */
  readonly kindPages: Partial<Record<ContentKind, number>>;
  readonly pagesRendered: number;
  readonly filesWritten: number;
  /** {@link PageWriter.changed} of the platform's pages. */
  readonly changedFiles: readonly string[];
}

/** Each record of a platform's shard, parsed one at a time, and the index's summaries. */
function readPlatform(
  buildDir: string,
  built: BuiltPlatform,
): { ids: number[]; summaries: readonly GameSummary[]; records: Iterable<GameRecord> } {
  const index = JSON.parse(readFileSync(path.join(buildDir, built.index), "utf8")) as ShardIndex;
  const shard = readFileSync(path.join(buildDir, built.shard));
  function* records(): Generator<GameRecord> {
    for (let i = 0; i < index.ids.length; i++) {
      const offset = index.offsets[i] ?? 0;
      yield JSON.parse(shard.toString("utf8", offset, offset + (index.lengths[i] ?? 0))) as GameRecord;
    }
  }
  return { ids: index.ids, summaries: index.summaries, records: records() };
}

/**
 * Renders one platform's record pages and listing pages: the games' listing and one per other
 * kind the platform has (add-ons, updates, ...), so that the games are not lost among thousands
 * of DLC items. From the records in memory when the build has just made them (`loaded`; no page
 * shows `updatedAt`, which only the shard's copies carry), else from the platform's shard and index.
 */
export function renderPlatform(job: PlatformJob, loaded?: PlatformRecords): PlatformJobResult {
  const { buildDir, ctx, entry, built, fresh } = job;
  const writer = new PageWriter(buildDir, job.buildTime);
  const source = loaded
    ? { ids: loaded.records.map((r) => r.id), summaries: loaded.summaries, records: loaded.records }
    : readPlatform(buildDir, built);
  const titles = new Map(source.summaries.map((s) => [s.id, s.title]));
  const kinds = new Map<number, ContentKind>();
  const bases = new Map<number, { readonly id: number; readonly title: string }>();
  for (const record of source.records) {
    kinds.set(record.id, record.kind);
    const baseTitle = record.baseGameId === undefined ? undefined : titles.get(record.baseGameId);
    if (record.baseGameId !== undefined && baseTitle !== undefined) bases.set(record.id, { id: record.baseGameId, title: baseTitle });
    writer.page(siteFiles.game(record.id), gamePage(ctx, record, entry, baseTitle), fresh);
  }
  const byKind = new Map<ContentKind, GameSummary[]>();
  for (const summary of [...source.summaries].sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id)) {
    const kind = kinds.get(summary.id) ?? "game";
    const list = byKind.get(kind);
    if (list) list.push(summary);
    else byKind.set(kind, [summary]);
  }
  const counts: Partial<Record<ContentKind, number>> = {};
  for (const kind of contentKinds) {
    const n = byKind.get(kind)?.length ?? 0;
    if (n > 0) counts[kind] = n;
  }
  const listingPages = (kind: ContentKind): number => {
    const listing = platformListing(entry, byKind.get(kind) ?? [], job.pageSize, { kind, counts, bases });
    const pages = platformPageCount(listing);
    for (let page = 1; page <= pages; page++) writer.page(siteFiles.listing(entry.id, kind, page), platformPage(ctx, listing, page), fresh);
    return pages;
  };
  const pages = listingPages("game");
  const kindPages: Partial<Record<ContentKind, number>> = {};
  for (const kind of otherKinds(counts)) kindPages[kind] = listingPages(kind);
  return {
    slug: entry.id,
    ids: source.ids,
    pages,
    counts,
    kindPages,
    pagesRendered: writer.pagesRendered,
    filesWritten: writer.filesWritten,
    changedFiles: writer.changed,
  };
}
