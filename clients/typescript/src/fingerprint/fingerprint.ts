import { type ByteSource, chunksOf, knownSize } from "./byte-source.ts";
import { FileHasher, type Fingerprint } from "./file-hasher.ts";
import { acquireHashers, releaseHashers } from "./hashers.ts";

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
  const pair = await acquireHashers();
  try {
    const hasher = new FileHasher(pair, { ...options, size: options.size ?? knownSize(source) });
    for await (const chunk of chunksOf(source)) hasher.update(chunk);
    return hasher.finish();
  } finally {
    releaseHashers(pair);
  }
}
