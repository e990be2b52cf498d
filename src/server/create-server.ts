import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createAgentEndpoints } from "../agents/agent-endpoints.ts";
import { agentSearchRoute } from "../catalog/http/agent-search-route.ts";
import { communityRoute } from "../catalog/http/community-route.ts";
import { changesRoute } from "../catalog/http/changes-route.ts";
import { dumpsRoute } from "../catalog/http/dumps-route.ts";
import { gamesRoute } from "../catalog/http/games-route.ts";
import { healthRoute } from "../catalog/http/health-route.ts";
import { checkServingConfig, type Config } from "../config/config.ts";
import { baseUrlMismatch, discoveryRoutes } from "../discovery/discovery-routes.ts";
import { renderedDiscoveryDocuments } from "../discovery/rendered-documents.ts";
import { responseWritten, type HttpResult, type RequestContext } from "../http/http-types.ts";
import { isProblem, problems } from "../core/problem.ts";
import { internalErrorProblem, problemResult } from "../http/problem-response.ts";
import { createResponseCache } from "../http/response-cache.ts";
import { matchRoute } from "../match/match-route.ts";
import { createOAuthService, type OAuthService, type OAuthServiceOptions } from "../oauth/oauth-service.ts";
import { createRouter, methodNotAllowed, type Route } from "../http/router.ts";
import { corsHeaders, preflightHeaders } from "../http/cors.ts";
import { sendResult } from "../http/send-result.ts";
import { openSharedState } from "../shared-state/shared-state.ts";
import { createCatalogHolder, type CatalogHolder } from "./catalog-holder.ts";
import type { Log } from "../core/logger.ts";
import { logRequests, type RequestLogEntry } from "./request-log.ts";
import { loadStaticSite, type StaticSite } from "./static-site.ts";
import { siteRoute } from "../site/site-route.ts";

/** How long in-flight requests may take to finish on shutdown. */
const SHUTDOWN_GRACE_MS = 10_000;

type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void, locals?: object) => unknown;

export interface LudexServer {
  readonly server: http.Server;
  readonly catalog: CatalogHolder;
  /** The OAuth authorization server and member store (src/oauth/). */
  readonly oauth: OAuthService;
  /** Starts listening; resolves with the bound port. */
  listen(port?: number, host?: string): Promise<number>;
  /**
   * Graceful stop: no new connections, in-flight requests finish (at most `graceMs`, default
   * 10 s, then connections are cut), databases and catalog files are closed. With `drainIdle`
   * (several instances behind a proxy), idle keep-alive connections are not cut but left to end
   * from the proxy's side or at the keep-alive timeout: cutting one races a request the proxy is
   * sending on it, which it may not retry elsewhere (a POST).
   */
  close(graceMs?: number, options?: { readonly drainIdle?: boolean }): Promise<void>;
}

export interface ServerOptions {
  /** Astro's build output (dist/site); pages are served from it when present. */
  readonly siteDir?: string;
  /** Where log records go (pino in `ludex serve`); nothing is logged without it. */
  readonly log?: Log;
  /** OAuth clock and rate limits (tests); the log is `log` above. */
  readonly oauth?: Omit<OAuthServiceOptions, "log">;
}

async function loadAstroHandler(siteDir: string): Promise<NodeHandler | undefined> {
  const entry = path.join(siteDir, "server", "entry.mjs");
  if (!existsSync(entry)) return undefined;
  const mod = (await import(pathToFileURL(entry).href)) as { handler?: NodeHandler };
  return mod.handler;
}

/**
 * The request target as a URL. Origin-form targets are parsed against a fixed origin so that a
 * path like `//other.example/x` stays a path; absolute-form (from proxies) is accepted as is.
 * @see RFC 9112 §3.2
 */
function parseRequestTarget(target: string): URL {
  if (target.startsWith("/")) return new URL(`http://ludex.invalid${target}`);
  const url = new URL(target);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError("unsupported request target");
  return url;
}

