import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import { contentHash } from "../http/etag.ts";
import type { BuiltPlatform } from "../catalog/build/manifest.ts";
import { writeFileAtomic } from "../catalog/build/write-file-atomic.ts";
import type { PlatformEntry } from "../catalog/record/game-record.ts";
import { homePage } from "./home-page.ts";
import { siteContext } from "./page-layout.ts";
import { PLATFORM_PAGE_SIZE } from "./platform-page.ts";
import { PageWriter, renderPlatform, type PlatformJob, type PlatformJobResult } from "./render-platform.ts";
import { siteAssets } from "./site-assets.ts";
import { siteFiles, sitePaths } from "./site-paths.ts";
import { SITEMAP_MAX_URLS, sitemapIndex, sitemapUrlSet } from "./sitemap.ts";

/** Bump when the page markup changes in a way the inputs below do not capture. */
const SITE_VERSION = 2;

export interface SiteBuildInput {
  readonly buildDir: string;
  /** Whole seconds; the mtime of every file written now (nginx and ludex derive the ETag from it). */
  readonly buildTime: number;
  readonly publicBaseUrl: string;
  readonly artworkBaseUrl: string;
  /** The platforms of this build, with the shard and index each page is rendered from. */
  readonly platforms: Readonly<Record<string, BuiltPlatform>>;
  readonly entries: readonly PlatformEntry[];
  /** From how many games to render a worker thread helps (tests set 0 to use it on a small catalog). */
  readonly workerMinGames?: number;
  /**
   * Games per platform listing page (default {@link PLATFORM_PAGE_SIZE}); tests lower it so that
   * the 11 sample SNES games span several pages, as a real platform's thousands do.
   */
  readonly pageSize?: number;
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
  /** Everything every page depends on besides its platform: the base path, the artwork host, asset names. */
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

/**
 * From this many games to render, a worker thread takes about half of the platforms while this
 * thread renders the rest (a full build: ~130,000 pages); fewer are not worth its start-up.
 */
const WORKER_MIN_GAMES = 20_000;

/**
 * Renders the jobs, splitting them by game count between this thread and one worker thread when
 * there are many. Synchronous like the rest of the build: it blocks on Atomics.wait for the
 * worker and reads its answer with receiveMessageOnPort.
 */
function renderAll(jobs: readonly PlatformJob[], workerMinGames: number): PlatformJobResult[] {
  const total = jobs.reduce((n, j) => n + j.built.games, 0);
  if (total < workerMinGames || jobs.length < 2) return jobs.map(renderPlatform);
  const mine: PlatformJob[] = [];
  const theirs: PlatformJob[] = [];
  let mineGames = 0;
  let theirGames = 0;
  for (const job of [...jobs].sort((a, b) => b.built.games - a.built.games)) {
    if (mineGames <= theirGames) {
      mine.push(job);
      mineGames += job.built.games;
    } else {
      theirs.push(job);
      theirGames += job.built.games;
    }
  }
  const { port1, port2 } = new MessageChannel();
  const done = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL("./render-worker.ts", import.meta.url), {
    workerData: { jobs: theirs, port: port2, done },
    transferList: [port2],
  });
  try {
    const results = mine.map(renderPlatform);
    Atomics.wait(done, 0, 0);
    const answer = receiveMessageOnPort(port1)?.message as { results?: PlatformJobResult[]; error?: string } | undefined;
    if (!answer?.results) throw new Error(`page rendering failed in the worker: ${answer?.error ?? "no answer"}`);
    return [...results, ...answer.results];
  } finally {
    port1.close();
    void worker.terminate();
  }
}

/**
 * The website's build step, run by `ludex build` after the records: one HTML file per game
 * (`static/games/<id>.html`) and per platform listing page, the home page, the stylesheet and
 * search script, and the sitemaps, each with a gzip sibling, beside the JSON records
 * for nginx and ludex to serve as they are. Only platforms whose shard changed (or all, when the
 * base path, artwork host or templates changed) are rendered again, and only files whose bytes changed are written.
 */
