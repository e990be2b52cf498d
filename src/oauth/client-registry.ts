import { randomBytes } from "node:crypto";
import { oauthError } from "./oauth-errors.ts";
import { checkRedirectUri } from "./redirect-uri.ts";
import { formatScope, parseScope, type Scope, supportedScopes } from "./scopes.ts";
import { newSecret, secretPrefixes, sha256Hex } from "./secrets.ts";
import type { SqlClient } from "./store/sql-client.ts";
import { invisibleCharacter } from "../core/invisible-characters.ts";

/** How a client authenticates at the token endpoint. @see RFC 7591 §2 */
export type TokenEndpointAuthMethod = "none" | "client_secret_basic" | "client_secret_post";

/** The client authentication methods this server supports. @see RFC 7591 §2, RFC 8414 §2 */
export const tokenEndpointAuthMethods: readonly TokenEndpointAuthMethod[] = ["none", "client_secret_basic", "client_secret_post"];

/** The grant and response types every client is registered with. @see RFC 7591 §2.1 */
export const clientGrantTypes = ["authorization_code", "refresh_token"] as const;
/** @see RFC 7591 §2.1 */
export const clientResponseTypes = ["code"] as const;

/** A registered client. `secretHash` is SHA-256 hex of the secret; null for a public client. */
export interface RegisteredClient {
  readonly clientId: string;
  readonly clientName: string;
  readonly redirectUris: readonly string[];
  readonly scopes: readonly Scope[];
  readonly authMethod: TokenEndpointAuthMethod;
  readonly secretHash: string | null;
  readonly createdAt: number;
}

/** Validated client metadata from a registration request. @see RFC 7591 §2 */
export interface ClientMetadata {
  readonly clientName: string;
  readonly redirectUris: readonly string[];
  readonly scopes: readonly Scope[];
  readonly authMethod: TokenEndpointAuthMethod;
}

const MAX_REDIRECT_URIS = 10;

/**
 * The scopes of a client registered without `scope`: the public read scopes, never `profile.read`
 * unasked; the registration answer names them.
 * @see RFC 7591 §2 (the server may register a default scope)
 */
export const defaultClientScopes: readonly Scope[] = ["games.read", "community.read"];

function metadataError(detail: string): never {
  throw oauthError("invalid_client_metadata", detail);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Validates a registration request body. Unknown members are ignored, as the RFC requires;
 * `grant_types` and `response_types`, when given, must fit the authorization code flow; redirect
 * URIs are kept in their normalised form and a missing `scope` gets {@link defaultClientScopes}.
 * @see RFC 7591 §2, §3.1, §3.2.2
 */
export function parseClientMetadata(body: unknown): ClientMetadata {
  if (!isRecord(body)) metadataError("the body must be a JSON object");
  const name = body.client_name;
  if (typeof name !== "string" || name.trim().length === 0 || name.length > 100 || /\p{Cc}/u.test(name)) {
    metadataError("client_name is required: 1 to 100 characters without control characters");
  }
  const hidden = invisibleCharacter(name);
  if (hidden !== undefined) metadataError(`client_name must not contain bidirectional controls or zero-width characters (found ${hidden})`);
  const uris = body.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    throw oauthError("invalid_redirect_uri", `redirect_uris must be an array of 1 to ${MAX_REDIRECT_URIS} URIs`);
  }
  const redirectUris: string[] = [];
  for (const uri of uris) {
    if (typeof uri !== "string") throw oauthError("invalid_redirect_uri", "every redirect URI must be a string");
    const check = checkRedirectUri(uri);
    if (!check.ok) throw oauthError("invalid_redirect_uri", `${check.detail}: ${uri.slice(0, 200)}`);
    redirectUris.push(check.uri);
  }
  if (body.scope !== undefined && typeof body.scope !== "string")
    metadataError(`scope must be a space-delimited list of ${supportedScopes.join(", ")}`);
  const scope = body.scope === undefined ? { ok: true as const, scopes: defaultClientScopes } : parseScope(body.scope);
  if (!scope.ok) metadataError(scope.detail);
  const method = body.token_endpoint_auth_method ?? "client_secret_basic";
  if (typeof method !== "string" || !tokenEndpointAuthMethods.includes(method as TokenEndpointAuthMethod)) {
    metadataError(`token_endpoint_auth_method must be one of ${tokenEndpointAuthMethods.join(", ")}`);
  }
  if (body.grant_types !== undefined) {
    const grants = body.grant_types;
    if (
      !Array.isArray(grants) ||
      !grants.includes("authorization_code") ||
      !grants.every((g) => (clientGrantTypes as readonly unknown[]).includes(g))
    ) {
      metadataError("grant_types must include authorization_code and may add only refresh_token");
    }
  }
  if (body.response_types !== undefined) {
    const types = body.response_types;
    if (!Array.isArray(types) || types.length !== 1 || types[0] !== "code") metadataError('response_types must be ["code"]');
  }
  return {
    clientName: name.trim(),
    redirectUris: [...new Set(redirectUris)],
    scopes: scope.scopes,
    authMethod: method as TokenEndpointAuthMethod,
  };
}

