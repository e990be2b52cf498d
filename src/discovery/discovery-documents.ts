import type { OAuthLimits } from "../config/config.ts";
import { apiCatalog } from "./api-catalog.ts";
import { discoveryMediaTypes, discoveryPaths } from "./discovery-paths.ts";
import { llmsFullTxt, llmsTxt } from "./llms-text.ts";
import { openApiDocument } from "./openapi-document.ts";
import { robotsTxt } from "./robots.ts";

/** One discovery document as the build writes it (src/pipeline/build-pipeline.ts). */
export interface DiscoveryDocument {
  /** Its name in the build manifest's `documents` (and for `CatalogSnapshot.document`). */
  readonly key: DiscoveryDocumentKey;
  /** The URL path it is served at. */
  readonly path: string;
  /** Stable copy under the build folder, for nginx and static hosts. */
  readonly staticFile: string;
  /** Content-addressed name stem (the build appends the hash). */
  readonly name: string;
  readonly contentType: string;
  readonly body: string;
}

/** The documents and where they are served: the server's routes are made from this table. */
export const discoveryDocumentPaths = {
  openapi: discoveryPaths.openapi,
  apiCatalog: discoveryPaths.apiCatalog,
  llmsTxt: discoveryPaths.llmsTxt,
  llmsFullTxt: discoveryPaths.llmsFullTxt,
  robotsTxt: discoveryPaths.robotsTxt,
} as const;

export type DiscoveryDocumentKey = keyof typeof discoveryDocumentPaths;

/**
 * Every discovery document for a deployment at `base` (PUBLIC_BASE_URL) with these OAuth limits:
 * every URL in them is absolute under it, and the limits they quote are the ones enforced. Pure and deterministic, so unchanged documents keep their ETags across builds.
 * @see docs/service-spec.md §4.9
 */
export function discoveryDocuments(base: string, limits: OAuthLimits): readonly DiscoveryDocument[] {
  const openapi = openApiDocument(base, limits);
  const doc = (key: DiscoveryDocumentKey, name: string, contentType: string, body: string): DiscoveryDocument => ({
    key,
    path: discoveryDocumentPaths[key],
    staticFile: `static${discoveryDocumentPaths[key]}`,
    name: `documents/${name}`,
    contentType,
    body,
  });
  return [
    doc("openapi", "openapi", discoveryMediaTypes.openapi, `${JSON.stringify(openapi, null, 2)}\n`),
    doc("apiCatalog", "api-catalog", discoveryMediaTypes.apiCatalog, `${JSON.stringify(apiCatalog(base), null, 2)}\n`),
    doc("llmsTxt", "llms", discoveryMediaTypes.text, llmsTxt(openapi)),
    doc("llmsFullTxt", "llms-full", discoveryMediaTypes.text, llmsFullTxt(openapi, limits)),
    doc("robotsTxt", "robots", discoveryMediaTypes.text, robotsTxt(base)),
  ];
}
