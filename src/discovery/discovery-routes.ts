import type { CatalogSource } from "../catalog/store/catalog-source.ts";
import { documentResult } from "../catalog/http/document-result.ts";
import type { BuildManifest } from "../catalog/build/manifest.ts";
import type { HttpResult } from "../http/http-types.ts";
import type { Route } from "../http/router.ts";
import { apiCatalogLinkHeader } from "./api-catalog.ts";
import { discoveryDocumentPaths, type DiscoveryDocumentKey } from "./discovery-documents.ts";

/**
 * The routes of the discovery documents: each answers the build's prebuilt copy (build-time ETag,
 * Last-Modified, precompressed variants), exactly what nginx serves from static/. The API catalog
 * also carries `Link: <…>; rel="api-catalog"`, on GET and HEAD alike (a HEAD tells a client the
 * catalog is there without fetching it).
 * @see docs/service-spec.md §4.9; RFC 9727 (HEAD on /.well-known/api-catalog)
 */
export function discoveryRoutes(catalog: CatalogSource, base: string): Route[] {
  return (Object.entries(discoveryDocumentPaths) as [DiscoveryDocumentKey, string][]).map(([key, path]) => ({
    path,
    methods: {
      GET: (): HttpResult => {
        const snapshot = catalog.current();
        const result = documentResult(snapshot, key);
        if (key !== "apiCatalog") return result;
        // The link names the catalog as built, so it agrees with the document's own URLs.
        return { ...result, headers: { ...result.headers, link: apiCatalogLinkHeader(snapshot.manifest.publicBaseUrl ?? base) } };
      },
    },
  }));
}

/**
 * A warning when the build's discovery documents were made for another PUBLIC_BASE_URL than the
 * server's: their absolute URLs are fixed at build time (`ludex build` again fixes it).
 */
export function baseUrlMismatch(manifest: BuildManifest | undefined, base: string): { level: "warn"; msg: string; builtFor: string; publicBaseUrl: string } | undefined {
  const builtFor = manifest?.publicBaseUrl;
  if (builtFor === undefined || builtFor === base) return undefined;
  return {
    level: "warn",
    msg: "the catalog build's discovery documents were built for another PUBLIC_BASE_URL; run `ludex build` again",
    builtFor,
    publicBaseUrl: base,
  };
}
