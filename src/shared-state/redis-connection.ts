import { Redis, type RedisOptions } from "ioredis";
import type { HealthProbe } from "../http/health-probes.ts";
import type { Log } from "../core/logger.ts";
import { createOutageLog, type OutageLog } from "./outage-log.ts";

/** The Redis connection an instance shares its quotas and short-lived state through. */
export interface RedisConnection {
  readonly client: Redis;
  /** Logs the first failure of an outage and the recovery, once each. */
  readonly outage: OutageLog;
  readonly probe: HealthProbe;
  close(): Promise<void>;
}

/** How long to wait for Redis at start-up before serving anyway (degraded, /api/health/ 503). */
const STARTUP_WAIT_MS = 3000;

/** ioredis options from `redis://`, `rediss://` or `redis+unix:///path` (already validated by the configuration). */
function connectionOptions(url: string): RedisOptions {
  const parsed = new URL(url);
  // Requests never wait for a connection: with no offline queue and no retries per command, a
  // command fails at once while Redis is away, and each limiter applies its fail-open or
  // fail-closed rule instead of holding the request.
  const common: RedisOptions = {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(100 * times, 1000),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
  };
  if (parsed.protocol === "redis+unix:") return { ...common, path: decodeURIComponent(parsed.pathname) };
  return {
    ...common,
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: parsed.port ? Number(parsed.port) : 6379,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    ...(parsed.protocol === "rediss:" ? { tls: {} } : {}),
  };
}

/**
 * Connects to Redis (ioredis: reconnects by itself, pipelines, and runs Lua scripts by EVALSHA
 * with a fallback to EVAL after a Redis restart). Start-up waits briefly for the first connection
 * and serves anyway if Redis is not there yet.
 */
export async function connectRedis(url: string, log: Log): Promise<RedisConnection> {
  const client = new Redis(connectionOptions(url));
  const outage = createOutageLog("redis", log);
  client.on("error", (error: Error) => outage.failed(error));
  client.on("ready", () => outage.succeeded());
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    client.connect().catch((error: unknown) => outage.failed(error)),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, STARTUP_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  return {
    client,
    outage,
    probe: {
      name: "redis",
      async check() {
        if (client.status !== "ready") throw new Error(`connection ${client.status}`);
        await client.ping();
      },
    },
    async close() {
      client.disconnect();
    },
  };
}
