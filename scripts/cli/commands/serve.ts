import { loadConfig } from "../../../src/config/config.ts";
import { createLudexServer } from "../../../src/server/create-server.ts";
import type { Command } from "../command.ts";

/** Starts the server and keeps it running until SIGINT/SIGTERM. */
export async function serve(): Promise<number> {
  const config = loadConfig();
  const ludex = await createLudexServer(config, { log: (line) => console.error(JSON.stringify(line)) });
  const port = await ludex.listen();
  const snapshot = ludex.catalog.peek();
  console.log(
    `ludex listening on http://${config.host}:${port} (public ${config.publicBaseUrl}); ` +
      (snapshot ? `catalog ${snapshot.manifest.catalogVersion}, ${snapshot.manifest.counts.games} games` : "no catalog build loaded: catalog routes answer 503"),
  );
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await ludex.close();
  return 0;
}

export const serveCommand: Command = {
  name: "serve",
  usage: `Usage: ludex serve

Serves the catalog build ($LUDEX_BUILD_DIR, default dist/catalog) and the Astro pages
(dist/site) on $HOST:$PORT (default 127.0.0.1:4321). Without a build, catalog routes
answer 503 and /api/health/ reports the catalog as unavailable.`,
  options: {},
  run: () => serve(),
};
