import type { Redis } from "ioredis";
import type { RedisConnection } from "./redis-connection.ts";
import type { RateLimitDecision, RateLimiter, RateLimiterOptions } from "../http/rate-limiter.ts";

/**
 * The fixed window of {@link createRateLimiter} as one Lua script, so that reading the count,
 * deciding and spending happen in one atomic step on the Redis server: one round trip per
 * request, no read-then-write race between instances. A window starts with its first spend
 * (SET … PX); later spends keep its expiry (INCRBY). A refused request spends nothing.
 * KEYS[1] counter; ARGV cost, quota, window ms. Returns {allowed 0|1, remaining, ms to reset}.
 */
const TAKE_SCRIPT = `
local cost = tonumber(ARGV[1])
local quota = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  used = 0
  ttl = window
end
if used + cost > quota then
  return {0, quota - used, ttl}
end
if cost > 0 then
  if used == 0 and redis.call('EXISTS', KEYS[1]) == 0 then
    redis.call('SET', KEYS[1], cost, 'PX', window)
  else
    redis.call('INCRBY', KEYS[1], cost)
  end
end
return {1, quota - used - cost, ttl}
`;

/** Gives units back within the window, never below zero. KEYS[1] counter; ARGV cost. */
const REFUND_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used > 0 then
  redis.call('DECRBY', KEYS[1], math.min(used, tonumber(ARGV[1])))
end
return 0
`;

type ScriptedRedis = Redis & {
  ludexRateTake(key: string, cost: number, quota: number, windowMs: number): Promise<[number, number, number]>;
  ludexRateRefund(key: string, cost: number): Promise<number>;
};

function withScripts(client: Redis): ScriptedRedis {
  // defineCommand sends EVALSHA and falls back to EVAL once when Redis answers NOSCRIPT (a restarted Redis).
  if (!("ludexRateTake" in client)) {
    client.defineCommand("ludexRateTake", { numberOfKeys: 1, lua: TAKE_SCRIPT });
    client.defineCommand("ludexRateRefund", { numberOfKeys: 1, lua: REFUND_SCRIPT });
  }
  return client as ScriptedRedis;
}

export interface RedisRateLimiterOptions extends RateLimiterOptions {
  /**
   * What a request gets while Redis cannot be reached: `open` lets it through (nothing counted),
   * `closed` refuses it with {@link RateLimitDecision.unavailable} (503).
   */
  readonly whenUnavailable: "open" | "closed";
}

/** The quota kept in Redis: global across every instance that shares the Redis. */
export function createRedisRateLimiter(redis: RedisConnection, options: RedisRateLimiterOptions): RateLimiter {
  const client = withScripts(redis.client);
  const windowMs = options.windowSeconds * 1000;
  const keyOf = (key: string): string => `ludex:rate:${options.name}:${key}`;
  const unavailable = (): RateLimitDecision =>
    options.whenUnavailable === "open"
      ? { allowed: true, remaining: options.quota, resetSeconds: options.windowSeconds, uncounted: true }
      : { allowed: false, remaining: 0, resetSeconds: Math.min(30, options.windowSeconds), unavailable: true };
  return {
    name: options.name,
    quota: options.quota,
    windowSeconds: options.windowSeconds,
    async take(key, cost) {
      if (options.quota <= 0) return { allowed: true, remaining: Number.POSITIVE_INFINITY, resetSeconds: 0 };
      try {
        const [allowed, remaining, ttl] = await client.ludexRateTake(keyOf(key), cost, options.quota, windowMs);
        redis.outage.succeeded();
        return { allowed: allowed === 1, remaining, resetSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch (error) {
        redis.outage.failed(error);
        return unavailable();
      }
    },
    async refund(key, cost) {
      if (options.quota <= 0 || cost <= 0) return;
      try {
        await client.ludexRateRefund(keyOf(key), cost);
      } catch (error) {
        redis.outage.failed(error);
      }
    },
  };
}
