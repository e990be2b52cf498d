import type { ServerResponse } from "node:http";
import { responseWritten, type HttpResult, type RequestContext } from "../../http/http-types.ts";
import { type Problem, problems } from "../../core/problem.ts";
import { type DecodedJson, decodeJson, readBody } from "../../http/read-body.ts";
import { MAX_JSON_DEPTH } from "../../http/json-depth.ts";
import { corsHeaders } from "../../http/cors.ts";

/** One request to an agent endpoint, as its protocol layer sees it. */
export interface AgentExchange {
  readonly ctx: RequestContext;
  /**
   * The request as a web-standard `Request` (what the MCP and A2A SDKs take): its method, URL and
   * headers, never its body, so an SDK cannot read bytes ludex did not check. Its signal aborts
   * when the client goes away.
   */
  readonly request: Request;
  /**
   * The body as {@link decodeJson} read it within the limit (the value the SDKs are handed), or
   * why it was refused; undefined for a request without a body (GET, DELETE).
   */
  readonly message: DecodedJson | undefined;
}

/**
 * A protocol surface: answers one exchange with a web-standard `Response`. It may throw a
 * {@link Problem} before answering (an HTTP-level refusal, written as problem+json by the server).
 */
export type AgentFetch = (exchange: AgentExchange) => Promise<Response>;

export interface AgentRouteOptions {
  /** Largest body accepted; 413 beyond. */
  readonly bodyLimit: number;
  /** Origins a browser may call from (`scheme://host[:port]`); undefined allows any. */
  readonly allowedOrigins?: readonly string[];
  /** Response headers browsers may read, besides the usual ones. */
  readonly exposeHeaders?: readonly string[];
  readonly fetch: AgentFetch;
}

/**
 * True when a request may proceed: no Origin header (non-browser clients send none), or one of
 * the allowed origins. A present but unparseable Origin (including the opaque `null`) is refused.
 * @see MCP 2025-11-25 Transports §Security Warning; RFC 6454 §7
 */
export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined || origin === "") return true;
  const parsed = URL.parse(origin);
  return parsed !== null && parsed.origin !== "null" && allowed.includes(parsed.origin);
}

function forbiddenOrigin(origin: string): Problem {
  return problems.forbiddenOrigin(`requests from ${origin} are not accepted here`);
}

/** Headers that describe the body's framing, which the body-less Request does not have. */
const framingHeaders = new Set(["content-length", "transfer-encoding"]);

/** The Node request as a web-standard Request without its body (the protocol layers get the decoded value instead). */
function webRequest(ctx: RequestContext, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (value === undefined || name.startsWith(":") || framingHeaders.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return new Request(ctx.url, { method: ctx.method, headers, signal });
}

/** Resolves when `res` can take more data, or has closed. */
function writable(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/**
 * Writes a web Response to the Node response, streaming its body (SSE) with backpressure. Never
 * throws once the head is written: a body that fails midway just ends the response.
 */
async function writeResponse(res: ServerResponse, response: Response, headers: Readonly<Record<string, string>>): Promise<void> {
  const head: Record<string, string> = { ...headers };
  response.headers.forEach((value, name) => {
    head[name] = value;
  });
  res.writeHead(response.status, head);
  if (response.body === null) {
    res.end();
    return;
  }
  try {
    for await (const chunk of response.body) {
      if (res.destroyed) break;
      if (!res.write(chunk)) await writable(res);
    }
  } catch {
    // The protocol layer gave up on the stream (client gone, server closing): end what was sent.
  }
  if (!res.destroyed) res.end();
}

/**
 * The HTTP side of an agent endpoint (MCP, A2A), kept thin like the SDK transports: Origin
 * check, body limit, the body decoded once (strict UTF-8, a leading BOM stripped, nesting
 * checked), then the protocol layer's Response written straight to the socket (its SSE
 * streams must not be buffered). HTTP-level refusals (these, and those the protocol layer throws
 * before answering) are {@link Problem}s, written as problem+json by the server; every answer of
 * the protocol layer is its SDK's own JSON-RPC.
 */
export function agentRoute(options: AgentRouteOptions): (ctx: RequestContext) => Promise<HttpResult> {
  const expose = [corsHeaders["access-control-expose-headers"], ...(options.exposeHeaders ?? [])].filter(Boolean).join(", ");
  return async (ctx) => {
    const origin = ctx.req.headers.origin;
    if (options.allowedOrigins && !originAllowed(origin, options.allowedOrigins)) throw forbiddenOrigin(origin ?? "");
    const body = ctx.method === "GET" || ctx.method === "HEAD" ? Buffer.alloc(0) : await readBody(ctx.req, options.bodyLimit);
    // DELETE (an MCP session's end) has no body; any other method's body is JSON-RPC, decoded once here.
    const message = body.length === 0 && ctx.method !== "POST" ? undefined : decodeJson(body, { maxDepth: MAX_JSON_DEPTH });
    const abort = new AbortController();
    ctx.res.once("close", () => {
      if (!ctx.res.writableFinished) abort.abort();
    });
    let request: Request;
    try {
      request = webRequest(ctx, abort.signal);
    } catch {
      throw problems.badRequest("the request's headers cannot be read");
    }
    const response = await options.fetch({ ctx, request, message });
    await writeResponse(ctx.res, response, { ...corsHeaders, "access-control-expose-headers": expose, "x-request-id": ctx.id });
    return responseWritten;
  };
}
