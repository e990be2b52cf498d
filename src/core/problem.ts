import { type HttpProblemType, problemTypes, type ProblemType } from "./problem-types.ts";

/**
 * The one error type the service throws. Each surface writes it out in its own form in one place:
 * problem+json for the HTTP API, the OAuth JSON error form, JSON-RPC errors for agents, a message for the CLI.
 * Make one by name: `throw problems.notFound("no game with id 7")`; the registry
 * (src/core/problem-types.ts) supplies the title, the status and any fixed headers.
 *
 * @see RFC 9457 §3 (members of a problem details object)
 */

/** Type of an OAuth error: `oauth-` and its RFC 6749 error code with dashes (src/oauth/oauth-errors.ts). */
export type OAuthProblemType = `oauth-${string}`;

/** What a throw site adds to a registered problem type. */
export interface ProblemOptions {
  /** Extension members (RFC 9457 §3.2), e.g. `errors`, `file`, `line`. */
  readonly extensions?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
}

export type ProblemInit =
  | (ProblemOptions & { readonly type: ProblemType; readonly detail?: string; readonly title?: never; readonly status?: never })
  /** OAuth errors carry the title and status RFC 6749 gives their code. */
  | (ProblemOptions & { readonly type: OAuthProblemType; readonly title: string; readonly status: number; readonly detail?: string });

/** One invalid input, as listed in a problem's `errors` extension member. */
export interface InvalidParam {
  /** Query parameter name or JSON Pointer (RFC 6901) into the request body. */
  readonly name?: string;
  readonly pointer?: string;
  readonly detail: string;
}

/**
 * The one error type. `T` narrows the type when it is known (a factory's result, an HTTP
 * problem), so that a surface can accept only the problems it may write ({@link HttpProblem}).
 */
export class Problem<T extends ProblemType | OAuthProblemType = ProblemType | OAuthProblemType> extends Error {
  readonly type: T;
  readonly title: string;
  readonly status: number;
  readonly detail: string | undefined;
  readonly extensions: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  /** Prefer `problems.<name>(detail)`; this is for {@link withHeaders} and OAuth errors. */
  constructor(init: ProblemInit) {
    const registered = init.title === undefined ? problemTypes[init.type as ProblemType] : undefined;
    const title = init.title ?? registered?.title ?? init.type;
    super(init.detail ?? title, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "Problem";
    this.type = init.type as T;
    this.title = title;
    this.status = init.status ?? registered?.status ?? 500;
    this.detail = init.detail;
    this.extensions = init.extensions ?? {};
    const fixed: Readonly<Record<string, string>> | undefined = registered && "headers" in registered ? registered.headers : undefined;
    this.headers = { ...fixed, ...init.headers };
  }

  /** The same problem with more response headers (e.g. rate-limit fields added on the way out). */
  withHeaders(headers: Readonly<Record<string, string>>): Problem<T> {
    const options = {
      extensions: this.extensions,
      headers: { ...headers, ...this.headers },
      cause: this,
      ...(this.detail !== undefined ? { detail: this.detail } : {}),
    };
    return (
      this.type.startsWith("oauth-")
        ? new Problem({ type: this.type as OAuthProblemType, title: this.title, status: this.status, ...options })
        : new Problem({ type: this.type as ProblemType, ...options })
    ) as Problem<T>;
  }
}

/** A problem the HTTP API may answer with: a type of the registry's `http` surface, never a CLI one. */
export type HttpProblem = Problem<HttpProblemType>;

/** A problem of a registered type: title, status and fixed headers from the registry. */
export function problem<T extends ProblemType>(type: T, detail?: string, options: ProblemOptions = {}): Problem<T> {
  return new Problem({ type, ...(detail !== undefined ? { detail } : {}), ...options }) as Problem<T>;
}

/** `bad-request` → `badRequest`. */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/**
 * One factory per registered problem type, named after it in camelCase: `problems.catalogUnavailable(detail)`.
 * `invalidRequest` alone takes the list of invalid inputs instead, so every 422 is worded one way.
 */
export type ProblemFactories = {
  readonly [K in Exclude<ProblemType, "invalid-request"> as CamelCase<K>]: (detail?: string, options?: ProblemOptions) => Problem<K>;
} & { readonly invalidRequest: (errors: readonly InvalidParam[]) => Problem<"invalid-request"> };

function camelCase(type: string): string {
  return type.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * 422 naming every invalid input: the detail lists each as `<name or pointer>: <what is wrong>`
 * (a pointer to the whole body, "", as "/"), and the `errors` member carries the list as given.
 * @see RFC 9457 §3.2 (extension members)
 */
function invalidRequest(errors: readonly InvalidParam[]): Problem<"invalid-request"> {
  const detail = errors.map((e) => `${e.name ?? (e.pointer || "/")}: ${e.detail}`).join("; ");
  return problem("invalid-request", detail, { extensions: { errors } });
}

/** Throw sites name the problem: `throw problems.notFound("…")`, `throw problems.invalidRequest([{ name, detail }])`. */
export const problems: ProblemFactories = {
  ...Object.fromEntries(
    (Object.keys(problemTypes) as ProblemType[]).map((type) => [
      camelCase(type),
      (detail?: string, options?: ProblemOptions) => problem(type, detail, options),
    ]),
  ),
  invalidRequest,
} as unknown as ProblemFactories;

/** True for a thrown {@link Problem} the HTTP API may answer with (not a CLI problem, not an OAuth error). */
export function isHttpProblem(error: unknown): error is HttpProblem {
  return error instanceof Problem && Object.hasOwn(problemTypes, error.type) && problemTypes[error.type as ProblemType].surface === "http";
}

/** True for a thrown {@link Problem}. */
export function isProblem(error: unknown): error is Problem {
  return error instanceof Problem;
}
