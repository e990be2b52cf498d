import type { IncomingMessage, ServerResponse } from "node:http";
import { codedEtag, compressBody } from "./compress-body.ts";
import { ifNoneMatchMatches, notModifiedSince } from "./conditional.ts";
import type { HttpResult } from "./http-types.ts";
import { negotiateEncoding, type ContentCoding } from "./negotiate-encoding.ts";

/** Bodies smaller than this are sent as they are: compressing them saves little and costs CPU. */
const COMPRESS_MIN_BYTES = 1024;

/** Headers a 304 repeats from the 200 it stands for. @see RFC 9110 §15.4.5 */
const notModifiedHeaders = [
  "etag",
  "cache-control",
  "vary",
  "last-modified",
  "access-control-allow-origin",
  "access-control-expose-headers",
  "x-request-id",
  "link",
];

/**
 * Writes a route's result: content coding (a precompressed variant or on the fly, each with its
 * own ETag), conditional GET (304 on a matching If-None-Match, or If-Modified-Since without it),
 * HEAD without a body, and Vary so that caches key on Accept-Encoding.
 * @see RFC 9110 §8.8.3, §12.5.3, §13.1.1–2, §13.2.2; RFC 9111 §4.1
 */
export function sendResult(
  req: IncomingMessage,
  res: ServerResponse,
  result: HttpResult,
  extraHeaders: Readonly<Record<string, string>> = {},
): void {
  const headers: Record<string, string> = { ...extraHeaders, ...result.headers };
  const body = result.body;
  // A string body goes out as it is: Node writes it with the headers in one write, where a
  // Buffer would be copied first and then sent with a second vector (writev).
  let payload: Buffer | string | undefined = body;
  const encoding = result.bodyEncoding ?? "utf8";
  let payloadBytes = body === undefined ? 0 : typeof body === "string" ? Buffer.byteLength(body, encoding) : body.length;
  let etag = result.etag;

  const negotiable = body !== undefined && (result.encoded !== undefined || result.compressible === true);
  if (negotiable) {
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
    const available = result.encoded
      ? (Object.keys(result.encoded) as ContentCoding[])
      : payloadBytes >= COMPRESS_MIN_BYTES
        ? (["br", "gzip"] as const)
        : [];
    const coding = negotiateEncoding(req.headers["accept-encoding"], available);
    if (coding) {
      const variant = result.encoded?.[coding] ?? result.encode?.(coding);
      const coded = variant?.body ?? compressBody(typeof body === "string" ? Buffer.from(body, encoding) : body, coding, "single");
      payload = coded;
      payloadBytes = coded.length;
      if (etag) etag = variant?.etag ?? codedEtag(etag, coding);
      headers["content-encoding"] = coding;
    }
  }
  if (etag) headers.etag = etag;
  if (result.lastModified) headers["last-modified"] = result.lastModified;

  const conditional = (req.method === "GET" || req.method === "HEAD") && result.status === 200;
  const ifNoneMatch = req.headers["if-none-match"];
  const notModified =
    conditional &&
    (ifNoneMatch !== undefined
      ? etag !== undefined && ifNoneMatchMatches(ifNoneMatch, etag)
      : result.lastModified !== undefined && notModifiedSince(req.headers["if-modified-since"], result.lastModified));
  if (notModified) {
    const kept: Record<string, string> = {};
    for (const name of notModifiedHeaders) if (headers[name] !== undefined) kept[name] = headers[name];
    res.writeHead(304, kept);
    res.end();
    return;
  }

  if (payload !== undefined) headers["content-length"] = String(payloadBytes);
  res.writeHead(result.status, headers);
  if (req.method === "HEAD" || payload === undefined || payload.length === 0) res.end();
  else if (typeof payload === "string") res.end(payload, encoding);
  else res.end(payload);
}
