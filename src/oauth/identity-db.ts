import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { problems } from "../core/problem.ts";

/** The member and OAuth database (config.membersDb), separate from the catalog's. */
export type IdentityDb = Database.Database;

/** Schema version kept in `PRAGMA user_version`. */
export const IDENTITY_SCHEMA_VERSION = 1;

// Every secret column holds lowercase SHA-256 hex of the secret, never the secret itself
// (passwords: a PHC string from a memory-hard hash). Times are Unix milliseconds.
const schema = `
CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE,
  display_name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  disabled_at INTEGER
) STRICT;

CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX sessions_member ON sessions(member_id);

CREATE TABLE clients (
  client_id TEXT PRIMARY KEY,
  secret_hash TEXT,
  auth_method TEXT NOT NULL CHECK (auth_method IN ('none', 'client_secret_basic', 'client_secret_post')),
  client_name TEXT NOT NULL,
  redirect_uris_json TEXT NOT NULL,
  scope TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE grants (
  id INTEGER PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients(client_id) ON DELETE CASCADE,
  member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  scope TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL,
  revoked_at INTEGER
) STRICT;
CREATE INDEX grants_member ON grants(member_id, client_id);

CREATE TABLE authorization_codes (
  code_hash TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients(client_id) ON DELETE CASCADE,
  member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  redirect_uri TEXT NOT NULL,
  scope TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  grant_id INTEGER REFERENCES grants(id) ON DELETE SET NULL
) STRICT;

CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,
  grant_id INTEGER NOT NULL REFERENCES grants(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
  scope TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  revoked_at INTEGER
) STRICT;
CREATE INDEX tokens_grant ON tokens(grant_id);
`;

/**
 * Opens (creating if needed) the identity database. WAL lets the CLI add or disable a member
 * while the server reads; synchronous=FULL makes an issued token or a revocation survive power
 * loss once answered; busy_timeout rides out the CLI's short write transactions.
 */
export function openIdentityDb(file: string): IdentityDb {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  // Checked again inside the write lock: the server and the CLI may create the file at once.
  db.transaction(() => {
    if ((db.pragma("user_version", { simple: true }) as number) !== 0) return;
    db.exec(schema);
    db.pragma(`user_version = ${IDENTITY_SCHEMA_VERSION}`);
  }).immediate();
  const version = db.pragma("user_version", { simple: true }) as number;
  if (version !== IDENTITY_SCHEMA_VERSION) {
    db.close();
    // Members and their grants cannot be rebuilt from anything else, so an unknown schema is refused.
    throw problems.identitySchemaMismatch(`${file} has schema version ${version}; this ludex reads version ${IDENTITY_SCHEMA_VERSION}`);
  }
  return db;
}
