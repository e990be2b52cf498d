import { createCRC32, createMD5, createSHA1, type IHasher } from "hash-wasm";

/** CRC-32, MD5 and SHA-1 computed together over one byte stream. */
export class HashSet {
  readonly #crc: IHasher;
  readonly #md5: IHasher;
  readonly #sha1: IHasher;

  constructor(crc: IHasher, md5: IHasher, sha1: IHasher) {
    this.#crc = crc;
    this.#md5 = md5;
    this.#sha1 = sha1;
  }

  init(): void {
    this.#crc.init();
    this.#md5.init();
    this.#sha1.init();
  }

  update(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.#crc.update(bytes);
    this.#md5.update(bytes);
    this.#sha1.update(bytes);
  }

  /** CRC-32 and MD5 of bytes held whole, for when SHA-1 comes from Web Crypto. */
  crcMd5(bytes: Uint8Array): { crc: string; md5: string } {
    this.#crc.init();
    this.#md5.init();
    this.#crc.update(bytes);
    this.#md5.update(bytes);
    return { crc: this.#crc.digest("hex"), md5: this.#md5.digest("hex") };
  }

  /** Lower-case hex digests, as the catalog lists them. */
  digest(): { crc: string; md5: string; sha1: string } {
    return { crc: this.#crc.digest("hex"), md5: this.#md5.digest("hex"), sha1: this.#sha1.digest("hex") };
  }
}

async function createHashSet(): Promise<HashSet> {
  const [crc, md5, sha1] = await Promise.all([createCRC32(), createMD5(), createSHA1()]);
  return new HashSet(crc, md5, sha1);
}

/** Two hash sets: the file as it is, and the file after its header. */
export interface HasherPair {
  readonly full: HashSet;
  readonly headerless: HashSet;
}

// WebAssembly instances are reused: making one costs more than hashing a small ROM.
const idle: HasherPair[] = [];

/** A pair of hash sets no one else is using; give it back with {@link releaseHashers}. */
export async function acquireHashers(): Promise<HasherPair> {
  const pair = idle.pop();
  if (pair) return pair;
  const [full, headerless] = await Promise.all([createHashSet(), createHashSet()]);
  return { full, headerless };
}

export function releaseHashers(pair: HasherPair): void {
  idle.push(pair);
}
