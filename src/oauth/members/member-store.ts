import { type Problem, problems } from "../../core/problem.ts";
import type { SqlClient } from "../store/sql-client.ts";
import { hashPassword, verifyPassword } from "./password-hash.ts";
import { invisibleCharacter } from "../../core/invisible-characters.ts";

/** A member as the operator sees it (CLI). The public identity is only `id` and `displayName`. */
export interface Member {
  readonly id: number;
  readonly username: string;
  readonly displayName: string;
  readonly createdAt: number;
  readonly disabledAt: number | null;
}

/** What the identity endpoint may reveal about a member, and nothing else. @see docs/service-spec.md §2, §4.5 */
export interface MemberIdentity {
  readonly id: number;
  readonly displayName: string;
}

/** Sign-in names: lower case letters, digits and . _ - (compared case-insensitively). */
const usernamePattern = /^[a-z0-9][a-z0-9._-]{0,63}$/;
/** NIST SP 800-63B §5.1.1.2: at least 8 characters; the upper bound only caps hashing work. */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 1024;

interface MemberRow {
  id: number;
  username: string;
  display_name: string;
  password_hash: string;
  created_at: number;
  disabled_at: number | null;
}

function toMember(row: MemberRow): Member {
  return { id: row.id, username: row.username, displayName: row.display_name, createdAt: row.created_at, disabledAt: row.disabled_at };
}

function invalid(detail: string): Problem {
  return problems.invalidMember(detail);
}

/** Normalises a sign-in name, or undefined when it cannot be one. */
export function normalizeUsername(value: string): string | undefined {
  const lower = value.trim().toLowerCase();
  return usernamePattern.test(lower) ? lower : undefined;
}

/** Checks a display name: 1–100 characters after trimming, no control, bidirectional or zero-width characters. */
export function normalizeDisplayName(value: string): string | undefined {
  const name = value.normalize("NFC").trim();
  return name.length >= 1 && name.length <= 100 && !/\p{Cc}/u.test(name) && invisibleCharacter(name) === undefined ? name : undefined;
}

/** The member accounts: added, listed and disabled by the operator (CLI); verified at sign-in. */
export interface MemberStore {
  add(input: { readonly username: string; readonly displayName: string; readonly password: string }): Promise<Member>;
  list(): Promise<Member[]>;
  /** Disables a member and ends everything they authorized: sessions and grants. */
  disable(username: string): Promise<Member>;
  /** The active member with these credentials, or undefined (same work either way). */
  verifyCredentials(username: string, password: string): Promise<Member | undefined>;
  /** The public identity of an active member. */
  identity(id: number): Promise<MemberIdentity | undefined>;
}

/** The member store on the identity database (passwords as PHC strings from a memory-hard hash). */
export function createMemberStore(db: SqlClient, now: () => number = Date.now): MemberStore {
  const byUsername = (tx: SqlClient, name: string): Promise<MemberRow | undefined> =>
    tx.get<MemberRow>("SELECT * FROM members WHERE username = ?", [name]);
  // Verifying against a throwaway hash for unknown names keeps sign-in timing from revealing which names exist.
  let decoy: Promise<string> | undefined;
  return {
    async add({ username, displayName, password }) {
      const name = normalizeUsername(username);
      if (!name) throw invalid("a username is 1 to 64 characters: letters, digits, '.', '_' or '-', starting with a letter or digit");
      const display = normalizeDisplayName(displayName);
      if (!display) throw invalid("a display name is 1 to 100 characters without control, bidirectional or zero-width characters");
      if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
        throw invalid(`a password is ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
      if (await byUsername(db, name)) throw problems.memberExists(`a member named "${name}" already exists`);
      const hash = await hashPassword(password);
      // ON CONFLICT: another process may add the same name while this one hashes the password.
      const row = await db.get<MemberRow>(
        "INSERT INTO members (username, display_name, password_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (username) DO NOTHING RETURNING *",
        [name, display, hash, now()],
      );
      if (!row) throw problems.memberExists(`a member named "${name}" already exists`);
      return toMember(row);
    },
    async list() {
      return (await db.all<MemberRow>("SELECT * FROM members ORDER BY id")).map(toMember);
    },
    disable(username) {
      const name = normalizeUsername(username) ?? username;
      const at = now();
      return db.transaction(async (tx) => {
        const row = await byUsername(tx, name);
        if (!row) throw problems.memberNotFound(`no member named "${name}"`);
        await tx.run("UPDATE members SET disabled_at = coalesce(disabled_at, ?) WHERE id = ?", [at, row.id]);
        await tx.run("DELETE FROM sessions WHERE member_id = ?", [row.id]);
        await tx.run("UPDATE grants SET revoked_at = ? WHERE member_id = ? AND revoked_at IS NULL", [at, row.id]);
        await tx.run(
          "UPDATE tokens SET revoked_at = ? WHERE revoked_at IS NULL AND grant_id IN (SELECT id FROM grants WHERE member_id = ?)",
          [at, row.id],
        );
        return toMember({ ...row, disabled_at: row.disabled_at ?? at });
      });
    },
    async verifyCredentials(username, password) {
      const name = normalizeUsername(username);
      const row = name ? await byUsername(db, name) : undefined;
      if (password.length > PASSWORD_MAX) return undefined;
      if (!row) {
        await verifyPassword(password, await (decoy ??= hashPassword("decoy password, never matches")));
        return undefined;
      }
      const ok = await verifyPassword(password, row.password_hash);
      return ok && row.disabled_at === null ? toMember(row) : undefined;
    },
    async identity(id) {
      const row = await db.get<{ id: number; display_name: string }>(
        "SELECT id, display_name FROM members WHERE id = ? AND disabled_at IS NULL",
        [id],
      );
      return row ? { id: row.id, displayName: row.display_name } : undefined;
    },
  };
}
