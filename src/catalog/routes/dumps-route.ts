import { createReadStream, fstatSync, openSync, closeSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import parseRange from "range-parser";
import { z } from "zod";
import { cachePolicy } from "../../http/cache-policy.ts";
import { cacheTagHeaders, cacheTags } from "../../http/cache-tags.ts";
import { ifNoneMatchMatches, notModifiedSince } from "../../http/conditional.ts";
import { responseWritten, type HttpResult, type RequestContext } from "../../http/http-types.ts";
import { problems } from "../../core/problem.ts";
import { corsHeaders } from "../../http/cors.ts";
import type { CatalogSource } from "../store/catalog-source.ts";
import { instanceDocumentResult } from "./instance-documents.ts";
import { parseQuery } from "./query-params.ts";
import { fileEtag, httpDate } from "../../http/etag.ts";
import { dumpStaticFile } from "../dumps/dump-format.ts";

export const dumpsQuery = z.object({
  system: z.string().min(1, "must not be empty").max(64, "must be at most 64 characters").optional(),
});
export const dumpsParams = ["system"] as const;

/**
 * True when If-Range allows the range: a strong ETag equal to the file's, or exactly its
 * Last-Modified date (as nginx compares it).
 * @see RFC 9110 §13.1.5
 */
function ifRangeHolds(header: string | undefined, etag: string, lastModified: string): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith("W/")) return value === etag;
  return Date.parse(value) === Date.parse(lastModified);
}

/**
 * GET /api/v1/dumps/ (listCatalogDumps): the listing, rendered for this instance's base URL
 * (instance-documents.ts); with `system`, that platform's dump
 * file (getCatalogDump), streamed from the build's static copy (the file nginx serves) with the
 * validators nginx gives it. A single byte range is answered with 206 (resumable downloads);
 * an unsatisfiable one with 416 and `Content-Range: bytes *\/size`; If-Range that no longer
 * holds gets the whole file. Several ranges get the whole file too (allowed by RFC 9110 §14.2).
 */
export function dumpsRoute(catalog: CatalogSource, buildDir: string, baseUrl: string): (ctx: RequestContext) => Promise<HttpResult> {
  return async (ctx) => {
    const query = parseQuery(ctx.url.searchParams, dumpsQuery, dumpsParams);
    const snapshot = catalog.current();
    if (query.system === undefined) return instanceDocumentResult(snapshot, baseUrl, "dumps");
    const platform = snapshot.platform(query.system);
    const built = platform ? snapshot.manifest.platforms[platform.id]?.dump : undefined;
    if (!platform || !built) throw problems.notFound(`no dump for platform "${query.system}"; GET /api/v1/dumps/ lists them`);

    let fd: number;
    try {
      fd = openSync(path.join(buildDir, dumpStaticFile(platform.id)), "r");
    } catch (cause) {
      throw problems.catalogUnavailable(`the dump of ${platform.id} is missing from the build`, { cause });
    }
    let handedOff = false;
    try {
      const stat = fstatSync(fd);
      const mtime = Math.floor(stat.mtimeMs / 1000);
      const size = stat.size;
      const etag = fileEtag(mtime, size);
      const lastModified = httpDate(mtime);
      const tags = cacheTagHeaders([cacheTags.platform(platform.id)]);
      const headers: Record<string, string> = {
        ...corsHeaders,
        "x-request-id": ctx.id,
        "content-type": "application/gzip",
        "cache-control": cachePolicy.document,
        ...tags,
        "content-disposition": `attachment; filename="${platform.id}.ndjson.gz"`,
        "accept-ranges": "bytes",
        etag,
        "last-modified": lastModified,
      };
      const { req, res } = ctx;
      const ifNoneMatch = req.headers["if-none-match"];
      if (
        ifNoneMatch !== undefined ? ifNoneMatchMatches(ifNoneMatch, etag) : notModifiedSince(req.headers["if-modified-since"], lastModified)
      ) {
        res.writeHead(304, {
          ...corsHeaders,
          "x-request-id": ctx.id,
          etag,
          "last-modified": lastModified,
          "cache-control": cachePolicy.document,
          ...tags,
        });
        res.end();
        return responseWritten;
      }
      let start = 0;
      let end = size - 1;
      let status = 200;
      const rangeHeader = req.headers.range;
      if (rangeHeader !== undefined && ifRangeHolds(req.headers["if-range"] as string | undefined, etag, lastModified)) {
        const ranges = parseRange(size, rangeHeader, { combine: true });
        if (ranges === -1) {
          throw problems.rangeNotSatisfiable(`the dump is ${size} bytes; the requested range lies outside it`, {
            headers: { "content-range": `bytes */${size}`, "accept-ranges": "bytes" },
          });
        }
        // -2 (malformed) and several ranges: the whole file, as if Range were absent.
        if (ranges !== -2 && ranges.type === "bytes" && ranges.length === 1 && ranges[0]) {
          start = ranges[0].start;
          end = ranges[0].end;
          status = 206;
          headers["content-range"] = `bytes ${start}-${end}/${size}`;
        }
      }
      headers["content-length"] = String(size === 0 ? 0 : end - start + 1);
      res.writeHead(status, headers);
      if (ctx.method === "HEAD" || size === 0) {
        res.end();
        return responseWritten;
      }
      handedOff = true;
      await pipeline(createReadStream("", { fd, start, end, autoClose: true }), res).catch(() => res.destroy());
      return responseWritten;
    } finally {
      if (!handedOff) closeSync(fd);
    }
  };
}
