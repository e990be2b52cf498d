import { afterAll } from "vitest";
import { loadConfig, type Config } from "../../src/config/config.ts";
import { createLudexServer, type LudexServer } from "../../src/server/create-server.ts";

export interface RunningServer {
  readonly ludex: LudexServer;
  readonly config: Config;
  readonly origin: string;
  url(path: string): string;
}

/** Starts a real ludex server on a free loopback port for the test file; stopped after it. */
export async function startTestServer(env: Record<string, string>, options: { siteDir?: string } = {}): Promise<RunningServer> {
  const config = loadConfig({ PUBLIC_BASE_URL: "https://ludex.test", ...env });
  const ludex = await createLudexServer(config, { ...options, log: () => {} });
  const port = await ludex.listen(0, "127.0.0.1");
  afterAll(() => ludex.close());
  const origin = `http://127.0.0.1:${port}`;
  return { ludex, config, origin, url: (path) => `${origin}${path}` };
}
