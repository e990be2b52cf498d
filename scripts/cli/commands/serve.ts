import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadConfig } from "../../../src/config/config.ts";
import { startCatalogReloader } from "../../../src/server/catalog-reload.ts";
import { pidFile } from "./reload.ts";
import { createLudexServer } from "../../../src/server/create-server.ts";
import { tuneServerHeap } from "../../../src/server/server-heap.ts";
import { createPinoLog } from "../../../src/core/logger.ts";
import { astroEntry } from "../astro-pages.ts";
import type { Command } from "../command.ts";

/** Starts the server and keeps it running until SIGINT/SIGTERM. */
export async function serve(): Promise<number> {
  tuneServerHeap();
  const config = loadConfig();
  const log = createPinoLog(config.logLevel);
  const ludex = await createLudexServer(config, { log });
  const port = await ludex.listen();
  const reloader = startCatalogReloader(ludex.catalog, config.buildDir, log);
  mkdirSync(config.stateDir, { recursive: true });
  writeFileSync(pidFile(config.stateDir), `${process.pid}\n`);
  const snapshot = ludex.catalog.peek();
  if (!existsSync(astroEntry(config.projectRoot)))
    log({ level: "warn", msg: "the Astro pages (/docs/, /problems/) are not built and answer 404: run `npx ludex build`" });
  log({
    msg: `ludex listening on http://${config.host}:${port}`,
    publicBaseUrl: config.publicBaseUrl,
    ...(snapshot
      ? { catalogVersion: snapshot.manifest.catalogVersion, games: snapshot.manifest.counts.games }
      : { catalog: "none: catalog routes answer 503" }),
  });
  const signal = await new Promise<string>((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
  });
  log({ msg: `${signal}: finishing in-flight requests, then stopping` });
  reloader.stop();
  // Behind a load balancer (several instances), idle proxy connections are left to close from the proxy's side.
  await ludex.close(undefined, { drainIdle: config.multiInstance });
  rmSync(pidFile(config.stateDir), { force: true });
  log({ msg: "stopped" });
  // Lines are gathered and written in batches; a graceful stop writes out every gathered line before exit.
  log.flush();
  return 0;
}

export const serveCommand: Command = {
  name: "serve",
  usage: `Usage: ludex serve

Serves the catalog build ($LUDEX_BUILD_DIR, default dist/catalog) and the Astro pages
(dist/site) on $HOST:$PORT (default 127.0.0.1:4321). Without a build, catalog routes
answer 503 and /api/health/ reports the catalog as unavailable.

A finished \`ludex build\` is picked up without a restart (the manifest is watched; SIGHUP
or \`ludex reload\` switch at once). SIGTERM or SIGINT stop it gracefully: in-flight
requests get up to 10 s to finish. Logs are JSON lines on stdout ($LUDEX_LOG_LEVEL).`,
  options: {},
  run: () => serve(),
};
