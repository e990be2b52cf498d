import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { fileEtag, httpDate, strongEtag } from "../http/etag.ts";
import type { CatalogSource } from "../catalog/store/catalog-source.ts";
import { agentSearchBody, computedEtag } from "../catalog/routes/search-response.ts";
import { cachePolicy } from "../http/cache-policy.ts";
import { compressBody } from "../http/compress-body.ts";
import { LRUCache } from "lru-cache";
import { cacheTagHeaders, cacheTags } from "../http/cache-tags.ts";
import type { EncodedBody, HttpResult, RequestContext } from "../http/http-types.ts";
import { negotiateEncoding } from "../http/negotiate-encoding.ts";
import { htmlSecurityHeaders, siteContentSecurityPolicy } from "../http/security-headers.ts";
import { notFoundPage } from "./error-page.ts";
import { siteContext, type SiteContext } from "./page-layout.ts";
import { searchPage } from "./search-page.ts";
import { rebaseSitemap } from "./sitemap.ts";
import { siteAssets } from "./site-assets.ts";
import { kindLabels } from "./kind-labels.ts";
import { GAME_ID_PATTERN, listingKind, PAGE_NUMBER_PATTERN, PLATFORM_SLUG_PATTERN, siteFiles, sitePaths } from "./site-paths.ts";

export interface SiteRouteOptions {
  readonly buildDir: string;
  readonly publicBaseUrl: string;
  readonly artworkBaseUrl: string;
}

/** Longest search text, as the search API allows. @see src/catalog/api/catalog-schemas.ts */
const MAX_QUERY_LENGTH = 120;
/** Hits shown on the search page: the search API's largest page, which the script asks for too. */
const SEARCH_PAGE_LIMIT = 30;
const controlCharacters = /\p{Cc}/u;

const html = "text/html; charset=utf-8";
const contentTypes: Readonly<Record<string, string>> = {
  ".xml": "application/xml",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
};

/**
 * A file of the build's static/ folder as nginx serves it: the same bytes, the ETag and
 * Last-Modified nginx derives from its mtime and size, and the gzip sibling (gzip_static).
 */
function staticFile(buildDir: string, file: string): HttpResult | undefined {
  const full = path.join(buildDir, file);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat?.isFile()) return undefined;
  const mtime = Math.floor(stat.mtimeMs / 1000);
  const encoded: Partial<Record<"gzip", EncodedBody>> = {};
  const gz = statSync(`${full}.gz`, { throwIfNoEntry: false });
  if (gz?.isFile()) encoded.gzip = { body: readFileSync(`${full}.gz`), etag: fileEtag(Math.floor(gz.mtimeMs / 1000), gz.size) };
  return {
    status: 200,
    etag: fileEtag(mtime, stat.size),
    lastModified: httpDate(mtime),
    headers: { "content-type": contentTypes[path.extname(file)] ?? "application/octet-stream", "cache-control": cachePolicy.document },
    body: readFileSync(full),
    encoded,
  };
}

/**
 * An HTML page of the build as nginx serves it: the stored page, gzip-compressed for this response
 * when the client accepts gzip (nginx's `gzip on`, at its default level 1), with the ETag weakened
 * as nginx's gzip filter weakens it (the two bodies are different representations of the same
 * page). gzip only, as nginx has no brotli here; a CDN in front keeps the compressed copy.
 * @see https://nginx.org/en/docs/http/ngx_http_gzip_module.html
 * @see RFC 9110 §8.8.1, §12.5.3
 */
function storedPage(
  buildDir: string,
  file: string,
  acceptEncoding: string | undefined,
  gzipped: LRUCache<string, Buffer>,
): HttpResult | undefined {
  const full = path.join(buildDir, file);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat?.isFile()) return undefined;
  const mtime = Math.floor(stat.mtimeMs / 1000);
  const etag = fileEtag(mtime, stat.size);
  const headers = { "content-type": html, "cache-control": cachePolicy.document, vary: "Accept-Encoding" };
  if (negotiateEncoding(acceptEncoding, ["gzip"]) !== "gzip")
    return { status: 200, etag, lastModified: httpDate(mtime), headers, body: readFileSync(full) };
  // Keyed by the file's version, as its ETag is: a rebuilt page is compressed again.
  const key = `${file}\u0000${etag}`;
  let body = gzipped.get(key);
  if (!body) {
    body = compressBody(readFileSync(full), "gzip", "single");
    gzipped.set(key, body);
  }
  return { status: 200, etag: `W/${etag}`, lastModified: httpDate(mtime), headers: { ...headers, "content-encoding": "gzip" }, body };
}

