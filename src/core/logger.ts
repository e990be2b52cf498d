import pino, { type DestinationStream } from "pino";

export type LogLevel = "debug" | "info" | "warn" | "error";

/** One structured log record; `level` defaults to info. Never put a secret, token, code or query string in one. */
export type LogRecord = Record<string, unknown> & { readonly level?: LogLevel; readonly msg?: string };

export type Log = (record: LogRecord) => void;

/**
 * A {@link Log} writing one JSON line per record through pino, at `level` and above. The record's
 * own `level` picks the pino method; everything else becomes fields of the line.
 */
export function createPinoLog(level: string, destination?: DestinationStream): Log {
  const logger = pino({ level, base: { service: "ludex" }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
  return (record) => {
    const { level: recordLevel = "info", msg, ...fields } = record;
    logger[recordLevel](fields, msg);
  };
}
