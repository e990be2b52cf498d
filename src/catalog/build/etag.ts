import { createHash } from "node:crypto";

/** Content hash in base64url, the building block of every ETag and content-addressed file name. */
export function contentHash(data: string | Uint8Array, length = 22): string {
  return createHash("sha256").update(data).digest("base64url").slice(0, length);
}

/**
 * A strong entity tag for a body, computed once at build time.
 * @see RFC 9110 §8.8.3
 */
export function strongEtag(data: string | Uint8Array): string {
  return `"${contentHash(data)}"`;
}
