import type Database from "better-sqlite3";
import { databaseUnavailable, type SqlClient, type SqlValue } from "./sql-client.ts";

/**
 * SQLite result codes (and their extended forms, e.g. SQLITE_IOERR_WRITE) that mean "the file
 * cannot be used right now", not "this statement is wrong": another process holds the lock past
 * busy_timeout, or the disk or file is failing or full.
 * @see https://www.sqlite.org/rescode.html
 */
const unavailablePrefixes = ["SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_FULL"];

function isUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && unavailablePrefixes.some((prefix) => code === prefix || code.startsWith(`${prefix}_`));
}

/** Runs a store call; an unusable file becomes the 503 {@link databaseUnavailable} problem, as on PostgreSQL. */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isUnavailable(error)) throw databaseUnavailable();
    throw error;
  }
}

/**
 * The SQLite adapter. better-sqlite3 is synchronous, so every call answers at once; statements
 * are prepared once and cached. A transaction holds the one connection across awaits, so other
 * callers queue behind it (otherwise their statements would run inside it). A locked or failing
 * file (SQLITE_BUSY past busy_timeout, I/O errors, a full disk) is answered like a PostgreSQL
 * outage: a 503 that the OAuth surfaces write as `temporarily_unavailable`.
 */
export function sqliteClient(db: Database.Database): SqlClient {
  const statements = new Map<string, Database.Statement<SqlValue[]>>();
  const prepare = (sql: string): Database.Statement<SqlValue[]> => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare<SqlValue[]>(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  /** Set while a transaction is open; settles when it ends. */
  let busy: Promise<void> | undefined;

  const direct = {
    all: <T>(sql: string, params: readonly SqlValue[] = []): T[] => prepare(sql).all(...params) as T[],
    get: <T>(sql: string, params: readonly SqlValue[] = []): T | undefined => prepare(sql).get(...params) as T | undefined,
    run: (sql: string, params: readonly SqlValue[] = []): number => prepare(sql).run(...params).changes,
  };

  const inTransaction: SqlClient = {
    dialect: "sqlite",
    all: async (sql, params) => direct.all(sql, params),
    get: async (sql, params) => direct.get(sql, params),
    run: async (sql, params) => direct.run(sql, params),
    transaction: (work) => work(inTransaction),
    exec: async (script) => void db.exec(script),
    ping: async () => {},
    close: async () => {},
  };

  const client: SqlClient = {
    dialect: "sqlite",
    all: (sql, params) =>
      guarded(async () => {
        while (busy) await busy;
        return direct.all(sql, params);
      }),
    get: (sql, params) =>
      guarded(async () => {
        while (busy) await busy;
        return direct.get(sql, params);
      }),
    run: (sql, params) =>
      guarded(async () => {
        while (busy) await busy;
        return direct.run(sql, params);
      }),
    transaction: (work) =>
      guarded(async () => {
        while (busy) await busy;
        let release = (): void => {};
        busy = new Promise((resolve) => (release = resolve));
        try {
          db.exec("BEGIN IMMEDIATE");
          try {
            const result = await work(inTransaction);
            db.exec("COMMIT");
            return result;
          } catch (error) {
            if (db.inTransaction) db.exec("ROLLBACK");
            throw error;
          }
        } finally {
          busy = undefined;
          release();
        }
      }),
    exec: (script) =>
      guarded(async () => {
        while (busy) await busy;
        db.exec(script);
      }),
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async close() {
      if (db.open) db.close();
    },
  };
  return client;
}
