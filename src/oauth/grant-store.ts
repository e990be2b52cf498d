import type { Log } from "../core/logger.ts";
import type { Problem } from "../core/problem.ts";
import { linkCodeToGrant, takeAuthorizationCode } from "./authorization-codes.ts";
import type { RegisteredClient } from "./client-registry.ts";
import { oauthError } from "./oauth-errors.ts";
import { isCodeVerifier, verifyS256 } from "./pkce.ts";
import { formatScope, isScopeSubset, parseScope, type Scope } from "./scopes.ts";
import { newSecret, secretPrefixes, sha256Hex } from "./secrets.ts";
import { forUpdate, type SqlClient } from "./store/sql-client.ts";

/**
 * Token lifetimes. Access tokens are short (an hour) because a bearer token works for whoever
 * holds it; refresh tokens are rotated on every use and lapse after 30 days unused.
 * @see RFC 6749 §1.5, RFC 9700 §2.2.2 and §4.14
 */
export const tokenLifetimes = { accessSeconds: 3600, refreshSeconds: 30 * 24 * 3600 } as const;

/** A successful token response. @see RFC 6749 §5.1 */
export interface TokenResponse {
  readonly access_token: string;
  readonly token_type: "Bearer";
  readonly expires_in: number;
  readonly scope: string;
  readonly refresh_token: string;
}

/** A valid access token's meaning. */
export interface AccessGrant {
  readonly memberId: number;
  readonly clientId: string;
  readonly grantId: number;
  readonly scopes: readonly Scope[];
}

/** An app as a member's account page lists it. */
export interface AuthorizedApp {
  readonly clientId: string;
  readonly clientName: string;
  readonly scopes: readonly Scope[];
  readonly authorizedAt: number;
  readonly lastUsedAt: number;
}

/** Grants (one per approved authorization) and the access and refresh tokens issued under them. */
export interface GrantStore {
  /** grant_type=authorization_code. @see RFC 6749 §4.1.3, RFC 7636 §4.6 */
  exchangeCode(
    client: RegisteredClient,
    input: { readonly code: string; readonly redirectUri: string; readonly codeVerifier: string },
  ): Promise<TokenResponse>;
  /** grant_type=refresh_token, with rotation and reuse detection. @see RFC 6749 §6, RFC 9700 §4.14.2 */
  refresh(
    client: RegisteredClient,
    input: { readonly refreshToken: string; readonly scopes: readonly Scope[] | undefined },
  ): Promise<TokenResponse>;
  /** The grant behind a live access token, or undefined. @see RFC 6750 §3.1 */
  validateAccessToken(token: string): Promise<AccessGrant | undefined>;
  /** Revokes a token of `client` (a refresh token takes its whole grant). @see RFC 7009 §2.1 */
  revokeToken(client: RegisteredClient, token: string): Promise<void>;
  /** The apps a member has live grants for. */
  listApps(memberId: number): Promise<AuthorizedApp[]>;
  /** Revokes everything a member granted a client, including codes not yet redeemed. */
  revokeApp(memberId: number, clientId: string): Promise<boolean>;
  /** Removes expired codes, tokens and sessions. */
  purgeExpired(): Promise<void>;
}

interface TokenRow {
  token_hash: string;
  grant_id: number;
  kind: "access" | "refresh";
  scope: string;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  client_id: string;
  member_id: number;
  grant_scope: string;
  grant_revoked_at: number | null;
  last_used_at: number;
  member_disabled_at: number | null;
}

const tokenQuery = `SELECT t.token_hash, t.grant_id, t.kind, t.scope, t.expires_at, t.used_at, t.revoked_at,
  g.client_id, g.member_id, g.scope AS grant_scope, g.revoked_at AS grant_revoked_at, g.last_used_at, m.disabled_at AS member_disabled_at
  FROM tokens t JOIN grants g ON g.id = t.grant_id JOIN members m ON m.id = g.member_id WHERE t.token_hash = ?`;

function scopesOf(value: string): Scope[] {
  const parsed = parseScope(value);
  return parsed.ok ? [...parsed.scopes] : [];
}

/**
 * The grant store on the identity database. Tokens are stored as SHA-256 hex only, and every
 * check reads the database, so revocations apply from the next request, on every instance.
 * Single use across instances: redemption and rotation lock the code or token row
 * (SELECT … FOR UPDATE on PostgreSQL, the write transaction on SQLite) before deciding, so of
 * two concurrent attempts one issues tokens and the other sees the row used.
 * @see RFC 6749 §4.1.3 and §6, RFC 6819 §5.1.4.1.3, RFC 9700 §4.14
 */
