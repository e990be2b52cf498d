import type { HttpResult, RequestContext } from "./http-types.ts";
import { type Problem, problems } from "../core/problem.ts";

export type Handler = (ctx: RequestContext) => HttpResult | Promise<HttpResult>;

export interface Route {
  /** Exact path, with its trailing slash; the same path without it is served too. */
  readonly path: string;
  readonly methods: Readonly<Partial<Record<string, Handler>>>;
}

/** A lookup result: the handler, or the methods the path allows (for 405), or nothing (404); with the route's path for logs. */
export type RouteMatch =
  | { readonly path: string; readonly handler: Handler }
  | { readonly path: string; readonly allow: readonly string[] }
  | undefined;

/** Exact-path routing: the API has a handful of fixed paths, so a map beats a pattern matcher. */
export function createRouter(routes: readonly Route[]): (method: string, pathname: string) => RouteMatch {
  const table = new Map<string, Route>();
  for (const route of routes) {
    table.set(route.path, route);
    if (route.path.endsWith("/") && route.path.length > 1) table.set(route.path.slice(0, -1), route);
  }
  return (method, pathname) => {
    const route = table.get(pathname);
    if (!route) return undefined;
    const handler = route.methods[method] ?? (method === "HEAD" ? route.methods.GET : undefined);
    if (handler) return { path: route.path, handler };
    const allow = Object.keys(route.methods);
    if (allow.includes("GET") && !allow.includes("HEAD")) allow.push("HEAD");
    return { path: route.path, allow };
  };
}

/**
 * 405 for a known path and a method it does not serve.
 * @see RFC 9110 §15.5.6 (the Allow header is required)
 */
export function methodNotAllowed(method: string, allow: readonly string[]): Problem {
  return problems.methodNotAllowed(`${method} is not supported here; use ${allow.join(", ")}`, { headers: { allow: allow.join(", ") } });
}
