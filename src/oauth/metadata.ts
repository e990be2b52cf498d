import type { HttpResult } from "../http/http-types.ts";
import { cachePolicy } from "../http/cache-policy.ts";
import { tokenEndpointAuthMethods } from "./client-registry.ts";
import { supportedScopes } from "./scopes.ts";

/** The protected resource: the identity endpoint. @see docs/service-spec.md §4.5 */
export const IDENTITY_PATH = "/api/v1/agent/me/";

/** Paths of the OAuth endpoints, under PUBLIC_BASE_URL. @see docs/service-spec.md §5.3 */
export const oauthPaths = {
  authorize: "/oauth/authorize/",
  token: "/oauth/token/",
  register: "/oauth/register/",
  revoke: "/oauth/revoke/",
  signIn: "/oauth/sign-in/",
  apps: "/account/apps/",
  signOut: "/account/sign-out/",
} as const;

/**
 * The well-known URL for `suffix` of the resource or issuer `identifier`: inserted between host
 * and path, the path's terminating slash kept.
 * @see RFC 8414 §3.1, RFC 9728 §3.1
 */
export function wellKnownUrl(identifier: string, suffix: string): string {
  const url = new URL(identifier);
  const path = url.pathname === "/" ? "" : url.pathname;
  return `${url.origin}/.well-known/${suffix}${path}`;
}

/** The identity endpoint's resource identifier. @see RFC 9728 §1.2 */
export function identityResource(base: string): string {
  return `${base}${IDENTITY_PATH}`;
}

/** Where the identity endpoint's protected resource metadata is, for WWW-Authenticate. @see RFC 9728 §5.1 */
export function identityResourceMetadataUrl(base: string): string {
  return wellKnownUrl(identityResource(base), "oauth-protected-resource");
}

/**
 * Authorization server metadata. The issuer is PUBLIC_BASE_URL exactly.
 * @see RFC 8414 §2, RFC 9207 §3 (authorization_response_iss_parameter_supported), RFC 7636 §6.2
 */
export function authorizationServerMetadata(base: string): Record<string, unknown> {
  return {
    issuer: base,
    authorization_endpoint: `${base}${oauthPaths.authorize}`,
    token_endpoint: `${base}${oauthPaths.token}`,
    registration_endpoint: `${base}${oauthPaths.register}`,
    revocation_endpoint: `${base}${oauthPaths.revoke}`,
    scopes_supported: supportedScopes,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: tokenEndpointAuthMethods,
    revocation_endpoint_auth_methods_supported: tokenEndpointAuthMethods,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/docs/`,
  };
}

/**
 * Protected resource metadata for `resource` (the identity endpoint, or the service root at
 * the plain well-known location).
 * @see RFC 9728 §2, §3.3 (resource must equal the identifier the location was derived from)
 */
export function protectedResourceMetadata(base: string, resource: string): Record<string, unknown> {
  return {
    resource,
    authorization_servers: [base],
    scopes_supported: ["profile.read"],
    bearer_methods_supported: ["header"],
    resource_name: "ludex member identity",
    resource_documentation: `${base}/docs/`,
  };
}

/** A metadata document as a cacheable JSON answer. */
export function metadataResult(document: Record<string, unknown>): HttpResult {
  return {
    status: 200,
    headers: { "content-type": "application/json", "cache-control": cachePolicy.document },
    body: JSON.stringify(document),
    compressible: true,
  };
}
