import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { PRECOMPRESS_MIN_BYTES } from "../catalog/build/write-static-document.ts";
import type { StoredDocument } from "../catalog/store/catalog-snapshot.ts";
import type { OAuthLimits } from "../config/config.ts";
import { strongEtag } from "../http/etag.ts";
import { discoveryDocuments, type DiscoveryDocumentKey } from "./discovery-documents.ts";

type Rendered = Readonly<Record<DiscoveryDocumentKey, Omit<StoredDocument, "lastModified">>>;

const renderedByBase = new Map<string, Rendered>();

/**
 * The discovery documents for the serving instance's PUBLIC_BASE_URL and OAuth limits, rendered
 * once per configuration from the same generators the build uses (they depend on the
 * configuration and the code, not on the catalog). The build's copies, made with the build's
 * configuration, are for static hosts; an instance never publishes another base's URLs or limits
 * it does not enforce. ETags are content hashes, so every instance with the same configuration
 * and version sends the same validator.
 */
export function renderedDiscoveryDocuments(base: string, limits: OAuthLimits): Rendered {
  const key = JSON.stringify([base, limits]);
  const cached = renderedByBase.get(key);
  if (cached) return cached;
  const rendered = {} as Record<DiscoveryDocumentKey, Omit<StoredDocument, "lastModified">>;
  for (const doc of discoveryDocuments(base, limits)) {
    const body = Buffer.from(doc.body);
    const encoded =
      body.length >= PRECOMPRESS_MIN_BYTES
        ? (() => {
            const br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
            const gzip = gzipSync(body, { level: 9 });
            return { br: { body: br, etag: strongEtag(br) }, gzip: { body: gzip, etag: strongEtag(gzip) } };
          })()
        : {};
    rendered[doc.key] = { body, etag: strongEtag(body), contentType: doc.contentType, encoded };
  }
  renderedByBase.set(key, rendered);
  return rendered;
}
