import { brotliCompress, brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { ContentCoding } from "../../http/negotiate-encoding.ts";
import { strongEtag } from "../../http/etag.ts";
import { PRECOMPRESS_MIN_BYTES } from "../build/write-static-document.ts";
import type { EncodedBody } from "../../http/http-types.ts";
import type { StoredDocument } from "./catalog-snapshot.ts";

/**
 * A document rendered in memory by the server (for its own PUBLIC_BASE_URL or configuration), held
 * like a prebuilt one: the body, a content-hash ETag (the same on every instance that renders the
 * same bytes, where a file's mtime would differ), and gzip and brotli variants above the size the
 * build precompresses from. When `built`, the build's copy, has the very same bytes (the usual
 * case), its variants are reused: brotli at quality 11 was about a tenth of start-up. With
 * `brotli: "background"` (the discovery documents rendered as the server starts) the brotli variant
 * is made off the main thread and joins `encoded` when done. The caller adds the build's Last-Modified.
 * @see src/catalog/build/write-static-document.ts (the build's copies), docs/api.md "Discovery documents"
 */
export function renderedDocument(
  text: string | Buffer,
  contentType: string,
  built?: StoredDocument,
  brotli: "now" | "background" = "now",
): Omit<StoredDocument, "lastModified"> {
  const body = Buffer.isBuffer(text) ? text : Buffer.from(text);
  if (body.length < PRECOMPRESS_MIN_BYTES) return { body, etag: strongEtag(body), contentType, encoded: {} };
  const same = built?.body.equals(body) === true;
  const gzip = (same ? built?.encoded.gzip?.body : undefined) ?? gzipSync(body, { level: 9 });
  const encoded: Partial<Record<ContentCoding, EncodedBody>> = { gzip: { body: gzip, etag: strongEtag(gzip) } };
  const builtBr = same ? built?.encoded.br?.body : undefined;
  const options = { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } };
  if (builtBr) encoded.br = { body: builtBr, etag: strongEtag(builtBr) };
  else if (brotli === "now") {
    const br = brotliCompressSync(body, options);
    encoded.br = { body: br, etag: strongEtag(br) };
  } else {
    // On the thread pool: until it is done (a fifth of a second for the OpenAPI document), clients get gzip.
    brotliCompress(body, options, (error, br) => {
      if (!error) encoded.br = { body: br, etag: strongEtag(br) };
    });
  }
  return { body, etag: strongEtag(body), contentType, encoded };
}