export function buildSite(input: SiteBuildInput): SiteBuildSummary {
  const started = performance.now();
  const { buildDir } = input;
  const ctx = siteContext(input.publicBaseUrl, input.artworkBaseUrl, siteAssets);
  const writer = new PageWriter(buildDir, input.buildTime);
  const pageSize = input.pageSize ?? PLATFORM_PAGE_SIZE;
  // Every listing page depends on the page size too: a new size renders every platform again.
  const key = contentHash(JSON.stringify([ctx, SITE_VERSION, pageSize]), 16);
  const previous = readState(buildDir);
  const reusable = previous?.key === key ? previous : undefined;

  writer.write(siteFiles.asset(siteAssets.css.file), siteAssets.css.body);
  writer.write(siteFiles.asset(siteAssets.script.file), siteAssets.script.body);
  writer.write(siteFiles.asset(siteAssets.copyScript.file), siteAssets.copyScript.body);

  const state: SiteState = { version: SITE_VERSION, key, platforms: {} };
  const jobs: PlatformJob[] = [];
  const platformKeys = new Map<string, string>();
  for (const entry of input.entries) {
    const built = input.platforms[entry.id];
    if (!built) continue;
    const platformKey = contentHash(JSON.stringify([built.hash, entry]), 16);
    const old = reusable?.platforms[entry.id];
    if (old && old.key === platformKey) {
      state.platforms[entry.id] = old;
      continue;
    }
    platformKeys.set(entry.id, platformKey);
    jobs.push({ buildDir, buildTime: input.buildTime, ctx, entry, built, fresh: previous?.platforms[entry.id] === undefined, pageSize });
  }
  const results = renderAll(jobs, input.workerMinGames ?? WORKER_MIN_GAMES);
  let pagesRendered = 0;
  let filesWritten = 0;
  for (const { slug, ids, pages, ...counts } of results) {
    pagesRendered += counts.pagesRendered;
    filesWritten += counts.filesWritten;
    const was = previous?.platforms[slug];
    if (was) {
      const kept = new Set(ids);
      for (const id of was.ids) if (!kept.has(id)) writer.remove(siteFiles.game(id));
      for (let page = pages + 1; page <= was.pages; page++) writer.remove(siteFiles.platform(slug, page));
    }
    state.platforms[slug] = { key: platformKeys.get(slug) ?? "", ids, pages };
  }
  for (const [slug, was] of Object.entries(previous?.platforms ?? {})) {
    if (state.platforms[slug]) continue;
    for (const id of was.ids) writer.remove(siteFiles.game(id));
    rmSync(path.join(buildDir, siteFiles.platformDir(slug)), { recursive: true, force: true });
  }

  writer.write(siteFiles.home, homePage(ctx, input.entries));

  // The sitemaps' URLs are absolute (sitemaps.org): these files name the build's base, for static
  // hosts; each server rebases them to its own (site-route.ts).
  const baseUrl = input.publicBaseUrl.replace(/\/+$/, "");
  const pageUrls = [baseUrl + sitePaths.home];
  for (const entry of input.entries) {
    const s = state.platforms[entry.id];
    for (let page = 1; page <= (s?.pages ?? 0); page++) pageUrls.push(baseUrl + sitePaths.platform(entry.id, page));
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
    if (!live.has(`${sitemapDir}/${name}`)) rmSync(path.join(buildDir, sitemapDir, name), { force: true });
  writer.write(
    siteFiles.sitemap,
    sitemapIndex(
      parts.map((p) => ({ url: baseUrl + sitePaths.sitemapPart(p.name), lastmod: writer.mtime(siteFiles.sitemapPart(p.name)) })),
    ),
  );

  writeFileAtomic(path.join(buildDir, siteFiles.state), JSON.stringify(state));
  return {
    platformsRendered: results.length,
    pagesRendered: pagesRendered + writer.pagesRendered,
    filesWritten: filesWritten + writer.filesWritten,
    elapsedMs: performance.now() - started,
  };
}
