import {
  createMcpHandler,
  INVALID_PARAMS,
  INVALID_REQUEST,
  isInitializeRequest,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type McpServer,
} from "@modelcontextprotocol/server";
import { type Problem, problems } from "../../core/problem.ts";
import type { Log } from "../../core/logger.ts";
import type { EndedSet } from "../../shared-state/ended-set.ts";
import type { AgentExchange, AgentFetch } from "../common/agent-route.ts";
import { invalidParams } from "./mcp-params.ts";
import { signSessionId, verifySessionId } from "./session-token.ts";

export interface McpEndpointOptions {
  /** A fresh MCP server (tools and resources) for one request or one session. */
  readonly createServer: () => McpServer;
  /** Largest body the SDK may read; the route enforces the same limit first. */
  readonly bodyLimit: number;
  /** Signs and verifies session ids (LUDEX_SECRET): every instance with the same key serves every session. */
  readonly secret: Buffer;
  /** Sessions ended by DELETE before their expiry (in Redis with several instances). */
  readonly endedSessions: EndedSet;
  /** How long a session lasts from its `initialize`; its id then answers 404 and the client starts a new one. */
  readonly sessionLifetimeMs?: number;
  /** Rebuilt 2025-11-25 sessions cached in this process at most; the least recently used one is dropped beyond. */
  readonly maxSessions?: number;
  /** A cached session unused this long is dropped from the cache (it is rebuilt on its next request). */
  readonly sessionIdleMs?: number;
  /** Open `subscriptions/listen` streams (2026-07-28) at most. */
  readonly maxSubscriptions?: number;
  /** Sees each parsed JSON-RPC body before dispatch (e.g. to charge a quota); may throw a {@link Problem}. */
  readonly beforeDispatch?: (message: unknown, exchange: AgentExchange) => void | Promise<void>;
  readonly log: Log;
}

