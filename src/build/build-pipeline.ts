import { buildCatalogFiles, type BuildSummary as CatalogBuildSummary, type ExtraDocument } from "../catalog/build/build-catalog.ts";
import type { Config } from "../config/config.ts";
import { discoveryDocuments } from "../discovery/discovery-documents.ts";
import { buildMatchTable } from "../match/match-table.ts";
import { loadReleaseFeed } from "../releases/load-release-feed.ts";
import { buildSite, type SiteBuildSummary } from "../site/build-site.ts";

export interface BuildSummary extends CatalogBuildSummary {
  /** The website's pages (src/site/), written beside the records. */
  readonly site: SiteBuildSummary;
}

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
}

/**
 * `ludex build`: the catalog files (src/catalog/build/) plus what the layers above the catalog add
 * to them: the release feed, the discovery documents (OpenAPI, API catalog, llms.txt,
 * llms-full.txt, robots.txt), the per-platform match tables and the website's pages.
 */
export function buildCatalog(options: BuildOptions): BuildSummary {
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
    documents,
    matchTable: buildMatchTable,
    // Only the platforms whose shard changed are rendered again (src/site/build-site.ts).
    beforeManifest: ({ buildTime, platforms, entries }) => {
      site = buildSite({
        buildDir: options.buildDir,
        buildTime,
        publicBaseUrl,
        artworkBaseUrl,
        platforms,
        entries,
        ...(options.sitePageSize === undefined ? {} : { pageSize: options.sitePageSize }),
      });
    },
  });
  if (site === undefined) throw new Error("the build wrote no pages");
  return { ...summary, site };
}
