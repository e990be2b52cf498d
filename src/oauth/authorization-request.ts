import type { ClientRegistry, RegisteredClient } from "./client-registry.ts";
import { oauthError } from "./oauth-errors.ts";
import { isS256Challenge } from "./pkce.ts";
import { matchesRegisteredRedirectUri } from "./redirect-uri.ts";
import { formatScope, isScopeSubset, parseScope, type Scope } from "./scopes.ts";

/** A validated authorization request. @see RFC 6749 §4.1.1, RFC 7636 §4.3 */
export interface AuthorizationRequest {
  readonly client: RegisteredClient;
  readonly redirectUri: string;
  readonly scopes: readonly Scope[];
  /** Exactly as sent, returned exactly so. */
  readonly state: string | undefined;
  readonly codeChallenge: string;
}

const MAX_STATE_LENGTH = 2048;

/** The parameters that make up an authorization request, in the order they are re-sent. */
const requestParams = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"] as const;

/**
 * Validates an authorization request (from the query, or re-sent by the consent form). Every error
 * is ludex's own page (400), never a redirect: an unknown client or redirect URI may not be sent
 * anything, and the rest are raised before the member has acted.
 * @see RFC 6749 §3.1 (no repeated parameters), §4.1.1, §4.1.2.1; RFC 7636 §4.4.1; RFC 9700 §2.1.1, §4.11.2
 */
export async function parseAuthorizationRequest(params: URLSearchParams, clients: ClientRegistry): Promise<AuthorizationRequest> {
  function page(title: string, detail: string): never {
    throw oauthError("invalid_request", detail, { title });
  }
  const clientIds = params.getAll("client_id");
  if (clientIds.length !== 1 || !clientIds[0])
    page("Unknown app", "The request does not name exactly one app (client_id). Go back to the app and try again.");
  const client = await clients.find(clientIds[0] ?? "");
  if (!client) page("Unknown app", "This app is not registered with ludex. Go back to the app and try again.");
  const redirectUris = params.getAll("redirect_uri");
  if (redirectUris.length !== 1 || !redirectUris[0])
    page("Invalid redirect address", "The request does not give exactly one redirect_uri.");
  const redirectUri = redirectUris[0] ?? "";
  if (!matchesRegisteredRedirectUri(redirectUri, client.redirectUris)) {
    page("Invalid redirect address", "The redirect_uri is not one this app registered, so ludex will not send you there.");
  }

  const states = params.getAll("state");
  const state = states.length === 1 && (states[0] ?? "").length <= MAX_STATE_LENGTH ? states[0] : undefined;
  // Any client may register any https redirect URI, so an error redirected before the member has
  // signed in and acted would make ludex an open redirector (RFC 9700 §4.11.2): it stays a page.
  function fail(code: "invalid_request" | "unsupported_response_type" | "invalid_scope", detail: string): never {
    throw oauthError(code, `${detail} (${code})`, { title: "The app sent an invalid request" });
  }
  for (const name of requestParams) if (params.getAll(name).length > 1) fail("invalid_request", `${name} is given more than once`);
  if (states.length === 1 && state === undefined) fail("invalid_request", `state may be at most ${MAX_STATE_LENGTH} characters`);

  const responseType = params.get("response_type");
  if (responseType === null) fail("invalid_request", "response_type is required");
  if (responseType !== "code") fail("unsupported_response_type", "only response_type=code is supported");
  const method = params.get("code_challenge_method");
  const challenge = params.get("code_challenge");
  if (challenge === null) fail("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256");
  if (method !== "S256") fail("invalid_request", "code_challenge_method must be S256 (plain is not accepted)");
  if (!isS256Challenge(challenge))
    fail("invalid_request", "code_challenge must be the 43-character base64url SHA-256 of the code verifier");

  const scopeParam = params.get("scope");
  let scopes: readonly Scope[] = client.scopes;
  if (scopeParam !== null) {
    const parsed = parseScope(scopeParam);
    if (!parsed.ok) fail("invalid_scope", parsed.detail);
    if (!isScopeSubset(parsed.scopes, client.scopes)) fail("invalid_scope", `this app registered only: ${formatScope(client.scopes)}`);
    scopes = parsed.scopes;
  }
  return { client, redirectUri, scopes, state, codeChallenge: challenge };
}

/** The request's parameters in canonical form, for the consent form's hidden fields. */
export function authorizationRequestFields(request: AuthorizationRequest): Record<string, string> {
  return {
    response_type: "code",
    client_id: request.client.clientId,
    redirect_uri: request.redirectUri,
    scope: formatScope(request.scopes),
    ...(request.state !== undefined ? { state: request.state } : {}),
    code_challenge: request.codeChallenge,
    code_challenge_method: "S256",
  };
}
