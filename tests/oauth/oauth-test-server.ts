import { afterAll, inject } from "vitest";
import { loadConfig, type Config } from "../../src/config/config.ts";
import type { RateLimit } from "../../src/oauth/oauth-service.ts";
import { createLudexServer, type LudexServer } from "../../src/server/create-server.ts";
import { freePort } from "../helpers/free-port.ts";
import { freshStoreEnv } from "../helpers/identity-store.ts";

/** A ludex server whose PUBLIC_BASE_URL is its own loopback origin, with a movable clock and a captured log. */
export interface OAuthTestServer {
  readonly ludex: LudexServer;
  readonly config: Config;
  /** PUBLIC_BASE_URL, which is also where the server listens. */
  readonly base: string;
  /** Every record the server logged, as JSON lines. */
  readonly logLines: string[];
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  /** The store's variables (LUDEX_MEMBERS_DB, LUDEX_DATABASE_URL), to start a second instance on it. */
  readonly storeEnv: { readonly LUDEX_MEMBERS_DB: string; readonly LUDEX_DATABASE_URL?: string };
  /** Adds a member; returns its id. */
  addMember(username: string, displayName: string, password: string): Promise<number>;
}

export interface OAuthTestServerOptions {
  /** Overrides PUBLIC_BASE_URL (then the server is still reached at its loopback origin). */
  readonly publicBaseUrl?: string;
  readonly registrationLimit?: RateLimit;
  readonly signInFailureLimit?: RateLimit;
  /** The identity store to use (another server's `storeEnv`, for two instances on one store); a fresh one by default. */
  readonly storeEnv?: { readonly LUDEX_MEMBERS_DB: string; readonly LUDEX_DATABASE_URL?: string };
}

/** Starts a server for one test file, with its own member database (SQLite or PostgreSQL: tests/helpers/identity-store.ts); stopped after the file. */
export async function startOAuthTestServer(options: OAuthTestServerOptions = {}): Promise<OAuthTestServer & { readonly origin: string }> {
  const storeEnv = options.storeEnv ?? (await freshStoreEnv());
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_BASE_URL: options.publicBaseUrl ?? origin,
    ...storeEnv,
    // Several instances on one database must share the secret that signs their forms.
    ...(storeEnv.LUDEX_DATABASE_URL !== undefined ? { LUDEX_SECRET: "oauth test instances' shared secret, 32+ characters" } : {}),
    LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir,
  });
  let offset = 0;
  const logLines: string[] = [];
  const ludex = await createLudexServer(config, {
    log: (line) => logLines.push(JSON.stringify(line)),
    oauth: {
      now: () => Date.now() + offset,
      registrationLimit: options.registrationLimit ?? { quota: 1000, windowSeconds: 3600 },
      signInFailureLimit: options.signInFailureLimit ?? { quota: 1000, windowSeconds: 900 },
    },
  });
  await ludex.listen(port, "127.0.0.1");
  afterAll(() => ludex.close());
  return {
    ludex,
    config,
    base: config.publicBaseUrl,
    origin,
    logLines,
    storeEnv,
    advance: (ms) => {
      offset += ms;
    },
    addMember: async (username, displayName, password) => (await ludex.oauth.members.add({ username, displayName, password })).id,
  };
}
