import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * What a 2025-11-25 MCP session is on the server: the client's `initialize` parameters (its
 * requested protocol version, capabilities and client info). The tools and resources keep no
 * other per-session state, so replaying these parameters on a fresh server rebuilds the session
 * exactly, on any instance.
 */
export interface SessionClaims {
  /** Random id: what DELETE records as ended. */
  readonly jti: string;
  /** The `initialize` request's `params`, as the client sent them (bounded in size). */
  readonly init: Record<string, unknown>;
  /** Unix ms after which the session has ended. */
  readonly exp: number;
}

/** Largest `initialize` params carried; bigger ones (huge capability objects) lose their capabilities. */
const MAX_INIT_JSON = 2048;
const PREFIX = "mcs1.";

function mac(secret: Buffer, payload: string): string {
  return createHmac("sha256", secret).update(`ludex mcp session\0${payload}`).digest("base64url");
}

/** The `initialize` params worth keeping, within {@link MAX_INIT_JSON}. */
function boundedInit(params: Record<string, unknown>): Record<string, unknown> {
  const kept = { protocolVersion: params.protocolVersion, capabilities: params.capabilities ?? {}, clientInfo: params.clientInfo };
  if (JSON.stringify(kept).length <= MAX_INIT_JSON) return kept;
  const info = (params.clientInfo ?? {}) as { name?: unknown; version?: unknown };
  return {
    protocolVersion: params.protocolVersion,
    capabilities: {},
    clientInfo: { name: String(info.name ?? "").slice(0, 100), version: String(info.version ?? "").slice(0, 50) },
  };
}

/**
 * The Mcp-Session-Id: `mcs1.<claims as base64url JSON>.<HMAC-SHA256>`, visible ASCII as the
 * transport requires. Any instance holding the same LUDEX_SECRET verifies it and rebuilds the
 * session; nothing about the session is stored anywhere.
 * @see MCP 2025-11-25 Transports §Session Management (the id SHOULD be globally unique and cryptographically secure)
 */
export function signSessionId(secret: Buffer, params: Record<string, unknown>, lifetimeMs: number, now = Date.now()): string {
  const claims: SessionClaims = { jti: randomBytes(12).toString("base64url"), init: boundedInit(params), exp: now + lifetimeMs };
  const payload = Buffer.from(JSON.stringify(claims), "utf8").toString("base64url");
  return `${PREFIX}${payload}.${mac(secret, payload)}`;
}

/** The claims of a genuine, unexpired session id; undefined for anything else. */
export function verifySessionId(secret: Buffer, id: string, now = Date.now()): SessionClaims | undefined {
  if (!id.startsWith(PREFIX) || id.length > 4096) return undefined;
  const [payload, signature, extra] = id.slice(PREFIX.length).split(".");
  if (payload === undefined || signature === undefined || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as SessionClaims;
    if (typeof claims.jti !== "string" || typeof claims.exp !== "number" || typeof claims.init !== "object" || claims.init === null)
      return undefined;
    return claims.exp > now ? claims : undefined;
  } catch {
    return undefined;
  }
}
