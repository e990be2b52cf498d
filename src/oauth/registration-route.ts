import { problems } from "../core/problem.ts";
import type { HttpResult, RequestContext } from "../http/http-types.ts";
import { rateLimitHeaders } from "../http/rate-limiter.ts";
import { readJsonBody } from "../http/read-body.ts";
import { parseClientMetadata, registrationResponse } from "./client-registry.ts";
import type { OAuthContext } from "./oauth-context.ts";
import { oauthError } from "./oauth-errors.ts";

/** The largest registration body read (client metadata is small); quoted by oauth-operations.ts. */
export const REGISTRATION_BODY_LIMIT = 16 * 1024;

/**
 * POST /oauth/register/: open dynamic client registration, rate limited per client address; past
 * the limit the answer is a problem+json 429 (`rate-limited`) with `Retry-After`, since RFC 7591
 * §3.2.2 defines no error code for it.
 * @see RFC 7591 §3, RFC 6585 §4, RFC 9457, docs/service-spec.md §5.6
 */
export function registrationRoute(oauth: OAuthContext): (ctx: RequestContext) => Promise<HttpResult> {
  return async (ctx) => {
    const decision = await oauth.registrationLimiter.take(oauth.clientAddress(ctx.req), 1, oauth.now());
    if (decision.unavailable) {
      ctx.req.resume();
      throw oauthError("temporarily_unavailable", "registration is paused while the rate-limit store is unreachable; try again shortly", {
        status: 503,
        headers: { "retry-after": String(decision.resetSeconds) },
      });
    }
    if (!decision.allowed) {
      ctx.req.resume();
      throw problems.rateLimited(`too many registrations from this address; try again in ${decision.resetSeconds} s`, {
        headers: { "retry-after": String(decision.resetSeconds), ...rateLimitHeaders(oauth.registrationLimiter, decision) },
      });
    }
    const metadata = parseClientMetadata(await readJsonBody(ctx.req, REGISTRATION_BODY_LIMIT));
    const { client, secret } = await oauth.clients.register(metadata);
    oauth.log({
      level: "info",
      requestId: ctx.id,
      msg: "oauth client registered",
      clientId: client.clientId,
      authMethod: client.authMethod,
    });
    return {
      status: 201,
      headers: { "content-type": "application/json", "cache-control": "no-store", pragma: "no-cache" },
      body: JSON.stringify(registrationResponse(client, secret)),
    };
  };
}
