import type { StoredDocument } from "../catalog/store/catalog-snapshot.ts";
import { renderedDocument } from "../catalog/store/rendered-document.ts";
import type { OAuthLimits } from "../config/config.ts";
import { discoveryDocuments, type DiscoveryDocumentKey } from "./discovery-documents.ts";

type Rendered = Readonly<Record<DiscoveryDocumentKey, Omit<StoredDocument, "lastModified">>>;

const renderedByBase = new Map<string, Rendered>();

/**
 * The discovery documents for the serving instance's PUBLIC_BASE_URL and OAuth limits, rendered
 * once per configuration from the same generators the build uses (they depend on the
 * configuration and the code, not on the catalog). The build's copies, made with the build's
 * configuration, are for static hosts; an instance never publishes another base's URLs or limits
 * it does not enforce. ETags are content hashes, so every instance with the same configuration
 * and version sends the same validator. When the build's copy has the same bytes (the usual
 * case), its precompressed variants are reused; otherwise the brotli variants are made off the main
 * thread and served once done (brotli at quality 11 was a tenth of start-up), gzip at once.
 */
export function renderedDiscoveryDocuments(
  base: string,
  limits: OAuthLimits,
  built: (key: DiscoveryDocumentKey) => StoredDocument | undefined = () => undefined,
): Rendered {
  const key = JSON.stringify([base, limits]);
  const cached = renderedByBase.get(key);
  if (cached) return cached;
  const rendered = {} as Record<DiscoveryDocumentKey, Omit<StoredDocument, "lastModified">>;
  for (const doc of discoveryDocuments(base, limits))
    rendered[doc.key] = renderedDocument(doc.body, doc.contentType, built(doc.key), "background");
  renderedByBase.set(key, rendered);
  return rendered;
}
