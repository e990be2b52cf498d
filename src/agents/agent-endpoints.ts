import type { Config } from "../config/config.ts";
import { agentPaths } from "../config/service-info.ts";
import type { Handler, Route } from "../http/router.ts";
import type { AgentEndpointOptions, AgentHandlers } from "./agent-handlers.ts";

/** The agent endpoints as the server mounts them. */
export interface AgentEndpoints {
  readonly routes: readonly Route[];
  /** Ends MCP sessions and open streams; call when the server shuts down. */
  close(): Promise<void>;
}

/**
 * The MCP endpoint, the A2A endpoint and their discovery documents on their paths. The handlers
 * (agent-handlers.ts, with the MCP and A2A SDKs) are loaded on the first agent request: loading
 * them was a fifth of the server's start-up, which API-only traffic never needs.
 * @see docs/service-spec.md §4.7, §4.8
 */
export function createAgentEndpoints(config: Config, options: AgentEndpointOptions): AgentEndpoints {
  let handlers: Promise<AgentHandlers> | undefined;
  const load = (): Promise<AgentHandlers> =>
    (handlers ??= import("./agent-handlers.ts").then((module) => module.createAgentHandlers(config, options)));
  const lazy =
    (pick: (h: AgentHandlers) => Handler): Handler =>
    async (ctx) =>
      pick(await load())(ctx);
  const mcp = lazy((h) => h.mcp);
  return {
    routes: [
      { path: agentPaths.mcp, methods: { POST: mcp, DELETE: mcp } },
      { path: `${agentPaths.mcpServerCard}/`, methods: { GET: lazy((h) => h.serverCard) } },
      ...agentPaths.mcpServerCardLegacy.map((path) => ({ path, methods: { GET: lazy((h) => h.serverCardJson) } })),
      { path: agentPaths.a2a, methods: { POST: lazy((h) => h.a2a) } },
      { path: agentPaths.agentCard, methods: { GET: lazy((h) => h.agentCard) } },
      { path: agentPaths.aiCatalog, methods: { GET: lazy((h) => h.aiCatalog) } },
    ],
    close: async () => {
      if (handlers) await (await handlers).close();
    },
  };
}
