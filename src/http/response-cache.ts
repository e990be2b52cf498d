import { LRUCache } from "lru-cache";
import { codedEtag, compressBody } from "./compress-body.ts";
import type { EncodedBody, HttpResult } from "./http-types.ts";
import type { ContentCoding } from "./negotiate-encoding.ts";

/**
 * Computed answers (searches, listings) by ETag. The ETag is a function of the catalog build and
 * the normalised request, so a hit is exactly the answer the computation would give, and answers
 * of an older build simply age out. Bounded by bytes, compressed variants included.
 */
export interface ResponseCache {
  /** The cached answer for `etag`, or the one `compute` gives (then cached). */
  get(etag: string, compute: () => HttpResult): HttpResult;
}

interface Entry {
  readonly result: HttpResult;
  readonly bytes: number;
  readonly variants: Partial<Record<ContentCoding, EncodedBody>>;
}

const entryBytes = (entry: Entry): number =>
  Math.max(1, entry.bytes + (entry.variants.br?.body.length ?? 0) + (entry.variants.gzip?.body.length ?? 0));

/**
 * A cached answer's compressed variants are made on first request per coding and kept with it:
 * most clients accept brotli, and compressing a cached search per request cost more than the
 * search.
 */
export function createResponseCache(maxBytes = 8 * 1024 * 1024): ResponseCache {
  const cache = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: entryBytes });
  return {
    get(etag, compute) {
      const hit = cache.get(etag);
      if (hit) return hit.result;
      const result = compute();
      if (result.status !== 200) return result;
      const body = typeof result.body === "string" ? Buffer.from(result.body, result.bodyEncoding ?? "utf8") : result.body;
      const variants: Entry["variants"] = {};
      const encode =
        result.compressible && result.etag !== undefined && body !== undefined
          ? (coding: ContentCoding): EncodedBody => {
              let variant = variants[coding];
              if (!variant) {
                variant = { body: compressBody(body, coding, "kept"), etag: codedEtag(result.etag as string, coding) };
                variants[coding] = variant;
                // Set again, as a new entry object (lru-cache keeps the size of the same object), so
                // that the cache counts the variant's bytes.
                const entry = cache.peek(etag);
                if (entry?.variants === variants) cache.set(etag, { ...entry });
              }
              return variant;
            }
          : undefined;
      const stored: HttpResult = { ...result, body, ...(encode ? { encode } : {}) };
      cache.set(etag, { result: stored, bytes: body?.length ?? 1, variants });
      return stored;
    },
  };
}
