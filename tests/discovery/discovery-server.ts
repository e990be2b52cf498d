import path from "node:path";
import { afterAll } from "vitest";
import { loadConfig, type Config } from "../../src/config/config.ts";
import type { OAuthServiceOptions } from "../../src/oauth/oauth-service.ts";
import { createLudexServer, type LudexServer } from "../../src/server/create-server.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { freePort } from "../helpers/free-port.ts";

/** A real ludex server for the discovery tests, with its log captured. */
export interface DiscoveryServer {
  readonly ludex: LudexServer;
  readonly config: Config;
  readonly origin: string;
  readonly logs: Record<string, unknown>[];
  url(path: string): string;
}

/**
 * Starts a server for one test file, stopped after it. PUBLIC_BASE_URL is its own loopback origin
 * unless `env` says otherwise (the OAuth pages then work without a proxy in front); it has its own
 * member database.
 */
export async function startDiscoveryServer(
  env: Record<string, string>,
  options: { readonly siteDir?: string; readonly oauth?: Omit<OAuthServiceOptions, "log"> } = {},
): Promise<DiscoveryServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_BASE_URL: origin,
    LUDEX_MEMBERS_DB: path.join(tempDir("ludex-discovery-"), "members.db"),
    ...env,
  });
  const logs: Record<string, unknown>[] = [];
  const ludex = await createLudexServer(config, { ...options, log: (record) => logs.push(record) });
  await ludex.listen(port, "127.0.0.1");
  afterAll(() => ludex.close());
  return { ludex, config, origin, logs, url: (p) => `${origin}${p}` };
}
