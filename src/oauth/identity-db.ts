import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/** The member and OAuth database file (config.membersDb), separate from the catalog's. */
export type IdentityDb = Database.Database;

/**
 * Opens (creating if needed) the SQLite identity file; its schema comes from
 * store/migrations.ts. WAL lets the CLI add or disable a member while the server reads;
 * synchronous=FULL makes an issued token or a revocation survive power loss once answered;
 * busy_timeout rides out the CLI's short write transactions.
 */
export function openIdentityDb(file: string): IdentityDb {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  return db;
}
