import { randomUUID } from "node:crypto";
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  legacyStatelessFallback,
  WebStandardStreamableHTTPServerTransport,
  type McpServer,
} from "@modelcontextprotocol/server";
import { type Problem, problems } from "../../core/problem.ts";
import type { Log } from "../../core/logger.ts";
import type { AgentExchange, AgentFetch } from "../shared/agent-route.ts";

export interface McpEndpointOptions {
  /** A fresh MCP server (tools and resources) for one request or one session. */
  readonly createServer: () => McpServer;
  /** Largest body the SDK may read; the route enforces the same limit first. */
  readonly bodyLimit: number;
  /** Open 2025-11-25 sessions kept at most; the least recently used one is closed beyond. */
  readonly maxSessions?: number;
  /** A session unused this long is closed; its id then answers 404 and the client starts a new one. */
  readonly sessionIdleMs?: number;
  /** Open `subscriptions/listen` streams (2026-07-28) at most. */
  readonly maxSubscriptions?: number;
  /** Sees each parsed JSON-RPC body before dispatch (e.g. to charge a quota); may throw a {@link Problem}. */
  readonly beforeDispatch?: (message: unknown, exchange: AgentExchange) => void;
  readonly log: Log;
}

export interface McpEndpoint {
  readonly fetch: AgentFetch;
  /** Open 2025-11-25 sessions. */
  readonly sessionCount: () => number;
  /** Ends every session and open stream (server shutdown). */
  close(): Promise<void>;
}

interface Session {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly server: McpServer;
  lastUsed: number;
}

/** The header a 2025-11-25 server assigns a session with. @see MCP 2025-11-25 Transports §Session Management */
const SESSION_HEADER = "mcp-session-id";

function sessionNotFound(): Problem {
  return problems.mcpSessionNotFound("this MCP session has ended or never existed; start a new one with initialize (without Mcp-Session-Id)");
}

/**
 * The MCP Streamable HTTP endpoint, serving both protocol generations from one server definition
 * with the v2 SDK:
 *
 * - 2026-07-28 (every request carries its own `_meta` envelope; `server/discover`): the SDK's
 *   `createMcpHandler` in strict mode, one server instance per request.
 * - 2025-11-25 and earlier (the `initialize` handshake): an `initialize` opens a session — the
 *   SDK's Streamable HTTP transport, which assigns `Mcp-Session-Id` — kept in memory, bounded
 *   and closed when idle. A request naming an unknown session gets 404, as the transport
 *   specifies, so the client starts over. A request without a session id is served statelessly
 *   by the SDK's legacy fallback, for clients that do not keep the id.
 *
 * Requests are told apart with the SDK's own classifier (`isLegacyRequest`), the routing the SDK
 * documents for serving sessionful 2025 traffic beside a strict modern endpoint.
 * @see MCP 2025-11-25 Basic/Transports §Streamable HTTP; MCP 2026-07-28 Basic/Transports
 */
export function createMcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const { log, bodyLimit } = options;
  const maxSessions = options.maxSessions ?? 1000;
  const idleMs = options.sessionIdleMs ?? 30 * 60_000;
  const onerror = (error: Error): void => log({ level: "debug", msg: "MCP request refused or failed", err: error.message });
  const factory = (): McpServer => options.createServer();
  const modern = createMcpHandler(factory, { legacy: "reject", maxRequestBodySize: bodyLimit, maxSubscriptions: options.maxSubscriptions ?? 256, onerror });
  const stateless = legacyStatelessFallback(factory, onerror, { maxRequestBodySize: bodyLimit });
  /** Open sessions, least recently used first (a use moves a session to the end). */
  const sessions = new Map<string, Session>();

  const end = (id: string): void => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    void session.server.close().catch(() => {});
  };

  const makeRoom = (now: number): void => {
    for (const [id, session] of sessions) {
      if (sessions.size < maxSessions && now - session.lastUsed < idleMs) break;
      end(id);
    }
  };

  const startSession = async (request: Request, parsedBody: unknown): Promise<Response> => {
    makeRoom(Date.now());
    const server = factory();
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      // Every answer here is a single result: plain JSON, no SSE stream to hold open.
      enableJsonResponse: true,
      maxRequestBodySize: bodyLimit,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, lastUsed: Date.now() });
      },
      onsessionclosed: (id) => end(id),
    });
    server.server.onerror = onerror;
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody });
    // A refused initialize (bad version, malformed) opened no session: nothing to keep.
    if (transport.sessionId === undefined) void server.close().catch(() => {});
    return response;
  };

  const fetch: AgentFetch = async (exchange) => {
    const { request, body } = exchange;
    let parsed: unknown;
    if (body.length > 0) {
      try {
        parsed = JSON.parse(body.toString("utf8"));
      } catch {
        // Not JSON: the SDK answers with its JSON-RPC parse error.
      }
    }
    options.beforeDispatch?.(parsed, exchange);
    const parsedBody = parsed === undefined ? {} : { parsedBody: parsed };
    if (!(await isLegacyRequest(request, parsed, { maxRequestBodySize: bodyLimit }))) return modern.fetch(request, parsedBody);

    const sessionId = request.headers.get(SESSION_HEADER);
    if (sessionId !== null) {
      const session = sessions.get(sessionId);
      const now = Date.now();
      if (!session || now - session.lastUsed >= idleMs) {
        end(sessionId);
        throw sessionNotFound();
      }
      session.lastUsed = now;
      sessions.delete(sessionId);
      sessions.set(sessionId, session);
      return session.transport.handleRequest(request, parsedBody);
    }
    if (request.method === "DELETE") {
      throw problems.badRequest("DELETE ends an MCP session: send its Mcp-Session-Id");
    }
    if (isInitializeRequest(parsed)) return startSession(request, parsed);
    return stateless(request, parsedBody);
  };

  return {
    fetch,
    sessionCount: () => sessions.size,
    async close() {
      for (const id of [...sessions.keys()]) end(id);
      await modern.close();
    },
  };
}
