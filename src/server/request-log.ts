import type { IncomingMessage, ServerResponse } from "node:http";
import type { Log, RequestLine } from "../core/logger.ts";

/** What the handler learns about a request that its log line needs; `route` is set once it is routed. */
export interface RequestLogEntry {
  route: string;
}

/** The log's request-line writer, or an info record with the same fields for a log without one. */
export function requestLineWriter(log: Log): (line: RequestLine) => void {
  if (log.request) return log.request;
  return ({ aborted, ...fields }) => log({ level: "info", msg: "request", ...fields, ...(aborted ? { aborted } : {}) });
}

/**
 * Logs one line when the response is done or the connection drops (a response's `close` comes
 * after its `finish`, and also when it is cut short): request id, method, route (the route's
 * path, never the URL: a query string can carry secrets), status, duration and bytes written to
 * the socket for it. `write` is {@link requestLineWriter}'s.
 */
export function logRequests(
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  write: (line: RequestLine) => void,
): RequestLogEntry {
  const started = performance.now();
  const bytesBefore = req.socket.bytesWritten;
  const entry: RequestLogEntry = { route: "unrouted" };
  res.once("close", () => {
    write({
      requestId,
      method: req.method ?? "GET",
      route: entry.route,
      status: res.statusCode,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      bytes: req.socket.bytesWritten - bytesBefore,
      aborted: !res.writableFinished,
    });
  });
  return entry;
}
