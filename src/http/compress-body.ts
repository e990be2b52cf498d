import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { ContentCoding } from "./negotiate-encoding.ts";

/**
 * How hard to compress a body made at request time. `kept`: a variant made once and then served
 * many times (a game record, a cached search), worth brotli quality 4 and gzip level 6. `single`:
 * a body compressed for one response only (a ROM-match answer), where the compressor's time is
 * the response's: brotli quality 1 and gzip level 1, several times faster for a few more bytes;
 * at quality 4, compressing took longer than the match itself (docs/performance.md).
 */
export type CompressionEffort = "kept" | "single";

const BROTLI_QUALITY: Record<CompressionEffort, number> = { kept: 4, single: 1 };
const GZIP_LEVEL: Record<CompressionEffort, number> = { kept: 6, single: 1 };

/** A body compressed at request time for `coding` (the build precompresses its own files harder). */
export function compressBody(body: Buffer, coding: ContentCoding, effort: CompressionEffort): Buffer {
  return coding === "br"
    ? brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort], [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: GZIP_LEVEL[effort] });
}

/**
 * The ETag of a body compressed at request time: a different representation needs a different tag.
 * @see RFC 9110 §8.8.3
 */
export function codedEtag(etag: string, coding: ContentCoding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}