/**
 * The ludex HTTP server: a plain node:http server that answers the JSON API itself (parse,
 * call, respond) and hands page requests to Astro's middleware handler.
 */
export async function createLudexServer(config: Config, options: ServerOptions = {}): Promise<LudexServer> {
  checkServingConfig(config);
  const startedAt = Date.now();
  const log: Log = options.log ?? ((): void => {});
  const catalog = createCatalogHolder(config.buildDir);
  const siteDir = options.siteDir ?? path.join(config.projectRoot, "dist", "site");
  const site: StaticSite = loadStaticSite(path.join(siteDir, "client"));
  // Loaded on the first page request: API-only traffic never pays for Astro's runtime.
  let astro: Promise<NodeHandler | undefined> | undefined;
  const astroHandler = (): Promise<NodeHandler | undefined> => (astro ??= loadAstroHandler(siteDir));
  const base = config.publicBaseUrl;
  const otherBase = baseUrlMismatch(catalog.peek()?.manifest, base);
  if (otherBase) log(otherBase);
  renderedDiscoveryDocuments(base, config.oauthLimits);
  const shared = await openSharedState(config, log);
  /** What Astro pages see as `Astro.locals` (typed in src/env.d.ts). */
  const oauth = await createOAuthService(config, {
    createLimiter: shared.createLimiter,
    ...options.oauth,
    log: (line) => options.log?.(line),
  });
  const locals: App.Locals = { config, catalog, oauth };

  const searchCache = createResponseCache();
  const { trustedProxies } = config;
  // Matching fails open while Redis is away: it only reads the catalog, so an uncounted minute costs little.
  const matchLimiter = shared.createLimiter(
    { name: "match", quota: config.matchRateLimit, windowSeconds: config.matchRateWindowSeconds },
    "open",
  );
  const agents = createAgentEndpoints(config, { catalog, matchLimiter, trustedProxies, endedSessions: shared.endedSessions, log });
  const routes: Route[] = [
    { path: "/api/v1/agent/games/", methods: { GET: agentSearchRoute(catalog, base, searchCache) } },
    {
      path: "/api/v1/games/",
      methods: {
        GET: gamesRoute(catalog, base, searchCache),
        POST: matchRoute({
          catalog,
          limiter: matchLimiter,
          trustedProxies,
          artworkBaseUrl: config.artworkBaseUrl,
        }),
      },
    },
    { path: "/api/v1/community/", methods: { GET: communityRoute(catalog) } },
    { path: "/api/v1/changes/", methods: { GET: changesRoute(catalog, config.buildDir, base, searchCache) } },
    { path: "/api/v1/dumps/", methods: { GET: dumpsRoute(catalog, config.buildDir) } },
    { path: "/api/health/", methods: { GET: healthRoute(catalog, startedAt, [...shared.probes, oauth.probe]) } },
    ...oauth.routes,
    ...discoveryRoutes(catalog, base, config.oauthLimits),
    ...agents.routes,
  ];
  const route = createRouter(routes);
  // The website's pages (src/site/): prebuilt files of the catalog build, search, redirects, 404.
  const sitePages = siteRoute(catalog, { buildDir: config.buildDir, publicBaseUrl: base, artworkBaseUrl: config.artworkBaseUrl });

  const answer = async (ctx: RequestContext, res: ServerResponse, entry: RequestLogEntry): Promise<void> => {
    const { req } = ctx;
    const common = { ...corsHeaders, "x-request-id": ctx.id };
    let result: HttpResult;
    try {
      const match = route(ctx.method, ctx.url.pathname);
      if (match) entry.route = match.path;
      if (match && "handler" in match) {
        const answered = match.handler(ctx);
        // Most routes answer synchronously; awaiting only real promises saves a microtask turn per request.
        result = answered instanceof Promise ? await answered : answered;
      } else if (match && ctx.method === "OPTIONS") {
        res.writeHead(204, { ...preflightHeaders, "x-request-id": ctx.id });
        res.end();
        return;
      } else if (match) {
        throw methodNotAllowed(ctx.method, match.allow);
      } else {
        const readOnly = ctx.method === "GET" || ctx.method === "HEAD";
        const sitePage = readOnly ? sitePages(ctx) : undefined;
        const file = readOnly && !sitePage ? site.lookup(ctx.url.pathname) : undefined;
        if (sitePage) {
          entry.route = "site";
          result = sitePage;
        } else if (file) {
          entry.route = "static";
          result = file;
        } else {
          const pages = ctx.url.pathname.startsWith("/api/") ? undefined : await astroHandler();
          if (!pages) throw problems.notFound(`nothing at ${ctx.url.pathname}`);
          // The pages are read-only; Astro has no good answer for other methods (TRACE gave a 500).
          if (ctx.method !== "GET" && ctx.method !== "HEAD") throw methodNotAllowed(ctx.method, ["GET", "HEAD"]);
          entry.route = "page";
          res.setHeader("x-request-id", ctx.id);
          // Astro pages reach the server's services through `Astro.locals`.
          await pages(req, res, undefined, locals);
          return;
        }
      }
    } catch (error) {
      if (isProblem(error)) {
        result = problemResult(error, base, ctx.method);
      } else {
        options.log?.({
          level: "error",
          requestId: ctx.id,
          msg: "unhandled error",
          err: error instanceof Error ? error.stack : String(error),
        });
        result = problemResult(internalErrorProblem(), base, ctx.method);
      }
    }
    // The agent endpoints write their (possibly streamed) answers themselves.
    if (result === responseWritten) return;
    // Answers that go out while the server is stopping close their connection.
    if (closing) res.shouldKeepAlive = false;
    sendResult(req, res, result, common);
  };

  let closing = false;
  const server = http.createServer(
    {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      keepAliveTimeout: config.http.keepAliveTimeoutMs,
      maxHeaderSize: config.http.maxHeaderBytes,
      // Node enforces the two timeouts above only when it checks (every 30 s by default).
      connectionsCheckingInterval: Math.min(1000, config.http.headersTimeoutMs / 2),
      // Nothing here needs Nagle's batching; small JSON answers go out at once.
      noDelay: true,
    },
    (req, res) => {
      const id = randomUUID();
      if (closing) res.shouldKeepAlive = false;
      const entry = logRequests(req, res, id, log);
      let url: URL;
      try {
        url = parseRequestTarget(req.url ?? "/");
      } catch {
        sendResult(req, res, problemResult(problems.badRequest("malformed request target"), base), { "x-request-id": id });
        return;
      }
      void answer({ req, res, method: req.method ?? "GET", url, id }, res, entry).catch((error: unknown) => {
        options.log?.({ level: "error", requestId: id, msg: "response failed", err: error instanceof Error ? error.stack : String(error) });
        if (!res.headersSent) sendResult(req, res, problemResult(internalErrorProblem(), base), { "x-request-id": id });
        else res.destroy();
      });
    },
  );

  return {
    server,
    catalog,
    oauth,
    listen: (port = config.port, host = config.host) =>
      new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          const address = server.address();
          resolve(typeof address === "object" && address ? address.port : port);
        });
      }),
    close: (graceMs = SHUTDOWN_GRACE_MS, closeOptions = {}) =>
      new Promise((resolve) => {
        closing = true;
        // MCP sessions and open MCP streams end now, so that their connections can close too.
        void agents.close();
        // Stop accepting; idle keep-alive connections close now, busy ones once their response ends
        // (answers sent while closing say `Connection: close`). Past the grace period, the rest are cut.
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        const closed = (): void => {
          clearTimeout(force);
          catalog.peek()?.close();
          void Promise.allSettled([oauth.close(), shared.close()]).then(() => resolve());
        };
        if (closeOptions.drainIdle) {
          // net.Server's close stops accepting and waits for every connection, without the idle
          // cut that http.Server's close adds; the second close then only stops http's timers.
          net.Server.prototype.close.call(server, () => {
            server.close(() => closed());
          });
          return;
        }
        server.close(closed);
        server.closeIdleConnections();
      }),
  };
}
