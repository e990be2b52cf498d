import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { ifNoneMatchMatches } from "./conditional.ts";
import type { HttpResult } from "./http-types.ts";
import { negotiateEncoding, type ContentCoding } from "./negotiate-encoding.ts";

/** Bodies smaller than this are sent as they are: compressing them saves little and costs CPU. */
const COMPRESS_MIN_BYTES = 1024;

/** Headers every public GET/HEAD answer carries: anyone may read it from a browser. */
export const corsHeaders: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ETag, Link, Retry-After, RateLimit, RateLimit-Policy, X-Request-Id",
};

function compress(body: Buffer, coding: ContentCoding): Buffer {
  return coding === "br"
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

/**
 * Writes a route's result: conditional GET (304 on a matching If-None-Match), content coding
 * (precompressed variant or on-the-fly), HEAD without a body, and Vary so that caches key on
 * Accept-Encoding.
 * @see RFC 9110 §13.1.2, §15.4.5, §12.5.3; RFC 9111 §4.1
 */
export function sendResult(req: IncomingMessage, res: ServerResponse, result: HttpResult, extraHeaders: Readonly<Record<string, string>> = {}): void {
  const headers: Record<string, string> = { ...extraHeaders, ...result.headers };
  const body = result.body === undefined ? undefined : Buffer.isBuffer(result.body) ? result.body : Buffer.from(result.body);
  const cacheableGet = (req.method === "GET" || req.method === "HEAD") && result.status === 200;
  if (result.etag) headers.etag = result.etag;

  if (cacheableGet && result.etag && ifNoneMatchMatches(req.headers["if-none-match"], result.etag)) {
    const notModified: Record<string, string> = {};
    for (const name of ["etag", "cache-control", "vary", "access-control-allow-origin", "access-control-expose-headers", "x-request-id", "link"]) {
      const value = headers[name];
      if (value !== undefined) notModified[name] = value;
    }
    notModified.vary = "Accept-Encoding";
    res.writeHead(304, notModified);
    res.end();
    return;
  }

  let payload = body;
  if (body && (result.encoded || (result.compressible && body.length >= COMPRESS_MIN_BYTES))) {
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
    const available = result.encoded ? (Object.keys(result.encoded) as ContentCoding[]) : (["br", "gzip"] as const);
    const coding = negotiateEncoding(req.headers["accept-encoding"], available);
    if (coding) {
      payload = result.encoded?.[coding] ?? compress(body, coding);
      headers["content-encoding"] = coding;
    }
  } else if (result.compressible || result.encoded) {
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
  }
  if (payload) headers["content-length"] = String(payload.length);
  res.writeHead(result.status, headers);
  if (req.method === "HEAD" || !payload) res.end();
  else res.end(payload);
}
