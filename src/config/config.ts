import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { type Problem, problems } from "../core/problem.ts";
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies, type TrustedProxies } from "./trusted-proxies.ts";

/** Everything the service reads from its environment, resolved once. Paths are absolute. */
/** A quota per client address and fixed window. */
export interface QuotaSetting {
  readonly quota: number;
  readonly windowSeconds: number;
}

/** The OAuth limits: what the server enforces and the documents it publishes quote. */
export interface OAuthLimits {
  /** Client registrations per address. */
  readonly registration: QuotaSetting;
  /** Failed sign-ins per address before sign-in is refused for the rest of the window. */
  readonly signInFailures: QuotaSetting;
}

/** Default OAuth limits: generous for people, tight for scripts (LUDEX_REGISTRATION_RATE_*, LUDEX_SIGNIN_FAILURE_*). */
export const defaultOAuthLimits: OAuthLimits = {
  registration: { quota: 10, windowSeconds: 3600 },
  signInFailures: { quota: 10, windowSeconds: 900 },
};

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Origin (and optional path prefix) every published absolute URL starts with; no trailing slash. */
  readonly publicBaseUrl: string;
  /** Folder for generated state (databases); `.ludex/` under the project root by default. */
  readonly stateDir: string;
  readonly catalogDb: string;
  readonly membersDb: string;
  /** LUDEX_DATABASE_URL: PostgreSQL for members and OAuth state instead of membersDb (src/oauth/store/). */
  readonly databaseUrl: string | undefined;
  /** Catalog build output, beside Astro's own output in dist/. */
  readonly buildDir: string;
  /** What `ludex start` imports when there is no catalog yet. */
  readonly sources: readonly string[];
  /** The authored platform table the importer groups DATs by (data/platforms.json). */
  readonly platformsFile: string;
  /** The authored release feed the build publishes (data/release-feed.json). */
  readonly releaseFeedFile: string;
  readonly projectRoot: string;
  /** Proxies whose X-Forwarded-For names the client (addresses or CIDR ranges); none by default. */
  readonly trustedProxies: TrustedProxies;
  /** ROM-matching quota in items per window per client; 0 turns the limit off. */
  readonly matchRateLimit: number;
  readonly matchRateWindowSeconds: number;
  /** Build every platform's match index in idle turns after start-up and reloads (LUDEX_MATCH_PRELOAD). */
  readonly matchPreload: boolean;
  /** Base of the libretro-thumbnails style artwork URLs in match results. */
  readonly artworkBaseUrl: string;
  /** Share of a platform's games (percent) an import may remove or rename before its update is held for review. */
  readonly reviewThreshold: number;
  /** Region and language codes, most wanted first, that choose a record's first release at import (LUDEX_REGION_ORDER, LUDEX_LANGUAGE_ORDER); unset: the default order. */
  readonly regionOrder: readonly string[] | undefined;
  readonly languageOrder: readonly string[] | undefined;
  /** pino level: debug, info (one line per request), warn, error, or silent. */
  readonly logLevel: string;
  /** OAuth rate limits per client address: registrations per window, failed sign-ins per window (0 turns one off). */
  readonly oauthLimits: OAuthLimits;
  /** Connection limits and timeouts of the HTTP server (src/server/create-server.ts). */
  readonly http: {
    /** Time allowed to receive a request's headers (slow-header clients are cut off). */
    readonly headersTimeoutMs: number;
    /** Time allowed to receive a whole request, body included. */
    readonly requestTimeoutMs: number;
    /** How long an idle keep-alive connection stays open. */
    readonly keepAliveTimeoutMs: number;
    /** Largest request head (request line and headers) accepted; 431 beyond. */
    readonly maxHeaderBytes: number;
  };
  /**
   * Origins (`scheme://host[:port]`) whose browsers may call POST /mcp/; any other Origin header
   * gets 403. Requests without an Origin header (non-browser clients) are allowed. Default: the
   * origin of `publicBaseUrl` only.
   * @see MCP 2025-11-25 Transports §Security Warning (servers MUST validate the Origin header)
   */
  readonly mcpAllowedOrigins: readonly string[];
  /** Largest request body POST /mcp/ and POST /a2a/ accept, in bytes (413 beyond). */
  readonly agentBodyLimit: number;
  /** Redis for quotas and shared short-lived state (src/shared-state/); memory in this process when absent. */
  readonly redisUrl: string | undefined;
  /**
   * The key that signs CSRF tokens and MCP session ids. From LUDEX_SECRET; a random key per process
   * when unset, which only a single instance may use (multi-instance mode refuses to start without it).
   */
  readonly secret: Buffer;
  /** LUDEX_SECRET was set (else {@link secret} is a random key of this process). */
  readonly secretConfigured: boolean;
  /** LUDEX_DATABASE_URL or LUDEX_REDIS_URL is set: several instances may share the state. */
  readonly multiInstance: boolean;
}

