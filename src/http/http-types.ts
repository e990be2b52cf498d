import type { IncomingMessage, ServerResponse } from "node:http";

/** A precompressed variant of a body with its own entity tag (a different representation). */
export interface EncodedBody {
  readonly body: Buffer;
  readonly etag: string;
}

/** What a route answers. The server's writer adds encoding, conditional-request and HEAD handling. */
export interface HttpResult {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: Buffer | string;
  /**
   * How a string `body` becomes bytes: UTF-8 (the default), or `latin1` for a string of one char a
   * byte, such as the UTF-8 bytes `utf8AsLatin1` (src/core/utf8-as-latin1.ts) gives. Node writes
   * such a string to the socket with the headers in one copy, where a Buffer of the same bytes
   * costs an ArrayBuffer's allocation and collection (docs/performance.md).
   */
  readonly bodyEncoding?: "latin1";
  /** Strong validator, known before the body is produced. */
  readonly etag?: string;
  /** HTTP-date of the last change, for static-file parity and If-Modified-Since. */
  readonly lastModified?: string;
  /** Precompressed variants of `body`, by content coding. */
  readonly encoded?: Readonly<Partial<Record<"br" | "gzip", EncodedBody>>>;
  /**
   * Allow compressing `body` for this response when no precompressed variant fits, at the
   * `single` effort of src/http/compress-body.ts unless `encode` gives the variant.
   */
  readonly compressible?: boolean;
  /**
   * With `compressible`: where the variant for a coding comes from instead (a cache of them). It
   * gives `compressBody(body, coding, "kept")` with `codedEtag(etag, coding)`.
   */
  readonly encode?: (coding: "br" | "gzip") => EncodedBody;
}

/**
 * What a route returns when it has written the whole response itself through `ctx.res` (the
 * agent endpoints, whose protocol SDKs answer with streams); the server then sends nothing more.
 * Recognised by identity; the one way a route takes over the response.
 */
export const responseWritten: HttpResult = Object.freeze({ status: 0 });

/** A parsed request as routes see it. */
export interface RequestContext {
  readonly req: IncomingMessage;
  /** The response; only a route that returns {@link responseWritten} may write to it. */
  readonly res: ServerResponse;
  readonly method: string;
  readonly url: URL;
  /** Request id, also sent back as X-Request-Id. */
  readonly id: string;
}
