import pino, { type DestinationStream } from "pino";
import { type BatchedWriter, createBatchedWriter } from "./batched-writer.ts";

export type LogLevel = "debug" | "info" | "warn" | "error";

/** One structured log record; `level` defaults to info. Never put a secret, token, code or query string in one. */
export type LogRecord = Record<string, unknown> & { readonly level?: LogLevel; readonly msg?: string };

/** What one request's line says (src/server/request-log.ts). */
export interface RequestLine {
  readonly requestId: string;
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly durationMs: number;
  readonly bytes: number;
  readonly aborted: boolean;
}

/**
 * Where log records go. `request`, when a log has it, writes a request's line by a faster path
 * than a generic record; without it, request lines are ordinary info records.
 */
export type Log = ((record: LogRecord) => void) & { readonly request?: (line: RequestLine) => void };

/** A {@link Log} whose buffered lines can be written out synchronously (on stop and on exit). */
export type FlushableLog = Log & { readonly flush: () => void; readonly request: (line: RequestLine) => void };

/** Lines are gathered in a buffer of this many bytes before a write (one write for ~290 request lines)... */
const BATCH_BYTES = 65_536;
/** ...or for at most this long, so that a quiet server's lines still appear at once. */
const BATCH_MS = 200;

/**
 * Standard output in batches ({@link createBatchedWriter}): one write per {@link BATCH_BYTES} or
 * {@link BATCH_MS}. A write per request line, and SonicBoom's per-line bookkeeping, cost a large
 * share of the id-lookup throughput (docs/performance.md). Gathered lines are written on `flush()` and
 * when the process exits (normally, by `process.exit` or on an uncaught exception); only a
 * `kill -9` can lose lines: the last batch, at most {@link BATCH_MS} or {@link BATCH_BYTES} of them.
 */
function batchedStdout(): BatchedWriter {
  const writer = createBatchedWriter(1, { batchBytes: BATCH_BYTES, batchMs: BATCH_MS });
  process.once("exit", () => {
    try {
      writer.flushSync();
    } catch {
      // Nothing is left to tell: stdout is gone (a closed pipe).
    }
  });
  return writer;
}

let stampedAt = Number.NaN;
let stamp = "";

/**
 * pino's `isoTime` field (`,"time":"<ISO 8601>"`), the string made once per millisecond: a new
 * `Date` and `toISOString` a line were a twentieth of the request log's cost under load.
 */
export function isoTimestamp(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}

/** pino's `base`: the fields every line carries after its time. */
const BASE = { service: "ludex" } as const;

/** JSON strings of the routes and methods met so far; bounded, though a route is a path pattern and a method a token, a few dozen in all. */
const quoted = new Map<string, string>();
const QUOTED_MAX = 256;

/** `JSON.stringify(text)`, remembered: two of a request line's three strings recur on every line. */
function quote(text: string): string {
  let json = quoted.get(text);
  if (json === undefined) {
    json = JSON.stringify(text);
    if (quoted.size < QUOTED_MAX) quoted.set(text, json);
  }
  return json;
}

/**
 * A request's line as pino writes `logger.info({ requestId, ..., aborted? }, "request")` with
 * {@link BASE} and {@link isoTimestamp}, byte for byte (tested against pino), formatted directly:
 * one template string where pino walks the record's keys, which measured half a request line's
 * cost. `JSON.stringify` escapes as pino does for these strings (an id, an HTTP method token and
 * a route path: no control characters).
 */
function requestLineJson(line: RequestLine): string {
  return `{"level":30${isoTimestamp()},"service":"${BASE.service}","requestId":${JSON.stringify(line.requestId)},"method":${quote(line.method)},"route":${quote(line.route)},"status":${line.status},"durationMs":${line.durationMs},"bytes":${line.bytes}${line.aborted ? ',"aborted":true' : ""},"msg":"request"}\n`;
}

/**
 * A {@link Log} writing one JSON line per record through pino, at `level` and above, to
 * `destination` (tests) or to standard output in batches ({@link batchedStdout}). The record's
 * own `level` picks the pino method; everything else becomes fields of the line. Request lines
 * ({@link FlushableLog.request}) go to the same destination, in order with the others.
 */
export function createPinoLog(level: string, destination?: DestinationStream): FlushableLog {
  const stdout = destination === undefined ? batchedStdout() : undefined;
  const sink: DestinationStream = destination ?? (stdout as BatchedWriter);
  const logger = pino({ level, base: BASE, timestamp: isoTimestamp }, sink);
  const log: Log = (record) => {
    const { level: recordLevel = "info", msg, ...fields } = record;
    logger[recordLevel](fields, msg);
  };
  const requestsLogged = logger.isLevelEnabled("info");
  return Object.assign(log, {
    flush: (): void => stdout?.flushSync(),
    request: (line: RequestLine): void => {
      if (requestsLogged) sink.write(requestLineJson(line));
    },
  });
}
