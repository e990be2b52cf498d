import type { Config } from "../config/config.ts";
import { createRateLimiter, type RateLimiterFactory } from "../http/rate-limiter.ts";
import { createRedisRateLimiter } from "./redis-rate-limiter.ts";
import type { HealthProbe } from "../http/health-probes.ts";
import type { Log } from "../core/logger.ts";
import { createMemoryEndedSet, createRedisEndedSet, type EndedSet } from "./ended-set.ts";

/**
 * The state instances must share: quotas and ended MCP sessions. In this process's memory by
 * default (one instance, `npm start`); in Redis when LUDEX_REDIS_URL is set.
 */
export interface SharedState {
  readonly createLimiter: RateLimiterFactory;
  readonly endedSessions: EndedSet;
  /** Dependencies /api/health/ checks (Redis when configured). */
  readonly probes: readonly HealthProbe[];
  close(): Promise<void>;
}

export async function openSharedState(config: Config, log: Log): Promise<SharedState> {
  if (config.redisUrl === undefined) {
    return {
      createLimiter: (options) => createRateLimiter(options),
      endedSessions: createMemoryEndedSet(),
      probes: [],
      close: () => Promise.resolve(),
    };
  }
  // ioredis is loaded only when configured: the embedded default never pays for it at start-up.
  const { connectRedis } = await import("./redis-connection.ts");
  const redis = await connectRedis(config.redisUrl, log);
  return {
    createLimiter: (options, whenUnavailable) => createRedisRateLimiter(redis, { ...options, whenUnavailable }),
    endedSessions: createRedisEndedSet(redis, "mcp-session"),
    probes: [redis.probe],
    close: () => redis.close(),
  };
}
