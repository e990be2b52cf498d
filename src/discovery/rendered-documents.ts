import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { PRECOMPRESS_MIN_BYTES } from "../catalog/build/write-static-document.ts";
import type { StoredDocument } from "../catalog/store/catalog-snapshot.ts";
import type { OAuthLimits } from "../config/config.ts";
import { strongEtag } from "../http/etag.ts";
import { discoveryDocuments, type DiscoveryDocumentKey } from "./discovery-documents.ts";

type Rendered = Readonly<Record<DiscoveryDocumentKey, Omit<StoredDocument, "lastModified">>>;

const renderedByBase = new Map<string, Rendered>();

/** gzip and brotli variants of a body, reusing the build's when it compressed the very same bytes. */
function variantsOf(body: Buffer, built: StoredDocument | undefined): Omit<StoredDocument, "lastModified">["encoded"] {
  if (body.length < PRECOMPRESS_MIN_BYTES) return {};
  const same = built?.body.equals(body) === true;
  const br = (same ? built?.encoded.br?.body : undefined) ?? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = (same ? built?.encoded.gzip?.body : undefined) ?? gzipSync(body, { level: 9 });
  return { br: { body: br, etag: strongEtag(br) }, gzip: { body: gzip, etag: strongEtag(gzip) } };
}

/**
 * The discovery documents for the serving instance's PUBLIC_BASE_URL and OAuth limits, rendered
 * once per configuration from the same generators the build uses (they depend on the
 * configuration and the code, not on the catalog). The build's copies, made with the build's
 * configuration, are for static hosts; an instance never publishes another base's URLs or limits
 * it does not enforce. ETags are content hashes, so every instance with the same configuration
 * and version sends the same validator. When the build's copy has the same bytes (the usual
 * case), its precompressed variants are reused: brotli at quality 11 was a tenth of start-up.
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
  for (const doc of discoveryDocuments(base, limits)) {
    const body = Buffer.from(doc.body);
    rendered[doc.key] = { body, etag: strongEtag(body), contentType: doc.contentType, encoded: variantsOf(body, built(doc.key)) };
  }
  renderedByBase.set(key, rendered);
  return rendered;
}
