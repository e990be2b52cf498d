import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** What each kind of issued secret starts with, so that secret scanners and people can tell them apart. */
export const secretPrefixes = {
  accessToken: "ldx_at_",
  refreshToken: "ldx_rt_",
  authorizationCode: "ldx_ac_",
  clientSecret: "ldx_cs_",
  session: "ldx_ss_",
} as const;

/**
 * A new secret: 256 bits from the operating system's CSPRNG, base64url, after `prefix`. Long
 * enough that guessing is hopeless and a plain SHA-256 is a sufficient stored form.
 * @see RFC 6749 §10.10, RFC 6750 §5.2
 */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

/** The stored form of a high-entropy secret: lowercase SHA-256 hex. @see RFC 6819 §5.1.4.1.3 */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/**
 * Compares two strings in time that does not depend on where they differ (both are hashed
 * first, so lengths do not leak either).
 * @see RFC 6819 §5.1.4.1.3
 */
export function equalSecrets(a: string, b: string): boolean {
  const da = createHash("sha256").update(a, "utf8").digest();
  const db = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(da, db);
}
