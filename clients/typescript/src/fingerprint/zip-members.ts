import { Unzip, UnzipInflate, type UnzipFile } from "fflate";
import { type ByteSource, chunksOf } from "./byte-source.ts";
import { FileHasher, type Fingerprint } from "./file-hasher.ts";
import { acquireHashers, releaseHashers } from "./hashers.ts";

/** One file inside a zip archive, fingerprinted. */
export interface ZipMemberFingerprint extends Fingerprint {
  /** The member's path inside the archive. */
  readonly member: string;
}

function baseName(member: string): string {
  return member.slice(member.lastIndexOf("/") + 1);
}

/**
 * Fingerprints every file inside a zip archive while reading it once, in memory only: nothing is
 * extracted. Members come one after another in a zip, so one set of hashers serves them all.
 * Folders are skipped; a member the archive cannot give (an unsupported compression method) throws.
 */
export async function fingerprintZip(
  source: ByteSource,
  options: { readonly platform?: string | undefined } = {},
): Promise<ZipMemberFingerprint[]> {
  const pair = await acquireHashers();
  const members: ZipMemberFingerprint[] = [];
  let failure: Error | undefined;
  try {
    const unzip = new Unzip((file: UnzipFile) => {
      if (file.name.endsWith("/")) return;
      const hasher = new FileHasher(pair, { name: baseName(file.name), platform: options.platform, size: file.originalSize });
      file.ondata = (error, chunk, final) => {
        if (error) {
          failure ??= new Error(`${file.name}: ${error.message}`);
          return;
        }
        hasher.update(chunk);
        if (final) members.push({ ...hasher.finish(), member: file.name });
      };
      file.start();
    });
    unzip.register(UnzipInflate);
    for await (const chunk of chunksOf(source)) {
      unzip.push(chunk);
      if (failure) throw failure;
    }
    unzip.push(new Uint8Array(0), true);
    if (failure) throw failure;
    return members;
  } finally {
    releaseHashers(pair);
  }
}
