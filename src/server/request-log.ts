import type { IncomingMessage, ServerResponse } from "node:http";
import type { Log } from "../core/logger.ts";

/** What the handler learns about a request that its log line needs; `route` is set once it is routed. */
export interface RequestLogEntry {
  route: string;
}

/**
 * Logs one line when the response ends (or the connection drops): request id, method, route (the
 * route's path, never the URL: a query string can carry secrets), status, duration and bytes
 * written to the socket for it.
 */
export function logRequests(req: IncomingMessage, res: ServerResponse, requestId: string, log: Log): RequestLogEntry {
  const started = performance.now();
  const bytesBefore = req.socket.bytesWritten;
  const entry: RequestLogEntry = { route: "unrouted" };
  let done = false;
  const finish = (): void => {
    if (done) return;
    done = true;
    log({
      level: "info",
      msg: "request",
      requestId,
      method: req.method,
      route: entry.route,
      status: res.statusCode,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      bytes: req.socket.bytesWritten - bytesBefore,
      ...(res.writableFinished ? {} : { aborted: true }),
    });
  };
  res.once("finish", finish);
  res.once("close", finish);
  return entry;
}
