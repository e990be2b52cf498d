import type { IncomingMessage, ServerResponse } from "node:http";
import { codedEtag, compressBody } from "./compress-body.ts";
import { ifNoneMatchMatches, notModifiedSince } from "./conditional.ts";
import type { HttpResult } from "./http-types.ts";
import { negotiateEncoding, type ContentCoding } from "./negotiate-encoding.ts";

/** Bodies smaller than this are sent as they are: compressing them saves little and costs CPU. */
const COMPRESS_MIN_BYTES = 1024;
const BOTH_CODINGS: readonly ContentCoding[] = ["br", "gzip"];
const NO_CODINGS: readonly ContentCoding[] = [];

/** Headers a 304 repeats from the 200 it stands for. @see RFC 9110 §15.4.5 */
const notModifiedHeaders = new Set([
  "etag",
  "cache-control",
  "vary",
  "last-modified",
  "access-control-allow-origin",
  "access-control-expose-headers",
  "x-request-id",
  "link",
  // The CDN keeps the cache tags of what it stored; nginx repeats them too (add_header covers 304).
  "surrogate-key",
  "cache-tag",
]);

/**
 * Header fields as `writeHead` takes them flat (name, value, name, value, ...): Node writes such a
 * list in order, where an object is walked key by key (`for…in` and an own-property check per
 * field). An object built by spreads and added keys took a new shape per route and field set, so
 * both this function's writes and Node's reads of it were megamorphic.
 */
type HeaderList = string[];

/** Sets `name` in `list`, replacing its value if present (field names here are lower case). */
function setHeader(list: HeaderList, name: string, value: string): void {
  for (let i = 0; i < list.length; i += 2) {
    if (list[i] === name) {
      list[i + 1] = value;
      return;
    }
  }
  list.push(name, value);
}

/** `shared` then `own`, a field of `own` replacing the same field of `shared`. */
function headerList(shared: Readonly<Record<string, string>>, own: Readonly<Record<string, string>> | undefined): HeaderList {
  const list: HeaderList = [];
  for (const name in shared) if (own?.[name] === undefined) list.push(name, shared[name] as string);
  if (own) for (const name in own) list.push(name, own[name] as string);
  return list;
}

function headerValue(list: HeaderList, name: string): string | undefined {
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) return list[i + 1];
  return undefined;
}

/**
 * Writes a route's result: content coding (a precompressed variant or on the fly, each with its
 * own ETag), conditional GET (304 on a matching If-None-Match, or If-Modified-Since without it),
 * HEAD without a body, and Vary so that caches key on Accept-Encoding. `shared` holds the fields
 * every answer carries (CORS, the request id); the result's own fields take precedence.
 * @see RFC 9110 §8.8.3, §12.5.3, §13.1.1–2, §13.2.2; RFC 9111 §4.1
 */
export function sendResult(
  req: IncomingMessage,
  res: ServerResponse,
  result: HttpResult,
  shared: Readonly<Record<string, string>> = {},
): void {
  const headers = headerList(shared, result.headers);
  const body = result.body;
  // A string body goes out as it is: Node writes it with the headers in one write, where a
  // Buffer would be copied first and then sent with a second vector (writev).
  let payload: Buffer | string | undefined = body;
  const encoding = result.bodyEncoding ?? "utf8";
  let payloadBytes = body === undefined ? 0 : typeof body === "string" ? Buffer.byteLength(body, encoding) : body.length;
  let etag = result.etag;

  const negotiable = body !== undefined && (result.encoded !== undefined || result.compressible === true);
  if (negotiable) {
    const vary = headerValue(headers, "vary");
    setHeader(headers, "vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    const available = result.encoded
      ? (Object.keys(result.encoded) as ContentCoding[])
      : payloadBytes >= COMPRESS_MIN_BYTES
        ? BOTH_CODINGS
        : NO_CODINGS;
    const coding = negotiateEncoding(req.headers["accept-encoding"], available);
    if (coding) {
      const variant = result.encoded?.[coding] ?? result.encode?.(coding);
      const coded = variant?.body ?? compressBody(typeof body === "string" ? Buffer.from(body, encoding) : body, coding, "single");
      payload = coded;
      payloadBytes = coded.length;
      if (etag) etag = variant?.etag ?? codedEtag(etag, coding);
      setHeader(headers, "content-encoding", coding);
    }
  }
  if (etag) setHeader(headers, "etag", etag);
  if (result.lastModified) setHeader(headers, "last-modified", result.lastModified);

  const conditional = (req.method === "GET" || req.method === "HEAD") && result.status === 200;
  const ifNoneMatch = req.headers["if-none-match"];
  const notModified =
    conditional &&
    (ifNoneMatch !== undefined
      ? etag !== undefined && ifNoneMatchMatches(ifNoneMatch, etag)
      : result.lastModified !== undefined && notModifiedSince(req.headers["if-modified-since"], result.lastModified));
  if (notModified) {
    const kept: HeaderList = [];
    for (let i = 0; i < headers.length; i += 2)
      if (notModifiedHeaders.has(headers[i] as string)) kept.push(headers[i] as string, headers[i + 1] as string);
    res.writeHead(304, kept);
    res.end();
    return;
  }

  if (payload !== undefined) setHeader(headers, "content-length", String(payloadBytes));
  res.writeHead(result.status, headers);
  if (req.method === "HEAD" || payload === undefined || payload.length === 0) res.end();
  else if (typeof payload === "string") res.end(payload, encoding);
  else res.end(payload);
}
