/** The copier and emulator headers the catalog documents, and how many bytes each adds before the ROM data. */
export type HeaderKind = "ines" | "a78" | "lnx" | "snes-copier";

export interface HeaderRule {
  readonly kind: HeaderKind;
  /** The platform slugs the header belongs to. */
  readonly platforms: readonly string[];
  /** Bytes before the ROM data: what is skipped for the `headerless` hashes. */
  readonly bytes: number;
  /** True when a file of `size` bytes starting with `head` (up to {@link HEADER_PROBE_BYTES}) carries this header. */
  present(head: Uint8Array, size: number): boolean;
}

/** The most bytes any rule looks at, which is also the largest header. */
export const HEADER_PROBE_BYTES = 512;

function startsWith(head: Uint8Array, at: number, text: string): boolean {
  if (head.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (head[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/**
 * The rules of docs/api.md, "Hashing headered files": No-Intro lists these platforms headerless,
 * so the hash without the header is what matches whatever header a dump carries.
 */
export const headerRules: readonly HeaderRule[] = [
  { kind: "ines", platforms: ["nes"], bytes: 16, present: (head, size) => size > 16 && startsWith(head, 0, "NES\x1a") },
  { kind: "a78", platforms: ["atari-7800"], bytes: 128, present: (head, size) => size > 128 && startsWith(head, 1, "ATARI7800") },
  { kind: "lnx", platforms: ["lynx"], bytes: 64, present: (head, size) => size > 64 && startsWith(head, 0, "LYNX") },
  // A copier header makes the size 512 more than a multiple of 1 KiB; SNES ROMs never are.
  { kind: "snes-copier", platforms: ["snes"], bytes: 512, present: (_head, size) => size > 512 && size % 1024 === 512 },
];

/** Extensions a SNES file has on disk; the copier rule needs one when the platform is not known, since it looks only at the size. */
const snesExtensions = new Set(["sfc", "smc", "swc", "fig"]);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * The header a file carries, given its first bytes and size: only the platform's rules when the
 * platform is known, else the rules that test a signature (and the SNES one for a SNES extension).
 * Without the size, a rule that needs it is the candidate, to be confirmed once the size is known.
 */
export function detectHeader(
  head: Uint8Array,
  knownSize: number | undefined,
  name: string,
  platform: string | undefined,
): HeaderRule | undefined {
  // An unknown size passes every size check, and makes the SNES copier rule a candidate (≡ 512 mod 1024).
  const size = knownSize ?? 2 ** 40 + 512;
  for (const rule of headerRules) {
    if (platform !== undefined) {
      if (!rule.platforms.includes(platform)) continue;
    } else if (rule.kind === "snes-copier" && !snesExtensions.has(extensionOf(name))) continue;
    if (rule.present(head, size)) return rule;
  }
  return undefined;
}
