import { type ByteSource, chunksOf, knownSize } from "./byte-source.ts";
import { FileHasher, type Fingerprint } from "./file-hasher.ts";
import { acquireHashers, releaseHashers } from "./hashers.ts";
import { detectHeader, HEADER_PROBE_BYTES } from "./header-rules.ts";

export interface FingerprintOptions {
  /** The file's name as on disk. */
  readonly name: string;
  /** The platform slug when known: only its documented header is looked for. */
  readonly platform?: string | undefined;
  /** The size when known and the source does not tell it (a stream): the SNES copier rule uses it. */
  readonly size?: number | undefined;
}

/**
 * CRC-32, MD5, SHA-1 and size of one file, and the same without its header when it carries one
 * the catalog documents (iNES, A78, LNX, SNES copier; docs/api.md "Hashing headered files").
 */
export async function fingerprint(source: ByteSource, options: FingerprintOptions): Promise<Fingerprint> {
  if (source instanceof Uint8Array && subtle) return await fingerprintBytes(source, options);
  const pair = await acquireHashers();
  try {
    const hasher = new FileHasher(pair, { ...options, size: options.size ?? knownSize(source) });
    for await (const chunk of chunksOf(source)) hasher.update(chunk);
    return hasher.finish();
  } finally {
    releaseHashers(pair);
  }
}

// Web Crypto's SHA-1 is native code, faster than SHA-1 in WebAssembly; it has no incremental form,
// so it serves bytes held whole and a stream is hashed by hash-wasm alone.
const subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle;

function hex(digest: ArrayBuffer): string {
  const bytes = new Uint8Array(digest);
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

/** {@link fingerprint} of bytes held whole: CRC-32 and MD5 with hash-wasm, SHA-1 with Web Crypto. */
async function fingerprintBytes(bytes: Uint8Array, options: FingerprintOptions): Promise<Fingerprint> {
  if (options.size !== undefined && options.size !== bytes.length)
    throw new Error(`${options.name}: ${bytes.length} bytes, expected ${options.size}`);
  const rule = detectHeader(bytes.subarray(0, HEADER_PROBE_BYTES), bytes.length, options.name, options.platform);
  const body = rule && bytes.subarray(rule.bytes);
  // digest() copies its input when called, so the caller may reuse the buffer at once. @see W3C Web Cryptography API, SubtleCrypto.digest(): "get a copy of the bytes held by the data parameter"
  const sha1 = (subtle as SubtleCrypto).digest("SHA-1", bytes as Uint8Array<ArrayBuffer>);
  const sha1Body = body && (subtle as SubtleCrypto).digest("SHA-1", body as Uint8Array<ArrayBuffer>);
  const pair = await acquireHashers();
  try {
    const full = { name: options.name, size: bytes.length, ...pair.full.crcMd5(bytes), sha1: "" };
    const headerless = rule && body && { header: rule.kind, size: body.length, ...pair.headerless.crcMd5(body), sha1: "" };
    full.sha1 = hex(await sha1);
    if (!headerless || !sha1Body) return full;
    headerless.sha1 = hex(await sha1Body);
    return { ...full, headerless };
  } finally {
    releaseHashers(pair);
  }
}
