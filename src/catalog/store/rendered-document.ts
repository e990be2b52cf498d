import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { strongEtag } from "../../http/etag.ts";
import { PRECOMPRESS_MIN_BYTES } from "../build/write-static-document.ts";
import type { StoredDocument } from "./catalog-snapshot.ts";

/**
 * A document rendered in memory by the server (for its own PUBLIC_BASE_URL or configuration), held
 * like a prebuilt one: the body, a content-hash ETag (the same on every instance that renders the
 * same bytes, where a file's mtime would differ), and gzip and brotli variants above the size the
 * build precompresses from. When `built`, the build's copy, has the very same bytes (the usual
 * case), its variants are reused: brotli at quality 11 was about a tenth of start-up. The caller
 * adds the build's Last-Modified.
 * @see src/catalog/build/write-static-document.ts (the build's copies), README.md "Discovery documents"
 */
export function renderedDocument(text: string | Buffer, contentType: string, built?: StoredDocument): Omit<StoredDocument, "lastModified"> {
  const body = Buffer.isBuffer(text) ? text : Buffer.from(text);
  if (body.length < PRECOMPRESS_MIN_BYTES) return { body, etag: strongEtag(body), contentType, encoded: {} };
  const same = built?.body.equals(body) === true;
  const br = (same ? built?.encoded.br?.body : undefined) ?? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = (same ? built?.encoded.gzip?.body : undefined) ?? gzipSync(body, { level: 9 });
  return {
    body,
    etag: strongEtag(body),
    contentType,
    encoded: { br: { body: br, etag: strongEtag(br) }, gzip: { body: gzip, etag: strongEtag(gzip) } },
  };
}
