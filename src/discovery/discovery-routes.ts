import type { CatalogSnapshot } from "../catalog/store/catalog-snapshot.ts";
import type { CatalogSource } from "../catalog/store/catalog-source.ts";
import { documentResult } from "../catalog/http/document-result.ts";
import type { BuildManifest } from "../catalog/build/manifest.ts";
import { cachePolicy } from "../http/cache-policy.ts";
import type { HttpResult } from "../http/http-types.ts";
import type { Route } from "../http/router.ts";
import { apiCatalogLinkHeader } from "./api-catalog.ts";
import { discoveryDocumentPaths, type DiscoveryDocumentKey } from "./discovery-documents.ts";
import { renderedDiscoveryDocuments } from "./rendered-documents.ts";

/**
 * The routes of the discovery documents. When the build was made for this instance's
 * PUBLIC_BASE_URL, each answers the build's prebuilt copy (build-time ETag, Last-Modified,
 * precompressed variants); otherwise the copy rendered for this instance at start-up
 * (rendered-documents.ts), so absolute URLs are always the serving instance's and one build
 * serves several base URLs. The API catalog also carries `Link: <…>; rel="api-catalog"`, on GET
 * and HEAD alike (a HEAD tells a client the catalog is there without fetching it).
 * @see docs/service-spec.md §4.9; RFC 9727 (HEAD on /.well-known/api-catalog)
 */
export function discoveryRoutes(catalog: CatalogSource, base: string): Route[] {
  return (Object.entries(discoveryDocumentPaths) as [DiscoveryDocumentKey, string][]).map(([key, path]) => ({
    path,
    methods: {
      GET: (): HttpResult => {
        const snapshot = catalog.current();
        const result = snapshot.manifest.publicBaseUrl === base ? documentResult(snapshot, key) : renderedResult(snapshot, base, key);
        if (key !== "apiCatalog") return result;
        return { ...result, headers: { ...result.headers, link: apiCatalogLinkHeader(base) } };
      },
    },
  }));
}

function renderedResult(snapshot: CatalogSnapshot, base: string, key: DiscoveryDocumentKey): HttpResult {
  const doc = renderedDiscoveryDocuments(base)[key];
  const built = snapshot.document(key);
  return {
    status: 200,
    etag: doc.etag,
    ...(built ? { lastModified: built.lastModified } : {}),
    headers: { "content-type": doc.contentType, "cache-control": cachePolicy.document },
    body: doc.body,
    encoded: doc.encoded,
  };
}

/**
 * An info line when the build was made for another PUBLIC_BASE_URL than the server's: the
 * discovery documents are then rendered for the server's base (the website's pages keep the
 * build's; README "Website").
 */
export function baseUrlMismatch(
  manifest: BuildManifest | undefined,
  base: string,
): { level: "info"; msg: string; builtFor: string; publicBaseUrl: string } | undefined {
  const builtFor = manifest?.publicBaseUrl;
  if (builtFor === undefined || builtFor === base) return undefined;
  return {
    level: "info",
    msg: "the catalog build was made for another PUBLIC_BASE_URL; discovery documents are rendered for this server's",
    builtFor,
    publicBaseUrl: base,
  };
}
