import { createHash, hash } from "node:crypto";

/** Content hash in base64url, the building block of every ETag and content-addressed file name. */
export function contentHash(data: string | Uint8Array, length = 22): string {
  return hash("sha256", data, "base64url").slice(0, length);
}

/** {@link contentHash} of the parts joined, without joining them (a platform's shard is hundreds of megabytes at most). */
export function contentHashOfParts(parts: readonly (string | Uint8Array)[], length = 22): string {
  const digest = createHash("sha256");
  for (const part of parts) digest.update(part);
  return digest.digest("base64url").slice(0, length);
}

/**
 * A strong entity tag for a body, computed once at build time.
 * @see RFC 9110 §8.8.3
 */
export function strongEtag(data: string | Uint8Array): string {
  return `"${contentHash(data)}"`;
}

/**
 * The entity tag of a static file in the form nginx gives it (`"<mtime hex>-<size hex>"`), so that
 * a file served by nginx straight from the build and the same bytes served by ludex carry the
 * same validator. The build sets each file's mtime when its content changes.
 */
export function fileEtag(mtimeSeconds: number, size: number): string {
  return `"${mtimeSeconds.toString(16)}-${size.toString(16)}"`;
}

/** The Last-Modified value for a file time. @see RFC 9110 §8.8.2 */
export function httpDate(mtimeSeconds: number): string {
  return new Date(mtimeSeconds * 1000).toUTCString();
}
