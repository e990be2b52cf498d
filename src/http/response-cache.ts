import { LRUCache } from "lru-cache";
import type { HttpResult } from "./http-types.ts";

/**
 * Computed answers (searches, listings) by ETag. The ETag is a function of the catalog build and
 * the normalised request, so a hit is exactly the answer the computation would give, and answers
 * of an older build simply age out. Bounded by bytes.
 */
export interface ResponseCache {
  /** The cached answer for `etag`, or the one `compute` gives (then cached). */
  get(etag: string, compute: () => HttpResult): HttpResult;
}

export function createResponseCache(maxBytes = 8 * 1024 * 1024): ResponseCache {
  const cache = new LRUCache<string, HttpResult>({
    maxSize: maxBytes,
    sizeCalculation: (result) => Math.max(1, typeof result.body === "string" ? Buffer.byteLength(result.body) : (result.body?.length ?? 1)),
  });
  return {
    get(etag, compute) {
      const hit = cache.get(etag);
      if (hit) return hit;
      const result = compute();
      if (result.status === 200) {
        const body = typeof result.body === "string" ? Buffer.from(result.body) : result.body;
        const stored = { ...result, body };
        cache.set(etag, stored);
        return stored;
      }
      return result;
    },
  };
}