/** Whether the build has a page file at `file`: for a redirect to its canonical URL, which sends no page. */
function pageExists(buildDir: string, file: string): boolean {
  return statSync(path.join(buildDir, file), { throwIfNoEntry: false })?.isFile() === true;
}

/** Bytes of gzip-compressed pages the Node server keeps, most recently asked for first. */
const GZIPPED_PAGES_BYTES = 16 * 1024 * 1024;

/** A sitemap as last rendered for this server, with the file's mtime and size and the base it was built for. */
interface RenderedSitemap {
  readonly stamp: string;
  readonly result: HttpResult;
}

/**
 * A sitemap file of the build for this instance's base URL: its URLs are absolute (sitemaps.org)
 * and the build wrote them under its own PUBLIC_BASE_URL. With that base the file is served as it
 * is (as a static host serves it); with another, the server rebases it once per file version and
 * keeps it, with a content-hash ETag (the same on every instance with that base) and the file's
 * Last-Modified. gzip only, as the build's copy: brotli at quality 11 takes seconds on a
 * 50,000-URL part. nginx proxies these URLs here.
 * @see docs/website.md
 */
function sitemapFile(
  buildDir: string,
  file: string,
  builtFor: string | undefined,
  base: string,
  rendered: Map<string, RenderedSitemap>,
): HttpResult | undefined {
  const from = builtFor?.replace(/\/+$/, "");
  if (from === undefined || from === base) return staticFile(buildDir, file);
  const full = path.join(buildDir, file);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat?.isFile()) return undefined;
  const mtime = Math.floor(stat.mtimeMs / 1000);
  const stamp = `${mtime}:${stat.size}:${from}`;
  const cached = rendered.get(file);
  if (cached?.stamp === stamp) return cached.result;
  const body = Buffer.from(rebaseSitemap(readFileSync(full, "utf8"), from, base));
  const gzip = gzipSync(body, { level: 9 });
  const result: HttpResult = {
    status: 200,
    etag: strongEtag(body),
    lastModified: httpDate(mtime),
    headers: { "content-type": "application/xml", "cache-control": cachePolicy.document },
    body,
    encoded: { gzip: { body: gzip, etag: strongEtag(gzip) } },
  };
  rendered.set(file, { stamp, result });
  return result;
}

function redirect(ctx: SiteContext, to: string): HttpResult {
  return { status: 301, headers: { location: ctx.pathPrefix + to, "cache-control": cachePolicy.document, "content-type": html }, body: "" };
}

function page(status: number, body: string, cacheControl: string, etag?: string): HttpResult {
  return { status, headers: { "content-type": html, "cache-control": cacheControl }, body, compressible: true, ...(etag ? { etag } : {}) };
}

