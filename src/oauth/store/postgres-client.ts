import postgres from "postgres";
import { databaseUnavailable, type SqlClient, type SqlValue } from "./sql-client.ts";

/** Limits that keep a request from waiting on a database that is gone or stuck. */
export interface PostgresLimits {
  /** Seconds to open a connection. */
  readonly connectTimeoutSeconds: number;
  /** Server-side limit on one statement (statement_timeout). */
  readonly statementTimeoutMs: number;
  /** Client-side limit on one call, for a server that no longer answers at all. */
  readonly callTimeoutMs: number;
  /** Pool size per instance. */
  readonly maxConnections: number;
  /**
   * Longest wait before reconnecting after failed connections. The library's default backoff
   * grows to 20 s, during which every request waits out `callTimeoutMs` and recovery lags; a
   * refused connection is cheap, so retry soon and answer 503 at once.
   */
  readonly maxReconnectDelayMs: number;
}

export const defaultPostgresLimits: PostgresLimits = {
  connectTimeoutSeconds: 3,
  statementTimeoutMs: 5000,
  callTimeoutMs: 8000,
  maxConnections: 10,
  maxReconnectDelayMs: 500,
};

/** Errors that mean "the database is not there right now", not "this query is wrong". */
const unavailableCodes = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOENT",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "57014", // query_canceled (statement_timeout)
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up)
  "53300", // too_many_connections
]);

function isUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && (unavailableCodes.has(code) || code.startsWith("08"));
}

/** `?` placeholders (the SQL both engines share) to PostgreSQL's `$1, $2, …`; the identity SQL has no `?` inside literals. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/**
 * The PostgreSQL adapter on porsager's `postgres`: a pool, prepared statements, int8 read as
 * numbers (Unix ms and ids stay below 2^53). A lost or stuck database becomes a 503
 * {@link Problem} within `callTimeoutMs`; the pool reconnects on the next call, so the
 * instance recovers by itself when the database is back.
 */
export function postgresClient(url: string, limits: PostgresLimits = defaultPostgresLimits): SqlClient {
  const sql = postgres(url, {
    max: limits.maxConnections,
    connect_timeout: limits.connectTimeoutSeconds,
    idle_timeout: 60,
    backoff: (retries: number) => Math.min(0.025 * 2 ** retries, limits.maxReconnectDelayMs / 1000),
    onnotice: () => {},
    // The array-type query it runs on each new connection drops its promise: a connection lost
    // during it (a database outage) is an unhandled rejection that ends the process. The identity
    // schema has no array columns to parse. @see https://github.com/porsager/postgres/issues/1192
    fetch_types: false,
    types: { bigint: { to: 20, from: [20], serialize: (value: number) => String(value), parse: (value: string) => Number(value) } },
    connection: {
      statement_timeout: limits.statementTimeoutMs,
      idle_in_transaction_session_timeout: limits.statementTimeoutMs * 2,
      application_name: "ludex",
    },
  });
  const texts = new Map<string, string>();
  const text = (query: string): string => {
    let out = texts.get(query);
    if (out === undefined) {
      out = numbered(query);
      texts.set(query, out);
    }
    return out;
  };

  const guarded = async <T>(call: () => Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error("database call timed out"), { code: "CONNECT_TIMEOUT" })),
        limits.callTimeoutMs,
      );
    });
    try {
      return await Promise.race([call(), deadline]);
    } catch (error) {
      if (isUnavailable(error)) throw databaseUnavailable();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  const over = (run: postgres.Sql | postgres.TransactionSql, outer: boolean): SqlClient => {
    const query = <T>(q: string, params: readonly SqlValue[] = []): Promise<T[]> => {
      const call = async (): Promise<T[]> =>
        (await run.unsafe(text(q), params as postgres.ParameterOrJSON<never>[], { prepare: true })) as unknown as T[];
      return outer ? guarded(call) : call();
    };
    const self: SqlClient = {
      dialect: "postgres",
      all: (q, params) => query(q, params),
      get: async (q, params) => (await query(q, params))[0] as never,
      run: async (q, params) => {
        const call = async (): Promise<number> =>
          (await run.unsafe(text(q), params as postgres.ParameterOrJSON<never>[], { prepare: true })).count;
        return outer ? guarded(call) : call();
      },
      transaction: (work) => (outer ? guarded(async () => (await sql.begin((tx) => work(over(tx, false)))) as never) : work(self)),
      exec: async (script) => {
        const call = async (): Promise<void> => void (await run.unsafe(script));
        return outer ? guarded(call) : call();
      },
      ping: async () => void (await query("SELECT 1")),
      close: async () => {
        if (outer) await sql.end({ timeout: 2 });
      },
    };
    return self;
  };
  return over(sql, true);
}
