import { z } from "zod";
import { clientGrantTypes, clientResponseTypes, defaultClientScopes, tokenEndpointAuthMethods } from "./client-registry.ts";
import type { OAuthErrorCode } from "./oauth-errors.ts";
import { formatScope, scopeDescriptions, supportedScopes } from "./scopes.ts";

/**
 * The OAuth JSON surface as zod schemas, for the OpenAPI document (src/discovery/) and the
 * contract test. They describe what the hand-written parsers and writers in this folder accept
 * and send (client-registry.ts, token-route.ts, grant-store.ts, oauth-errors.ts); the server does
 * not validate with them, so tests/discovery checks both agree.
 */

/** Every error code the OAuth JSON endpoints can send. @see RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 7009 §2.2.1 */
export const oauthErrorCodes = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
  "access_denied",
  "unsupported_response_type",
  "server_error",
  "temporarily_unavailable",
  "invalid_redirect_uri",
  "invalid_client_metadata",
  "unsupported_token_type",
] as const satisfies readonly OAuthErrorCode[];
// Fails to compile when oauth-errors.ts gains a code this list lacks.
const allCodes: Exclude<OAuthErrorCode, (typeof oauthErrorCodes)[number]> extends never ? true : never = true;
void allCodes;

/**
 * The OAuth error form of the token, revocation and registration endpoints (not problem+json:
 * strict OAuth clients reject anything else).
 * @see RFC 6749 §5.2, RFC 7591 §3.2.2
 */
export const oauthErrorSchema = z
  .looseObject({
    error: z.enum(oauthErrorCodes),
    error_description: z
      .string()
      .regex(/^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/)
      .optional(),
  })
  .meta({ description: "An OAuth 2.0 error response (RFC 6749 §5.2, RFC 7591 §3.2.2)." });

/** A space-delimited list of known scopes. @see RFC 6749 §3.3 */
const scopeList = z
  .string()
  .regex(
    new RegExp(
      `^(?:${supportedScopes.map((s) => s.replace(".", "\\.")).join("|")})(?: (?:${supportedScopes.map((s) => s.replace(".", "\\.")).join("|")}))*$`,
    ),
  )
  .meta({ description: `Space-delimited: ${supportedScopes.map((s) => `${s} (${scopeDescriptions[s].toLowerCase()})`).join(", ")}` });

/** The identity endpoint's answer: the member's id and display name, nothing else. @see docs/service-spec.md §2, §4.5 */
export const memberIdentitySchema = z
  .strictObject({
    id: z.number().int().min(1),
    displayName: z.string().min(1),
  })
  .meta({ description: "The member who authorized the client. No other member is ever sent." });

/** POST /oauth/register/ body. @see RFC 7591 §2, docs/service-spec.md §5.6; client-registry.ts parseClientMetadata */
export const clientRegistrationRequestSchema = z
  .looseObject({
    client_name: z.string().min(1).max(100),
    redirect_uris: z.array(z.url().max(2000)).min(1).max(10).meta({
      description:
        "Absolute https URIs without a fragment, whitespace, control characters or `*`, or http on 127.0.0.1 or [::1] (any port at authorization time) for native development clients. Stored, and answered, in normalised form (lower-case scheme and host, no default port): authorization requests must send that form exactly",
    }),
    scope: scopeList
      .optional()
      .meta({ description: `Space-delimited scopes; when absent the client is registered with \`${formatScope(defaultClientScopes)}\`` }),
    token_endpoint_auth_method: z
      .enum(tokenEndpointAuthMethods as readonly [string, ...string[]])
      .default("client_secret_basic")
      .meta({ description: "`none` registers a public client (no secret; PKCE protects the code)" }),
    grant_types: z.array(z.enum(clientGrantTypes)).optional(),
    response_types: z.array(z.enum(clientResponseTypes)).length(1).optional(),
  })
  .meta({ description: "Client metadata (RFC 7591 §2). Unknown members are ignored." });

/** The registration answer. @see RFC 7591 §3.2.1; client-registry.ts registrationResponse */
export const clientRegistrationResponseSchema = z
  .looseObject({
    client_id: z.string().min(1),
    client_id_issued_at: z.number().int().min(0),
    client_secret: z.string().min(1).optional().meta({ description: "Confidential clients only, sent this once and never again" }),
    client_secret_expires_at: z.literal(0).optional().meta({ description: "0: the secret does not expire" }),
    client_name: z.string(),
    redirect_uris: z.array(z.url()),
    scope: scopeList,
    token_endpoint_auth_method: z.enum(tokenEndpointAuthMethods as readonly [string, ...string[]]),
    grant_types: z.array(z.enum(clientGrantTypes)),
    response_types: z.array(z.enum(clientResponseTypes)),
  })
  .meta({ description: "The registered client (RFC 7591 §3.2.1)." });

const clientCredentials = {
  client_id: z.string().min(1).optional().meta({ description: "Public clients and client_secret_post" }),
  client_secret: z
    .string()
    .min(1)
    .optional()
    .meta({ description: "client_secret_post only; client_secret_basic sends it in the Authorization header" }),
};

/** POST /oauth/token/ form. @see RFC 6749 §4.1.3 and §6, RFC 7636 §4.5; token-route.ts */
export const tokenRequestSchema = z
  .discriminatedUnion("grant_type", [
    z.looseObject({
      grant_type: z.literal("authorization_code"),
      code: z.string().min(1).meta({ description: "The one-time code from the redirect (valid 60 s)" }),
      redirect_uri: z.string().min(1).meta({ description: "Exactly the redirect_uri of the authorization request" }),
      code_verifier: z
        .string()
        .regex(/^[A-Za-z0-9\-._~]{43,128}$/)
        .meta({ description: "The PKCE verifier whose S256 challenge was sent (RFC 7636)" }),
      ...clientCredentials,
    }),
    z.looseObject({
      grant_type: z.literal("refresh_token"),
      refresh_token: z.string().min(1).meta({ description: "Rotated on every use: keep the new one" }),
      scope: scopeList.optional().meta({ description: "A subset of the granted scopes; omit for all of them" }),
      ...clientCredentials,
    }),
  ])
  .meta({ description: "A token request (application/x-www-form-urlencoded)." });

/** The token answer. @see RFC 6749 §5.1; grant-store.ts TokenResponse */
export const tokenResponseSchema = z
  .looseObject({
    access_token: z.string().min(1),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int().min(1).meta({ description: "Seconds" }),
    scope: scopeList,
    refresh_token: z.string().min(1),
  })
  .meta({ description: "Access and refresh token (RFC 6749 §5.1). Tokens are opaque; never log them or put them in URLs." });

/** POST /oauth/revoke/ form. @see RFC 7009 §2.1 */
export const revocationRequestSchema = z
  .looseObject({
    token: z.string().min(1),
    token_type_hint: z.enum(["access_token", "refresh_token"]).optional(),
    ...clientCredentials,
  })
  .meta({ description: "A token revocation request (application/x-www-form-urlencoded). A refresh token takes its whole grant with it." });
