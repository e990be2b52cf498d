import { buildCatalogFiles, type BuildSummary as CatalogBuildSummary, type ExtraDocument } from "../catalog/build/build-catalog.ts";
import type { Config } from "../config/config.ts";
import { discoveryDocuments } from "../discovery/discovery-documents.ts";
import { buildMatchTable } from "../match/match-table.ts";
import { loadReleaseFeed } from "../releases/load-release-feed.ts";
import { SiteBuild, type SiteBuildSummary } from "../site/build-site.ts";

export interface BuildSummary extends CatalogBuildSummary {
  /** The website's pages (src/site/), written beside the records (none with `pages: false`). */
  readonly site: SiteBuildSummary;
}

/** A build without pages: what {@link buildCatalog} returns with `pages: false`. */
export type BareBuildSummary = CatalogBuildSummary & { readonly site?: undefined };

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
  let site: SiteBuildSummary | undefined;
  const summary = buildCatalogFiles({
    dbFile: options.dbFile,
    buildDir: options.buildDir,
    publicBaseUrl,
    artworkBaseUrl,
    documents,
    matchTable: buildMatchTable,
    // Only the platforms whose shard changed are rendered again (src/site/build-site.ts), each
    // as soon as its shard is written, on a worker thread while the build goes on.
    derived: (buildTime) => {
      if (options.pages === false) return undefined;
      const pages = new SiteBuild({
        buildDir: options.buildDir,
        buildTime,
        publicBaseUrl,
        artworkBaseUrl,
        ...(options.sitePageSize === undefined ? {} : { pageSize: options.sitePageSize }),
      });
      return {
        platform: (entry, built) => pages.platform(entry, built),
        beforeManifest: ({ entries }) => {
          site = pages.finish(entries);
        },
        abandon: () => pages.abandon(),
      };
    },
  });
  if (options.pages === false) return summary;
  if (site === undefined) throw new Error("the build wrote no pages");
  return { ...summary, site };
}
