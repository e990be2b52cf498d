import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { contentHash } from "../http/etag.ts";
import type { PlatformRecords } from "../catalog/build/build-catalog.ts";
import type { BuiltPlatform } from "../catalog/build/manifest.ts";
import { writeFileAtomic } from "../catalog/build/write-file-atomic.ts";
import type { ContentKind } from "../catalog/identity/content-kind.ts";
import type { PlatformEntry } from "../catalog/record/game-record.ts";
import { homePage } from "./home-page.ts";
import type { KindCounts } from "./kind-labels.ts";
import { siteContext, type SiteContext } from "./page-layout.ts";
import { PLATFORM_PAGE_SIZE } from "./platform-page.ts";
import { PageWriter, type PlatformJobResult, renderPlatform } from "./render-platform.ts";
import { faviconIco, faviconSvg } from "./favicon.ts";
import { siteAssets } from "./site-assets.ts";
import { siteFiles, sitePaths } from "./site-paths.ts";
import { SITEMAP_MAX_URLS, sitemapIndex, sitemapUrlSet } from "./sitemap.ts";

/** Bump when the page markup changes in a way the inputs below do not capture. */
const SITE_VERSION = 10;

export interface SiteBuildSettings {
  readonly buildDir: string;
  /** Whole seconds: the mtime of every file written now (nginx and ludex derive the ETag from it). */
  readonly buildTime: number;
  readonly publicBaseUrl: string;
  readonly artworkBaseUrl: string;
  /**
   * Games per platform listing page (default {@link PLATFORM_PAGE_SIZE}); tests lower it so that
   * the 11 sample SNES games span several pages, as a real platform's thousands do.
   */
  readonly pageSize?: number;
}

export interface SiteBuildSummary {
  readonly platformsRendered: number;
  /** Pages rendered (changed or not) and files written (pages whose bytes changed, assets with their .gz). */
  readonly pagesRendered: number;
  readonly filesWritten: number;
  /**
   * Time the build spent on pages after the platform jobs (which render each platform's pages
   * with its records): removals, the home page, the sitemaps.
   */
  readonly elapsedMs: number;
  /**
   * Files under the build folder (src/site/site-paths.ts `siteFiles`) whose bytes this build changed, created or removed: what the purge list names.
   */
  readonly changedFiles: readonly string[];
}

interface SiteState {
  readonly version: number;
  /** Everything every page depends on besides its platform: the base path, the artwork host, asset names. */
  readonly key: string;
  readonly platforms: Record<string, PlatformState>;
}

/** What a platform's last rendering wrote, and its records by kind for the home page's counts. */
interface PlatformState {
  readonly key: string;
  readonly ids: number[];
  /** Pages of the games' listing. */
  readonly pages: number;
  readonly counts: KindCounts;
  /** Pages of each other kind's listing. */
  readonly kindPages: Partial<Record<ContentKind, number>>;
}

/** Every listing page file of a platform as its state records it. */
function listingFiles(slug: string, s: PlatformState): string[] {
  const files: string[] = [];
  for (let page = 1; page <= s.pages; page++) files.push(siteFiles.platform(slug, page));
  for (const [kind, pages] of Object.entries(s.kindPages) as [ContentKind, number][])
    for (let page = 1; page <= pages; page++) files.push(siteFiles.listing(slug, kind, page));
  return files;
}

function readState(buildDir: string): SiteState | undefined {
  try {
    const state = JSON.parse(readFileSync(path.join(buildDir, siteFiles.state), "utf8")) as SiteState;
    return state.version === SITE_VERSION ? state : undefined;
  } catch {
    return undefined;
  }
}

/** What a platform job needs to render a platform's pages: plain data, so that a worker thread can take it. */
export interface SitePlan {
  readonly buildDir: string;
  readonly buildTime: number;
  readonly ctx: SiteContext;
  readonly pageSize: number;
  /** Each platform's key in the previous rendering this build can trust: a platform whose key is unchanged keeps its pages. */
  readonly keys: Readonly<Record<string, string>>;
  /** Platforms an earlier build rendered: only their files are read and compared before being written. */
  readonly known: Readonly<Record<string, true>>;
}

/** A platform whose pages a job rendered, with the key they were rendered for. */
export interface RenderedPlatform {
  readonly key: string;
  readonly result: PlatformJobResult;
}

/**
 * A platform's pages, rendered (from `loaded`, its records in memory, else from its shard) when they
 * may have changed: its shard or its entry changed, or what every page depends on. Undefined when
 * they are as the previous build left them.
 */
export function platformPages(
  plan: SitePlan,
  entry: PlatformEntry,
  built: BuiltPlatform,
  loaded?: PlatformRecords,
): RenderedPlatform | undefined {
  const key = contentHash(JSON.stringify([built.hash, entry]), 16);
  if (plan.keys[entry.id] === key) return undefined;
  const { buildDir, buildTime, ctx, pageSize } = plan;
  const result = renderPlatform({ buildDir, buildTime, ctx, entry, built, fresh: plan.known[entry.id] !== true, pageSize }, loaded);
  return { key, result };
}

