import type { Log } from "../core/logger.ts";
import type { Config } from "../config/config.ts";
import { clientRateKey } from "../http/client-address.ts";
import { createRateLimiter, type RateLimiterFactory } from "../http/rate-limiter.ts";
import type { Route } from "../http/router.ts";
import { appsPageRoute, appsRevokeRoute } from "./apps-route.ts";
import { authorizeDecisionRoute, authorizePageRoute } from "./authorize-route.ts";
import { createClientRegistry } from "./client-registry.ts";
import { createGrantStore, type GrantStore } from "./grant-store.ts";
import { identityRoute } from "./identity-route.ts";
import { createMemberStore, type MemberStore } from "./members/member-store.ts";
import {
  authorizationServerMetadata,
  identityResource,
  IDENTITY_PATH,
  metadataResult,
  oauthPaths,
  protectedResourceMetadata,
} from "./metadata.ts";
import type { OAuthContext } from "./oauth-context.ts";
import { withOAuthErrors } from "./oauth-errors.ts";
import { registrationRoute } from "./registration-route.ts";
import { createSessionManager } from "./sessions.ts";
import { signInRoute, signOutRoute } from "./sign-in-route.ts";
import { databaseProbe, openIdentityStore, type DatabaseProbe } from "./store/open-identity-store.ts";
import type { SqlClient } from "./store/sql-client.ts";
import { revocationRoute, tokenRoute } from "./token-route.ts";

/** A rate limit: `quota` events per `windowSeconds` per client address (0 turns it off). */
export interface RateLimit {
  readonly quota: number;
  readonly windowSeconds: number;
}

/** What the server (and tests) may set: the log, the clock and the rate limits. */
export interface OAuthServiceOptions {
  readonly log?: Log;
  /** The clock (Unix ms); tests move it to expire codes and tokens. */
  readonly now?: () => number;
  readonly registrationLimit?: RateLimit;
  readonly signInFailureLimit?: RateLimit;
  /** Where the limits are counted: this process's memory by default, Redis with LUDEX_REDIS_URL. */
  readonly createLimiter?: RateLimiterFactory;
}

/** The OAuth authorization server, the member identity endpoint and the member pages. */
export interface OAuthService {
  /** Routes for the server's router (JSON endpoints, metadata documents and the HTML pages). */
  readonly routes: readonly Route[];
  readonly members: MemberStore;
  readonly grants: GrantStore;
  /** The identity store itself (SQLite file or PostgreSQL). */
  readonly store: SqlClient;
  /** The health check of the identity database ("database"). */
  readonly probe: DatabaseProbe;
  close(): Promise<void>;
}

const HOUR_MS = 3_600_000;

/**
 * Opens the identity store (PostgreSQL at config.databaseUrl, else the SQLite file at
 * config.membersDb; pending online migrations are applied) and builds the OAuth routes.
 * @see RFC 6749, RFC 7636, RFC 7591, RFC 7009, RFC 8414, RFC 9207, RFC 9728, RFC 6750
 */
export async function createOAuthService(config: Config, options: OAuthServiceOptions = {}): Promise<OAuthService> {
  const base = config.publicBaseUrl;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((): void => {});
  const db = await openIdentityStore(config);
  const proxies = config.trustedProxies;
  const members = createMemberStore(db, now);
  const grants = createGrantStore(db, now, log);
  const registration = options.registrationLimit ?? config.oauthLimits.registration;
  const signIn = options.signInFailureLimit ?? config.oauthLimits.signInFailures;
  const createLimiter: RateLimiterFactory = options.createLimiter ?? ((limit) => createRateLimiter(limit));
  const oauth: OAuthContext = {
    base,
    db,
    clients: createClientRegistry(db, now),
    members,
    grants,
    sessions: createSessionManager(db, { secure: new URL(base).protocol === "https:", now, secret: config.secret }),
    now,
    log,
    clientAddress: (req) => clientRateKey(req, proxies),
    // Both fail closed while Redis is away: unlimited registrations would flood the database and
    // unlimited failed sign-ins would open credential guessing.
    registrationLimiter: createLimiter({ name: "oauth-registration", ...registration }, "closed"),
    signInFailureLimiter: createLimiter({ name: "sign-in-failures", ...signIn }, "closed"),
  };

  // A purge that meets an unavailable database is simply retried at the next hour.
  const purgeQuietly = (): void =>
    void grants
      .purgeExpired()
      .catch((error: unknown) => log({ level: "warn", msg: "purge of expired OAuth state failed", error: String(error) }));
  purgeQuietly();
  const purge = setInterval(purgeQuietly, HOUR_MS);
  purge.unref();

  const asMetadata = metadataResult(authorizationServerMetadata(base));
  const rootResource = metadataResult(protectedResourceMetadata(base, base));
  const identityMetadata = metadataResult(protectedResourceMetadata(base, identityResource(base)));
  const surface = (
    kind: "token" | "registration" | "authorize" | "page",
    handler: Parameters<typeof withOAuthErrors>[3],
  ): ReturnType<typeof withOAuthErrors> => withOAuthErrors(kind, base, log, handler);

  const routes: Route[] = [
    { path: "/.well-known/oauth-authorization-server", methods: { GET: () => asMetadata } },
    { path: "/.well-known/oauth-protected-resource", methods: { GET: () => rootResource } },
    { path: `/.well-known/oauth-protected-resource${IDENTITY_PATH}`, methods: { GET: () => identityMetadata } },
    { path: oauthPaths.register, methods: { POST: surface("registration", registrationRoute(oauth)) } },
    {
      path: oauthPaths.authorize,
      methods: { GET: surface("authorize", authorizePageRoute(oauth)), POST: surface("authorize", authorizeDecisionRoute(oauth)) },
    },
    { path: oauthPaths.token, methods: { POST: surface("token", tokenRoute(oauth)) } },
    { path: oauthPaths.revoke, methods: { POST: surface("token", revocationRoute(oauth)) } },
    { path: oauthPaths.signIn, methods: { POST: surface("page", signInRoute(oauth)) } },
    { path: oauthPaths.apps, methods: { GET: surface("page", appsPageRoute(oauth)), POST: surface("page", appsRevokeRoute(oauth)) } },
    { path: oauthPaths.signOut, methods: { POST: surface("page", signOutRoute(oauth)) } },
    { path: IDENTITY_PATH, methods: { GET: identityRoute(oauth) } },
  ];

  return {
    routes,
    members,
    grants,
    store: db,
    probe: databaseProbe(db),
    async close() {
      clearInterval(purge);
      await db.close();
    },
  };
}
