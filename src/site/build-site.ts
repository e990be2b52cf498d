import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { contentHash } from "../catalog/build/etag.ts";
import type { BuiltPlatform, ShardIndex } from "../catalog/build/manifest.ts";
import { PRECOMPRESS_MIN_BYTES } from "../catalog/build/write-static-document.ts";
import { writeFileAtomic } from "../catalog/build/write-file-atomic.ts";
import type { GameRecord, PlatformEntry } from "../catalog/record/game-record.ts";
import { gamePage } from "./game-page.ts";
import { homePage } from "./home-page.ts";
import { siteContext, type SiteContext } from "./page-layout.ts";
import { platformListing, platformPage, platformPageCount } from "./platform-page.ts";
import { siteAssets } from "./site-assets.ts";
import { siteFiles, sitePaths } from "./site-paths.ts";
import { SITEMAP_MAX_URLS, sitemapIndex, sitemapUrlSet } from "./sitemap.ts";

/** Bump when the page markup changes in a way the inputs below do not capture. */
const SITE_VERSION = 1;

export interface SiteBuildInput {
  readonly buildDir: string;
  /** Whole seconds; the mtime of every file written now (nginx and ludex derive the ETag from it). */
  readonly buildTime: number;
  readonly publicBaseUrl: string;
  readonly artworkBaseUrl: string;
  /** The platforms of this build, with the shard and index each page is rendered from. */
  readonly platforms: Readonly<Record<string, BuiltPlatform>>;
  readonly entries: readonly PlatformEntry[];
}

export interface SiteBuildSummary {
  readonly platformsRendered: number;
  /** Pages rendered (changed or not) and files written (pages whose bytes changed, with their .gz and .br). */
  readonly pagesRendered: number;
  readonly filesWritten: number;
  readonly elapsedMs: number;
}

interface SiteState {
  readonly version: number;
  /** Everything every page depends on besides its platform: base URLs, asset names. */
  readonly key: string;
  readonly platforms: Record<string, { readonly key: string; readonly ids: number[]; readonly pages: number }>;
}

