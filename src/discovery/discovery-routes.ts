import type { CatalogSnapshot } from "../catalog/store/catalog-snapshot.ts";
import type { CatalogSource } from "../catalog/store/catalog-source.ts";
import type { BuildManifest } from "../catalog/build/manifest.ts";
import { cachePolicy } from "../http/cache-policy.ts";
import type { OAuthLimits } from "../config/config.ts";
import type { HttpResult } from "../http/http-types.ts";
import type { Route } from "../http/router.ts";
import { apiCatalogLinkHeader } from "./api-catalog.ts";
import { discoveryDocumentPaths, type DiscoveryDocumentKey } from "./discovery-documents.ts";
import { renderedDiscoveryDocuments } from "./rendered-documents.ts";

/**
 * The routes of the discovery documents, each answering the copy rendered for this instance's
 * PUBLIC_BASE_URL and OAuth limits at start-up (rendered-documents.ts; Last-Modified is the
 * build's), so absolute URLs and quoted limits are always the serving instance's and one build
 * serves several base URLs. The API catalog also carries `Link: <…>; rel="api-catalog"`, on GET
 * and HEAD alike (a HEAD tells a client the catalog is there without fetching it).
 * @see docs/service-spec.md §4.9; RFC 9727 (HEAD on /.well-known/api-catalog)
 */
export function discoveryRoutes(catalog: CatalogSource, base: string, limits: OAuthLimits): Route[] {
  return (Object.entries(discoveryDocumentPaths) as [DiscoveryDocumentKey, string][]).map(([key, path]) => ({
    path,
    methods: {
      GET: (): HttpResult => {
        const snapshot = catalog.current();
        const result = renderedResult(snapshot, base, limits, key);
        if (key !== "apiCatalog") return result;
        return { ...result, headers: { ...result.headers, link: apiCatalogLinkHeader(base) } };
      },
    },
  }));
}

function renderedResult(snapshot: CatalogSnapshot, base: string, limits: OAuthLimits, key: DiscoveryDocumentKey): HttpResult {
  const doc = renderedDiscoveryDocuments(base, limits, (name) => snapshot.document(name))[key];
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
 * A log line when the build was made for another PUBLIC_BASE_URL than the server's. Every
 * absolute URL the server publishes is its own (discovery documents, change index, dump listing,
 * sitemaps), so another origin is only worth an `info`; another path is a `warn`, since the
 * website's pages link between themselves under the build's path (docs/website.md "Base URLs").
 */
export function baseUrlMismatch(
  manifest: BuildManifest | undefined,
  base: string,
): { level: "info" | "warn"; msg: string; builtFor: string; publicBaseUrl: string } | undefined {
  const builtFor = manifest?.publicBaseUrl;
  if (builtFor === undefined || builtFor === base) return undefined;
  const pathOf = (url: string): string => new URL(url).pathname.replace(/\/+$/, "");
  return pathOf(builtFor) === pathOf(base)
    ? {
        level: "info",
        msg: "the catalog build was made for another PUBLIC_BASE_URL: the documents with absolute URLs are rendered for this server's",
        builtFor,
        publicBaseUrl: base,
      }
    : {
        level: "warn",
        msg: "the catalog build was made for a PUBLIC_BASE_URL with another path: the website's pages link under the build's path; build again for this one",
        builtFor,
        publicBaseUrl: base,
      };
}
