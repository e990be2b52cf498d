import { buildCatalogFiles, type BuildSummary as CatalogBuildSummary, type ExtraDocument } from "../catalog/build/build-catalog.ts";
import { loadConfig, type OAuthLimits } from "../config/config.ts";
import { discoveryDocuments } from "../discovery/discovery-documents.ts";
import { buildMatchTable } from "../match/match-table.ts";
import { loadReleaseFeed } from "../releases/load-release-feed.ts";
import { buildSite, type SiteBuildSummary } from "../site/build-site.ts";

export interface BuildSummary extends CatalogBuildSummary {
  /** The website's pages (src/site/), written beside the records. */
  readonly site: SiteBuildSummary;
}

export interface BuildOptions {
  readonly dbFile: string;
  readonly buildDir: string;
  readonly releaseFeedFile: string;
  /**
   * PUBLIC_BASE_URL (config.publicBaseUrl): the discovery documents carry absolute URLs under it,
   * so a build serves one deployment; rebuild after changing it. Defaults to the environment's
   * (loadConfig()), which is what the CLI passes.
   */
  readonly publicBaseUrl?: string;
  /** The OAuth limits the static copies of the discovery documents quote; defaults to the environment's. */
  readonly oauthLimits?: OAuthLimits;
  /** LUDEX_ARTWORK_BASE_URL, for the game pages' artwork; defaults to the environment's. */
  readonly artworkBaseUrl?: string;
  /** Games per platform listing page (default 200): tests lower it to page a small catalog. */
  readonly sitePageSize?: number;
}

/**
 * `ludex build`: the catalog files (src/catalog/build/) plus what the layers above the catalog add
 * to them: the release feed, the discovery documents (OpenAPI, API catalog, llms.txt,
 * llms-full.txt, robots.txt), the per-platform match tables and the website's pages.
 */
export function buildCatalog(options: BuildOptions): BuildSummary {
  const publicBaseUrl = options.publicBaseUrl ?? loadConfig().publicBaseUrl;
  const oauthLimits = options.oauthLimits ?? loadConfig().oauthLimits;
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
  const artworkBaseUrl = options.artworkBaseUrl ?? loadConfig().artworkBaseUrl;
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
