import path from "node:path";
import { loadConfig } from "../../../src/config/config.ts";
import { renderNginxConfig } from "../../../src/deploy/nginx-config.ts";
import { MATCH_BODY_LIMIT } from "../../../src/match/schema/match-schemas.ts";
import { REGISTRATION_BODY_LIMIT } from "../../../src/oauth/registration-route.ts";
import type { Command } from "../command.ts";

export const nginxConfigCommand: Command = {
  name: "nginx-config",
  usage: `Usage: ludex nginx-config [--listen ADDR] [--upstream HOST:PORT]... [--out DIR]

Prints deploy/nginx/ludex.conf.template filled in, to include inside nginx's http {} block.
PUBLIC_BASE_URL (https adds HSTS), LUDEX_ARTWORK_BASE_URL (the pages' CSP img-src) and the
slow-client limits (LUDEX_HEADERS_TIMEOUT_MS, LUDEX_REQUEST_TIMEOUT_MS, LUDEX_KEEPALIVE_TIMEOUT_MS,
LUDEX_AGENT_BODY_LIMIT) come from the environment, as for the server. ludex believes nginx's
X-Forwarded-For from loopback by default (LUDEX_TRUSTED_PROXIES=loopback); with an upstream on
another host, set LUDEX_TRUSTED_PROXIES on it to nginx's address.

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
        clientLimits: {
          headersTimeoutMs: config.http.headersTimeoutMs,
          requestTimeoutMs: config.http.requestTimeoutMs,
          keepAliveTimeoutMs: config.http.keepAliveTimeoutMs,
          bodyLimit: Math.max(config.agentBodyLimit, MATCH_BODY_LIMIT, REGISTRATION_BODY_LIMIT),
        },
      }),
    );
    return 0;
  },
};