/** A page answered with 200 gets its cache tags (src/http/cache-tags.ts); redirects and 404 pages get none, as from nginx. */
function tagged(result: HttpResult, tags: Readonly<Record<string, string>>): HttpResult {
  return result.status === 200 ? { ...result, headers: { ...result.headers, ...tags } } : result;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The website's routes in the Node server (the same answers nginx gives from static/): `/`,
 * `/games/{id}/`, `/platforms/{slug}/[{kind segment}/][page/{n}/]` and `/site/` assets from the build's files;
 * `/sitemap.xml` and its parts rendered for this instance's base URL; `/search/` rendered per request; redirects from the other forms; a 404
 * page for everything unknown under these paths. Returns undefined for paths that are not the
 * website's, for the next handler.
 */
export function siteRoute(catalog: CatalogSource, options: SiteRouteOptions): (ctx: RequestContext) => HttpResult | undefined {
  const ctx = siteContext(options.publicBaseUrl, options.artworkBaseUrl, siteAssets);
  const { buildDir } = options;
  const base = options.publicBaseUrl.replace(/\/+$/, "");
  const sitemaps = new Map<string, RenderedSitemap>();
  const gzipped = new LRUCache<string, Buffer>({ maxSize: GZIPPED_PAGES_BYTES, sizeCalculation: (body) => Math.max(1, body.length) });
  const notFound = (detail: string): HttpResult => page(404, notFoundPage(ctx, detail), cachePolicy.error);
  /** A sitemap for this instance's base, or the 404 page (the 503 problem with no catalog build). */
  const sitemapOr404 = (file: string, detail: string): HttpResult =>
    sitemapFile(buildDir, file, catalog.current().manifest.publicBaseUrl, base, sitemaps) ?? notFound(detail);
  /**
   * A page of the build answered at its canonical URL gets that URL, absolute under this instance's
   * base, as a Link header: the page's bytes name no origin (RFC 6596 §3, RFC 8288 §3).
   */
  const canonical = (result: HttpResult, sitePath: string): HttpResult =>
    result.status === 200 ? { ...result, headers: { ...result.headers, link: `<${base}${sitePath}>; rel="canonical"` } } : result;
  /** A page of the build, or the 404 page; with no catalog build at all, the 503 problem. */
  const pageOr404 = (file: string, detail: string, accept: string | undefined): HttpResult => {
    const found = storedPage(buildDir, file, accept, gzipped);
    if (found) return found;
    catalog.current();
    return notFound(detail);
  };

  const games = (segments: readonly string[], trailingSlash: boolean, accept: string | undefined): HttpResult => {
    const [id, ...rest] = segments;
    if (id === undefined || !GAME_ID_PATTERN.test(id))
      return notFound(`There is no game at this address: game ids are whole numbers from 1.`);
    // A game that joined another (the same work under two records) answers as that game, as its record does.
    const into = catalog.current().mergedInto(Number(id));
    if (into !== undefined) return redirect(ctx, sitePaths.game(into));
    const file = siteFiles.game(Number(id));
    // `/games/{id}/{title-slug}/` and `/games/{id}` are other forms of the canonical `/games/{id}/`.
    if ((rest.length > 0 || !trailingSlash) && pageExists(buildDir, file)) return redirect(ctx, sitePaths.game(Number(id)));
    const result = pageOr404(file, `There is no game with id ${id} in the catalog.`, accept);
    return tagged(canonical(result, sitePaths.game(Number(id))), cacheTagHeaders([cacheTags.game(Number(id))]));
  };

  const platforms = (segments: readonly string[], trailingSlash: boolean, accept: string | undefined): HttpResult => {
    const [raw, ...rest] = segments;
    const slug = raw === undefined ? undefined : decodeSegment(raw);
    if (slug === "") return redirect(ctx, `${sitePaths.home}#platforms`);
    if (slug === undefined) return notFound("There is no platform at this address.");
    const known = PLATFORM_SLUG_PATTERN.test(slug) && pageExists(buildDir, siteFiles.platform(slug));
    if (!known) {
      // A name or alias ("Super Famicom", "Nintendo - Super Nintendo Entertainment System") leads to the slug.
      const platform = slug.length <= 128 ? catalog.current().platform(slug) : undefined;
      if (platform) return redirect(ctx, sitePaths.platform(platform.id));
      catalog.current();
      return notFound(`There is no platform “${slug.slice(0, 64)}” in the catalog.`);
    }
    const tags = cacheTagHeaders([cacheTags.platform(slug)]);
    if (rest.length === 0)
      return trailingSlash
        ? tagged(
            canonical(
              pageOr404(siteFiles.platform(slug), `There is no platform “${slug}” in the catalog.`, accept),
              sitePaths.platform(slug),
            ),
            tags,
          )
        : redirect(ctx, sitePaths.platform(slug));
    // The games' pages (`page/{n}/`), or another kind's listing (`add-ons/`, `add-ons/page/{n}/`).
    const kind = rest[0] === "page" ? "game" : listingKind(rest[0] ?? "");
    const paging = kind === "game" ? rest : rest.slice(1);
    if (kind === undefined) return notFound(`There is no such page of the ${slug} listing.`);
    const what = kind === "game" ? `The ${slug} listing` : `The ${slug} ${kindLabels[kind].many} listing`;
    let number = 1;
    if (paging.length > 0) {
      const [word, n, ...more] = paging;
      if (word !== "page" || n === undefined || !PAGE_NUMBER_PATTERN.test(n) || more.length > 0)
        return notFound(`There is no such page of the ${slug} listing.`);
      number = Number(n);
      if (number === 1) return redirect(ctx, sitePaths.listing(slug, kind));
    }
    const listing = siteFiles.listing(slug, kind, number);
    if (!trailingSlash && pageExists(buildDir, listing)) return redirect(ctx, sitePaths.listing(slug, kind, number));
    const result = pageOr404(
      listing,
      number === 1 ? `The ${slug} platform has no ${kindLabels[kind].many}.` : `${what} has no page ${number}.`,
      accept,
    );
    return tagged(canonical(result, sitePaths.listing(slug, kind, number)), tags);
  };

  const search = (request: RequestContext): HttpResult => {
    const params = request.url.searchParams;
    const snapshot = catalog.current();
    const platforms = snapshot.platforms;
    const qs = params.getAll("q");
    const systems = params.getAll("system");
    const query = (qs[0] ?? "").trim();
    const systemName = (systems[0] ?? "").trim();
    const refuse = (problem: string): HttpResult =>
      page(
        422,
        searchPage(ctx, {
          query: query.slice(0, MAX_QUERY_LENGTH).replace(new RegExp(controlCharacters.source, "g"), ""),
          system: undefined,
          platforms,
          problem,
        }),
        cachePolicy.error,
      );
    if (qs.length > 1 || systems.length > 1) return refuse("The query or the platform was given more than once.");
    if (query.length > MAX_QUERY_LENGTH) return refuse(`The query is ${query.length} characters long; the limit is ${MAX_QUERY_LENGTH}.`);
    if (controlCharacters.test(query) || controlCharacters.test(systemName))
      return refuse("The query contains control characters (such as line breaks or tabs).");
    const platform = systemName === "" ? undefined : systemName.length <= 64 ? snapshot.platform(systemName) : undefined;
    if (systemName !== "" && !platform) return refuse(`There is no platform “${systemName.slice(0, 64)}”.`);
    const etag = computedEtag(snapshot.manifest.catalogVersion, "search-page", [ctx, query, platform?.id ?? null]);
    const result =
      query === "" ? undefined : agentSearchBody(snapshot, options.publicBaseUrl, { query, platform, limit: SEARCH_PAGE_LIMIT });
    return tagged(
      page(200, searchPage(ctx, { query, system: platform?.id, platforms, ...(result ? { result } : {}) }), cachePolicy.search, etag),
      cacheTagHeaders([platform ? cacheTags.platform(platform.id) : cacheTags.catalog]),
    );
  };

  const securityHeaders = { ...htmlSecurityHeaders, "content-security-policy": siteContentSecurityPolicy(options.artworkBaseUrl) };
  /** Every HTML answer of the website gets its security headers here, the one place (nginx: deploy/nginx/ludex.conf.template). */
  const secured = (result: HttpResult | undefined): HttpResult | undefined =>
    result?.headers?.["content-type"] === html ? { ...result, headers: { ...result.headers, ...securityHeaders } } : result;

  return (request) => secured(route(request));

  function route(request: RequestContext): HttpResult | undefined {
    const pathname = request.url.pathname;
    const segments = pathname.split("/").slice(1);
    const first = segments[0];
    const trailingSlash = pathname.endsWith("/");
    const parts = trailingSlash ? segments.slice(1, -1) : segments.slice(1);
    const accept = request.req.headers["accept-encoding"];
    if (pathname === "/") return canonical(pageOr404(siteFiles.home, "The home page has not been built yet.", accept), sitePaths.home);
    switch (first) {
      case "games":
        return games(parts, trailingSlash, accept);
      case "platforms":
        return platforms(parts, trailingSlash, accept);
      case "search":
        if (parts.length > 0) return notFound("There is no page at this address.");
        return trailingSlash ? search(request) : redirect(ctx, sitePaths.search + request.url.search);
      // Fixed URLs, not content-addressed: cached like the other documents, not for a year.
      case "favicon.svg":
        return segments.length === 1 ? (staticFile(buildDir, siteFiles.faviconSvg) ?? notFound("There is no such file.")) : undefined;
      case "favicon.ico":
        return segments.length === 1 ? (staticFile(buildDir, siteFiles.faviconIco) ?? notFound("There is no such file.")) : undefined;
      case "sitemap.xml":
        return segments.length === 1 ? sitemapOr404(siteFiles.sitemap, "The sitemap has not been built yet.") : undefined;
      case "sitemaps": {
        const name = /^([a-z0-9-]{1,32})\.xml$/.exec(parts[0] ?? "")?.[1];
        return name && parts.length === 1 && !trailingSlash
          ? sitemapOr404(siteFiles.sitemapPart(name), "There is no such sitemap.")
          : notFound("There is no such sitemap.");
      }
      case "site": {
        const file = parts[0];
        const known =
          file === siteAssets.css.file ||
          file === siteAssets.script.file ||
          file === siteAssets.copyScript.file ||
          file === siteAssets.artworkScript.file;
        const found = known && parts.length === 1 && !trailingSlash ? staticFile(buildDir, siteFiles.asset(file)) : undefined;
        return found
          ? { ...found, headers: { ...found.headers, "cache-control": "public, max-age=31536000, immutable" } }
          : notFound("There is no such file.");
      }
      default:
        return undefined;
    }
  }
}
