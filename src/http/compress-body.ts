import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { ContentCoding } from "./negotiate-encoding.ts";

/**
 * A body compressed on the fly for `coding`: brotli at quality 4 and gzip at level 6, fast
 * settings for answers made per request (the build precompresses its files harder).
 */
export function compressBody(body: Buffer, coding: ContentCoding): Buffer {
  return coding === "br"
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

/**
 * The ETag of a body compressed on the fly: a different representation needs a different tag.
 * @see RFC 9110 §8.8.3
 */
export function codedEtag(etag: string, coding: ContentCoding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}
