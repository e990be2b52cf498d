import pino, { type DestinationStream } from "pino";

export type LogLevel = "debug" | "info" | "warn" | "error";

/** One structured log record; `level` defaults to info. Never put a secret, token, code or query string in one. */
export type LogRecord = Record<string, unknown> & { readonly level?: LogLevel; readonly msg?: string };

export type Log = (record: LogRecord) => void;

/** A {@link Log} whose buffered lines can be written out synchronously (on stop and on exit). */
export type FlushableLog = Log & { readonly flush: () => void };

/** Lines are gathered up to this many bytes before a write (one write for ~15 request lines)... */
const BATCH_BYTES = 4096;
/** ...or for at most this long, so that a quiet server's lines still appear at once. */
const BATCH_MS = 200;

/**
 * Standard output written asynchronously and in batches: lines are queued and written by the event
 * loop once {@link BATCH_BYTES} have gathered or {@link BATCH_MS} have passed. A synchronous write
 * per request line cost about a quarter of the id-lookup throughput (issue 13). What is queued is
 * written synchronously on `flush()` and when the process exits (normally, by `process.exit` or on
 * an uncaught exception); only a `kill -9` can lose lines: the last batch, at most 200 ms or 4 KiB.
 */
function asyncStdout(): DestinationStream & { flushSync(): void } {
  const stream = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  let pending = false;
  const write = stream.write.bind(stream);
  stream.write = (line: string): boolean => {
    pending = true;
    return write(line);
  };
  setInterval(() => {
    if (!pending) return;
    pending = false;
    try {
      stream.flush();
    } catch {
      // Ended (after a flushSync on exit): nothing is queued any more.
    }
  }, BATCH_MS).unref();
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
