/**
 * bench:http's server for weighing the request log inside one process: what `ludex serve` runs
 * (createLudexServer, createPinoLog at the configured level, lines to standard output in batches)
 * on $HOST:$PORT, except that SIGUSR2 switches its request lines off and on (and that it neither
 * watches the build nor writes a pid file, which no request touches). Two processes running
 * the same code differ by up to a fifth in CPU per request (measured with two warn-level servers
 * loaded at once), more than the log itself costs, so a ratio of two processes cannot tell it.
 */
import { loadConfig } from "../../src/config/config.ts";
import { createPinoLog, type FlushableLog } from "../../src/core/logger.ts";
import { createLudexServer } from "../../src/server/create-server.ts";

const config = loadConfig();
const log = createPinoLog(config.logLevel);
let requestLines = true;
process.on("SIGUSR2", () => {
  requestLines = !requestLines;
});
// As at `warn`, a switched-off line is still made and handed over, then dropped.
const switched: FlushableLog = Object.assign((record: Parameters<FlushableLog>[0]) => log(record), {
  flush: log.flush,
  request: (line: Parameters<FlushableLog["request"]>[0]): void => {
    if (requestLines) log.request(line);
  },
});
const ludex = await createLudexServer(config, { log: switched });
await ludex.listen();
process.once("SIGTERM", () => {
  void ludex.close().then(() => {
    log.flush();
    process.exit(0);
  });
});
