import type { Log } from "../core/logger.ts";
import type { IncomingMessage } from "node:http";
import type { RateLimiter } from "../http/rate-limiter.ts";
import type { ClientRegistry } from "./client-registry.ts";
import type { GrantStore } from "./grant-store.ts";
import type { MemberStore } from "./members/member-store.ts";
import type { SessionManager } from "./sessions.ts";
import type { SqlClient } from "./store/sql-client.ts";

/** What the OAuth routes share: the stores, the clock, the rate limits and the log. */
export interface OAuthContext {
  /** PUBLIC_BASE_URL: the issuer, and the start of every URL the routes build. */
  readonly base: string;
  /** The identity store (SQLite or PostgreSQL): routes reach it through the stores below, codes directly. */
  readonly db: SqlClient;
  readonly clients: ClientRegistry;
  readonly members: MemberStore;
  readonly grants: GrantStore;
  readonly sessions: SessionManager;
  readonly now: () => number;
  /** Records events by id only: never a token, code, secret or password. */
  readonly log: Log;
  /** The client's rate-limit key: its address (X-Forwarded-For only from trusted proxies), an IPv6 one by its /64. */
  readonly clientAddress: (req: IncomingMessage) => string;
  readonly registrationLimiter: RateLimiter;
  readonly signInFailureLimiter: RateLimiter;
}
