import type { IncomingMessage } from "node:http";
import { problem, type Problem } from "../core/problem.ts";
import type { Scope } from "./scopes.ts";

/** A b64token. @see RFC 6750 §2.1 */
const bearerPattern = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

function quote(value: string): string {
  return `"${value.replace(/["\\]/g, "'")}"`;
}

/**
 * A WWW-Authenticate Bearer challenge pointing at the resource's metadata.
 * @see RFC 6750 §3, RFC 9728 §5.1
 */
export function bearerChallenge(
  resourceMetadata: string,
  error?: { readonly code: string; readonly description: string; readonly scope?: string },
): string {
  const params = [`resource_metadata=${quote(resourceMetadata)}`];
  if (error) {
    params.unshift(`error=${quote(error.code)}`, `error_description=${quote(error.description)}`);
    if (error.scope !== undefined) params.push(`scope=${quote(error.scope)}`);
  }
  return `Bearer ${params.join(", ")}`;
}

/**
 * A Bearer challenge as a problem. The status is RFC 6750's for the error code: 400 for
 * invalid_request (documented as the `bad-request` problem type: a parameter sent where it is not
 * allowed), 401 for a missing or invalid token, 403 for insufficient_scope.
 * @see RFC 6750 §3.1
 */
function challengeProblem(type: "bad-request" | "unauthorized" | "insufficient-scope", detail: string, challenge: string): Problem {
  return problem(type, detail, { headers: { "www-authenticate": challenge, "cache-control": "no-store" } });
}

/**
 * The bearer token of a resource request, from the Authorization header only. A token in the
 * query string is refused (400): URLs end up in logs, histories and Referer headers.
 * @see RFC 6750 §2.1, §2.3 and §5.3; RFC 9700 §4.3.2
 */
export function bearerToken(req: IncomingMessage, url: URL, resourceMetadata: string): string {
  if (url.searchParams.has("access_token")) {
    throw challengeProblem(
      "bad-request",
      "send the access token in the Authorization header, never in the URL",
      bearerChallenge(resourceMetadata, {
        code: "invalid_request",
        description: "access tokens are accepted only in the Authorization header",
      }),
    );
  }
  const header = req.headers.authorization;
  const token = header === undefined ? undefined : bearerPattern.exec(header)?.[1];
  if (token === undefined) {
    // No usable credentials: a bare challenge, no error code. @see RFC 6750 §3.1
    throw challengeProblem("unauthorized", "send Authorization: Bearer <access token>", bearerChallenge(resourceMetadata));
  }
  return token;
}

/** 401 for a token that is unknown, expired or revoked. @see RFC 6750 §3.1 */
export function invalidTokenProblem(resourceMetadata: string): Problem {
  return challengeProblem(
    "unauthorized",
    "the access token is invalid, expired or revoked",
    bearerChallenge(resourceMetadata, { code: "invalid_token", description: "the access token is invalid, expired or revoked" }),
  );
}

/** 403 for a valid token without `scope`. @see RFC 6750 §3.1 */
export function insufficientScopeProblem(resourceMetadata: string, scope: Scope): Problem {
  return challengeProblem(
    "insufficient-scope",
    `this endpoint needs the ${scope} scope`,
    bearerChallenge(resourceMetadata, { code: "insufficient_scope", description: `the access token lacks ${scope}`, scope }),
  );
}
