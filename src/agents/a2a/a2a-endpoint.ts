import {
  A2A_VERSION_HEADER,
  Extensions,
  formatSSEErrorEvent,
  formatSSEEvent,
  HTTP_EXTENSION_HEADER,
  SSE_HEADERS,
  type AgentCard,
} from "@a2a-js/sdk";
import { A2A_LEGACY_PROTOCOL_VERSION, LEGACY_HTTP_EXTENSION_HEADER } from "@a2a-js/sdk/compat/v0_3";
import { LegacyJsonRpcTransportHandler } from "@a2a-js/sdk/compat/v0_3/server";
import { A2A_ERROR_CODE, ContentTypeNotSupportedError, RequestMalformedError } from "@a2a-js/sdk/errors";
import {
  DefaultExecutionEventBusManager,
  DefaultRequestHandler,
  defaultServerCallContextBuilder,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  UnauthenticatedUser,
  validateVersion,
  type AgentExecutor,
} from "@a2a-js/sdk/server";
import type { Log } from "../../core/logger.ts";
import { invalidA2aParams } from "./a2a-params.ts";
import type { AgentFetch } from "../common/agent-route.ts";

/** A2A's JSON-RPC binding carries one request per POST. @see A2A v1.0 §9 (JSON-RPC binding) */
const batchRefusal = "JSON-RPC batches are not accepted: send one request per POST";
/** The refusal of params the SDK could not read, without its internal text. */
const badParams = "Invalid params: a member of params does not have the type the method takes (see the Agent Card's protocol version)";

type RpcEnvelope = { readonly jsonrpc: string; readonly id: string | number | null; readonly result?: unknown; readonly error?: unknown };

function json(envelope: RpcEnvelope, status = 200): Response {
  return Response.json(envelope, { status });
}

/** The request id to echo in an error, when the body is a request with a usable id. */
function requestId(body: unknown): string | number | null {
  const id = typeof body === "object" && body !== null ? (body as { id?: unknown }).id : undefined;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

/**
 * A JSON-RPC answer whose internal error carries no internal text: the SDK's handlers put the
 * message of whatever they caught there (a TypeError's, say), which is logged instead.
 */
function withoutInternalText(envelope: RpcEnvelope, log: Log): RpcEnvelope {
  const error = envelope.error as { code?: number; message?: string } | undefined;
  if (error?.code !== A2A_ERROR_CODE.INTERNAL_ERROR) return envelope;
  log({ level: "error", msg: "A2A request failed", err: error.message ?? "" });
  return { ...envelope, error: { code: A2A_ERROR_CODE.INTERNAL_ERROR, message: "Internal error" } };
}

/** A stream of JSON-RPC responses as an SSE body, in the SDK's event format. */
function sseResponse(
  first: RpcEnvelope | undefined,
  rest: AsyncIterator<RpcEnvelope>,
  mapError: (error: unknown) => unknown,
  id: string | number | null,
): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first) controller.enqueue(encoder.encode(formatSSEEvent(first)));
    },
    async pull(controller) {
      try {
        const next = await rest.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(formatSSEEvent(next.value)));
      } catch (error) {
        controller.enqueue(encoder.encode(formatSSEErrorEvent({ jsonrpc: "2.0", id, error: mapError(error) })));
        controller.close();
      }
    },
    async cancel() {
      await rest.return?.();
    },
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}

export interface A2aEndpointOptions {
  readonly card: AgentCard;
  readonly executor: AgentExecutor;
  readonly log: Log;
}

/**
 * The A2A JSON-RPC endpoint: the SDK's framework-agnostic transport handlers over one
 * `DefaultRequestHandler`, wired as the SDK's own (Express) JSON-RPC handler wires them. The
 * A2A-Version header picks the protocol: absent or 0.3 goes to the v0.3 compatibility handler
 * (`message/send`, …), 1.0 to the v1.0 handler (`SendMessage`, …); an unsupported version is a
 * JSON-RPC error, as is a body nested deeper than 64 levels (src/http/json-depth.ts; invalid params)
 * or a batch (invalid request).
 * JSON-RPC errors are written by the SDK's error mappers only.
 * @see A2A v1.0 §3.6.2 (versioning), JSON-RPC binding; @a2a-js/sdk src/server/express/json_rpc_handler.ts
 */
