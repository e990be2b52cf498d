import type Database from "better-sqlite3";
import type { SqlClient, SqlValue } from "./sql-client.ts";

/**
 * The SQLite adapter. better-sqlite3 is synchronous, so every call answers at once; statements
 * are prepared once and cached. A transaction holds the one connection across awaits, so other
 * callers queue behind it (otherwise their statements would run inside it).
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
    async all(sql, params) {
      while (busy) await busy;
      return direct.all(sql, params);
    },
    async get(sql, params) {
      while (busy) await busy;
      return direct.get(sql, params);
    },
    async run(sql, params) {
      while (busy) await busy;
      return direct.run(sql, params);
    },
    async transaction(work) {
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
    },
    async exec(script) {
      while (busy) await busy;
      db.exec(script);
    },
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async close() {
      if (db.open) db.close();
    },
  };
  return client;
}
