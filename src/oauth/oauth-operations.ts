import type { OAuthLimits } from "../config/config.ts";
import { perWindow } from "../config/quota-words.ts";
import type { OperationSpec } from "../http/operation-spec.ts";
import {
  always,
  FORM_TYPE,
  JSON_TYPE,
  jsonBody,
  memberDatabaseUnavailable,
  oauthErrorBody,
  oauthErrorExample,
  payloadTooLarge,
  problemBody,
  problemExample,
  tooManyRequests,
  unsupportedMediaType,
} from "../http/operation-responses.ts";
import { AUTHORIZATION_CODE_LIFETIME_SECONDS } from "./authorization-codes.ts";
import { tokenLifetimes } from "./grant-store.ts";
import { IDENTITY_PATH, oauthPaths } from "./metadata.ts";
import { defaultClientScopes } from "./client-registry.ts";
import { REGISTRATION_BODY_LIMIT } from "./registration-route.ts";
import { formatScope, type Scope } from "./scopes.ts";
import { TOKEN_FORM_LIMIT } from "./token-route.ts";

/**
 * The identity endpoint (identity-route.ts) and the OAuth client endpoints (registration-route.ts,
 * token-route.ts) as the OpenAPI document describes them: words, examples and responses, with
 * the lifetimes, paths and body limits these routes use.
 * @see RFC 6749, RFC 7009, RFC 7591; docs/service-spec.md §5
 */

const identityScope: Scope = "profile.read";

const examples = {
  memberIdentity: (): unknown => ({ id: 42, displayName: "Ada" }),
  registrationRequest: (): unknown => ({
    client_name: "Example Agent",
    redirect_uris: ["https://agent.example/oauth/callback"],
    scope: "profile.read games.read",
    token_endpoint_auth_method: "none",
  }),
  registrationResponse: (): unknown => ({
    client_id: "g1Xb2Qk0Rr8yY3m4N5p6Tw",
    client_id_issued_at: 1772445600,
    client_name: "Example Agent",
    redirect_uris: ["https://agent.example/oauth/callback"],
    scope: "games.read profile.read",
    token_endpoint_auth_method: "none",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  }),
  tokenRequest: (): unknown => ({
    grant_type: "authorization_code",
    code: "<code from the redirect>",
    redirect_uri: "https://agent.example/oauth/callback",
    client_id: "g1Xb2Qk0Rr8yY3m4N5p6Tw",
    code_verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
  }),
  refreshRequest: (): unknown => ({ grant_type: "refresh_token", refresh_token: "<refresh token>", client_id: "g1Xb2Qk0Rr8yY3m4N5p6Tw" }),
  tokenResponse: (): unknown => ({
    access_token: "<opaque access token>",
    token_type: "Bearer",
    expires_in: tokenLifetimes.accessSeconds,
    scope: "games.read profile.read",
    refresh_token: "<opaque refresh token>",
  }),
  revocationRequest: (): unknown => ({ token: "<refresh token>", token_type_hint: "refresh_token", client_id: "g1Xb2Qk0Rr8yY3m4N5p6Tw" }),
} as const;

/** getAuthorizedMember, with absolute example URLs under `base` (PUBLIC_BASE_URL). */
export function identityOperation(base: string): OperationSpec {
  return {
    operationId: "getAuthorizedMember",
    method: "get",
    path: IDENTITY_PATH,
    tag: "Identity",
    summary: "Get the member who authorized this client",
    description: [
      "The id and display name of the member whose access token this is, and nothing else. Needs `Authorization: Bearer <access token>` with the `profile.read` scope (OAuth 2.0 authorization code flow with PKCE; see the OAuth endpoints).",
      "The token goes in the Authorization header only: a token in the URL is refused (400), since URLs end up in logs. Tokens are checked on every request, so a revoked token fails from the next request on.",
    ].join("\n\n"),
    auth: { kind: "bearer", scope: identityScope },
    responses: {
      "200": {
        description: "The member's identity.",
        headers: { ...always, "Cache-Control": true },
        body: jsonBody("MemberIdentity", { member: { summary: "A member", value: examples.memberIdentity() } }),
      },
      "400": {
        description: "Bad request: the access token was sent in the URL.",
        headers: { ...always, "WWW-Authenticate": true, "Cache-Control": true },
        body: problemBody({
          tokenInUrl: {
            summary: "access_token in the query",
            value: problemExample(base, "bad-request", "send the access token in the Authorization header, never in the URL"),
          },
        }),
      },
      "401": {
        description:
          "Unauthorized: the bearer token is missing, invalid, expired or revoked. `WWW-Authenticate` points at the protected resource metadata.",
        headers: { ...always, "WWW-Authenticate": true, "Cache-Control": true },
        body: problemBody({
          missing: { summary: "No token", value: problemExample(base, "unauthorized", "send Authorization: Bearer <access token>") },
          invalid: {
            summary: "Bad token",
            value: problemExample(base, "unauthorized", "the access token is invalid, expired or revoked"),
          },
        }),
      },
      "403": {
        description: "Forbidden: the token lacks `profile.read`.",
        headers: { ...always, "WWW-Authenticate": true, "Cache-Control": true },
        body: problemBody({
          scope: {
            summary: "Missing scope",
            value: problemExample(base, "insufficient-scope", "this endpoint needs the profile.read scope"),
          },
        }),
      },
    },
    samples: [{ label: "Who authorized this client", headers: { Authorization: "Bearer $ACCESS_TOKEN" } }],
  };
}