export function createA2aEndpoint(options: A2aEndpointOptions): AgentFetch {
  const requestHandler = new DefaultRequestHandler(
    options.card,
    new InMemoryTaskStore(),
    options.executor,
    new DefaultExecutionEventBusManager(),
  );
  const current = new JsonRpcTransportHandler(requestHandler);
  const legacy = new LegacyJsonRpcTransportHandler(requestHandler);

  return async ({ request, message }) => {
    const requestedVersion = request.headers.get(A2A_VERSION_HEADER) || undefined;
    const useLegacy = (requestedVersion ?? A2A_LEGACY_PROTOCOL_VERSION) === A2A_LEGACY_PROTOCOL_VERSION;
    const mapError = (error: unknown): unknown =>
      useLegacy ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError(error) : JsonRpcTransportHandler.mapToJSONRPCError(error);

    const contentType = request.headers.get("content-type");
    if (contentType !== null && contentType.split(";")[0]?.trim().toLowerCase() !== "application/json") {
      return json({
        jsonrpc: "2.0",
        id: null,
        error: mapError(new ContentTypeNotSupportedError(`Unsupported Content-Type "${contentType}"; expected application/json.`)),
      });
    }
    if (message === undefined || (!message.ok && message.refusal !== "depth"))
      return json({ jsonrpc: "2.0", id: null, error: { code: A2A_ERROR_CODE.PARSE_ERROR, message: "Invalid JSON payload." } });
    const rpc = message.ok ? message.value : undefined;
    if (Array.isArray(rpc))
      return json({ jsonrpc: "2.0", id: null, error: { code: A2A_ERROR_CODE.INVALID_REQUEST, message: batchRefusal } });
    const id = message.ok ? requestId(rpc) : (message.id ?? null);
    const invalid = invalidA2aParams(rpc);
    if (invalid !== undefined)
      return json({ jsonrpc: "2.0", id, error: { code: A2A_ERROR_CODE.INVALID_PARAMS, message: `Invalid params: ${invalid}` } });
    try {
      // The SDK recurses through data parts: a deep one would overflow its stack.
      if (!message.ok) throw new RequestMalformedError(message.detail);
      const extensionsHeader = useLegacy
        ? (request.headers.get(LEGACY_HTTP_EXTENSION_HEADER) ?? request.headers.get(HTTP_EXTENSION_HEADER))
        : request.headers.get(HTTP_EXTENSION_HEADER);
      const context = defaultServerCallContextBuilder({
        extensions: Extensions.parseServiceParameter(extensionsHeader ?? undefined),
        user: new UnauthenticatedUser(),
        headers: Object.fromEntries(request.headers),
        ...(requestedVersion !== undefined ? { requestedVersion } : {}),
      });
      validateVersion(context.requestedVersion, options.card, "JSONRPC");
      const handled = await (useLegacy ? legacy : current).handle(rpc as Record<string, unknown>, context);
      if (!(Symbol.asyncIterator in handled)) return json(withoutInternalText(handled, options.log));
      // A streaming method: its first event (or its error) decides between SSE and a plain error answer.
      const iterator = handled[Symbol.asyncIterator]();
      let first: IteratorResult<RpcEnvelope>;
      try {
        first = await iterator.next();
      } catch (error) {
        return json({ jsonrpc: "2.0", id, error: mapError(error) });
      }
      return sseResponse(first.done ? undefined : first.value, iterator, mapError, id);
    } catch (error) {
      const mapped = mapError(error) as { code?: number };
      if (mapped.code !== A2A_ERROR_CODE.INTERNAL_ERROR) return json({ jsonrpc: "2.0", id, error: mapped });
      // The SDK reads params without checking their types: a TypeError is a client's bad params.
      if (error instanceof TypeError)
        return json({ jsonrpc: "2.0", id, error: { code: A2A_ERROR_CODE.INVALID_PARAMS, message: badParams } });
      options.log({ level: "error", msg: "A2A request failed", err: error instanceof Error ? error.stack : String(error) });
      return json({ jsonrpc: "2.0", id, error: { code: A2A_ERROR_CODE.INTERNAL_ERROR, message: "Internal error" } }, 500);
    }
  };
}
