import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BuiltPlatform, ShardIndex } from "../catalog/build/manifest.ts";
import { PRECOMPRESS_MIN_BYTES } from "../catalog/build/write-static-document.ts";
import type { GameRecord, PlatformEntry } from "../catalog/record/game-record.ts";
import { gamePage } from "./game-page.ts";
import type { SiteContext } from "./page-layout.ts";
import { platformListing, platformPage, platformPageCount } from "./platform-page.ts";
import { siteFiles } from "./site-paths.ts";

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Writes the page files of a build; a file whose bytes are unchanged keeps its mtime, so its ETag. */
export class PageWriter {
  filesWritten = 0;
  pagesRendered = 0;
  private readonly dirs = new Set<string>();
  private readonly buildDir: string;
  private readonly buildTime: number;
  constructor(buildDir: string, buildTime: number) {
    this.buildDir = buildDir;
    this.buildTime = buildTime;
  }

  /**
   * Writes `text` to `file` (relative to the build folder) with a .gz sibling, unless its bytes are
   * unchanged. `fresh` says no earlier build wrote the file, which saves reading it first.
   */
  write(file: string, text: string, fresh = false): void {
    this.pagesRendered++;
    const full = path.join(this.buildDir, file);
    const bytes = Buffer.from(text);
    if (!fresh) {
      let old: Buffer | undefined;
      try {
        old = readFileSync(full);
      } catch {
        old = undefined;
      }
      if (old?.equals(bytes)) return;
    }
    const dir = path.dirname(full);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    // Plain writes, as for the record files: nginx and ludex read the same file and its stat,
    // so a file's ETag is whatever mtime it has; the build's time is set only where it is cheap.
    writeFileSync(full, bytes);
    this.filesWritten++;
    // gzip only: it is what nginx can serve precompressed (gzip_static; Debian's nginx has no
    // brotli module), so both servers send the same bytes for every Accept-Encoding, and a
    // brotli copy of 130,000 pages would have cost more build time than the page budget allows.
    if (bytes.length >= PRECOMPRESS_MIN_BYTES) {
      writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 6 }));
      this.filesWritten++;
    } else if (!fresh) {
      rmSync(`${full}.gz`, { force: true });
    }
  }

  remove(file: string): void {
    const full = path.join(this.buildDir, file);
    for (const f of [full, `${full}.gz`]) rmSync(f, { force: true });
  }

  mtime(file: string): number {
    return Math.floor((statSync(path.join(this.buildDir, file), { throwIfNoEntry: false })?.mtimeMs ?? this.buildTime * 1000) / 1000);
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
  readonly pages: number;
  readonly pagesRendered: number;
  readonly filesWritten: number;
}

/** Renders one platform's game pages and listing pages from its shard and index. */
export function renderPlatform(job: PlatformJob): PlatformJobResult {
  const { buildDir, ctx, entry, built, fresh } = job;
  const writer = new PageWriter(buildDir, job.buildTime);
  const index = JSON.parse(readFileSync(path.join(buildDir, built.index), "utf8")) as ShardIndex;
  const shard = readFileSync(path.join(buildDir, built.shard));
  for (let i = 0; i < index.ids.length; i++) {
    const offset = index.offsets[i] ?? 0;
    const record = JSON.parse(shard.toString("utf8", offset, offset + (index.lengths[i] ?? 0))) as GameRecord;
    writer.write(siteFiles.game(record.id), gamePage(ctx, record, entry), fresh);
  }
  const listing = platformListing(
    entry,
    [...index.summaries].sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id),
    job.pageSize,
  );
  const pages = platformPageCount(listing);
  for (let page = 1; page <= pages; page++) writer.write(siteFiles.platform(entry.id, page), platformPage(ctx, listing, page));
  return { slug: entry.id, ids: index.ids, pages, pagesRendered: writer.pagesRendered, filesWritten: writer.filesWritten };
}
