import { buildCatalogFiles, type BuildSummary, type ExtraDocument } from "../catalog/build/build-catalog.ts";
import { loadConfig } from "../config/config.ts";
import { discoveryDocuments } from "../discovery/discovery-documents.ts";
import { buildMatchTable } from "../match/match-table.ts";
import { loadReleaseFeed } from "../releases/load-release-feed.ts";

export type { BuildSummary } from "../catalog/build/build-catalog.ts";

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
}

/**
 * `ludex build`: the catalog files (src/catalog/build/) plus what the layers above the catalog add
 * to them: the release feed, the discovery documents (OpenAPI, API catalog, llms.txt,
 * llms-full.txt, robots.txt) and the per-platform match tables.
 */
export function buildCatalog(options: BuildOptions): BuildSummary {
  const publicBaseUrl = options.publicBaseUrl ?? loadConfig().publicBaseUrl;
  const documents = (): readonly ExtraDocument[] => [
    {
      key: "releaseFeed",
      name: "documents/release-feed",
      staticFile: "static/api/v1/community/index.json",
      body: JSON.stringify(loadReleaseFeed(options.releaseFeedFile)),
      contentType: "application/json",
    },
    ...discoveryDocuments(publicBaseUrl).map((d) => ({ key: d.key, name: d.name, staticFile: d.staticFile, body: d.body, contentType: d.contentType })),
  ];
  return buildCatalogFiles({ dbFile: options.dbFile, buildDir: options.buildDir, publicBaseUrl, documents, matchTable: buildMatchTable });
}
