/**
 * The scopes a client may ask for, each with the plain words the consent page shows.
 * @see RFC 6749 §3.3; docs/service-spec.md §5.4
 */
export const scopeDescriptions = {
  "games.read": "Read public game metadata",
  "community.read": "Read public release and community information",
  "profile.read": "See your member number and display name",
} as const;

/** A scope this server knows. */
export type Scope = keyof typeof scopeDescriptions;

/** Every scope, in the order the metadata and consent page list them. */
export const supportedScopes: readonly Scope[] = Object.keys(scopeDescriptions) as Scope[];

function isScope(value: string): value is Scope {
  return Object.hasOwn(scopeDescriptions, value);
}

/** Why a scope string was refused. */
export interface ScopeParseFailure {
  readonly ok: false;
  readonly detail: string;
}

/** A parsed scope string: distinct known scopes, in the canonical order. */
export interface ScopeParseSuccess {
  readonly ok: true;
  readonly scopes: readonly Scope[];
}

/**
 * Parses a space-delimited scope string. Scope tokens are separated by single spaces (%x20) and
 * are case-sensitive; an unknown token or an empty list is refused. Duplicates collapse.
 * @see RFC 6749 §3.3
 */
export function parseScope(value: string): ScopeParseSuccess | ScopeParseFailure {
  if (value.length === 0 || value.length > 200) return { ok: false, detail: "scope must list 1 to 3 scopes separated by spaces" };
  const tokens = value.split(" ");
  const found = new Set<Scope>();
  for (const token of tokens) {
    if (token === "") return { ok: false, detail: "scope tokens are separated by single spaces" };
    if (!isScope(token)) return { ok: false, detail: `unknown scope "${token.slice(0, 40)}"; supported: ${supportedScopes.join(" ")}` };
    found.add(token);
  }
  return { ok: true, scopes: supportedScopes.filter((s) => found.has(s)) };
}

/** The space-delimited form of `scopes`. @see RFC 6749 §3.3 */
export function formatScope(scopes: readonly Scope[]): string {
  return supportedScopes.filter((s) => scopes.includes(s)).join(" ");
}

/** True when every scope of `requested` is in `allowed`. @see RFC 6749 §3.3, §6 */
export function isScopeSubset(requested: readonly Scope[], allowed: readonly Scope[]): boolean {
  return requested.every((s) => allowed.includes(s));
}
