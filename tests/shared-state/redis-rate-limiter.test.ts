import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter, rateLimitHeaders, type RateLimiter } from "../../src/http/rate-limiter.ts";
import { createRedisRateLimiter } from "../../src/shared-state/redis-rate-limiter.ts";
import type { LogRecord } from "../../src/core/logger.ts";
import { createRedisEndedSet } from "../../src/shared-state/ended-set.ts";
import { connectRedis, type RedisConnection } from "../../src/shared-state/redis-connection.ts";
import { redisBinary, startTestRedis, type TestRedis } from "../helpers/redis-server.ts";

describe.skipIf(redisBinary === undefined)(
  `rate limits in Redis${redisBinary ? "" : " (skipped: redis-server is not installed; .ci/run installs it)"}`,
  () => {
    let redis: TestRedis;
    /** Two connections: two instances. */
    let a: RedisConnection;
    let b: RedisConnection;
    const logA: LogRecord[] = [];
    beforeAll(async () => {
      redis = await startTestRedis();
      a = await connectRedis(redis.url, (r) => logA.push(r));
      b = await connectRedis(redis.url, () => {});
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      await redis.stop();
    });

    let n = 0;
    const limiters = (quota: number, whenUnavailable: "open" | "closed" = "open", windowSeconds = 60): [RateLimiter, RateLimiter] => {
      const name = `test-${++n}`;
      return [
        createRedisRateLimiter(a, { name, quota, windowSeconds, whenUnavailable }),
        createRedisRateLimiter(b, { name, quota, windowSeconds, whenUnavailable }),
      ];
    };

    it("counts one quota across instances, as the memory limiter does in one process", async () => {
      const [onA, onB] = limiters(10);
      const memory = createRateLimiter({ name: "memory", quota: 10, windowSeconds: 60 });
      for (const [limiter, cost] of [
        [onA, 4],
        [onB, 4],
        [onA, 3],
        [onB, 2],
        [onA, 0],
      ] as const) {
        const [got, expected] = [await limiter.take("203.0.113.7", cost), await memory.take("203.0.113.7", cost)];
        expect({ allowed: got.allowed, remaining: got.remaining }).toEqual({ allowed: expected.allowed, remaining: expected.remaining });
        expect(got.resetSeconds).toBeGreaterThanOrEqual(59);
        expect(got.resetSeconds).toBeLessThanOrEqual(60);
      }
      // 4 + 4 spent, 3 refused whole (nothing spent), 2 spent: 0 left.
      const last = await onB.take("203.0.113.7", 1);
      expect(last).toMatchObject({ allowed: false, remaining: 0 });
      expect(rateLimitHeaders(onB, last)).toEqual({
        "ratelimit-policy": `"${onB.name}";q=10;w=60`,
        ratelimit: `"${onB.name}";r=0;t=${last.resetSeconds}`,
      });
      // Other keys have their own window.
      expect((await onA.take("198.51.100.1", 10)).allowed).toBe(true);
    });

    it("never overspends under concurrent takes from two instances (atomic, no read-then-write race)", async () => {
      const [onA, onB] = limiters(50);
      const takes = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? onA : onB).take("192.0.2.1", 1));
      const decisions = await Promise.all(takes);
      expect(decisions.filter((d) => d.allowed)).toHaveLength(50);
      expect(Math.min(...decisions.map((d) => d.remaining))).toBe(0);
    });

    it("refunds within the window, never below zero", async () => {
      const [onA, onB] = limiters(3);
      await onA.take("k", 3);
      expect((await onB.take("k", 1)).allowed).toBe(false);
      await onB.refund("k", 1);
      expect(await onA.take("k", 1)).toMatchObject({ allowed: true, remaining: 0 });
      await onA.refund("k", 99);
      expect((await onB.take("k", 0)).remaining).toBe(3);
    });

    it("starts a new window when the old one expires", async () => {
      const [onA, onB] = limiters(2, "open", 1);
      expect((await onA.take("w", 2)).allowed).toBe(true);
      expect((await onB.take("w", 1)).allowed).toBe(false);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await onB.take("w", 1)).toMatchObject({ allowed: true, remaining: 1 });
    });

    it("shares ended ids between instances until their expiry", async () => {
      const onA = createRedisEndedSet(a, "test");
      const onB = createRedisEndedSet(b, "test");
      await onA.add("session-1", Date.now() + 60_000);
      expect(await onB.has("session-1")).toBe(true);
      expect(await onB.has("session-2")).toBe(false);
      await onA.add("session-3", Date.now() + 50);
      await new Promise((r) => setTimeout(r, 120));
      expect(await onB.has("session-3")).toBe(false);
    });

    it("fails open or closed per limit while Redis is down, logs the outage once, and recovers after a restart", async () => {
      const [open] = limiters(5, "open");
      const [closed] = limiters(5, "closed");
      const ended = createRedisEndedSet(a, "test");
      expect((await open.take("x", 5)).allowed).toBe(true);
      logA.length = 0;
      await redis.stop();
      const started = Date.now();
      for (let i = 0; i < 20; i++) {
        expect(await open.take("x", 1)).toMatchObject({ allowed: true, uncounted: true });
        const refused = await closed.take("x", 1);
        expect(refused).toMatchObject({ allowed: false, unavailable: true });
        expect(refused.resetSeconds).toBeGreaterThan(0);
      }
      // A down Redis answers at once: no request waits for a reconnect.
      expect(Date.now() - started).toBeLessThan(2000);
      expect(await ended.has("anything")).toBe(false);
      await expect(ended.add("anything", Date.now() + 1000)).rejects.toThrow();
      expect(a.outage.down).toBe(true);
      await expect(a.probe.check()).rejects.toThrow();
      expect(logA.filter((r) => r.msg === "redis unreachable")).toHaveLength(1);

      await redis.start();
      const deadline = Date.now() + 10_000;
      while (a.client.status !== "ready" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await a.probe.check();
      // Redis restarted empty (its scripts too): EVALSHA falls back to EVAL, the window starts afresh.
      expect(await closed.take("x", 1)).toMatchObject({ allowed: true, remaining: 4 });
      expect(a.outage.down).toBe(false);
      expect(logA.filter((r) => r.msg === "redis reachable again")).toHaveLength(1);
      expect(logA.filter((r) => r.msg === "redis unreachable")).toHaveLength(1);
    });
  },
);