function readState(buildDir: string): SiteState | undefined {
  try {
    const state = JSON.parse(readFileSync(path.join(buildDir, siteFiles.state), "utf8")) as SiteState;
    return state.version === SITE_VERSION ? state : undefined;
  } catch {
    return undefined;
  }
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Writes the page files of a build; a file whose bytes are unchanged keeps its mtime, so its ETag. */
class PageWriter {
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

function renderPlatform(ctx: SiteContext, writer: PageWriter, buildDir: string, entry: PlatformEntry, built: BuiltPlatform, fresh: boolean): { ids: number[]; pages: number } {
  const index = JSON.parse(readFileSync(path.join(buildDir, built.index), "utf8")) as ShardIndex;
  const shard = readFileSync(path.join(buildDir, built.shard));
  for (let i = 0; i < index.ids.length; i++) {
    const offset = index.offsets[i] ?? 0;
    const record = JSON.parse(shard.toString("utf8", offset, offset + (index.lengths[i] ?? 0))) as GameRecord;
    writer.write(siteFiles.game(record.id), gamePage(ctx, record, entry), fresh);
  }
  const listing = platformListing(entry, [...index.summaries].sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id));
  const pages = platformPageCount(listing);
  for (let page = 1; page <= pages; page++) writer.write(siteFiles.platform(entry.id, page), platformPage(ctx, listing, page));
  return { ids: index.ids, pages };
}

/**
 * The website's build step, run by `ludex build` after the records: one HTML file per game
 * (`static/games/<id>.html`) and per platform listing page, the home page, the stylesheet and
 * search script, and the sitemaps, each with a gzip sibling, beside the JSON records
 * for nginx and ludex to serve as they are. Only platforms whose shard changed (or all, when the
 * base URLs or templates changed) are rendered again, and only files whose bytes changed are written.
 */
export function buildSite(input: SiteBuildInput): SiteBuildSummary {
  const started = performance.now();
  const { buildDir } = input;
  const ctx = siteContext(input.publicBaseUrl, input.artworkBaseUrl, siteAssets);
  const writer = new PageWriter(buildDir, input.buildTime);
  const key = contentHash(JSON.stringify([ctx, SITE_VERSION]), 16);
  const previous = readState(buildDir);
  const reusable = previous?.key === key ? previous : undefined;

  writer.write(siteFiles.asset(siteAssets.css.file), siteAssets.css.body);
  writer.write(siteFiles.asset(siteAssets.script.file), siteAssets.script.body);

  const state: SiteState = { version: SITE_VERSION, key, platforms: {} };
  let platformsRendered = 0;
  for (const entry of input.entries) {
    const built = input.platforms[entry.id];
    if (!built) continue;
    const platformKey = contentHash(JSON.stringify([built.hash, entry]), 16);
    const old = reusable?.platforms[entry.id];
    if (old && old.key === platformKey) {
      state.platforms[entry.id] = old;
      continue;
    }
    const { ids, pages } = renderPlatform(ctx, writer, buildDir, entry, built, previous?.platforms[entry.id] === undefined);
    platformsRendered++;
    const was = previous?.platforms[entry.id];
    if (was) {
      const kept = new Set(ids);
      for (const id of was.ids) if (!kept.has(id)) writer.remove(siteFiles.game(id));
      for (let page = pages + 1; page <= was.pages; page++) writer.remove(siteFiles.platform(entry.id, page));
    }
    state.platforms[entry.id] = { key: platformKey, ids, pages };
  }
  for (const [slug, was] of Object.entries(previous?.platforms ?? {})) {
    if (state.platforms[slug]) continue;
    for (const id of was.ids) writer.remove(siteFiles.game(id));
    rmSync(path.join(buildDir, siteFiles.platformDir(slug)), { recursive: true, force: true });
  }

  writer.write(siteFiles.home, homePage(ctx, input.entries));

  const pageUrls = [ctx.baseUrl + sitePaths.home];
  for (const entry of input.entries) {
    const s = state.platforms[entry.id];
    for (let page = 1; page <= (s?.pages ?? 0); page++) pageUrls.push(ctx.baseUrl + sitePaths.platform(entry.id, page));
  }
  const gameIds = Object.values(state.platforms).flatMap((s) => s.ids).sort((a, b) => a - b);
  const parts: { name: string; urls: string[] }[] = [{ name: "pages", urls: pageUrls }];
  for (let i = 0; i < gameIds.length; i += SITEMAP_MAX_URLS) {
    parts.push({ name: `games-${i / SITEMAP_MAX_URLS + 1}`, urls: gameIds.slice(i, i + SITEMAP_MAX_URLS).map((id) => ctx.baseUrl + sitePaths.game(id)) });
  }
  for (const part of parts) writer.write(siteFiles.sitemapPart(part.name), sitemapUrlSet(part.urls));
  const live = new Set(parts.flatMap((p) => [p.name, `${p.name}.xml`, `${p.name}.xml.gz`].map((f) => path.basename(f))));
  const sitemapDir = path.join(buildDir, path.dirname(siteFiles.sitemapPart("x")));
  for (const name of readdirSync(sitemapDir)) if (!live.has(name)) rmSync(path.join(sitemapDir, name), { force: true });
  writer.write(siteFiles.sitemap, sitemapIndex(parts.map((p) => ({ url: ctx.baseUrl + sitePaths.sitemapPart(p.name), lastmod: writer.mtime(siteFiles.sitemapPart(p.name)) }))));

  writeFileAtomic(path.join(buildDir, siteFiles.state), JSON.stringify(state));
  return { platformsRendered, pagesRendered: writer.pagesRendered, filesWritten: writer.filesWritten, elapsedMs: performance.now() - started };
}
