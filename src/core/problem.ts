/**
 * The one error type the service throws. Each surface writes it out in its own form in one place:
 * problem+json for the HTTP API, the OAuth JSON error form, JSON-RPC errors for agents, a message for the CLI.
 *
 * @see RFC 9457 §3 (members of a problem details object)
 */
export interface ProblemInit {
  /** Short, stable, kebab-case identifier; becomes the `type` URI under PUBLIC_BASE_URL/problems/. */
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail?: string;
  /** Extension members (RFC 9457 §3.2), e.g. `errors`, `file`, `line`. */
  readonly extensions?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
}

/** One invalid input, as listed in a problem's `errors` extension member. */
export interface InvalidParam {
  /** Query parameter name or JSON Pointer (RFC 6901) into the request body. */
  readonly name?: string;
  readonly pointer?: string;
  readonly detail: string;
}

export class Problem extends Error {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string | undefined;
  readonly extensions: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(init: ProblemInit) {
    super(init.detail ?? init.title, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "Problem";
    this.type = init.type;
    this.title = init.title;
    this.status = init.status;
    this.detail = init.detail;
    this.extensions = init.extensions ?? {};
    this.headers = init.headers ?? {};
  }

  /** The same problem with more response headers (e.g. rate-limit fields added on the way out). */
  withHeaders(headers: Readonly<Record<string, string>>): Problem {
    return new Problem({
      type: this.type,
      title: this.title,
      status: this.status,
      ...(this.detail !== undefined ? { detail: this.detail } : {}),
      extensions: this.extensions,
      headers: { ...headers, ...this.headers },
      cause: this,
    });
  }
}

/** True for a thrown {@link Problem}. */
export function isProblem(error: unknown): error is Problem {
  return error instanceof Problem;
}