/**
 * registerOAuthClient, requestOAuthToken and revokeOAuthToken, with absolute example URLs under
 * `base`; the registration limit is the configured one.
 */
export function oauthClientOperations(base: string, limits: OAuthLimits): readonly OperationSpec[] {
  const invalidClient = oauthErrorExample("invalid_client", "client authentication failed");
  return [
    {
      operationId: "registerOAuthClient",
      method: "post",
      path: oauthPaths.register,
      tag: "OAuth",
      summary: "Register an OAuth client",
      description: [
        `Dynamic client registration (RFC 7591). Register once and keep the \`client_id\`. Agent clients use an exact https redirect URI; native development clients may use http on 127.0.0.1 or [::1]. Redirect URIs with whitespace, control characters or \`*\` are refused; the others are stored and answered in normalised form (lower-case scheme and host, no default port), and authorization requests must send that form exactly. Without \`scope\` the client is registered with \`${formatScope(defaultClientScopes)}\` (never \`profile.read\` unasked); the answer's \`scope\` is what was registered. \`token_endpoint_auth_method: none\` makes a public client (no secret, PKCE only); otherwise the answer carries \`client_secret\`, this once.`,
        `At most ${perWindow(limits.registration, "registrations")} per client address; past that, 429 with \`Retry-After\` as problem+json (\`rate-limited\`), since RFC 7591 defines no error code for a rate limit. Other errors use the OAuth error form (\`error\`, \`error_description\`), not problem+json.`,
      ].join("\n\n"),
      auth: { kind: "none" },
      body: {
        mediaType: JSON_TYPE,
        schema: "ClientRegistrationRequest",
        description: "Client metadata.",
        examples: { publicClient: { summary: "A public agent client", value: examples.registrationRequest() } },
      },
      responses: {
        "201": {
          description: "Registered. `client_secret` is present only for confidential clients.",
          headers: { ...always, "Cache-Control": true },
          body: jsonBody("ClientRegistrationResponse", {
            publicClient: { summary: "A public client", value: examples.registrationResponse() },
          }),
        },
        "400": {
          description: "Invalid client metadata or redirect URI, or a body that is not JSON.",
          headers: { ...always, "Cache-Control": true },
          body: oauthErrorBody({
            metadata: {
              summary: "Missing client_name",
              value: oauthErrorExample(
                "invalid_client_metadata",
                "client_name is required: 1 to 100 characters without control characters",
              ),
            },
            redirect: {
              summary: "http redirect URI",
              value: oauthErrorExample(
                "invalid_redirect_uri",
                "plain http is allowed only on a loopback address (127.0.0.1 or [::1]): http://agent.example/cb",
              ),
            },
          }),
        },
        "413": payloadTooLarge(REGISTRATION_BODY_LIMIT, { kind: "oauth", error: "invalid_client_metadata" }),
        "415": unsupportedMediaType(JSON_TYPE, "text/plain", { kind: "oauth", error: "invalid_client_metadata" }),
        "429": tooManyRequests(
          "Too Many Requests: too many registrations from this address; wait `Retry-After` seconds. problem+json, not the OAuth error form: RFC 7591 §3.2.2 has no code for a rate limit.",
          problemBody({
            limited: {
              summary: "Registration limit",
              value: problemExample(base, "rate-limited", "too many registrations from this address; try again in 3412 s"),
            },
          }),
        ),
        "503": memberDatabaseUnavailable("the member database, or the rate-limit store that counts registrations, does not answer"),
      },
      samples: [{ label: "Register a public client", json: examples.registrationRequest() }],
    },
    {
      operationId: "requestOAuthToken",
      method: "post",
      path: oauthPaths.token,
      tag: "OAuth",
      summary: "Exchange an authorization code or a refresh token for tokens",
      description: [
        `\`grant_type=authorization_code\`: within ${AUTHORIZATION_CODE_LIFETIME_SECONDS} s of the redirect, with the same \`redirect_uri\` and the PKCE \`code_verifier\`. A code works once; replaying it revokes what it produced.`,
        `\`grant_type=refresh_token\`: a new access token and a new refresh token; keep the new one. Presenting a used refresh token revokes the whole grant.`,
        `Access tokens live ${tokenLifetimes.accessSeconds} s, refresh tokens ${tokenLifetimes.refreshSeconds / 86_400} days. Public clients send \`client_id\`; confidential clients authenticate as registered (HTTP Basic or \`client_secret\` in the form). Errors use the OAuth error form.`,
      ].join("\n\n"),
      auth: { kind: "client" },
      body: {
        mediaType: FORM_TYPE,
        schema: "TokenRequest",
        description: "The grant (form encoded).",
        examples: {
          authorizationCode: { summary: "Redeem a code (public client)", value: examples.tokenRequest() },
          refresh: { summary: "Refresh", value: examples.refreshRequest() },
        },
      },
      responses: {
        "200": {
          description: "Tokens.",
          headers: { ...always, "Cache-Control": true },
          body: jsonBody("TokenResponse", { tokens: { summary: "Tokens", value: examples.tokenResponse() } }),
        },
        "400": {
          description:
            "The grant was refused (`invalid_grant`: unknown, expired or used code; wrong redirect_uri or code_verifier) or the request is malformed.",
          headers: { ...always, "Cache-Control": true },
          body: oauthErrorBody({
            grant: {
              summary: "Bad code",
              value: oauthErrorExample("invalid_grant", "the authorization code is invalid, expired or already used"),
            },
            request: { summary: "Missing parameter", value: oauthErrorExample("invalid_request", "code_verifier is required") },
          }),
        },
        "401": {
          description: "Client authentication failed (`invalid_client`).",
          headers: { ...always, "WWW-Authenticate": true, "Cache-Control": true },
          body: oauthErrorBody({ client: { summary: "Unknown client", value: invalidClient } }),
        },
        "413": payloadTooLarge(TOKEN_FORM_LIMIT, { kind: "oauth", error: "invalid_request" }),
        "415": unsupportedMediaType(FORM_TYPE, JSON_TYPE, { kind: "oauth", error: "invalid_request" }),
        "503": memberDatabaseUnavailable(),
      },
      samples: [
        {
          label: "Redeem an authorization code (public client)",
          form: {
            grant_type: "authorization_code",
            code: "$CODE",
            redirect_uri: "https://agent.example/oauth/callback",
            client_id: "$CLIENT_ID",
            code_verifier: "$CODE_VERIFIER",
          },
        },
        { label: "Refresh", form: { grant_type: "refresh_token", refresh_token: "$REFRESH_TOKEN", client_id: "$CLIENT_ID" } },
      ],
    },
    {
      operationId: "revokeOAuthToken",
      method: "post",
      path: oauthPaths.revoke,
      tag: "OAuth",
      summary: "Revoke an access or refresh token",
      description:
        "Token revocation (RFC 7009). Answers 200 for unknown tokens too, so the answer tells nothing about which tokens exist. Revoking a refresh token ends its whole grant. Clients authenticate as at the token endpoint.",
      auth: { kind: "client" },
      body: {
        mediaType: FORM_TYPE,
        schema: "RevocationRequest",
        description: "The token (form encoded).",
        examples: { refresh: { summary: "Revoke a refresh token", value: examples.revocationRequest() } },
      },
      responses: {
        "200": { description: "Revoked (or unknown). No body.", headers: { ...always, "Cache-Control": true } },
        "400": {
          description: "Malformed request (`invalid_request`: no `token`, a repeated parameter).",
          headers: { ...always, "Cache-Control": true },
          body: oauthErrorBody({ request: { summary: "No token", value: oauthErrorExample("invalid_request", "token is required") } }),
        },
        "401": {
          description: "Client authentication failed (`invalid_client`).",
          headers: { ...always, "WWW-Authenticate": true, "Cache-Control": true },
          body: oauthErrorBody({ client: { summary: "Unknown client", value: invalidClient } }),
        },
        "413": payloadTooLarge(TOKEN_FORM_LIMIT, { kind: "oauth", error: "invalid_request" }),
        "415": unsupportedMediaType(FORM_TYPE, JSON_TYPE, { kind: "oauth", error: "invalid_request" }),
        "503": memberDatabaseUnavailable(),
      },
      samples: [
        { label: "Revoke a refresh token", form: { token: "$REFRESH_TOKEN", token_type_hint: "refresh_token", client_id: "$CLIENT_ID" } },
      ],
    },
  ];
}
