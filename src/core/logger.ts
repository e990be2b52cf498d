import pino, { type DestinationStream } from "pino";

export type LogLevel = "debug" | "info" | "warn" | "error";

/** One structured log record; `level` defaults to info. Never put a secret, token, code or query string in one. */
export type LogRecord = Record<string, unknown> & { readonly level?: LogLevel; readonly msg?: string };

export type Log = (record: LogRecord) => void;

/** A {@link Log} whose buffered lines can be written out synchronously (on stop and on exit). */
export type FlushableLog = Log & { readonly flush: () => void };

/**
 * Standard output written asynchronously: a line is queued and written by the event loop, and
 * lines queued while a write is in flight go out together in the next one. A synchronous write per
 * request line cost about a quarter of the id-lookup throughput (issue 13). What is queued is
 * written synchronously on `flush()` and when the process exits (normally, by `process.exit` or on
 * an uncaught exception); only a `kill -9` can lose the lines of the write in flight.
 */
function asyncStdout(): DestinationStream & { flushSync(): void } {
  const stream = pino.destination({ dest: 1, sync: false });
  process.once("exit", () => {
    try {
      stream.flushSync();
    } catch {
      // Nothing is left to tell: stdout is gone (a closed pipe) or a write is still in flight.
    }
  });
  return stream;
}

/**
 * A {@link Log} writing one JSON line per record through pino, at `level` and above, to
 * `destination` (tests) or to standard output, asynchronously ({@link asyncStdout}). The record's
 * own `level` picks the pino method; everything else becomes fields of the line.
 */
export function createPinoLog(level: string, destination?: DestinationStream): FlushableLog {
  const stdout = destination === undefined ? asyncStdout() : undefined;
  const logger = pino({ level, base: { service: "ludex" }, timestamp: pino.stdTimeFunctions.isoTime }, destination ?? stdout);
  const log: Log = (record) => {
    const { level: recordLevel = "info", msg, ...fields } = record;
    logger[recordLevel](fields, msg);
  };
  return Object.assign(log, {
    flush: (): void => stdout?.flushSync(),
  });
}
