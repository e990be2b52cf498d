import { Unzip, UnzipInflate, type UnzipFile } from "fflate";
import { type ByteSource, chunksOf } from "./byte-source.ts";
import { FileHasher, type Fingerprint } from "./file-hasher.ts";
import { acquireHashers, releaseHashers } from "./hashers.ts";

/** One file inside a zip archive, fingerprinted. */
export interface ZipMemberFingerprint extends Fingerprint {
  /** The member's path inside the archive. */
  readonly member: string;
}

/** The end of central directory record closes every zip archive, within its last 22 + 65,535 bytes (the comment). @see APPNOTE.TXT 4.3.16 */
const EOCD_SIGNATURE = [0x50, 0x4b, 0x05, 0x06];
const EOCD_WINDOW = 22 + 0xffff;

/** The last `size` bytes of a stream read chunk by chunk. */
class Tail {
  #bytes = new Uint8Array(0);
  readonly #size: number;

  constructor(size: number) {
    this.#size = size;
  }

  push(chunk: Uint8Array): void {
    const kept = this.#bytes.subarray(Math.max(0, this.#bytes.length + chunk.length - this.#size));
    const next = new Uint8Array(kept.length + Math.min(chunk.length, this.#size));
    next.set(kept);
    next.set(chunk.subarray(Math.max(0, chunk.length - this.#size)), kept.length);
    this.#bytes = next;
  }

  /** True when the bytes hold the end of central directory signature. */
  hasEndRecord(): boolean {
    const b = this.#bytes;
    for (let i = b.length - 22; i >= 0; i--) {
      if (b[i] === EOCD_SIGNATURE[0] && b[i + 1] === EOCD_SIGNATURE[1] && b[i + 2] === EOCD_SIGNATURE[2] && b[i + 3] === EOCD_SIGNATURE[3])
        return true;
    }
    return false;
  }
}

function baseName(member: string): string {
  return member.slice(member.lastIndexOf("/") + 1);
}

/**
 * Fingerprints every file inside a zip archive while reading it once, in memory only: nothing is
 * extracted. Members come one after another in a zip, so one set of hashers serves them all.
 * Folders are skipped. A member the archive cannot give (an unsupported compression method), a
 * member cut short, or bytes that do not end like a zip archive throw: nothing half-read is returned.
 */
export async function fingerprintZip(
  source: ByteSource,
  options: { readonly platform?: string | undefined } = {},
): Promise<ZipMemberFingerprint[]> {
  const pair = await acquireHashers();
  const members: ZipMemberFingerprint[] = [];
  let failure: Error | undefined;
  let reading: string | undefined;
  const tail = new Tail(EOCD_WINDOW);
  try {
    const unzip = new Unzip((file: UnzipFile) => {
      if (file.name.endsWith("/")) return;
      // fflate inflates stored (0) and deflated (8) members; others (Deflate64, BZip2, LZMA, …) need 7-Zip: fingerprint7z.
      if (file.compression !== 0 && file.compression !== 8) {
        failure ??= new Error(`${file.name}: compression method ${file.compression} is not read here (stored and deflate are)`);
        return;
      }
      // The size a local header gives is 0 when a data descriptor follows the data: then it is not known beforehand.
      const size = file.originalSize || undefined;
      const hasher = new FileHasher(pair, { name: baseName(file.name), platform: options.platform, size });
      reading = file.name;
      file.ondata = (error, chunk, final) => {
        if (error) {
          failure ??= new Error(`${file.name}: ${error.message}`);
          return;
        }
        try {
          hasher.update(chunk);
          if (final) {
            members.push({ ...hasher.finish(), member: file.name });
            reading = undefined;
          }
        } catch (cause) {
          failure ??= cause as Error;
        }
      };
      file.start();
    });
    unzip.register(UnzipInflate);
    for await (const chunk of chunksOf(source)) {
      tail.push(chunk);
      unzip.push(chunk);
      if (failure) throw failure;
    }
    try {
      unzip.push(new Uint8Array(0), true);
    } catch (error) {
      failure ??= reading === undefined ? new Error(`not a zip archive (${(error as Error).message})`) : undefined;
    }
    if (failure) throw failure;
    if (reading !== undefined) throw new Error(`${reading}: the archive ends inside this member`);
    if (!tail.hasEndRecord()) throw new Error("not a zip archive (no end of central directory record)");
    return members;
  } finally {
    releaseHashers(pair);
  }
}