/**
 * The registration response: the registered metadata, `client_id`, and `client_secret` with
 * `client_secret_expires_at` (0: never) for a confidential client — the only time the secret exists
 * outside the client.
 * @see RFC 7591 §3.2.1
 */
export function registrationResponse(client: RegisteredClient, secret: string | undefined): Record<string, unknown> {
  return {
    client_id: client.clientId,
    client_id_issued_at: Math.floor(client.createdAt / 1000),
    ...(secret !== undefined ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    client_name: client.clientName,
    redirect_uris: client.redirectUris,
    scope: formatScope(client.scopes),
    token_endpoint_auth_method: client.authMethod,
    grant_types: clientGrantTypes,
    response_types: clientResponseTypes,
  };
}

interface ClientRow {
  client_id: string;
  secret_hash: string | null;
  auth_method: string;
  client_name: string;
  redirect_uris_json: string;
  scope: string;
  created_at: number;
}

function toClient(row: ClientRow): RegisteredClient {
  const scope = parseScope(row.scope);
  return {
    clientId: row.client_id,
    clientName: row.client_name,
    redirectUris: JSON.parse(row.redirect_uris_json) as string[],
    scopes: scope.ok ? scope.scopes : [],
    authMethod: row.auth_method as TokenEndpointAuthMethod,
    secretHash: row.secret_hash,
    createdAt: row.created_at,
  };
}

/** Registered clients. @see RFC 7591 */
export interface ClientRegistry {
  /** Stores a client; returns it with its secret (confidential clients only), which is not kept. */
  register(metadata: ClientMetadata): Promise<{ readonly client: RegisteredClient; readonly secret: string | undefined }>;
  find(clientId: string): Promise<RegisteredClient | undefined>;
}

/** The client registry on the identity database; secrets are stored as SHA-256 hex only. @see RFC 7591 §3.2.1 */
export function createClientRegistry(db: SqlClient, now: () => number): ClientRegistry {
  return {
    async register(metadata) {
      // client_id is public; 128 random bits keep ids unguessable without being a secret.
      const clientId = randomBytes(16).toString("base64url");
      const secret = metadata.authMethod === "none" ? undefined : newSecret(secretPrefixes.clientSecret);
      const createdAt = now();
      await db.run(
        "INSERT INTO clients (client_id, secret_hash, auth_method, client_name, redirect_uris_json, scope, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
          clientId,
          secret === undefined ? null : sha256Hex(secret),
          metadata.authMethod,
          metadata.clientName,
          JSON.stringify(metadata.redirectUris),
          formatScope(metadata.scopes),
          createdAt,
        ],
      );
      return {
        client: {
          clientId,
          clientName: metadata.clientName,
          redirectUris: metadata.redirectUris,
          scopes: metadata.scopes,
          authMethod: metadata.authMethod,
          secretHash: secret === undefined ? null : sha256Hex(secret),
          createdAt,
        },
        secret,
      };
    },
    async find(clientId) {
      if (clientId.length === 0 || clientId.length > 100) return undefined;
      const row = await db.get<ClientRow>("SELECT * FROM clients WHERE client_id = ?", [clientId]);
      return row ? toClient(row) : undefined;
    },
  };
}
