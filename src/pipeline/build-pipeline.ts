import { existsSync } from "node:fs";
import path from "node:path";
import { buildCatalogFiles, type BuildSummary as CatalogBuildSummary, type ExtraDocument } from "../catalog/build/build-catalog.ts";
import { discardHeldBuild, REVIEW_FILE, recoverInterruptedPublish, startHeldBuild } from "../catalog/build/held-build.ts";
import { readManifest } from "../catalog/build/manifest.ts";
import { reviewDocument } from "../catalog/build/review-document.ts";
import { writeFileAtomic } from "../catalog/build/write-file-atomic.ts";
import { readReviewStateFile } from "../catalog/import/review-state.ts";
import type { Config } from "../config/config.ts";
import { discoveryDocuments } from "../discovery/discovery-documents.ts";
import { loadReleaseFeed } from "../releases/load-release-feed.ts";
import { type RenderedPlatform, SiteBuild, type SiteBuildSummary } from "../site/build-site.ts";
import { runPlatformJobs } from "./platform-pool.ts";
import { purgeList, writePurgeList, type PurgeList } from "./purge-list.ts";

/** Whether the build went into service, and where it was written. */
export interface Publication {
  /** `held`: an import found anomalies nobody accepted, so the build went beside the served one (`ludex publish` swaps it in). */
  readonly status: "published" | "held";
  /** The folder written: the build folder, or the held build's folder beside it. */
  readonly dir: string;
  /** The review the build wrote (`review.json` in `dir`), when it carries a new import or is held. */
  readonly reviewFile?: string;
  /** Anomalies in that review. */
  readonly anomalies: number;
}

export interface BuildSummary extends CatalogBuildSummary {
  /** The website's pages (src/site/), written beside the records (none with `pages: false`). */
  readonly site: SiteBuildSummary;
  readonly publication: Publication;
  /** What a CDN must purge after this build, as written to purge.json (src/pipeline/purge-list.ts). */
  readonly purge: PurgeList;
  /** Time spent making and writing the purge list. */
  readonly purgeMs: number;
}

/** A build without pages: what {@link buildCatalog} returns with `pages: false`. */
export type BareBuildSummary = CatalogBuildSummary & {
  readonly site?: undefined;
  readonly publication: Publication;
  readonly purge: PurgeList;
  readonly purgeMs: number;
};

/**
 * What the build writes depends on these settings as well as on the catalog. They are required
 * (the caller passes its Config) so that the build never reads the environment itself.
 */
export interface BuildOptions extends Pick<Config, "publicBaseUrl" | "oauthLimits" | "artworkBaseUrl"> {
  readonly dbFile: string;
  readonly buildDir: string;
  readonly releaseFeedFile: string;
  /**
   * PUBLIC_BASE_URL: the website's pages (canonical links, sitemaps) and the static copies of the
   * discovery documents carry absolute URLs under it; a build with another base renders every
   * page again. A server renders its own discovery documents at start-up
   * (src/discovery/rendered-documents.ts), so those follow the serving instance's base.
   */
  readonly publicBaseUrl: string;
  /** Games per platform listing page (default 200): tests lower it to page a small catalog. */
  readonly sitePageSize?: number;
  /** False builds no website pages (`bench:build` measures what they add to a build); default true. */
  readonly pages?: boolean;
  /** From how many records to build or render a worker thread takes its share (tests set 0 to use it on a small catalog). */
  readonly workerMinRecords?: number;
}

/**
 * `ludex build`: the catalog files (src/catalog/build/) plus what the layers above the catalog add
 * to them: the release feed, the discovery documents (OpenAPI, API catalog, llms.txt,
 * llms-full.txt, robots.txt), the per-platform match tables and the website's pages.
 */
