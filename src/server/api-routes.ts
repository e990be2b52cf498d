import { agentSearchRoute } from "../catalog/routes/agent-search-route.ts";
import { changesRoute } from "../catalog/routes/changes-route.ts";
import { communityRoute } from "../catalog/routes/community-route.ts";
import { dumpsRoute } from "../catalog/routes/dumps-route.ts";
import { gamesRoute } from "../catalog/routes/games-route.ts";
import { healthRoute } from "../catalog/routes/health-route.ts";
import type { CatalogSource } from "../catalog/store/catalog-source.ts";
import type { Config } from "../config/config.ts";
import { discoveryRoutes } from "../discovery/discovery-routes.ts";
import type { HealthProbe } from "../http/health-probes.ts";
import type { ResponseCache } from "../http/response-cache.ts";
import type { Route } from "../http/router.ts";
import { matchRoute, type MatchRouteOptions } from "../match/route/match-route.ts";
import type { OAuthService } from "../oauth/oauth-service.ts";

export interface ApiRouteDeps {
  readonly config: Config;
  readonly catalog: CatalogSource;
  readonly searchCache: ResponseCache;
  readonly matchLimiter: MatchRouteOptions["limiter"];
  readonly trustedProxies: MatchRouteOptions["trustedProxies"];
  readonly startedAt: number;
  readonly probes: readonly HealthProbe[];
  readonly oauth: OAuthService;
  /** The MCP and A2A endpoints (src/agents/). */
  readonly agentRoutes: readonly Route[];
}

/** Every fixed path the server answers itself, by surface: catalog, matching, OAuth, discovery, agents. */
export function apiRoutes(deps: ApiRouteDeps): Route[] {
  const { config, catalog, searchCache } = deps;
  const base = config.publicBaseUrl;
  return [
    { path: "/api/v1/agent/games/", methods: { GET: agentSearchRoute(catalog, base, searchCache) } },
    {
      path: "/api/v1/games/",
      methods: {
        GET: gamesRoute(catalog, base, searchCache),
        POST: matchRoute({
          catalog,
          limiter: deps.matchLimiter,
          trustedProxies: deps.trustedProxies,
          artworkBaseUrl: config.artworkBaseUrl,
        }),
      },
    },
    { path: "/api/v1/community/", methods: { GET: communityRoute(catalog) } },
    { path: "/api/v1/changes/", methods: { GET: changesRoute(catalog, config.buildDir, base, searchCache) } },
    { path: "/api/v1/dumps/", methods: { GET: dumpsRoute(catalog, config.buildDir, base) } },
    { path: "/api/health/", methods: { GET: healthRoute(catalog, deps.startedAt, deps.probes) } },
    ...deps.oauth.routes,
    ...discoveryRoutes(catalog, base, deps.config.oauthLimits),
    ...deps.agentRoutes,
  ];
}