export interface McpEndpoint {
  readonly fetch: AgentFetch;
  /** 2025-11-25 sessions cached in this process. */
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
/** The header naming the negotiated protocol version. @see MCP 2025-11-25 Transports §Protocol Version Header */
const PROTOCOL_VERSION_HEADER = "mcp-protocol-version";
/** JSON-RPC's parse error. @see JSON-RPC 2.0 §5.1 */
const PARSE_ERROR = -32700;

/** The headers a replayed handshake message travels with (the transport checks Accept and Content-Type). */
const replayHeaders = { accept: "application/json, text/event-stream", "content-type": "application/json" };

/**
 * A refusal of the whole body, written as the SDK's transport writes its own (400, no id): a
 * body nested too deep (the SDK's validation recurses and would overflow on it), or a batch this
 * protocol version does not take.
 * @see MCP 2025-11-25 Transports §Sending Messages to the Server
 */
function refusal(code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", id: null, error: { code, message } }, { status: 400 });
}

/** The only protocol version whose transport carries JSON-RPC batches: added in 2025-03-26, removed in 2025-06-18. */
const BATCH_PROTOCOL_VERSION = "2025-03-26";
/** Messages one batch may carry (2025-03-26 only). */
export const MAX_BATCH_MESSAGES = 20;
/**
 * Bytes the answers of one batch may total; an answer past it is left out for an error asking for
 * that request on its own, and the requests after it are not run. Small enough that no batch
 * answers 200 times its size.
 */
export const MAX_BATCH_ANSWER_BYTES = 32 * 1024;
/** The implementation-defined JSON-RPC error of a batch item left unanswered. @see JSON-RPC 2.0 §5.1 */
const BATCH_ANSWER_LIMIT_CODE = -32000;
const batchLimitMessage = `The batch's answers reached ${MAX_BATCH_ANSWER_BYTES} bytes: this request's answer is left out; send it on its own`;

/** The id of a JSON-RPC request, or null (a notification or something else). */
function messageId(message: unknown): string | number | null {
  const id = typeof message === "object" && message !== null ? (message as { id?: unknown }).id : undefined;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

function sessionNotFound(): Problem {
  return problems.mcpSessionNotFound(
    "this MCP session has ended or never existed; start a new one with initialize (without Mcp-Session-Id)",
  );
}

/**
 * The MCP Streamable HTTP endpoint, serving both protocol generations from one server definition
 * with the v2 SDK:
 *
 * - 2026-07-28 (every request carries its own `_meta` envelope; `server/discover`): the SDK's
 *   `createMcpHandler` in strict mode, one server instance per request.
 * - 2025-11-25 and earlier (the `initialize` handshake): an `initialize` opens a session on the
 *   SDK's Streamable HTTP transport. Its `Mcp-Session-Id` is self-contained: the `initialize`
 *   parameters, an expiry and an HMAC with the shared secret (./session-token.ts). Any instance
 *   verifies the id and, if the session is not in its cache, rebuilds it by replaying the
 *   handshake on a fresh server, so sessions survive restarts and move freely between instances
 *   with no shared session store. DELETE records the id as ended (in Redis with several
 *   instances) until its expiry. A request naming an unknown, forged, expired or ended session
 *   gets 404, as the transport specifies, so the client starts over. A request without a
 *   session id is served statelessly by the SDK's legacy fallback.
 *
 * The body arrives decoded (src/http/read-body.ts): the SDK is handed that value and never reads
 * the bytes. A body that is not JSON or nests too deep is refused before any of this; a batch
 * goes through `answerBatch`.
 *
 * Requests are told apart with the SDK's own classifier (`isLegacyRequest`), the routing the SDK
 * documents for serving sessionful 2025 traffic beside a strict modern endpoint.
 * @see MCP 2025-11-25 Basic/Transports §Streamable HTTP; MCP 2026-07-28 Basic/Transports
 */
export function createMcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const { log, bodyLimit } = options;
  const maxSessions = options.maxSessions ?? 1000;
  const idleMs = options.sessionIdleMs ?? 30 * 60_000;
  const lifetimeMs = options.sessionLifetimeMs ?? 24 * 3_600_000;
  const { secret, endedSessions } = options;
  const onerror = (error: Error): void => log({ level: "debug", msg: "MCP request refused or failed", err: error.message });
  const factory = (): McpServer => options.createServer();
  const modern = createMcpHandler(factory, {
    legacy: "reject",
    maxRequestBodySize: bodyLimit,
    maxSubscriptions: options.maxSubscriptions ?? 256,
    onerror,
  });
  /**
   * A 2025 request without a session: a fresh server on a transport of its own, answered as
   * plain JSON (one bounded body, never an SSE stream held open), as the SDK's legacy fallback
   * does it otherwise.
   */
  const stateless = async (request: Request, parsedBody: unknown): Promise<Response> => {
    const server = factory();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: bodyLimit,
    });
    server.server.onerror = onerror;
    try {
      await server.connect(transport);
      return await transport.handleRequest(request, { parsedBody });
    } catch (error) {
      onerror(error instanceof Error ? error : new Error(String(error)));
      return Response.json(
        { jsonrpc: "2.0", id: messageId(parsedBody), error: { code: -32603, message: "Internal error" } },
        { status: 500 },
      );
    } finally {
      void transport.close().catch(() => {});
      void server.close().catch(() => {});
    }
  };
  /** Cached sessions, least recently used first (a use moves a session to the end). */
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

  /** A session on a fresh server and transport; `id` is the session id it will answer to. */
  const openTransport = async (id: string): Promise<Session> => {
    makeRoom(Date.now());
    const server = factory();
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      // Every answer here is a single result: plain JSON, no SSE stream to hold open.
      enableJsonResponse: true,
      maxRequestBodySize: bodyLimit,
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, session);
      },
      onsessionclosed: async (sessionId) => {
        const claims = verifySessionId(secret, sessionId);
        if (claims) await endedSessions.add(claims.jti, claims.exp);
        end(sessionId);
      },
    });
    const session: Session = { transport, server, lastUsed: Date.now() };
    server.server.onerror = onerror;
    await server.connect(transport);
    return session;
  };

  const startSession = async (request: Request, parsedBody: { params?: Record<string, unknown> }): Promise<Response> => {
    const session = await openTransport(signSessionId(secret, parsedBody.params ?? {}, lifetimeMs));
    const response = await session.transport.handleRequest(request, { parsedBody });
    // A refused initialize (bad version, malformed) opened no session: nothing to keep.
    if (session.transport.sessionId === undefined) void session.server.close().catch(() => {});
    return response;
  };

  /** Rebuilds a session this process has not seen (opened elsewhere, or before a restart) by replaying its handshake. */
  const rebuildSession = async (id: string, init: Record<string, unknown>): Promise<Session | undefined> => {
    const session = await openTransport(id);
    const replay = (message: object): Promise<Response> =>
      session.transport.handleRequest(new Request("http://ludex.invalid/mcp/", { method: "POST", headers: replayHeaders, body: "{}" }), {
        parsedBody: message,
      });
    const initialized = await replay({ jsonrpc: "2.0", id: 0, method: "initialize", params: init });
    if (!initialized.ok) {
      end(id);
      void session.server.close().catch(() => {});
      return undefined;
    }
    await replay({ jsonrpc: "2.0", method: "notifications/initialized" });
    return session;
  };

  const sessionFor = async (id: string): Promise<Session> => {
    const claims = verifySessionId(secret, id);
    if (!claims || (await endedSessions.has(claims.jti))) {
      end(id);
      throw sessionNotFound();
    }
    const cached = sessions.get(id);
    const now = Date.now();
    if (cached && now - cached.lastUsed < idleMs) {
      cached.lastUsed = now;
      sessions.delete(id);
      sessions.set(id, cached);
      return cached;
    }
    end(id);
    const rebuilt = await rebuildSession(id, claims.init);
    if (!rebuilt) throw sessionNotFound();
    return rebuilt;
  };

  /** One JSON-RPC message (or a body-less DELETE) routed to its protocol generation, session or stateless serving. */
  const dispatch = async (request: Request, parsed: unknown, sessionId: string | null): Promise<Response> => {
    const invalid = invalidParams(parsed);
    if (invalid !== undefined)
      return Response.json({
        jsonrpc: "2.0",
        id: messageId(parsed),
        error: { code: INVALID_PARAMS, message: `Invalid params: ${invalid}` },
      });
    const parsedBody = parsed === undefined ? {} : { parsedBody: parsed };
    if (!(await isLegacyRequest(request, parsed, { maxRequestBodySize: bodyLimit }))) return modern.fetch(request, parsedBody);
    if (sessionId !== null) {
      const session = await sessionFor(sessionId);
      if (request.method !== "DELETE") return session.transport.handleRequest(request, parsedBody);
      try {
        return await session.transport.handleRequest(request, parsedBody);
      } catch (error) {
        // The transport closed itself; the session is not ended, so the next request rebuilds it.
        end(sessionId);
        log({ level: "warn", msg: "MCP session end not recorded", err: error instanceof Error ? error.message : String(error) });
        throw problems.serviceUnavailable("the session's end could not be recorded; send DELETE again shortly", {
          headers: { "retry-after": "5" },
        });
      }
    }
    if (request.method === "DELETE") {
      throw problems.badRequest("DELETE ends an MCP session: send its Mcp-Session-Id");
    }
    if (isInitializeRequest(parsed)) return startSession(request, parsed as { params?: Record<string, unknown> });
    return stateless(request, parsed);
  };

  /**
   * A JSON-RPC batch: refused unless the protocol version is 2025-03-26 (the header, else the
   * session's, else the transport's default, 2025-03-26); then at most {@link MAX_BATCH_MESSAGES}
   * messages, charged to the quotas whole before any runs, each served on its own like a single
   * message, one after another, their answers together at most {@link MAX_BATCH_ANSWER_BYTES}.
   * @see MCP 2025-03-26 Basic §Batching, Lifecycle §Initialization (initialize is never batched);
   *   MCP 2025-06-18 Changelog (batching removed); JSON-RPC 2.0 §6
   */
  const answerBatch = async (exchange: AgentExchange, items: readonly unknown[], sessionId: string | null): Promise<Response> => {
    const { request } = exchange;
    const claimed = sessionId === null ? undefined : verifySessionId(secret, sessionId)?.init.protocolVersion;
    const version =
      request.headers.get(PROTOCOL_VERSION_HEADER) ?? (typeof claimed === "string" ? claimed : undefined) ?? BATCH_PROTOCOL_VERSION;
    if (version !== BATCH_PROTOCOL_VERSION)
      return refusal(
        INVALID_REQUEST,
        `Invalid Request: JSON-RPC batches were removed from MCP in 2025-06-18; under protocol version ${version.slice(0, 40)} send one message per request`,
      );
    if (items.length === 0) return refusal(INVALID_REQUEST, "Invalid Request: an empty batch");
    if (items.length > MAX_BATCH_MESSAGES)
      return refusal(INVALID_REQUEST, `Invalid Request: a batch may carry at most ${MAX_BATCH_MESSAGES} messages`);
    if (items.some((item) => isInitializeRequest(item)))
      return refusal(INVALID_REQUEST, "Invalid Request: initialize must be sent on its own, not in a batch");
    await options.beforeDispatch?.(items, exchange);
    const answers: string[] = [];
    let bytes = 2;
    for (const item of items) {
      if (bytes >= MAX_BATCH_ANSWER_BYTES) {
        const id = messageId(item);
        if (id === null) continue;
        answers.push(JSON.stringify({ jsonrpc: "2.0", id, error: { code: BATCH_ANSWER_LIMIT_CODE, message: batchLimitMessage } }));
        continue;
      }
      const answer = await (await dispatch(request, item, sessionId)).text();
      if (answer === "") continue;
      const size = Buffer.byteLength(answer) + 1;
      if (bytes + size > MAX_BATCH_ANSWER_BYTES) {
        bytes = MAX_BATCH_ANSWER_BYTES;
        answers.push(
          JSON.stringify({ jsonrpc: "2.0", id: messageId(item), error: { code: BATCH_ANSWER_LIMIT_CODE, message: batchLimitMessage } }),
        );
      } else {
        bytes += size;
        answers.push(answer);
      }
    }
    if (answers.length === 0) return new Response(null, { status: 202 });
    return new Response(`[${answers.join(",")}]`, { status: 200, headers: { "content-type": "application/json" } });
  };

  const fetch: AgentFetch = async (exchange) => {
    const { request, message } = exchange;
    if (message !== undefined && !message.ok)
      return message.refusal === "depth"
        ? refusal(INVALID_REQUEST, `Invalid Request: ${message.detail}`)
        : refusal(PARSE_ERROR, "Parse error: the body is not valid JSON");
    const parsed = message?.value;
    const sessionId = request.headers.get(SESSION_HEADER);
    if (Array.isArray(parsed)) return answerBatch(exchange, parsed, sessionId);
    await options.beforeDispatch?.(parsed, exchange);
    return dispatch(request, parsed, sessionId);
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
