import { EventEmitter } from "node:events";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { cachePolicy } from "../http/cache-policy.ts";
import { strongEtag } from "../http/etag.ts";
import type { HttpResult } from "../http/http-types.ts";

/** Astro's middleware handler (dist/site/server/entry.mjs). */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void, locals?: object) => unknown;

/** Headers of a page kept in memory that the server's writer sets itself, per answer. */
const perAnswer = new Set(["content-length", "date", "connection", "transfer-encoding", "etag", "cache-control"]);

/**
 * Renders one GET of an Astro page into memory, through Astro's own Node handler writing to a
 * response that only records: the page's 200 answer as an {@link HttpResult} with a strong ETag
 * (so the server's writer answers 304, HEAD and compression like any document), or undefined
 * for any other answer (which is then rendered on request, never kept).
 */
export async function renderPageToMemory(pages: NodeHandler, req: IncomingMessage, locals: object): Promise<HttpResult | undefined> {
  const chunks: Buffer[] = [];
  let status = 0;
  let headers: OutgoingHttpHeaders = {};
  const recorder = Object.assign(new EventEmitter(), {
    req,
    statusCode: 200,
    statusMessage: "",
    headersSent: false,
    writeHead(code: number, head?: OutgoingHttpHeaders) {
      status = code;
      headers = head ?? {};
      recorder.headersSent = true;
      return recorder;
    },
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = value;
      return recorder;
    },
    write(chunk: Uint8Array | string) {
      chunks.push(Buffer.from(chunk));
      return true;
    },
    end(chunk?: Uint8Array | string) {
      if (chunk !== undefined) chunks.push(Buffer.from(chunk));
      if (status === 0) status = recorder.statusCode;
      recorder.emit("finish");
      return recorder;
    },
  });
  await pages(req, recorder as unknown as ServerResponse, undefined, locals);
  if (status !== 200 || headers["set-cookie"] !== undefined) return undefined;
  const body = Buffer.concat(chunks);
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !perAnswer.has(name.toLowerCase()))
      kept[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
  return { status: 200, etag: strongEtag(body), headers: { ...kept, "cache-control": cachePolicy.document }, body, compressible: true };
}
