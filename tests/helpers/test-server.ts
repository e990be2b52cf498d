import path from "node:path";
import { afterAll } from "vitest";
import { loadConfig, type Config } from "../../src/config/config.ts";
import { createLudexServer, type LudexServer } from "../../src/server/create-server.ts";
import { tempDir } from "./temp-dir.ts";

export interface RunningServer {
  readonly ludex: LudexServer;
  readonly config: Config;
  readonly origin: string;
  url(path: string): string;
}

/**
 * Starts a real ludex server on a loopback port for the test file, a free one unless `port` names
 * one (for a server whose PUBLIC_BASE_URL is its own origin); stopped after it.
 */
export async function startTestServer(
  env: Record<string, string>,
  options: { siteDir?: string; port?: number } = {},
): Promise<RunningServer> {
  // Each test server gets its own member database, never the project's .ludex/members.db.
  // Match tables load on first use unless a test asks for the preload: test files share a worker's heap.
  const config = loadConfig({
    PUBLIC_BASE_URL: "https://ludex.test",
    LUDEX_MATCH_PRELOAD: "off",
    LUDEX_MEMBERS_DB: path.join(tempDir("ludex-members-"), "members.db"),
    ...env,
  });
  const { port: wanted = 0, ...serverOptions } = options;
  const ludex = await createLudexServer(config, { ...serverOptions, log: () => {} });
  const port = await ludex.listen(wanted, "127.0.0.1");
  afterAll(() => ludex.close());
  const origin = `http://127.0.0.1:${port}`;
  return { ludex, config, origin, url: (path) => `${origin}${path}` };
}
