import { detectHeader, HEADER_PROBE_BYTES, type HeaderKind, type HeaderRule } from "./header-rules.ts";
import type { HasherPair } from "./hashers.ts";

/** The hashes of one file, as the catalog lists them (lower-case hex). */
export interface Fingerprint {
  /** The file's name (a zip member's name without its folders). */
  readonly name: string;
  readonly size: number;
  readonly crc: string;
  readonly md5: string;
  readonly sha1: string;
  /** For a file with a header the catalog documents: the hashes of the bytes after it. */
  readonly headerless?: {
    readonly header: HeaderKind;
    readonly size: number;
    readonly crc: string;
    readonly md5: string;
    readonly sha1: string;
  };
}

export interface FileHasherOptions {
  readonly name: string;
  /** The platform slug, when known: only its header rule applies. */
  readonly platform?: string | undefined;
  /** The file's size, when known before reading: the SNES copier rule needs it. */
  readonly size?: number | undefined;
}

/**
 * Hashes one file fed in chunks, synchronously once its hashers are acquired (zip members arrive
 * in callbacks). The first bytes are held until enough are seen to tell whether a header is present.
 */
export class FileHasher {
  readonly #pair: HasherPair;
  readonly #options: FileHasherOptions;
  #head: Uint8Array[] = [];
  #headLength = 0;
  #probe: Uint8Array = new Uint8Array(0);
  #rule: HeaderRule | undefined;
  #decided = false;
  #size = 0;

  constructor(pair: HasherPair, options: FileHasherOptions) {
    this.#pair = pair;
    this.#options = options;
    pair.full.init();
    pair.headerless.init();
  }

  update(chunk: Uint8Array): void {
    this.#size += chunk.length;
    if (this.#decided) {
      this.#feed(chunk);
      return;
    }
    this.#head.push(chunk);
    this.#headLength += chunk.length;
    if (this.#headLength >= HEADER_PROBE_BYTES) this.#decide();
  }

  finish(): Fingerprint {
    if (!this.#decided) this.#decide();
    const size = this.#size;
    if (this.#options.size !== undefined && this.#options.size !== size) {
      throw new Error(`${this.#options.name}: read ${size} bytes, expected ${this.#options.size}`);
    }
    const fingerprint: Fingerprint = { name: this.#options.name, size, ...this.#pair.full.digest() };
    const rule = this.#rule;
    // Without the size beforehand, the header was a guess from the first bytes: the size decides now.
    if (!rule?.present(this.#probe, size)) return fingerprint;
    return { ...fingerprint, headerless: { header: rule.kind, size: size - rule.bytes, ...this.#pair.headerless.digest() } };
  }

  #decide(): void {
    const head = this.#head.length === 1 ? (this.#head[0] as Uint8Array) : concat(this.#head, this.#headLength);
    this.#decided = true;
    this.#head = [];
    this.#probe = head.slice(0, HEADER_PROBE_BYTES);
    this.#rule = detectHeader(head, this.#options.size, this.#options.name, this.#options.platform);
    this.#feed(head);
  }

  #feed(chunk: Uint8Array): void {
    this.#pair.full.update(chunk);
    const rule = this.#rule;
    if (!rule) return;
    // The header's bytes are all in the first chunk fed, the probe.
    const before = this.#size - chunk.length;
    this.#pair.headerless.update(before < rule.bytes ? chunk.subarray(rule.bytes - before) : chunk);
  }
}

function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
