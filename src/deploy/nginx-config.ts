import { readFileSync } from "node:fs";
import path from "node:path";

export interface NginxConfigOptions {
  /** nginx `listen` value, e.g. `80` or `127.0.0.1:8080`. */
  readonly listen: string;
  /** host:port of the ludex Node server. */
  readonly upstream: string;
  /** The catalog build folder (LUDEX_BUILD_DIR); nginx serves its static/ subfolder. */
  readonly buildDir: string;
}

/** Renders deploy/nginx/ludex.conf.template for a deployment. */
export function renderNginxConfig(templateFile: string, options: NginxConfigOptions): string {
  return readFileSync(templateFile, "utf8")
    .replaceAll("@LISTEN@", options.listen)
    .replaceAll("@UPSTREAM@", options.upstream)
    .replaceAll("@STATIC_ROOT@", path.join(path.resolve(options.buildDir), "static"));
}