export function buildCatalog(options: BuildOptions & { readonly pages?: true }): BuildSummary;
export function buildCatalog(options: BuildOptions): BuildSummary | BareBuildSummary;
export function buildCatalog(options: BuildOptions): BuildSummary | BareBuildSummary {
  const { publicBaseUrl, oauthLimits, artworkBaseUrl } = options;
  // The served folder is never written while an update is held: the build goes to a folder beside it.
  const state = existsSync(options.dbFile) ? readReviewStateFile(options.dbFile) : undefined;
  recoverInterruptedPublish(options.buildDir);
  const held = state?.held === true;
  if (!held) discardHeldBuild(options.buildDir);
  const buildDir = held ? startHeldBuild(options.buildDir) : options.buildDir;
  const latest = state?.reviews.at(-1);
  // A review goes with the first build of its import's data; rebuilds of the same data carry none.
  const carriesReview = state !== undefined && latest !== undefined && readManifest(buildDir)?.dataVersion !== latest.toDataVersion;
  const status = held ? "held" : "published";
  const review =
    state && latest && (carriesReview || held)
      ? (catalogVersion: string, builtAt: string): string =>
          JSON.stringify(reviewDocument(state, status, catalogVersion, latest.toDataVersion, builtAt), null, 1)
      : undefined;
  const documents = (): readonly ExtraDocument[] => [
    {
      key: "releaseFeed",
      name: "documents/release-feed",
      staticFile: "static/api/v1/community/index.json",
      body: JSON.stringify(loadReleaseFeed(options.releaseFeedFile)),
      contentType: "application/json",
    },
    ...discoveryDocuments(publicBaseUrl, oauthLimits).map((d) => ({
      key: d.key,
      name: d.name,
      staticFile: d.staticFile,
      body: d.body,
      contentType: d.contentType,
    })),
  ];
  let siteSummary: SiteBuildSummary | undefined;
  let pages: SiteBuild | undefined;
  const rendered = new Map<string, RenderedPlatform>();
  let reviewBody: string | undefined;
  const summary = buildCatalogFiles({
    dbFile: options.dbFile,
    buildDir,
    ...(review
      ? {
          review: (catalogVersion: string, builtAt: string): string => {
            reviewBody = review(catalogVersion, builtAt);
            return reviewBody;
          },
        }
      : {}),
    publicBaseUrl,
    artworkBaseUrl,
    documents,
    // Each platform whole on one of two threads: its catalog files, then its pages from the records
    // in memory (only platforms whose shard or entry changed are rendered again, src/site/build-site.ts).
    runPlatforms: (settings, tasks, documentTasks) => {
      const site = pages?.plan();
      const { platforms, documents: built } = runPlatformJobs(
        options.dbFile,
        { settings, ...(site ? { site } : {}) },
        tasks,
        options.workerMinRecords,
        documentTasks,
      );
      for (const output of platforms) if (output.pages) rendered.set(output.outcome.entry.id, output.pages);
      return { outcomes: platforms.map((output) => output.outcome), documents: built };
    },
    derived: (buildTime) => {
      if (options.pages === false) return undefined;
      const site = new SiteBuild({
        buildDir,
        buildTime,
        publicBaseUrl,
        artworkBaseUrl,
        ...(options.sitePageSize === undefined ? {} : { pageSize: options.sitePageSize }),
      });
      pages = site;
      return {
        beforeManifest: ({ entries }) => {
          siteSummary = site.finish(entries, rendered);
        },
      };
    },
  });
  // Written right after the manifest (what changed is known only once the build is complete), before the review that marks a held build complete.
  const purgeStarted = performance.now();
  const purge = purgeList({ buildDir, catalog: summary, ...(siteSummary ? { siteFiles: siteSummary.changedFiles } : {}) });
  writePurgeList(buildDir, purge);
  const purgeMs = performance.now() - purgeStarted;
  // Written last: in a held build it marks the build complete (src/catalog/build/held-build.ts).
  if (review) {
    reviewBody ??= review(summary.manifest.catalogVersion, summary.manifest.builtAt);
    writeFileAtomic(path.join(buildDir, REVIEW_FILE), reviewBody);
  }
  const publication: Publication = {
    status,
    dir: buildDir,
    ...(review ? { reviewFile: path.join(buildDir, REVIEW_FILE) } : {}),
    anomalies: review && state ? state.reviews.reduce((n, r) => n + r.anomalies.length, 0) : 0,
  };
  if (options.pages === false) return { ...summary, publication, purge, purgeMs };
  if (siteSummary === undefined) throw new Error("the build wrote no pages");
  return { ...summary, site: siteSummary, publication, purge, purgeMs };
}
