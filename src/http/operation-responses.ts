import { httpProblemTypes, type HttpProblemType } from "../core/problem-types.ts";
import type { ExampleObject } from "./openapi-types.ts";
import type { ComponentName, ResponseBody, ResponseSpec } from "./operation-spec.ts";
import type { ResponseHeaderName } from "./response-headers.ts";
import { PROBLEM_CONTENT_TYPE, problemTypeUri } from "./problem-response.ts";
import { bodyTooLargeDetail, unsupportedMediaTypeDetail } from "./read-body.ts";

/**
 * The response blocks several operations share, declared once: every surface's operation
 * declarations (`*-operations.ts`) build their answers from these, so that a 413, 415, 429 or 503
 * reads the same wherever it can occur, and quotes the limit the route enforces.
 * @see docs/service-spec.md §4, §7
 */

export const JSON_TYPE = "application/json";
export const FORM_TYPE = "application/x-www-form-urlencoded";

/** Header fields the server writes on every answer. */
export const always = { "X-Request-Id": true } as const;

/** The cache tags an answer may carry for a CDN to purge by (src/http/cache-tags.ts). */
export const taggable = { "Surrogate-Key": false, "Cache-Tag": false } as const;

/** Further header fields an operation adds to a shared block (the match quota fields, say). */
type ExtraHeaders = Readonly<Partial<Record<ResponseHeaderName, boolean>>>;

/** Body examples by name. */
type Examples = Record<string, ExampleObject>;

/** A JSON body of one component, or of one of several. */
export function jsonBody(schema: ComponentName | readonly ComponentName[], examples: Examples): ResponseBody {
  return { mediaType: JSON_TYPE, schema, examples };
}

/** A problem+json body (RFC 9457). */
export function problemBody(examples: Examples): ResponseBody {
  return { mediaType: PROBLEM_CONTENT_TYPE, schema: "Problem", examples };
}

/** An OAuth error body (RFC 6749 §5.2), the form the OAuth endpoints answer errors in. */
export function oauthErrorBody(examples: Examples): ResponseBody {
  return { mediaType: JSON_TYPE, schema: "OAuthError", examples };
}

/** A problem+json example as problemResult() writes it; title and status come from the registry. */
export function problemExample(base: string, type: HttpProblemType, detail: string, extensions: Record<string, unknown> = {}): unknown {
  const { title, status } = httpProblemTypes[type];
  return { type: problemTypeUri(base, type), title, status, detail, ...extensions };
}

/** An OAuth error example. */
export function oauthErrorExample(error: string, description: string): unknown {
  return { error, error_description: description };
}

/** 304 to a conditional GET whose validator still matches. @see RFC 9110 §15.4.5 */
export const notModified: ResponseSpec = {
  description: "Not Modified: the If-None-Match (or If-Modified-Since) validator still matches; reuse the cached answer.",
  headers: { ...always, ETag: true, "Cache-Control": true },
};

/** 503 while no catalog build is loaded, with the registry's Retry-After. */
export function catalogUnavailable(base: string, extraHeaders: ExtraHeaders = {}): ResponseSpec {
  return {
    description: "Service temporarily unavailable: no catalog build is loaded. Retry after the given seconds.",
    headers: { ...always, "Retry-After": true, "Cache-Control": true, ...extraHeaders },
    body: problemBody({
      unavailable: {
        summary: "No catalog loaded",
        value: problemExample(base, "catalog-unavailable", "The catalog is not loaded; try again later."),
      },
    }),
  };
}

/**
 * 503 of an OAuth endpoint whose write the member database refused (src/oauth/store/): another
 * process holds its lock, or the database does not answer.
 * @see RFC 6749 §5.2, §4.1.2.1
 */
export function memberDatabaseUnavailable(what = "the member database does not answer"): ResponseSpec {
  return {
    description: `Service temporarily unavailable (\`temporarily_unavailable\`): ${what}. Retry after the given seconds.`,
    headers: { ...always, "Retry-After": true, "Cache-Control": true },
    body: errorExample(
      { kind: "oauth", error: "temporarily_unavailable" },
      "database-unavailable",
      "unavailable",
      "Member database unreachable",
      "the member database cannot be reached; try again shortly",
    ),
  };
}

/**
 * The form an operation's error examples take: problem+json under `base`, or the OAuth error
 * form with the RFC 6749 error code the endpoint gives every refused body.
 */
export type ErrorForm = { readonly kind: "problem"; readonly base: string } | { readonly kind: "oauth"; readonly error: string };

function errorExample(form: ErrorForm, type: HttpProblemType, name: string, summary: string, detail: string): ResponseBody {
  return form.kind === "problem"
    ? problemBody({ [name]: { summary, value: problemExample(form.base, type, detail) } })
    : oauthErrorBody({ [name]: { summary, value: oauthErrorExample(form.error, detail) } });
}

/**
 * 413 past the body limit the route reads with; the example quotes the detail read-body writes.
 * @see RFC 9110 §15.5.14
 */
export function payloadTooLarge(limit: number, form: ErrorForm, extraHeaders: ExtraHeaders = {}): ResponseSpec {
  return {
    description: `Payload Too Large: the body may be at most ${limit} bytes.`,
    headers: { ...always, "Cache-Control": true, ...extraHeaders },
    body: errorExample(form, "payload-too-large", "tooLarge", "Body too large", bodyTooLargeDetail(limit)),
  };
}

/**
 * 415 for a body of another media type than `expected`; the example is a body sent as `sent`.
 * @see RFC 9110 §15.5.16
 */
export function unsupportedMediaType(expected: string, sent: string, form: ErrorForm, extraHeaders: ExtraHeaders = {}): ResponseSpec {
  return {
    description: `Unsupported Media Type: send \`Content-Type: ${expected}\`.`,
    headers: { ...always, "Accept-Post": true, "Cache-Control": true, ...extraHeaders },
    body: errorExample(form, "unsupported-media-type", "unsupported", "Wrong Content-Type", unsupportedMediaTypeDetail(expected, sent)),
  };
}

/** 429 past a rate limit, with the quota fields and Retry-After. @see RFC 6585 §4; draft-ietf-httpapi-ratelimit-headers */
export function tooManyRequests(description: string, body: ResponseBody): ResponseSpec {
  return {
    description,
    headers: { ...always, "Retry-After": true, "RateLimit-Policy": true, RateLimit: true, "Cache-Control": true },
    body,
  };
}
