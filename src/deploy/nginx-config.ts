import { readFileSync } from "node:fs";
import path from "node:path";
import { problems } from "../core/problem.ts";
import { htmlSecurityHeaders, siteContentSecurityPolicy, strictTransportSecurity } from "../http/security-headers.ts";

export interface NginxConfigOptions {
  /** nginx `listen` value, e.g. `80` or `127.0.0.1:8080`. */
  readonly listen: string;
  /** host:port of each ludex Node server (one, or several instances sharing PostgreSQL and Redis). */
  readonly upstream: string | readonly string[];
  /** The catalog build folder (LUDEX_BUILD_DIR); nginx serves its static/ subfolder. */
  readonly buildDir: string;
  /**
   * PUBLIC_BASE_URL the site is reached at: the pages' canonical Link header names it, and an https
   * base gets HSTS, as the Node server sends them.
   */
  readonly publicBaseUrl: string;
  /** LUDEX_ARTWORK_BASE_URL the pages were built with: the website's CSP allows images from its origin. */
  readonly artworkBaseUrl: string;
  /** The Node server's limits nginx applies to slow and large requests first; the defaults when absent. */
  readonly clientLimits?: NginxClientLimits;
}

/** The Node server's limits on a client (src/config/config.ts `http`, LUDEX_AGENT_BODY_LIMIT), as nginx applies them. */
export interface NginxClientLimits {
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  /** The largest request body any route of the Node server reads. */
  readonly bodyLimit: number;
}

/** The configuration's defaults (LUDEX_HEADERS_TIMEOUT_MS, LUDEX_REQUEST_TIMEOUT_MS, LUDEX_KEEPALIVE_TIMEOUT_MS, LUDEX_AGENT_BODY_LIMIT). */
export const defaultClientLimits: NginxClientLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  bodyLimit: 256 * 1024,
};

/** `map` blocks giving each security header its value on nginx's own error answers, and `add_header ... always` lines sending them. */
function ownAnswerHeaders(headers: Readonly<Record<string, string>>): { maps: string; lines: (indent: string) => string } {
  const variable = (name: string): string => `$ludex_own_${name.replaceAll("-", "_")}`;
  const maps = Object.entries(headers)
    .map(([name, value]) => `map $ludex_own_error ${variable(name)} {\n    default "";\n    1 "${value}";\n}`)
    .join("\n");
  const lines = (indent: string): string =>
    Object.keys(headers)
      .map((name) => `${indent}add_header ${headerName(name)} ${variable(name)} always;`)
      .join("\n");
  return { maps, lines };
}

function headerName(name: string): string {
  return name.replace(/(^|-)[a-z]/g, (c) => c.toUpperCase());
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

/** A base URL that fits in a quoted nginx string and a Link header's `<...>`: no variable (`$`), quote, space or angle bracket. */
const BASE_URL = /^https?:\/\/[^\s"'\\$<>;{}]+$/;

/** PUBLIC_BASE_URL without its trailing slash, checked for the template. */
export function nginxBaseUrl(publicBaseUrl: string): string {
  const base = publicBaseUrl.replace(/\/+$/, "");
  if (!BASE_URL.test(base))
    throw problems.usage(`PUBLIC_BASE_URL ${JSON.stringify(publicBaseUrl)} cannot be written into the nginx configuration`);
  return base;
}

/** `add_header` lines at the placeholder's indentation. */
function addHeaders(headers: Readonly<Record<string, string>>, indent: string): string {
  return Object.entries(headers)
    .map(([name, value]) => `${indent}add_header ${headerName(name)} "${value}";`)
    .join("\n");
}

/** Whether an upstream is reached over loopback, so that nginx connects from a loopback address ludex trusts by default. */
function loopbackUpstream(upstream: string): boolean {
  return /^(?:127\.\d+\.\d+\.\d+|localhost|\[::1\]):\d+$/.test(upstream);
}

/** What the configuration's header says about LUDEX_TRUSTED_PROXIES for these upstreams. */
function trustedProxiesHint(upstreams: readonly string[]): string {
  return upstreams.every(loopbackUpstream)
    ? "these upstreams are on loopback, so the default is right."
    : "some upstream is on another host: set LUDEX_TRUSTED_PROXIES=<nginx's address as those instances see it>.";
}

/**
 * Renders deploy/nginx/ludex.conf.template for a deployment. The website's pages get the same
 * security headers and canonical Link header as from the Node server (src/site/site-route.ts);
 * every static answer gets HSTS when the base URL is https; the answers nginx writes itself (its
 * 4xx and 5xx) get the pages' security headers; slow clients get the Node server's limits.
 */
export function renderNginxConfig(templateFile: string, options: NginxConfigOptions): string {
  const hsts = strictTransportSecurity(options.publicBaseUrl);
  const hstsHeader: Record<string, string> = hsts === undefined ? {} : { "strict-transport-security": hsts };
  const pageHeaders = {
    ...htmlSecurityHeaders,
    "content-security-policy": siteContentSecurityPolicy(options.artworkBaseUrl),
    ...hstsHeader,
  };
  const own = ownAnswerHeaders(pageHeaders);
  const limits = options.clientLimits ?? defaultClientLimits;
  const upstreams = typeof options.upstream === "string" ? [options.upstream] : options.upstream;
  return readFileSync(templateFile, "utf8")
    .replace("@OWN_ANSWER_HEADER_MAPS@", own.maps)
    .replace(/^( *)@OWN_ANSWER_HEADERS@$/gm, (_, indent: string) => own.lines(indent))
    .replaceAll("@HEADERS_TIMEOUT@", `${limits.headersTimeoutMs}ms`)
    .replaceAll("@REQUEST_TIMEOUT@", `${limits.requestTimeoutMs}ms`)
    .replaceAll("@KEEPALIVE_TIMEOUT@", `${limits.keepAliveTimeoutMs}ms`)
    .replaceAll("@BODY_LIMIT@", String(limits.bodyLimit))
    .replaceAll("@TRUSTED_PROXIES_HINT@", trustedProxiesHint(upstreams))
    .replace(/^( *)@PAGE_SECURITY_HEADERS@\n/m, (_, indent: string) => `${addHeaders(pageHeaders, indent)}\n`)
    .replace(/^( *)@HSTS@\n/gm, (_, indent: string) => (hsts === undefined ? "" : `${addHeaders(hstsHeader, indent)}\n`))
    .replaceAll("@PUBLIC_BASE_URL@", nginxBaseUrl(options.publicBaseUrl))
    .replaceAll("@LISTEN@", options.listen)
    .replaceAll("@UPSTREAM@", upstreamServers(upstreams))
    .replaceAll("@STATIC_ROOT@", path.join(path.resolve(options.buildDir), "static"));
}
