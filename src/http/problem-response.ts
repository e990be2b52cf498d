import { cachePolicy } from "./cache-policy.ts";
import type { HttpResult } from "./http-types.ts";
import { type HttpProblem, problems } from "../core/problem.ts";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** Problem types are documented at `{base}/problems/#{type}`. */
export function problemTypeUri(baseUrl: string, type: string): string {
  return `${baseUrl}/problems/#${type}`;
}

/**
 * The one place the HTTP API writes a problem: an RFC 9457 problem+json body. Only problems of
 * the registry's `http` surface are accepted: a CLI problem's type has no page under /problems/,
 * so it must not reach an answer (the request pipeline turns one into a 500).
 * Errors a GET caused through its URL are cacheable briefly; others are not.
 * @see RFC 9457 §3
 */
export function problemResult(problem: HttpProblem, baseUrl: string, method = "GET"): HttpResult {
  const body = {
    type: problemTypeUri(baseUrl, problem.type),
    title: problem.title,
    status: problem.status,
    ...(problem.detail !== undefined ? { detail: problem.detail } : {}),
    ...problem.extensions,
  };
  const cacheable = (method === "GET" || method === "HEAD") && (problem.status === 404 || problem.status === 422 || problem.status === 400);
  return {
    status: problem.status,
    headers: {
      "content-type": PROBLEM_CONTENT_TYPE,
      "cache-control": cacheable ? cachePolicy.error : cachePolicy.noStore,
      ...problem.headers,
    },
    body: JSON.stringify(body),
  };
}

/** A 500 for an unexpected error: says nothing about internals. */
export function internalErrorProblem(): HttpProblem {
  return problems.internalError("The server could not answer this request; it has been logged.");
}