/** `LUDEX_MCP_ALLOWED_ORIGINS`: comma-separated origins, each exactly `scheme://host[:port]`. */
const originList = z
  .string()
  .default("")
  .transform((value, ctx) => {
    const origins: string[] = [];
    for (const raw of value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const url = URL.parse(raw);
      if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.origin !== raw.replace(/\/$/, "")) {
        ctx.addIssue({ code: "custom", message: `"${raw}" is not an origin such as https://app.example or http://localhost:6274` });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

/** `LUDEX_REDIS_URL`: `redis://[user:password@]host[:port][/db]`, `rediss://…`, or `redis+unix:///path/to/socket`. */
const redisUrl = z
  .string()
  .optional()
  .refine((value) => {
    if (value === undefined || value === "") return true;
    const url = URL.parse(value);
    if (!url) return false;
    if (url.protocol === "redis+unix:") return url.pathname.length > 1;
    return (url.protocol === "redis:" || url.protocol === "rediss:") && url.hostname !== "" && /^\/?\d*$/.test(url.pathname);
  }, "must be redis://host[:port][/db], rediss://… or redis+unix:///path/to/socket")
  .transform((value) => (value === "" ? undefined : value));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(4321),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .refine((value) => !new URL(value).search && !new URL(value).hash, "must not carry a query or fragment")
    .optional(),
  LUDEX_STATE_DIR: z.string().min(1).optional(),
  LUDEX_CATALOG_DB: z.string().min(1).optional(),
  LUDEX_MEMBERS_DB: z.string().min(1).optional(),
  LUDEX_DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, "must be a postgres:// or postgresql:// URL naming a host (or ?host=/socket/dir)")
    .optional(),
  LUDEX_BUILD_DIR: z.string().min(1).optional(),
  LUDEX_SOURCE: z.string().min(1).optional(),
  LUDEX_TRUSTED_PROXIES: z.string().default(DEFAULT_TRUSTED_PROXIES),
  LUDEX_MATCH_RATE_LIMIT: z
    .string()
    .regex(/^(\d{1,9}|off)$/, 'must be a whole number of items, or "off"')
    .default("6000")
    .transform((v) => (v === "off" ? 0 : Number(v))),
  LUDEX_MATCH_RATE_WINDOW: z.coerce.number().int().min(1).max(86_400).default(60),
  LUDEX_MATCH_PRELOAD: z.enum(["on", "off"], 'must be "on" or "off"').default("on"),
  LUDEX_ARTWORK_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://thumbnails.libretro.com"),
  LUDEX_REVIEW_THRESHOLD: z.coerce.number().min(0).max(100).default(5),
  LUDEX_REGION_ORDER: z
    .string()
    .regex(
      /^[A-Za-z][A-Za-z ]*(?:,\s*[A-Za-z][A-Za-z ]*){0,39}$/,
      'must be a comma-separated list of No-Intro region names, e.g. "USA,World,Europe,Japan"',
    )
    .optional(),
  LUDEX_LANGUAGE_ORDER: z
    .string()
    .regex(/^[A-Z][a-z](?:,\s*[A-Z][a-z]){0,39}$/, 'must be a comma-separated list of No-Intro language codes, e.g. "En,Ja"')
    .optional(),
  LUDEX_LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  LUDEX_REGISTRATION_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(defaultOAuthLimits.registration.quota),
  LUDEX_REGISTRATION_RATE_WINDOW: z.coerce.number().int().min(1).max(86_400).default(defaultOAuthLimits.registration.windowSeconds),
  LUDEX_SIGNIN_FAILURE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(defaultOAuthLimits.signInFailures.quota),
  LUDEX_SIGNIN_FAILURE_WINDOW: z.coerce.number().int().min(1).max(86_400).default(defaultOAuthLimits.signInFailures.windowSeconds),
  LUDEX_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  LUDEX_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  LUDEX_KEEPALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  LUDEX_MAX_HEADER_BYTES: z.coerce.number().int().min(1024).max(1_048_576).default(16_384),
  LUDEX_MCP_ALLOWED_ORIGINS: originList,
  LUDEX_AGENT_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(16 * 1024 * 1024)
    .default(256 * 1024),
  LUDEX_REDIS_URL: redisUrl,
  LUDEX_SECRET: z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -base64 48`)").optional(),
});

function isPostgresUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return /^postgres(ql)?:$/.test(url.protocol) && (url.hostname !== "" || url.searchParams.has("host"));
}

/** The nearest folder at or above `dir` that holds a package.json. */
function packageRoot(dir: string): string {
  const parent = path.dirname(dir);
  return existsSync(path.join(dir, "package.json")) || parent === dir ? dir : packageRoot(parent);
}

/** The project root: the folder holding package.json. */
export const projectRoot: string = packageRoot(import.meta.dirname);

/**
 * Reads the configuration from `env` (default `process.env`).
 * Throws a {@link Problem} naming every invalid variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ name: String(issue.path[0]), detail: issue.message }));
    throw problems.invalidConfiguration(errors.map((e) => `${e.name}: ${e.detail}`).join("; "), { extensions: { errors } });
  }
  const e = parsed.data;
  const multiInstance = Boolean(e.LUDEX_REDIS_URL) || Boolean(e.LUDEX_DATABASE_URL);
  const resolve = (p: string): string => path.resolve(projectRoot, p);
  const stateDir = resolve(e.LUDEX_STATE_DIR ?? ".ludex");
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl,
    stateDir,
    catalogDb: e.LUDEX_CATALOG_DB ? resolve(e.LUDEX_CATALOG_DB) : path.join(stateDir, "catalog.db"),
    membersDb: e.LUDEX_MEMBERS_DB ? resolve(e.LUDEX_MEMBERS_DB) : path.join(stateDir, "members.db"),
    databaseUrl: e.LUDEX_DATABASE_URL,
    buildDir: resolve(e.LUDEX_BUILD_DIR ?? "dist/catalog"),
    sources: (e.LUDEX_SOURCE ?? "data/sample").split(path.delimiter).filter(Boolean).map(resolve),
    platformsFile: path.join(projectRoot, "data", "platforms.json"),
    releaseFeedFile: path.join(projectRoot, "data", "release-feed.json"),
    projectRoot,
    trustedProxies: parseTrustedProxies(e.LUDEX_TRUSTED_PROXIES),
    matchRateLimit: e.LUDEX_MATCH_RATE_LIMIT,
    matchRateWindowSeconds: e.LUDEX_MATCH_RATE_WINDOW,
    matchPreload: e.LUDEX_MATCH_PRELOAD === "on",
    artworkBaseUrl: e.LUDEX_ARTWORK_BASE_URL.replace(/\/+$/, ""),
    reviewThreshold: e.LUDEX_REVIEW_THRESHOLD,
    regionOrder: e.LUDEX_REGION_ORDER?.split(",").map((r) => r.trim()),
    languageOrder: e.LUDEX_LANGUAGE_ORDER?.split(",").map((l) => l.trim()),
    logLevel: e.LUDEX_LOG_LEVEL,
    oauthLimits: {
      registration: { quota: e.LUDEX_REGISTRATION_RATE_LIMIT, windowSeconds: e.LUDEX_REGISTRATION_RATE_WINDOW },
      signInFailures: { quota: e.LUDEX_SIGNIN_FAILURE_LIMIT, windowSeconds: e.LUDEX_SIGNIN_FAILURE_WINDOW },
    },
    http: {
      headersTimeoutMs: e.LUDEX_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: Math.max(e.LUDEX_REQUEST_TIMEOUT_MS, e.LUDEX_HEADERS_TIMEOUT_MS),
      keepAliveTimeoutMs: e.LUDEX_KEEPALIVE_TIMEOUT_MS,
      maxHeaderBytes: e.LUDEX_MAX_HEADER_BYTES,
    },
    mcpAllowedOrigins: e.LUDEX_MCP_ALLOWED_ORIGINS.length > 0 ? e.LUDEX_MCP_ALLOWED_ORIGINS : [new URL(publicBaseUrl).origin],
    agentBodyLimit: e.LUDEX_AGENT_BODY_LIMIT,
    redisUrl: e.LUDEX_REDIS_URL,
    secret: e.LUDEX_SECRET !== undefined ? Buffer.from(e.LUDEX_SECRET, "utf8") : randomBytes(32),
    secretConfigured: e.LUDEX_SECRET !== undefined,
    multiInstance,
  };
}

/**
 * Checks what only a serving instance needs: with shared state (LUDEX_DATABASE_URL or
 * LUDEX_REDIS_URL) every instance must sign and accept the same CSRF tokens and MCP session ids,
 * so a per-process random key would break them. Command-line tools (migrate, member) do not sign
 * anything and run without the secret.
 */
export function checkServingConfig(config: Config): void {
  if (config.multiInstance && !config.secretConfigured) {
    const detail =
      "LUDEX_SECRET: required when LUDEX_DATABASE_URL or LUDEX_REDIS_URL is set, so that every instance signs and accepts the same CSRF tokens and MCP sessions";
    throw problems.invalidConfiguration(detail, { extensions: { errors: [{ name: "LUDEX_SECRET", detail }] } });
  }
}
