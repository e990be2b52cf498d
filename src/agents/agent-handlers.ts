import type { CatalogSource } from "../catalog/store/catalog-source.ts";
import type { Config } from "../config/config.ts";
import type { TrustedProxies } from "../config/trusted-proxies.ts";
import { clientRateKey } from "../http/client-address.ts";
import type { HttpResult, RequestContext } from "../http/http-types.ts";
import type { RateLimiter } from "../http/rate-limiter.ts";
import type { Handler } from "../http/router.ts";
import { matchQuotaExceeded } from "../match/route/match-quota.ts";
import { MAX_MATCH_ITEMS } from "../match/schema/match-schemas.ts";
import type { Log } from "../core/logger.ts";
import type { EndedSet } from "../shared-state/ended-set.ts";
import { createA2aEndpoint } from "./a2a/a2a-endpoint.ts";
import { agentCard, agentCardJson, legacyAgentCardJson } from "./a2a/agent-card.ts";
import { catalogAgentExecutor } from "./a2a/catalog-agent-executor.ts";
import { createMcpEndpoint } from "./mcp/mcp-endpoint.ts";
import { createCatalogMcpServer } from "./mcp/mcp-server.ts";
import { SERVER_CARD_MEDIA_TYPE, serverCard } from "./mcp/server-card.ts";
import { agentRoute, type AgentExchange } from "./common/agent-route.ts";
import { aiCatalog } from "./common/ai-catalog.ts";
import { catalogQueries } from "./common/catalog-queries.ts";
import { jsonDocument, jsonDocumentResult } from "./common/json-document.ts";
import { agentServiceInfo } from "../config/service-info.ts";

export interface AgentEndpointOptions {
  readonly catalog: CatalogSource;
  /** The ROM-matching quota of POST /api/v1/games/, shared so that MCP `match_roms` cannot bypass it. */
  readonly matchLimiter: RateLimiter;
  readonly trustedProxies: TrustedProxies;
  /** MCP sessions ended by DELETE (shared through Redis with several instances). */
  readonly endedSessions: EndedSet;
  readonly log: Log;
}

/** The agent endpoints' handlers, by what they answer (agent-endpoints.ts mounts them on their paths). */
export interface AgentHandlers {
  readonly mcp: Handler;
  readonly a2a: Handler;
  readonly serverCard: Handler;
  readonly serverCardJson: Handler;
  readonly agentCard: Handler;
  readonly aiCatalog: Handler;
  /** Ends MCP sessions and open streams; call when the server shuts down. */
  close(): Promise<void>;
}

/** ROM items a JSON-RPC body asks `match_roms` to match (batches counted whole), as the quota counts them. */
function matchItemsRequested(message: unknown): number {
  let items = 0;
  for (const m of Array.isArray(message) ? message : [message]) {
    const { method, params } = (typeof m === "object" && m !== null ? m : {}) as {
      method?: unknown;
      params?: { name?: unknown; arguments?: { items?: unknown } };
    };
    if (method === "tools/call" && params?.name === "match_roms" && Array.isArray(params.arguments?.items))
      items += Math.min(params.arguments.items.length, MAX_MATCH_ITEMS);
  }
  return items;
}

/** A2A-Version values of the 0.x line; absent means 0.3. @see A2A v1.0 §3.6.2 */
function wantsLegacyCard(ctx: RequestContext): boolean {
  const version = ctx.req.headers["a2a-version"];
  return version === undefined || version === "" || /^0\./.test(String(version));
}

/**
 * The handlers of the MCP endpoint (POST /mcp/), the A2A endpoint (POST /a2a/) and their discovery
 * documents: the MCP server card, the A2A Agent Card and the AI Catalog.
 * @see docs/service-spec.md §4.7, §4.8
 */
export function createAgentHandlers(config: Config, options: AgentEndpointOptions): AgentHandlers {
  const { log } = options;
  const info = agentServiceInfo(config);
  const queries = catalogQueries(options.catalog, {
    baseUrl: config.publicBaseUrl,
    artworkBaseUrl: config.artworkBaseUrl,
    buildDir: config.buildDir,
    oauthLimits: config.oauthLimits,
  });

  const mcp = createMcpEndpoint({
    createServer: () => createCatalogMcpServer({ queries, info, log }),
    bodyLimit: config.agentBodyLimit,
    secret: config.secret,
    endedSessions: options.endedSessions,
    log,
    beforeDispatch: async (message: unknown, { ctx }: AgentExchange) => {
      const items = matchItemsRequested(message);
      if (items === 0) return;
      const decision = await options.matchLimiter.take(clientRateKey(ctx.req, options.trustedProxies), items);
      if (!decision.allowed) throw matchQuotaExceeded(options.matchLimiter, decision, items);
    },
  });
  const card = agentCard(info);
  const a2a = createA2aEndpoint({ card, executor: catalogAgentExecutor(queries, log), log });

  const mcpRoute = agentRoute({
    bodyLimit: config.agentBodyLimit,
    allowedOrigins: config.mcpAllowedOrigins,
    exposeHeaders: ["Mcp-Session-Id"],
    fetch: mcp.fetch,
  });
  const a2aRoute = agentRoute({ bodyLimit: config.agentBodyLimit, fetch: a2a });

  const cardBody = serverCard(info);
  // The card's own media type at its SEP-2127 location; plain JSON where older clients probe for it.
  const serverCardDoc = jsonDocument(cardBody, SERVER_CARD_MEDIA_TYPE);
  const serverCardJsonDoc = jsonDocument(cardBody);
  const agentCardDoc = jsonDocument(agentCardJson(card));
  const legacyAgentCardDoc = jsonDocument(legacyAgentCardJson(card));
  const aiCatalogDoc = jsonDocument(aiCatalog(info));
  const document = (doc: ReturnType<typeof jsonDocument>) => (): HttpResult => jsonDocumentResult(doc);

  return {
    mcp: mcpRoute,
    a2a: a2aRoute,
    serverCard: document(serverCardDoc),
    serverCardJson: document(serverCardJsonDoc),
    agentCard: (ctx) => jsonDocumentResult(wantsLegacyCard(ctx) ? legacyAgentCardDoc : agentCardDoc, { vary: "A2A-Version" }),
    aiCatalog: document(aiCatalogDoc),
    close: () => mcp.close(),
  };
}
