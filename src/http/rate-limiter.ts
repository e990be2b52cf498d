/**
 * A fixed-window quota per key (a client address), counted in arbitrary units: requests for
 * registration and sign-in, items for ROM matching. One window per key starts with its first
 * use; a request that would pass the quota is refused whole and consumes nothing.
 * @see draft-ietf-httpapi-ratelimit-headers (the `q`, `w`, `r` and `t` parameters)
 */
export interface RateLimiter {
  /** The policy name in RateLimit headers. */
  readonly name: string;
  /** Units per window; 0 means no limit. */
  readonly quota: number;
  readonly windowSeconds: number;
  /**
   * Takes `cost` units for `key` at `now` (ms), or refuses; returns what is left either way. One
   * atomic step: concurrent takes (in this process or, with Redis, on any instance) never
   * overspend the quota.
   */
  take(key: string, cost: number, now?: number): Promise<RateLimitDecision>;
  /** Gives back `cost` units taken in the current window (a reservation that turned out not to count). */
  refund(key: string, cost: number, now?: number): Promise<void>;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Units left in the current window after this request. */
  readonly remaining: number;
  /** Whole seconds until the window resets. */
  readonly resetSeconds: number;
  /**
   * The shared counter could not be reached and this limiter fails closed: the request is refused
   * with 503 rather than 429 (see docs/operations.md "While Redis is unreachable").
   */
  readonly unavailable?: boolean;
  /** The shared counter could not be reached and this limiter fails open: allowed, but nothing was counted. */
  readonly uncounted?: boolean;
}

export interface RateLimiterOptions {
  readonly name: string;
  readonly quota: number;
  readonly windowSeconds: number;
  /** Keys tracked at most; the oldest windows are dropped first (bounded memory under address churn). */
  readonly maxKeys?: number;
}

/**
 * Makes the limiter for one quota: in memory (one instance) or in Redis (several). `whenUnavailable`
 * is what the Redis limiter does while Redis cannot be reached; memory is always available.
 */
export type RateLimiterFactory = (options: RateLimiterOptions, whenUnavailable: "open" | "closed") => RateLimiter;

/** The quota in this process's memory: the single-instance default. */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const windows = new Map<string, { start: number; used: number }>();
  const windowMs = options.windowSeconds * 1000;
  const maxKeys = options.maxKeys ?? 100_000;
  return {
    name: options.name,
    quota: options.quota,
    windowSeconds: options.windowSeconds,
    refund(key, cost, now = Date.now()) {
      const window = windows.get(key);
      if (window && now - window.start < windowMs) window.used = Math.max(0, window.used - cost);
      return Promise.resolve();
    },
    take(key, cost, now = Date.now()) {
      return Promise.resolve(takeNow(key, cost, now));
    },
  };

  function takeNow(key: string, cost: number, now: number): RateLimitDecision {
    if (options.quota <= 0) return { allowed: true, remaining: Number.POSITIVE_INFINITY, resetSeconds: 0 };
    let window = windows.get(key);
    if (!window || now - window.start >= windowMs) {
      if (window) windows.delete(key);
      window = { start: now, used: 0 };
      // Insertion order is window-start order, so the first key is the oldest window.
      if (windows.size >= maxKeys) {
        const oldest = windows.keys().next().value;
        if (oldest !== undefined) windows.delete(oldest);
      }
      windows.set(key, window);
    }
    const resetSeconds = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
    if (window.used + cost > options.quota) return { allowed: false, remaining: options.quota - window.used, resetSeconds };
    window.used += cost;
    return { allowed: true, remaining: options.quota - window.used, resetSeconds };
  }
}

/**
 * The RateLimit-Policy and RateLimit header fields for a decision.
 * @see draft-ietf-httpapi-ratelimit-headers §3, §4
 */
export function rateLimitHeaders(limiter: RateLimiter, decision: RateLimitDecision): Record<string, string> {
  // Nothing to report while the counter is unreachable (fail-open): no made-up numbers.
  if (limiter.quota <= 0 || decision.uncounted) return {};
  return {
    "ratelimit-policy": `"${limiter.name}";q=${limiter.quota};w=${limiter.windowSeconds}`,
    ratelimit: `"${limiter.name}";r=${Math.max(0, decision.remaining)};t=${decision.resetSeconds}`,
  };
}
