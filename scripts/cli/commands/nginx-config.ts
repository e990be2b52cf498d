import path from "node:path";
import { loadConfig } from "../../../src/config/config.ts";
import { renderNginxConfig } from "../../../src/deploy/nginx-config.ts";
import type { Command } from "../command.ts";

export const nginxConfigCommand: Command = {
  name: "nginx-config",
  usage: `Usage: ludex nginx-config [--listen ADDR] [--upstream HOST:PORT]... [--out DIR]

Prints deploy/nginx/ludex.conf.template filled in, to include inside nginx's http {} block.
PUBLIC_BASE_URL (https adds HSTS) and LUDEX_ARTWORK_BASE_URL (the pages' CSP img-src) come
from the environment, as for the server.

Options:
  --listen ADDR         nginx listen value (default 80)
  --upstream HOST:PORT  a ludex instance; repeat it for several (default $HOST:$PORT)
  --out DIR             build folder (default: $LUDEX_BUILD_DIR or dist/catalog)`,
  options: { listen: { type: "string" }, upstream: { type: "string", multiple: true }, out: { type: "string" } },
  run({ values }) {
    const config = loadConfig();
    process.stdout.write(
      renderNginxConfig(path.join(config.projectRoot, "deploy", "nginx", "ludex.conf.template"), {
        listen: typeof values.listen === "string" ? values.listen : "80",
        upstream: Array.isArray(values.upstream) && values.upstream.length > 0 ? values.upstream : `${config.host}:${config.port}`,
        buildDir: typeof values.out === "string" ? path.resolve(values.out) : config.buildDir,
        publicBaseUrl: config.publicBaseUrl,
        artworkBaseUrl: config.artworkBaseUrl,
      }),
    );
    return 0;
  },
};