export function createGrantStore(db: SqlClient, now: () => number, log: Log): GrantStore {
  const insertToken = "INSERT INTO tokens (token_hash, grant_id, kind, scope, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)";

  const revokeGrant = async (tx: SqlClient, grantId: number, at: number): Promise<void> => {
    await tx.run("UPDATE grants SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?", [at, grantId]);
    await tx.run("UPDATE tokens SET revoked_at = coalesce(revoked_at, ?) WHERE grant_id = ?", [at, grantId]);
  };

  const issuePair = async (
    tx: SqlClient,
    grantId: number,
    grantScope: readonly Scope[],
    accessScope: readonly Scope[],
    at: number,
  ): Promise<TokenResponse> => {
    const access = newSecret(secretPrefixes.accessToken);
    const refresh = newSecret(secretPrefixes.refreshToken);
    await tx.run(insertToken, [
      sha256Hex(access),
      grantId,
      "access",
      formatScope(accessScope),
      at,
      at + tokenLifetimes.accessSeconds * 1000,
    ]);
    await tx.run(insertToken, [
      sha256Hex(refresh),
      grantId,
      "refresh",
      formatScope(grantScope),
      at,
      at + tokenLifetimes.refreshSeconds * 1000,
    ]);
    await tx.run("UPDATE grants SET last_used_at = ? WHERE id = ?", [at, grantId]);
    return {
      access_token: access,
      token_type: "Bearer",
      expires_in: tokenLifetimes.accessSeconds,
      scope: formatScope(accessScope),
      refresh_token: refresh,
    };
  };

  /** Runs `work` in one write transaction; a refusal is returned, not thrown, so that what it recorded (a used code, a revoked grant) is committed. */
  const settle = async <T>(work: (tx: SqlClient, at: number) => Promise<T | Problem>): Promise<T> => {
    const at = now();
    const outcome = await db.transaction((tx) => work(tx, at));
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };

  return {
    async exchangeCode(client, input) {
      if (!isCodeVerifier(input.codeVerifier)) throw oauthError("invalid_grant", "code_verifier must be 43 to 128 unreserved characters");
      return settle(async (tx, at) => {
        const row = await takeAuthorizationCode(tx, input.code, at);
        if (!row) return oauthError("invalid_grant", "the authorization code is not valid");
        if (row.used_at !== null) {
          // A second use means the code leaked: take back what the first use produced.
          if (row.grant_id !== null) await revokeGrant(tx, row.grant_id, at);
          log({ level: "warn", msg: "authorization code replayed; its grant is revoked", clientId: row.client_id, grantId: row.grant_id });
          return oauthError("invalid_grant", "the authorization code was already used");
        }
        if (row.client_id !== client.clientId) return oauthError("invalid_grant", "the authorization code was issued to another client");
        if (row.expires_at <= at) return oauthError("invalid_grant", "the authorization code has expired");
        if (row.redirect_uri !== input.redirectUri)
          return oauthError("invalid_grant", "redirect_uri differs from the authorization request");
        if (!verifyS256(input.codeVerifier, row.code_challenge))
          return oauthError("invalid_grant", "code_verifier does not match the code_challenge");
        const member = await tx.get<{ disabled_at: number | null }>("SELECT disabled_at FROM members WHERE id = ?", [row.member_id]);
        if (!member || member.disabled_at !== null) return oauthError("invalid_grant", "the authorization is no longer valid");
        const scopes = scopesOf(row.scope);
        const grant = await tx.get<{ id: number }>(
          "INSERT INTO grants (client_id, member_id, scope, created_at, last_used_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
          [client.clientId, row.member_id, row.scope, at, at],
        );
        if (!grant) throw new Error("insert returned no row");
        await linkCodeToGrant(tx, row.code_hash, grant.id);
        log({ level: "info", msg: "tokens issued for an authorization code", clientId: client.clientId, grantId: grant.id });
        return issuePair(tx, grant.id, scopes, scopes, at);
      });
    },

    async refresh(client, input) {
      return settle(async (tx, at) => {
        // The token row is locked first, so a concurrent rotation of the same token waits here and then finds it used.
        const locked = await tx.get<{ token_hash: string }>(`SELECT token_hash FROM tokens WHERE token_hash = ?${forUpdate(tx)}`, [
          sha256Hex(input.refreshToken),
        ]);
        const row = locked ? await tx.get<TokenRow>(tokenQuery, [locked.token_hash]) : undefined;
        if (row?.kind !== "refresh" || row.client_id !== client.clientId)
          return oauthError("invalid_grant", "the refresh token is not valid");
        if (row.grant_revoked_at !== null || row.revoked_at !== null) return oauthError("invalid_grant", "the refresh token was revoked");
        if (row.used_at !== null) {
          // A rotated token presented again: the client or an attacker holds a stale copy, and we cannot tell which.
          await revokeGrant(tx, row.grant_id, at);
          log({ level: "warn", msg: "refresh token reused; its grant is revoked", clientId: client.clientId, grantId: row.grant_id });
          return oauthError("invalid_grant", "the refresh token was already used; the authorization is revoked");
        }
        if (row.expires_at <= at) return oauthError("invalid_grant", "the refresh token has expired");
        if (row.member_disabled_at !== null) return oauthError("invalid_grant", "the authorization is no longer valid");
        const grantScopes = scopesOf(row.grant_scope);
        const wanted = input.scopes ?? grantScopes;
        if (!isScopeSubset(wanted, grantScopes)) return oauthError("invalid_scope", "a refresh may only narrow the granted scope");
        await tx.run("UPDATE tokens SET used_at = ? WHERE token_hash = ?", [at, row.token_hash]);
        log({ level: "info", msg: "refresh token rotated", clientId: client.clientId, grantId: row.grant_id });
        return issuePair(tx, row.grant_id, grantScopes, wanted, at);
      });
    },

    async validateAccessToken(token) {
      if (token.length > 200) return undefined;
      const row = await db.get<TokenRow>(tokenQuery, [sha256Hex(token)]);
      const at = now();
      if (
        row?.kind !== "access" ||
        row.revoked_at !== null ||
        row.grant_revoked_at !== null ||
        row.member_disabled_at !== null ||
        row.expires_at <= at
      )
        return undefined;
      // Coarse "last used" for the member's page, written at most once a minute per grant.
      if (at - row.last_used_at > 60_000)
        await db.run("UPDATE grants SET last_used_at = ? WHERE id = ? AND last_used_at < ?", [at, row.grant_id, at - 60_000]);
      return { memberId: row.member_id, clientId: row.client_id, grantId: row.grant_id, scopes: scopesOf(row.scope) };
    },

    async revokeToken(client, token) {
      if (token.length > 200) return;
      const at = now();
      await db.transaction(async (tx) => {
        const row = await tx.get<TokenRow>(tokenQuery, [sha256Hex(token)]);
        // Another client's token, or an unknown one, is not this client's to revoke: nothing happens (200 all the same).
        if (!row || row.client_id !== client.clientId) return;
        if (row.kind === "refresh") await revokeGrant(tx, row.grant_id, at);
        else await tx.run("UPDATE tokens SET revoked_at = coalesce(revoked_at, ?) WHERE token_hash = ?", [at, row.token_hash]);
        log({ level: "info", msg: `${row.kind} token revoked by its client`, clientId: client.clientId, grantId: row.grant_id });
      });
    },

    async listApps(memberId) {
      const at = now();
      const concat = db.dialect === "postgres" ? "string_agg(g.scope, ' ')" : "group_concat(g.scope, ' ')";
      const rows = await db.all<{ client_id: string; client_name: string; scopes: string; authorized_at: number; last_used_at: number }>(
        `SELECT g.client_id, min(c.client_name) AS client_name, ${concat} AS scopes, min(g.created_at) AS authorized_at, max(g.last_used_at) AS last_used_at
         FROM grants g JOIN clients c ON c.client_id = g.client_id
         WHERE g.member_id = ? AND g.revoked_at IS NULL
           AND EXISTS (SELECT 1 FROM tokens t WHERE t.grant_id = g.id AND t.revoked_at IS NULL AND t.used_at IS NULL AND t.expires_at > ?)
         GROUP BY g.client_id ORDER BY authorized_at`,
        [memberId, at],
      );
      return rows.map((r) => ({
        clientId: r.client_id,
        clientName: r.client_name,
        scopes: scopesOf([...new Set(r.scopes.split(" "))].join(" ")),
        authorizedAt: r.authorized_at,
        lastUsedAt: r.last_used_at,
      }));
    },

    async revokeApp(memberId, clientId) {
      const at = now();
      return db.transaction(async (tx) => {
        const grants = await tx.all<{ id: number }>("SELECT id FROM grants WHERE member_id = ? AND client_id = ? AND revoked_at IS NULL", [
          memberId,
          clientId,
        ]);
        for (const g of grants) await revokeGrant(tx, g.id, at);
        // A code issued but not yet redeemed would otherwise outlive the revocation.
        await tx.run(
          "UPDATE authorization_codes SET expires_at = ? WHERE member_id = ? AND client_id = ? AND used_at IS NULL AND expires_at > ?",
          [at, memberId, clientId, at],
        );
        if (grants.length > 0) log({ level: "info", msg: "member revoked an app", memberId, clientId });
        return grants.length > 0;
      });
    },

    async purgeExpired() {
      const at = now();
      // Used codes are kept a day past expiry so that a late replay still revokes what they issued.
      await db.run("DELETE FROM authorization_codes WHERE expires_at < ?", [at - 86_400_000]);
      await db.run("DELETE FROM tokens WHERE expires_at < ?", [at - 86_400_000]);
      await db.run("DELETE FROM sessions WHERE expires_at < ?", [at]);
    },
  };
}
