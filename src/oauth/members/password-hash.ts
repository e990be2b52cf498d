import crypto from "node:crypto";
import { promisify } from "node:util";

/**
 * argon2id parameters: the OWASP Password Storage Cheat Sheet minimum (19 MiB, 2 passes, 1 lane),
 * slow enough to make guessing costly and fast enough for a sign-in (docs/performance.md).
 * @see RFC 9106 §4
 */
export const argon2Parameters = { memoryKiB: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

/**
 * scrypt parameters where argon2 is missing (Node < 24.7): N = 2^17, r = 8, p = 1 (128 MiB), the
 * OWASP recommendation.
 * @see RFC 7914 §2
 */
export const scryptParameters = { logN: 17, r: 8, p: 1, keyLength: 32 } as const;

const SALT_BYTES = 16;
const scryptAsync = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** Node's argon2 (added in 24.7), or undefined on older runtimes. */
function nodeArgon2(): typeof crypto.argon2 | undefined {
  return typeof crypto.argon2 === "function" ? crypto.argon2 : undefined;
}

/** PHC strings use standard base64 without padding. */
function b64(buffer: Buffer): string {
  return buffer.toString("base64").replace(/=+$/, "");
}

function argon2id(
  password: string,
  salt: Buffer,
  p: { memoryKiB: number; passes: number; parallelism: number; tagLength: number },
): Promise<Buffer> {
  const argon2 = nodeArgon2();
  if (!argon2) return Promise.reject(new Error("this Node.js has no argon2 (needs Node 24.7 or later)"));
  return new Promise((resolve, reject) => {
    argon2(
      "argon2id",
      { message: password, nonce: salt, memory: p.memoryKiB, passes: p.passes, parallelism: p.parallelism, tagLength: p.tagLength },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

function scrypt(password: string, salt: Buffer, p: { logN: number; r: number; p: number; keyLength: number }): Promise<Buffer> {
  const N = 2 ** p.logN;
  // Node refuses scrypt above 32 MiB unless maxmem allows it: 128·N·r bytes plus headroom.
  return scryptAsync(password, salt, p.keyLength, { N, r: p.r, p: p.p, maxmem: 256 * N * p.r });
}

/**
 * Hashes a password with a memory-hard function: argon2id when Node has it, scrypt otherwise.
 * The result is a PHC string naming the algorithm and its parameters, so that either verifies later.
 * @see RFC 9106 (argon2id), RFC 7914 (scrypt), PHC string format
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  if (nodeArgon2()) {
    const p = argon2Parameters;
    const key = await argon2id(password, salt, p);
    return `$argon2id$v=19$m=${p.memoryKiB},t=${p.passes},p=${p.parallelism}$${b64(salt)}$${b64(key)}`;
  }
  return hashPasswordScrypt(password, salt);
}

/** The scrypt form, also used where argon2 is missing. @see RFC 7914 §2 */
export async function hashPasswordScrypt(password: string, salt: Buffer = crypto.randomBytes(SALT_BYTES)): Promise<string> {
  const p = scryptParameters;
  const key = await scrypt(password, salt, p);
  return `$scrypt$ln=${p.logN},r=${p.r},p=${p.p}$${b64(salt)}$${b64(key)}`;
}

function params(text: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const pair of (text ?? "").split(",")) {
    const [k, v] = pair.split("=");
    if (k && v && /^\d{1,9}$/.test(v)) out.set(k, Number(v));
  }
  return out;
}

/** Bounds for parameters read back from a stored hash, so that a damaged row cannot stall the server. */
function within(value: number | undefined, min: number, max: number): value is number {
  return value !== undefined && value >= min && value <= max;
}

/**
 * Checks `password` against a stored PHC string (argon2id or scrypt), comparing in constant time.
 * A malformed stored string verifies nothing.
 * @see RFC 9106, RFC 7914
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [, algorithm, ...rest] = stored.split("$");
  let expected: Buffer;
  let actual: Buffer;
  if (algorithm === "argon2id" && rest.length === 4 && rest[0] === "v=19") {
    const p = params(rest[1]);
    const [m, t, lanes] = [p.get("m"), p.get("t"), p.get("p")];
    if (!within(m, 8, 1_048_576) || !within(t, 1, 16) || !within(lanes, 1, 16)) return false;
    const salt = Buffer.from(rest[2] ?? "", "base64");
    expected = Buffer.from(rest[3] ?? "", "base64");
    if (salt.length < 8 || expected.length < 16) return false;
    actual = await argon2id(password, salt, { memoryKiB: m, passes: t, parallelism: lanes, tagLength: expected.length });
  } else if (algorithm === "scrypt" && rest.length === 3) {
    const p = params(rest[0]);
    const [logN, r, lanes] = [p.get("ln"), p.get("r"), p.get("p")];
    if (!within(logN, 1, 20) || !within(r, 1, 32) || !within(lanes, 1, 16)) return false;
    const salt = Buffer.from(rest[1] ?? "", "base64");
    expected = Buffer.from(rest[2] ?? "", "base64");
    if (salt.length < 8 || expected.length < 16) return false;
    actual = await scrypt(password, salt, { logN, r, p: lanes, keyLength: expected.length });
  } else {
    return false;
  }
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
