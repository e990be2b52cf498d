import type { RedisConnection } from "./redis-connection.ts";

/**
 * Ids that ended before their natural expiry (a DELETEd MCP session), remembered until then. In
 * memory for one instance; in Redis (SET … PX) so that every instance sees an end at once.
 */
export interface EndedSet {
  add(id: string, untilMs: number): Promise<void>;
  has(id: string): Promise<boolean>;
}

/** Entries kept at most in memory; the oldest go first. */
const MAX_MEMORY_ENTRIES = 100_000;

export function createMemoryEndedSet(now: () => number = Date.now): EndedSet {
  const ended = new Map<string, number>();
  return {
    add(id, untilMs) {
      if (ended.size >= MAX_MEMORY_ENTRIES) {
        const oldest = ended.keys().next().value;
        if (oldest !== undefined) ended.delete(oldest);
      }
      ended.set(id, untilMs);
      return Promise.resolve();
    },
    has(id) {
      const until = ended.get(id);
      if (until !== undefined && until <= now()) ended.delete(id);
      return Promise.resolve(until !== undefined && until > now());
    },
  };
}

/**
 * The Redis set. Reading fails open (an unreachable Redis must not end every session), writing
 * fails loudly: a DELETE that could not be recorded answers 503 and the client may retry.
 */
export function createRedisEndedSet(redis: RedisConnection, namespace: string, now: () => number = Date.now): EndedSet {
  const keyOf = (id: string): string => `ludex:ended:${namespace}:${id}`;
  return {
    async add(id, untilMs) {
      try {
        await redis.client.set(keyOf(id), "1", "PX", Math.max(1, untilMs - now()));
        redis.outage.succeeded();
      } catch (error) {
        redis.outage.failed(error);
        throw error;
      }
    },
    async has(id) {
      try {
        const found = (await redis.client.exists(keyOf(id))) === 1;
        redis.outage.succeeded();
        return found;
      } catch (error) {
        redis.outage.failed(error);
        return false;
      }
    },
  };
}
