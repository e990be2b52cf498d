import { readFileSync } from "node:fs";
import path from "node:path";
import { problems } from "../core/problem.ts";

export interface NginxConfigOptions {
  /** nginx `listen` value, e.g. `80` or `127.0.0.1:8080`. */
  readonly listen: string;
  /** host:port of each ludex Node server (one, or several instances sharing PostgreSQL and Redis). */
  readonly upstream: string | readonly string[];
  /** The catalog build folder (LUDEX_BUILD_DIR); nginx serves its static/ subfolder. */
  readonly buildDir: string;
}

/** host:port, [v6]:port or unix:/path; nothing that could end the nginx directive early. */
const UPSTREAM = /^(?:unix:\/[^\s;{}]+|[A-Za-z0-9.-]+:\d{1,5}|\[[0-9A-Fa-f:.]+\]:\d{1,5})$/;

/**
 * The upstream block's `server` lines. An instance that fails once is skipped for 2 s
 * (`max_fails=1 fail_timeout=2s`), so a dead instance costs few retries, and a restarted one is
 * back in service 2 s after it failed.
 */
export function upstreamServers(upstreams: readonly string[]): string {
  const bad = upstreams.find((upstream) => !UPSTREAM.test(upstream));
  if (upstreams.length === 0 || bad !== undefined) {
    const detail =
      bad === undefined ? "at least one --upstream is needed" : `--upstream ${JSON.stringify(bad)} is not HOST:PORT or unix:/path`;
    throw problems.usage(detail);
  }
  return upstreams.map((upstream) => `    server ${upstream} max_fails=1 fail_timeout=2s;`).join("\n");
}

/** Renders deploy/nginx/ludex.conf.template for a deployment. */
export function renderNginxConfig(templateFile: string, options: NginxConfigOptions): string {
  return readFileSync(templateFile, "utf8")
    .replaceAll("@LISTEN@", options.listen)
    .replaceAll("@UPSTREAM@", upstreamServers(typeof options.upstream === "string" ? [options.upstream] : options.upstream))
    .replaceAll("@STATIC_ROOT@", path.join(path.resolve(options.buildDir), "static"));
}
