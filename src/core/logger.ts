import pino, { type DestinationStream } from "pino";
import { type BatchedWriter, createBatchedWriter } from "./batched-writer.ts";

export type LogLevel = "debug" | "info" | "warn" | "error";

/** One structured log record; `level` defaults to info. Never put a secret, token, code or query string in one. */
export type LogRecord = Record<string, unknown> & { readonly level?: LogLevel; readonly msg?: string };

export type Log = (record: LogRecord) => void;

/** A {@link Log} whose buffered lines can be written out synchronously (on stop and on exit). */
export type FlushableLog = Log & { readonly flush: () => void };

/** Lines are gathered up to this many characters before a write (one write for ~70 request lines)... */
const BATCH_CHARS = 16_384;
/** ...or for at most this long, so that a quiet server's lines still appear at once. */
const BATCH_MS = 200;

/**
 * Standard output in batches ({@link createBatchedWriter}): one write per {@link BATCH_CHARS} or
 * {@link BATCH_MS}. A write per request line, and SonicBoom's per-line bookkeeping, cost a quarter
 * to a third of the id-lookup throughput (issue 13). Queued lines are written on `flush()` and
 * when the process exits (normally, by `process.exit` or on an uncaught exception); only a
 * `kill -9` can lose lines: the last batch, at most 200 ms or 16 KiB.
 */
function batchedStdout(): BatchedWriter {
  const writer = createBatchedWriter(1, { batchChars: BATCH_CHARS, batchMs: BATCH_MS });
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

/**
 * A {@link Log} writing one JSON line per record through pino, at `level` and above, to
 * `destination` (tests) or to standard output in batches ({@link batchedStdout}). The record's
 * own `level` picks the pino method; everything else becomes fields of the line.
 */
export function createPinoLog(level: string, destination?: DestinationStream): FlushableLog {
  const stdout = destination === undefined ? batchedStdout() : undefined;
  const logger = pino({ level, base: { service: "ludex" }, timestamp: isoTimestamp }, destination ?? stdout);
  const log: Log = (record) => {
    const { level: recordLevel = "info", msg, ...fields } = record;
    logger[recordLevel](fields, msg);
  };
  return Object.assign(log, {
    flush: (): void => stdout?.flushSync(),
  });
}
