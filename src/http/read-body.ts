import type { IncomingMessage } from "node:http";
import { type Problem, problems } from "../core/problem.ts";

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

/** Strict UTF-8: malformed bytes are an error, not U+FFFD. Stateless between calls, so shared. */
const utf8 = new TextDecoder("utf-8", { fatal: true });

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

/** `JSON.parse`, but malformed JSON is a 400. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw problems.malformedJson(`the body is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Reads a JSON body (`application/json` or any `+json` type): 415 for another media type, 400 for
 * malformed JSON or bytes that are not UTF-8, 413 past `limit`.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  return parseJsonText(await readJsonText(req, limit));
}

/** Reads an `application/x-www-form-urlencoded` body: 415 for another media type, 413 past `limit`. */
export async function readFormBody(req: IncomingMessage, limit: number): Promise<URLSearchParams> {
  const type = mediaType(req);
  if (type !== "application/x-www-form-urlencoded") throw unsupported("application/x-www-form-urlencoded", type);
  return new URLSearchParams((await readBody(req, limit)).toString("utf8"));
}
