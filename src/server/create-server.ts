import { randomUUID } from "node:crypto";
import type { RequestListener, Server } from "node:http";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createAgentEndpoints } from "../agents/agent-endpoints.ts";
import { checkServingConfig, type Config } from "../config/config.ts";
import type { Log } from "../core/logger.ts";
import { problems } from "../core/problem.ts";
import { baseUrlMismatch } from "../discovery/discovery-routes.ts";
import { internalErrorProblem, problemResult } from "../http/problem-response.ts";
import { createResponseCache } from "../http/response-cache.ts";
import { createRouter } from "../http/router.ts";
import { sendResult } from "../http/send-result.ts";
import { createOAuthService, type OAuthService, type OAuthServiceOptions } from "../oauth/oauth-service.ts";
import { openSharedState } from "../shared-state/shared-state.ts";
import { siteRoute } from "../site/site-route.ts";
import { strictTransportSecurity } from "../http/security-headers.ts";
import { apiRoutes } from "./api-routes.ts";
import { createCatalogHolder, type CatalogHolder } from "./catalog-holder.ts";
import { preloadSnapshot } from "./preload-snapshot.ts";
import { createRequestHandler } from "./request-pipeline.ts";
import { logRequests, requestLineWriter } from "./request-log.ts";
import { apiRoutesStep, astroPagesStep, sitePagesStep, staticFilesStep } from "./request-steps.ts";
import type { NodeHandler } from "./memory-page.ts";
import { loadStaticSite, type StaticSite } from "./static-site.ts";

// Not `import http from "node:http"`: its ESM facade reads every export, and the lazy `WebSocket`
// and `fetch` exports load undici (a twentieth of start-up) for a server that never uses them.
const http = process.getBuiltinModule("node:http");

/** How long in-flight requests may take to finish on shutdown. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long after the last request began the server counts as idle, for the match preload. */
const QUIET_MS = 10;

export interface LudexServer {
  readonly server: Server;
  /** The request listener `server` runs, for callers that hand it requests without a socket (tests). */
  readonly handle: RequestListener;
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
  const requestLine = requestLineWriter(log);
  // Requests in flight, and when the last one came: the match preload works only between them.
  let inFlight = 0;
  let lastRequestAt = 0;
  const busy = (): boolean => inFlight > 0 || performance.now() - lastRequestAt < QUIET_MS;
  const catalog = createCatalogHolder(config.buildDir, { preloadMatchTables: config.matchPreload, busy });
  const siteDir = options.siteDir ?? path.join(config.projectRoot, "dist", "site");
  const site: StaticSite = loadStaticSite(path.join(siteDir, "client"));
  // Loaded on the first page request: API-only traffic never pays for Astro's runtime.
  let astro: Promise<NodeHandler | undefined> | undefined;
  const astroHandler = (): Promise<NodeHandler | undefined> => (astro ??= loadAstroHandler(siteDir));
  const base = config.publicBaseUrl;
  const hsts = strictTransportSecurity(base);
  const otherBase = baseUrlMismatch(catalog.peek()?.manifest, base);
  if (otherBase) log(otherBase);
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
  const pipeline = createRequestHandler({
    steps: [
      apiRoutesStep(
        createRouter(
          apiRoutes({
            config,
            catalog,
            searchCache,
            matchLimiter,
            trustedProxies,
            startedAt,
            probes: [...shared.probes, oauth.probe],
            oauth,
            agentRoutes: agents.routes,
          }),
        ),
      ),
      // The website's pages (src/site/): prebuilt files of the catalog build, search, redirects, 404.
      sitePagesStep(siteRoute(catalog, { buildDir: config.buildDir, publicBaseUrl: base, artworkBaseUrl: config.artworkBaseUrl })),
      staticFilesStep(site),
      astroPagesStep(astroHandler, locals),
    ],
    base,
    closing: () => closing,
    log,
  });

  let closing = false;
  const handle: RequestListener = (req, res) => {
    inFlight++;
    lastRequestAt = performance.now();
    res.once("close", () => inFlight--);
    const id = randomUUID();
    // Every answer of an https site, whichever step writes it (pages, API, Astro, agents).
    if (hsts) res.setHeader("strict-transport-security", hsts);
    if (closing) res.shouldKeepAlive = false;
    const entry = logRequests(req, res, id, requestLine);
    let url: URL;
    try {
      url = parseRequestTarget(req.url ?? "/");
    } catch {
      sendResult(req, res, problemResult(problems.badRequest("malformed request target"), base), { "x-request-id": id });
      return;
    }
    void pipeline({ req, res, method: req.method ?? "GET", url, id }, res, entry).catch((error: unknown) => {
      options.log?.({ level: "error", requestId: id, msg: "response failed", err: error instanceof Error ? error.stack : String(error) });
      if (!res.headersSent) sendResult(req, res, problemResult(internalErrorProblem(), base), { "x-request-id": id });
      else res.destroy();
    });
  };
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
    handle,
  );

  return {
    server,
    handle,
    catalog,
    oauth,
    listen: (port = config.port, host = config.host) =>
      new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          // What the snapshot reads on first use is read now, in idle turns, rather than before listening.
          const snapshot = catalog.peek();
          if (snapshot) void preloadSnapshot(snapshot, config.matchPreload, busy);
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
