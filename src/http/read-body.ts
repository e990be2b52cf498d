import type { IncomingMessage } from "node:http";
import { type Problem, problems } from "../core/problem.ts";
import { nestedDeeperThan, tooDeepMessage } from "./json-depth.ts";

/** The detail of a 413; the OpenAPI examples quote it (src/http/operation-responses.ts). */
export function bodyTooLargeDetail(limit: number): string {
  return `the body may be at most ${limit} bytes`;
}

function tooLarge(limit: number): Problem {
  return problems.payloadTooLarge(bodyTooLargeDetail(limit));
}

/**
 * Reads a request body, refusing (413) one over `limit` bytes as soon as the Content-Length says
 * so or the bytes received pass it, without buffering more than the limit.
 * @see RFC 9110 §15.5.14
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const fail = (problem: Problem): void => {
      if (done) return;
      done = true;
      req.removeAllListeners("data");
      req.resume();
      reject(problem);
    };
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) fail(tooLarge(limit));
      else chunks.push(chunk);
    });
    req.once("end", () => {
      if (done) return;
      done = true;
      // A body in one chunk (most, on a local network) is used as it came, not copied.
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    });
    req.once("aborted", () => fail(problems.badRequest("the request body was cut off")));
    req.once("error", () => fail(problems.badRequest("the request body could not be read")));
  });
}

/** The media type of a request, lower case, without parameters; "" when absent. */
export function mediaType(req: IncomingMessage): string {
  return (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** The detail of a 415; the OpenAPI examples quote it (src/http/operation-responses.ts). */
export function unsupportedMediaTypeDetail(expected: string, got: string): string {
  return `expected ${expected}, got ${got || "no Content-Type"}`;
}

function unsupported(expected: string, got: string): Problem {
  return problems.unsupportedMediaType(unsupportedMediaTypeDetail(expected, got), { headers: { "accept-post": expected } });
}

/**
 * Strict UTF-8: malformed bytes are an error, not U+FFFD. One leading byte-order mark is stripped
 * (`ignoreBOM: false`), as the WHATWG UTF-8 decode that `Request.json()` and both agent SDKs use
 * does, so every JSON route reads the same text a client's library would.
 * @see RFC 8259 §8.1 (parsers MAY ignore a BOM); https://encoding.spec.whatwg.org/#utf-8-decode
 */
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** Why a JSON body was refused: bytes that are not UTF-8, text that is not JSON, or nesting past the limit. */
export type JsonRefusal = "encoding" | "syntax" | "depth";

/** A body decoded by {@link decodeJson}: the value every later check and the SDKs read, or why there is none. */
export type DecodedJson =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly refusal: JsonRefusal;
      readonly detail: string;
      /** A JSON-RPC request id read from a body refused for its depth only, to echo in the error. */
      readonly id?: string | number;
    };

/**
 * The decoder of JSON request bodies (/mcp/, /a2a/, /oauth/register/): strict UTF-8 with the
 * BOM rule above, then `JSON.parse`, then, with `maxDepth`, the nesting check on the same text.
 * What it answers is the value ludex checks and hands on; no SDK parses the bytes a second time.
 * POST /api/v1/games/ decodes with the same decoder ({@link readJsonText}) and parses with
 * {@link parseJsonText} where its scanner does not read the text itself.
 */
export function decodeJson(bytes: Uint8Array, options: { readonly maxDepth?: number } = {}): DecodedJson {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, refusal: "encoding", detail: "the body is not valid UTF-8" };
  }
  return parseJson(text, options.maxDepth);
}

function parseJson(text: string, maxDepth: number | undefined): DecodedJson {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return { ok: false, refusal: "syntax", detail: `the body is not valid JSON: ${(error as Error).message}` };
  }
  if (maxDepth !== undefined && nestedDeeperThan(text, maxDepth)) {
    const id = typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined;
    return {
      ok: false,
      refusal: "depth",
      detail: tooDeepMessage(maxDepth),
      ...(typeof id === "string" || typeof id === "number" ? { id } : {}),
    };
  }
  return { ok: true, value };
}

function decodedValue(decoded: DecodedJson): unknown {
  if (!decoded.ok) throw problems.malformedJson(decoded.detail);
  return decoded.value;
}

/**
 * Reads a JSON body's text (`application/json` or any `+json` type): 415 for another media type,
 * 400 for bytes that are not UTF-8, 413 past `limit`. {@link parseJsonText} parses it.
 */
export async function readJsonText(req: IncomingMessage, limit: number): Promise<string> {
  const type = mediaType(req);
  if (type !== "application/json" && !type.endsWith("+json")) throw unsupported("application/json", type);
  const body = await readBody(req, limit);
  try {
    return utf8.decode(body);
  } catch {
    throw problems.malformedJson("the body is not valid UTF-8");
  }
}

/** `JSON.parse` of text {@link readJsonText} decoded, but malformed JSON is a 400. */
export function parseJsonText(text: string): unknown {
  return decodedValue(parseJson(text, undefined));
}

/**
 * Reads a JSON body (`application/json` or any `+json` type): 415 for another media type, 400 for
 * malformed JSON or bytes that are not UTF-8, 413 past `limit`.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const type = mediaType(req);
  if (type !== "application/json" && !type.endsWith("+json")) throw unsupported("application/json", type);
  return decodedValue(decodeJson(await readBody(req, limit)));
}

/** Reads an `application/x-www-form-urlencoded` body: 415 for another media type, 413 past `limit`. */
export async function readFormBody(req: IncomingMessage, limit: number): Promise<URLSearchParams> {
  const type = mediaType(req);
  if (type !== "application/x-www-form-urlencoded") throw unsupported("application/x-www-form-urlencoded", type);
  return new URLSearchParams((await readBody(req, limit)).toString("utf8"));
}
