import { createHash } from "node:crypto";
import { equalSecrets } from "./secrets.ts";

/** A code verifier: 43–128 unreserved characters. @see RFC 7636 §4.1 */
const verifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge: BASE64URL(SHA256(verifier)), always 43 characters without padding. @see RFC 7636 §4.2 */
const s256ChallengePattern = /^[A-Za-z0-9\-_]{43}$/;

/** True for a syntactically valid S256 code challenge. @see RFC 7636 §4.2 */
export function isS256Challenge(challenge: string): boolean {
  return s256ChallengePattern.test(challenge);
}

/** True for a syntactically valid code verifier. @see RFC 7636 §4.1 */
export function isCodeVerifier(verifier: string): boolean {
  return verifierPattern.test(verifier);
}

/** BASE64URL-ENCODE(SHA256(ASCII(code_verifier))). @see RFC 7636 §4.2 */
export function s256Challenge(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

/**
 * Verifies a code verifier against the challenge stored with the code, in constant time.
 * @see RFC 7636 §4.6
 */
export function verifyS256(verifier: string, challenge: string): boolean {
  return isCodeVerifier(verifier) && equalSecrets(s256Challenge(verifier), challenge);
}
