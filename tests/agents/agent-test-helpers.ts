import { randomUUID } from "node:crypto";
import { Role, type Message } from "@a2a-js/sdk";
import { http, type RawResponse } from "../helpers/http.ts";
import type { RunningServer } from "../helpers/test-server.ts";

/** Headers a Streamable HTTP client sends with a POST. @see MCP 2025-11-25 Transports §Sending Messages to the Server */
export const mcpPostHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" } as const;

/** A raw JSON-RPC POST to the MCP endpoint. */
export function postMcp(server: RunningServer, body: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  return http(server.url("/mcp/"), {
    method: "POST",
    headers: { ...mcpPostHeaders, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The JSON-RPC message of an answer: a JSON body, or the first `data:` event of an SSE body. */
export function rpcMessage<T = Record<string, unknown>>(res: RawResponse): T {
  const text = res.body.toString("utf8");
  if ((res.headers["content-type"] ?? "").startsWith("text/event-stream")) {
    const data = text.split("\n").find((line) => line.startsWith("data: ") && line.length > 6);
    if (!data) throw new Error(`no data event in ${text}`);
    return JSON.parse(data.slice(6)) as T;
  }
  return JSON.parse(text) as T;
}

/** An `initialize` request of the 2025-11-25 revision. @see MCP 2025-11-25 Basic/Lifecycle §Initialization */
export const initializeRequest = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw-test", version: "1.0.0" } },
} as const;

/** Fetch that sends requests for the public origin to the test server instead (the tests' DNS). */
export function rewritingFetch(publicOrigin: string, server: RunningServer): typeof fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const target = url.startsWith(publicOrigin) ? server.url(url.slice(publicOrigin.length)) : url;
    return input instanceof Request ? fetch(new Request(target, input), init) : fetch(target, init);
  };
}

/** A user's text message to the A2A agent, every field the SDK's type requires filled. */
export function userMessage(text: string): Message {
  return {
    messageId: randomUUID(),
    contextId: "",
    taskId: "",
    role: Role.ROLE_USER,
    parts: [{ content: { $case: "text", value: text }, metadata: undefined, filename: "", mediaType: "text/plain" }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}
