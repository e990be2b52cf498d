import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { strongEtag } from "../http/etag.ts";
import type { HttpResult } from "../http/http-types.ts";
import { astroPageHeaders } from "../http/security-headers.ts";

const contentTypes: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
  ".xml": "application/xml",
};

/**
 * Astro's prerendered pages and assets (dist/site/client), held in memory: the site is small and
 * this keeps file-system paths out of request handling entirely (no traversal to guard against).
 */
export interface StaticSite {
  lookup(pathname: string): HttpResult | undefined;
}

function walk(dir: string, base: string, out: Map<string, HttpResult>): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      walk(full, base, out);
      continue;
    }
    const body = readFileSync(full);
    const rel = `/${path.relative(base, full).split(path.sep).join("/")}`;
    const hashed = rel.startsWith("/_astro/");
    const result: HttpResult = {
      status: 200,
      etag: strongEtag(body),
      headers: {
        "content-type": contentTypes[path.extname(full)] ?? "application/octet-stream",
        "cache-control": hashed ? "public, max-age=31536000, immutable" : "public, max-age=300, stale-while-revalidate=86400",
        ...(path.extname(full) === ".html" ? astroPageHeaders(body.toString("utf8")) : {}),
      },
      body,
      compressible: true,
    };
    out.set(rel, result);
    if (rel.endsWith("/index.html")) {
      const dirPath = rel.slice(0, -"index.html".length);
      out.set(dirPath, result);
      if (dirPath !== "/") out.set(dirPath.slice(0, -1), result);
    }
  }
}

/** Loads every file under `clientDir`; an absent folder gives an empty site. */
export function loadStaticSite(clientDir: string): StaticSite {
  const files = new Map<string, HttpResult>();
  if (statSync(clientDir, { throwIfNoEntry: false })?.isDirectory()) walk(clientDir, clientDir, files);
  return { lookup: (pathname) => files.get(pathname) };
}
