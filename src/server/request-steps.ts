import { responseWritten, type HttpResult, type RequestContext } from "../http/http-types.ts";
import { methodNotAllowed, type RouteMatch } from "../http/router.ts";
import { preflightHeaders } from "../http/cors.ts";
import type { RequestStep } from "./request-pipeline.ts";
import type { StaticSite } from "./static-site.ts";
import { type NodeHandler, renderPageToMemory } from "./memory-page.ts";

const readOnly = (ctx: RequestContext): boolean => ctx.method === "GET" || ctx.method === "HEAD";

/**
 * The API's fixed paths: the route's handler, a CORS preflight answer for OPTIONS, or 405 for
 * another method on a known path.
 * @see RFC 9110 §15.5.6; Fetch Standard §3.2.2 (CORS preflight)
 */
export function apiRoutesStep(route: (method: string, pathname: string) => RouteMatch): RequestStep {
  return (ctx, entry) => {
    const match = route(ctx.method, ctx.url.pathname);
    if (!match) return undefined;
    entry.route = match.path;
    if ("handler" in match) return match.handler(ctx);
    if (ctx.method !== "OPTIONS") throw methodNotAllowed(ctx.method, match.allow);
    ctx.res.writeHead(204, { ...preflightHeaders, "x-request-id": ctx.id });
    ctx.res.end();
    return responseWritten;
  };
}

/** The website's pages written by the catalog build (src/site/): GET and HEAD only. */
export function sitePagesStep(sitePages: (ctx: RequestContext) => HttpResult | undefined): RequestStep {
  return (ctx, entry) => {
    const page = readOnly(ctx) ? sitePages(ctx) : undefined;
    if (page) entry.route = "site";
    return page;
  };
}

/** Astro's prebuilt files (dist/site/client): GET and HEAD only. */
export function staticFilesStep(site: StaticSite): RequestStep {
  return (ctx, entry) => {
    const file = readOnly(ctx) ? site.lookup(ctx.url.pathname) : undefined;
    if (file) entry.route = "static";
    return file;
  };
}

/**
 * Astro pages rendered on request whose bytes depend only on the configuration (the API
 * reference at /docs/ renders this instance's PUBLIC_BASE_URL and limits): rendered once, kept in
 * memory and answered like a document (ETag, 304, compression).
 */
const configurationPages = new Set(["/docs/", "/docs"]);

/**
 * Astro's server-rendered pages, loaded on the first page request (API-only traffic never pays for
 * Astro's runtime). Pages reach the server's services through `Astro.locals`.
 */
export function astroPagesStep(astroHandler: () => Promise<NodeHandler | undefined>, locals: App.Locals): RequestStep {
  const kept = new Map<string, Promise<HttpResult | undefined>>();
  return async (ctx, entry) => {
    const pages = ctx.url.pathname.startsWith("/api/") ? undefined : await astroHandler();
    if (!pages) return undefined;
    // The pages are read-only; Astro has no good answer for other methods (TRACE gave a 500).
    if (!readOnly(ctx)) throw methodNotAllowed(ctx.method, ["GET", "HEAD"]);
    entry.route = "page";
    const path = ctx.url.pathname;
    if (configurationPages.has(path)) {
      let page = kept.get(path);
      if (!page && ctx.method === "GET") {
        page = renderPageToMemory(pages, ctx.req, locals);
        kept.set(path, page);
      }
      const result = await page;
      if (result) return result;
      kept.delete(path);
    }
    ctx.res.setHeader("x-request-id", ctx.id);
    await pages(ctx.req, ctx.res, undefined, locals);
    return responseWritten;
  };
}
