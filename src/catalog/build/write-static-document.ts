import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { existsSync, utimesSync } from "node:fs";
import path from "node:path";
import { contentHash, fileEtag } from "../../http/etag.ts";
import type { BuiltDocument } from "./manifest.ts";
import { writeFileAtomic } from "./write-file-atomic.ts";

/** Bodies at least this large get precompressed gzip and brotli siblings. */
export const PRECOMPRESS_MIN_BYTES = 1024;

export interface StaticDocumentInput {
  /** Content-addressed copy for the server, e.g. `documents/platforms`. The hash and extension are appended. */
  readonly name: string;
  /** Stable path for static hosting (nginx, a CDN origin), e.g. `static/api/v1/community/index.json`. */
  readonly staticFile: string;
  readonly body: string | Buffer;
  readonly contentType: string;
}

/**
 * Writes one prebuilt document twice: under a content-addressed name the server loads (an old
 * snapshot keeps reading its own files while a new build is written), and under a stable path a
 * static host serves. When the content is unchanged since `previous`, the stable file and its
 * mtime are left alone, so its ETag and Last-Modified stay the same.
 */
export function writeStaticDocument(
  buildDir: string,
  input: StaticDocumentInput,
  buildTime: number,
  previous: BuiltDocument | undefined,
): BuiltDocument {
  const bytes = Buffer.isBuffer(input.body) ? input.body : Buffer.from(input.body);
  const hash = contentHash(bytes, 12);
  const ext = path.extname(input.staticFile);
  const file = `${input.name}.${hash}${ext}`;
  const large = bytes.length >= PRECOMPRESS_MIN_BYTES;
  // Compressed only when written: brotli at quality 11 is most of a no-op build's document time.
  let compressed: { br: Buffer; gzip: Buffer } | undefined;
  const variants = (): { br: Buffer; gzip: Buffer } | undefined => {
    if (large)
      compressed ??= {
        br: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(bytes, { level: 9 }),
      };
    return compressed;
  };
  const suffix = { br: ".br", gzip: ".gz" } as const;

  const write = (target: string): void => {
    writeFileAtomic(path.join(buildDir, target), bytes);
    const made = variants();
    if (made)
      for (const [coding, data] of Object.entries(made) as ["br" | "gzip", Buffer][])
        writeFileAtomic(path.join(buildDir, target + suffix[coding]), data);
  };
  if (!existsSync(path.join(buildDir, file))) write(file);

  const unchanged =
    previous?.hash === hash && previous.staticFile === input.staticFile && existsSync(path.join(buildDir, input.staticFile));
  const mtime = unchanged && previous ? previous.mtime : buildTime;
  if (!unchanged) {
    write(input.staticFile);
    for (const target of [input.staticFile, ...(large ? Object.values(suffix).map((s) => input.staticFile + s) : [])]) {
      utimesSync(path.join(buildDir, target), mtime, mtime);
    }
  }
  // Unchanged bytes under an unchanged mtime: the previous build's variant ETags are this one's.
  const kept = unchanged && compressed === undefined && previous?.encodings.br !== undefined && previous.encodings.gzip !== undefined;
  const made = kept ? undefined : variants();
  return {
    file,
    staticFile: input.staticFile,
    hash,
    mtime,
    etag: fileEtag(mtime, bytes.length),
    bytes: bytes.length,
    contentType: input.contentType,
    encodings:
      kept && previous ? previous.encodings : made ? { br: fileEtag(mtime, made.br.length), gzip: fileEtag(mtime, made.gzip.length) } : {},
  };
}
