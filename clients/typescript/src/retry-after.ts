/**
 * Milliseconds to wait from a `Retry-After` value: delta-seconds or an HTTP date; undefined when
 * absent or unreadable. @see RFC 9110 §10.2.3
 */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface RetryOptions {
  /** How many times one request is sent again after a 429 or 503 (default 3). */
  readonly maxRetries?: number;
  /** The longest wait accepted, in milliseconds (default 120,000): a longer Retry-After fails the request. */
  readonly maxWaitMs?: number;
  /** Called before each wait (progress, logs). */
  readonly onRetry?: (info: { readonly url: string; readonly status: number; readonly waitMs: number; readonly attempt: number }) => void;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fetch that answers 429 (over the matching quota) and 503 (no catalog loaded yet) by waiting
 * the server's Retry-After and sending the request again; any other answer is returned as is.
 */
export function retryingFetch(
  base: (request: Request) => Promise<Response>,
  options: RetryOptions = {},
): (request: Request) => Promise<Response> {
  const maxRetries = options.maxRetries ?? 3;
  const maxWaitMs = options.maxWaitMs ?? 120_000;
  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      const response = await base(attempt > maxRetries ? request : request.clone());
      if ((response.status !== 429 && response.status !== 503) || attempt > maxRetries) return response;
      const waitMs = retryAfterMs(response.headers.get("Retry-After"));
      if (waitMs === undefined || waitMs > maxWaitMs) return response;
      await response.body?.cancel();
      options.onRetry?.({ url: request.url, status: response.status, waitMs, attempt });
      await sleep(waitMs);
    }
  };
}