function listOrEmpty(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * The website's build step, run by `ludex build` beside the records: one HTML file per game
 * (`static/games/<id / 1000>/<id>.html`), per platform listing page and for the home page, and the
 * stylesheet, scripts and sitemaps with gzip siblings, beside the JSON records for nginx and ludex
 * to serve (src/site/render-platform.ts says why pages have no gzip sibling).
 * The build's platform jobs render each platform's pages right after its records
 * ({@link platformPages}, with the {@link SiteBuild.plan}), on whichever thread took the platform,
 * and the build calls {@link SiteBuild.finish} before the manifest. Only platforms whose shard
 * changed (or all, when the base path, artwork host or templates changed) are rendered again, and
 * only files whose bytes changed are written.
 */
export class SiteBuild {
  private readonly settings: SiteBuildSettings;
  private readonly ctx: SiteContext;
  private readonly pageSize: number;
  private readonly key: string;
  private readonly previous: SiteState | undefined;
  private readonly reusable: SiteState | undefined;
  private readonly writer: PageWriter;
  private readonly state: SiteState;
  /** Whether the build folder held page folders before this build wrote any (else there is nothing to sweep). */
  private readonly hadPages: boolean;

  constructor(settings: SiteBuildSettings) {
    this.settings = settings;
    this.ctx = siteContext(settings.publicBaseUrl, settings.artworkBaseUrl, siteAssets);
    this.writer = new PageWriter(settings.buildDir, settings.buildTime);
    this.pageSize = settings.pageSize ?? PLATFORM_PAGE_SIZE;
    // Every listing page depends on the page size too: a new size renders every platform again.
    this.key = contentHash(JSON.stringify([this.ctx, SITE_VERSION, this.pageSize]), 16);
    this.previous = readState(settings.buildDir);
    this.reusable = this.previous?.key === this.key ? this.previous : undefined;
    this.state = { version: SITE_VERSION, key: this.key, platforms: {} };
    this.hadPages = [siteFiles.gamesDir, siteFiles.platformsDir].some((dir) => existsSync(path.join(settings.buildDir, dir)));
  }

  /** What the platform jobs of this build render with ({@link platformPages}). */
  plan(): SitePlan {
    const { buildDir, buildTime } = this.settings;
    const keys: Record<string, string> = {};
    for (const [slug, p] of Object.entries(this.reusable?.platforms ?? {})) keys[slug] = p.key;
    const known: Record<string, true> = {};
    for (const slug of Object.keys(this.previous?.platforms ?? {})) known[slug] = true;
    return { buildDir, buildTime, ctx: this.ctx, pageSize: this.pageSize, keys, known };
  }

  /**
   * Given the platforms the jobs rendered (by slug; the others kept their pages), removes the pages
   * of games and platforms that are gone, writes the home page, sitemaps and state.
   */
  finish(entries: readonly PlatformEntry[], rendered: ReadonlyMap<string, RenderedPlatform>): SiteBuildSummary {
    const started = performance.now();
    const { buildDir } = this.settings;
    const { writer, state, previous, ctx } = this;
    let pagesRendered = 0;
    let filesWritten = 0;
    let platformsRendered = 0;
    const changedFiles: string[] = [];
    for (const entry of entries) {
      const done = rendered.get(entry.id);
      if (!done) {
        const kept = this.reusable?.platforms[entry.id];
        if (!kept) throw new Error(`the build rendered no pages of the platform ${entry.id}`);
        state.platforms[entry.id] = kept;
        continue;
      }
      platformsRendered++;
      const { result } = done;
      const { slug, ids, pages, counts, kindPages } = result;
      pagesRendered += result.pagesRendered;
      filesWritten += result.filesWritten;
      for (const file of result.changedFiles) changedFiles.push(file);
      const now: PlatformState = { key: done.key, ids, pages, counts, kindPages };
      const was = previous?.platforms[slug];
      if (was) {
        const kept = new Set(ids);
        for (const id of was.ids) if (!kept.has(id)) writer.remove(siteFiles.game(id));
        const listed = new Set(listingFiles(slug, now));
        for (const file of listingFiles(slug, was)) if (!listed.has(file)) writer.remove(file);
      }
      state.platforms[slug] = now;
    }
    // A platform gone from the build may have handed its games to another (arcade collections): their pages stay.
    const liveIds = new Set(Object.values(state.platforms).flatMap((s) => s.ids));
    for (const [slug, was] of Object.entries(previous?.platforms ?? {})) {
      if (state.platforms[slug]) continue;
      for (const id of was.ids) if (!liveIds.has(id)) writer.remove(siteFiles.game(id));
      for (const file of listingFiles(slug, was)) writer.remove(file);
      rmSync(path.join(buildDir, siteFiles.platformDir(slug)), { recursive: true, force: true });
    }

    if (previous === undefined) this.sweep();

    writer.write(siteFiles.asset(siteAssets.css.file), siteAssets.css.body);
    writer.write(siteFiles.asset(siteAssets.script.file), siteAssets.script.body);
    writer.write(siteFiles.asset(siteAssets.copyScript.file), siteAssets.copyScript.body);
    writer.write(siteFiles.asset(siteAssets.artworkScript.file), siteAssets.artworkScript.body);
    writer.write(siteFiles.faviconSvg, faviconSvg);
    writer.write(siteFiles.faviconIco, faviconIco);
    const counts = new Map(Object.entries(state.platforms).map(([slug, s]) => [slug, s.counts]));
    writer.page(siteFiles.home, homePage(ctx, entries, counts), previous === undefined);

    // The sitemaps' URLs are absolute (sitemaps.org): these files name the build's base, for static
    // hosts; each server rebases them to its own (site-route.ts).
    const baseUrl = this.settings.publicBaseUrl.replace(/\/+$/, "");
    const pageUrls = [baseUrl + sitePaths.home];
    for (const entry of entries) {
      const s = state.platforms[entry.id];
      for (let page = 1; page <= (s?.pages ?? 0); page++) pageUrls.push(baseUrl + sitePaths.platform(entry.id, page));
      for (const [kind, pages] of Object.entries(s?.kindPages ?? {}) as [ContentKind, number][])
        for (let page = 1; page <= pages; page++) pageUrls.push(baseUrl + sitePaths.listing(entry.id, kind, page));
    }
    const gameIds = Object.values(state.platforms)
      .flatMap((s) => s.ids)
      .sort((a, b) => a - b);
    const parts: { name: string; urls: string[] }[] = [{ name: "pages", urls: pageUrls }];
    for (let i = 0; i < gameIds.length; i += SITEMAP_MAX_URLS) {
      parts.push({
        name: `games-${i / SITEMAP_MAX_URLS + 1}`,
        urls: gameIds.slice(i, i + SITEMAP_MAX_URLS).map((id) => baseUrl + sitePaths.game(id)),
      });
    }
    for (const part of parts) writer.write(siteFiles.sitemapPart(part.name), sitemapUrlSet(part.urls));
    // Parts a smaller catalog no longer needs.
    const live = new Set(parts.flatMap((p) => [siteFiles.sitemapPart(p.name), `${siteFiles.sitemapPart(p.name)}.gz`]));
    const sitemapDir = path.dirname(siteFiles.sitemapPart("pages"));
    for (const name of readdirSync(path.join(buildDir, sitemapDir)))
      if (!live.has(`${sitemapDir}/${name}`)) {
        if (!name.endsWith(".gz")) writer.changed.push(`${sitemapDir}/${name}`);
        rmSync(path.join(buildDir, sitemapDir, name), { force: true });
      }
    writer.write(
      siteFiles.sitemap,
      sitemapIndex(
        parts.map((p) => ({ url: baseUrl + sitePaths.sitemapPart(p.name), lastmod: writer.mtime(siteFiles.sitemapPart(p.name)) })),
      ),
    );

    writeFileAtomic(path.join(buildDir, siteFiles.state), JSON.stringify(state));
    return {
      platformsRendered,
      pagesRendered: pagesRendered + writer.pagesRendered,
      filesWritten: filesWritten + writer.filesWritten,
      elapsedMs: performance.now() - started,
      changedFiles: [...changedFiles, ...writer.changed],
    };
  }

  /**
   * Without a state this build could trust, it knows nothing of the files already there: it
   * removes every page file it did not write now (pages of games and platforms that are gone,
   * the gzip-only `.html.gz` pages of builds before SITE_VERSION 6 and the flat game pages of
   * builds before 7). Done at the end, so that a build
   * that fails leaves the pages it found.
   */
  private sweep(): void {
    const { buildDir } = this.settings;
    rmSync(path.join(buildDir, `${siteFiles.home}.gz`), { force: true });
    // A first build into a folder without pages (a fresh one) has written every file there is.
    if (!this.hadPages) return;
    const live = new Set<string>();
    for (const [slug, s] of Object.entries(this.state.platforms)) {
      for (const id of s.ids) live.add(siteFiles.game(id));
      for (const file of listingFiles(slug, s)) live.add(file);
    }
    const gamesDir = path.join(buildDir, siteFiles.gamesDir);
    for (const name of listOrEmpty(gamesDir)) {
      const full = path.join(gamesDir, name);
      if (!statSync(full, { throwIfNoEntry: false })?.isDirectory()) rmSync(full, { force: true });
      else
        for (const file of listOrEmpty(full))
          if (!live.has(`${siteFiles.gamesDir}/${name}/${file}`)) rmSync(path.join(full, file), { force: true });
    }
    const platformsDir = path.join(buildDir, siteFiles.platformsDir);
    for (const slug of listOrEmpty(platformsDir)) {
      if (this.state.platforms[slug] === undefined) {
        rmSync(path.join(platformsDir, slug), { recursive: true, force: true });
        continue;
      }
      for (const name of listOrEmpty(path.join(platformsDir, slug)))
        if (!live.has(`${siteFiles.platformDir(slug)}/${name}`)) rmSync(path.join(platformsDir, slug, name), { force: true });
    }
  }
}
