import { forUpdate, type SqlClient } from "./store/sql-client.ts";
import { formatScope, type Scope } from "./scopes.ts";
import { newSecret, secretPrefixes, sha256Hex } from "./secrets.ts";

/**
 * How long an authorization code lives: the RFC's recommended maximum of ten minutes is far
 * more than a redirect needs; one minute limits what a leaked code is worth.
 * @see RFC 6749 §4.1.2, RFC 9700 §4.5
 */
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 60;

/** What a code is bound to. @see RFC 6749 §4.1.3, RFC 7636 §4.4 */
export interface CodeBinding {
  readonly clientId: string;
  readonly memberId: number;
  readonly redirectUri: string;
  readonly scopes: readonly Scope[];
  readonly codeChallenge: string;
}

/** A stored code row, as redemption sees it. */
export interface CodeRow {
  readonly code_hash: string;
  readonly client_id: string;
  readonly member_id: number;
  readonly redirect_uri: string;
  readonly scope: string;
  readonly code_challenge: string;
  readonly created_at: number;
  readonly expires_at: number;
  readonly used_at: number | null;
  readonly grant_id: number | null;
}

/**
 * Issues a one-time authorization code bound to client, member, redirect URI, scope and PKCE
 * challenge. Only its SHA-256 is stored.
 * @see RFC 6749 §4.1.2, §10.5; RFC 7636 §4.4
 */
export async function issueAuthorizationCode(db: SqlClient, binding: CodeBinding, now: number): Promise<string> {
  const code = newSecret(secretPrefixes.authorizationCode);
  await db.run(
    "INSERT INTO authorization_codes (code_hash, client_id, member_id, redirect_uri, scope, code_challenge, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    [
      sha256Hex(code),
      binding.clientId,
      binding.memberId,
      binding.redirectUri,
      formatScope(binding.scopes),
      binding.codeChallenge,
      now,
      now + AUTHORIZATION_CODE_LIFETIME_SECONDS * 1000,
    ],
  );
  return code;
}

/**
 * Takes a code for redemption: returns its row as it was, and marks it used whatever happens
 * next, so a code is good for one attempt only. Call inside the redeeming transaction: the row
 * lock (PostgreSQL) or the write lock (SQLite) makes a concurrent redemption on another
 * instance wait, then see the code used.
 * @see RFC 6749 §4.1.2 ("MUST NOT use the authorization code more than once")
 */
export async function takeAuthorizationCode(tx: SqlClient, code: string, now: number): Promise<CodeRow | undefined> {
  const row = await tx.get<CodeRow>(`SELECT * FROM authorization_codes WHERE code_hash = ?${forUpdate(tx)}`, [sha256Hex(code)]);
  if (row && row.used_at === null) await tx.run("UPDATE authorization_codes SET used_at = ? WHERE code_hash = ?", [now, row.code_hash]);
  return row;
}

/** Records the grant a code produced, so that a replay can revoke it. @see RFC 6749 §4.1.2 */
export async function linkCodeToGrant(tx: SqlClient, codeHash: string, grantId: number): Promise<void> {
  await tx.run("UPDATE authorization_codes SET grant_id = ? WHERE code_hash = ?", [grantId, codeHash]);
}
