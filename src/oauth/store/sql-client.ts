import { type Problem, problems } from "../../core/problem.ts";

/** A query parameter: the identity schema holds only text and integers (Unix ms, ids). */
export type SqlValue = string | number | null;

/**
 * The one storage interface the identity and OAuth code talks to, with two implementations:
 * SQLite (better-sqlite3, the embedded default) and PostgreSQL (LUDEX_DATABASE_URL). Statements
 * are written once with `?` placeholders in the SQL both engines share; the few spots that
 * differ ask {@link SqlClient.dialect}. Like the MCP SDK's Transport, adapters stay thin: no
 * protocol logic lives below this line.
 */
export interface SqlClient {
  readonly dialect: "sqlite" | "postgres";
  /** Every row of a query. */
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row of a query, or undefined. */
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /**
   * Runs `work` in one write transaction, committed when it resolves and rolled back when it
   * rejects. SQLite: BEGIN IMMEDIATE (one writer). PostgreSQL: READ COMMITTED plus the row locks
   * that {@link forUpdate} takes, so two instances redeeming one code serialise on its row.
   */
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  /** Resolves when the database answers (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** ` FOR UPDATE` on PostgreSQL (a row lock held to the end of the transaction); SQLite's write transaction already excludes other writers. */
export function forUpdate(client: SqlClient): string {
  return client.dialect === "postgres" ? " FOR UPDATE" : "";
}

/** 503: the member database cannot be reached (or is locked past its wait). The OAuth surfaces turn it into `temporarily_unavailable`. @see RFC 6749 §4.1.2.1 */
export function databaseUnavailable(): Problem {
  return problems.databaseUnavailable("the member database cannot be reached; try again shortly", {
    extensions: { oauthError: "temporarily_unavailable" },
  });
}
