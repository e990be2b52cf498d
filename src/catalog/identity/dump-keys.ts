import type { DatRom } from "../dat/dat-types.ts";

/** Files smaller than this (tiny fantasy-console carts, stub files) are too alike across works to prove identity. */
export const MIN_DUMP_BYTES = 256;

/** SHA-1 of zero bytes: every empty file has it, so it says nothing about identity. */
const EMPTY_SHA1 = "da39a3ee5e6b4b0d3255bfef95601890afd80709";
const EMPTY_MD5 = "d41d8cd98f00b204e9800998ecf8427e";

function romHash(rom: DatRom): string | undefined {
  if (rom.size !== undefined && rom.size < MIN_DUMP_BYTES) return undefined;
  const hash = rom.sha1 ?? rom.md5;
  return hash === EMPTY_SHA1 || hash === EMPTY_MD5 ? undefined : hash;
}

function baseName(name: string | undefined): string {
  return (name ?? "").replace(/\.[^./\\]{1,8}$/, "").toLowerCase();
}

/**
 * The keys under which a release is "the same dump" as another. A single file is its own key.
 * Several files that are one name in several forms (a headered and a headerless cartridge dump,
 * joined by name across DATs) are each a key. Several files that are parts (a disc's tracks) are
 * one key together, so that two discs sharing a data or audio track never look alike.
 */
export function dumpKeys(roms: readonly DatRom[]): string[] {
  const hashes: string[] = [];
  for (const rom of roms) {
    const hash = romHash(rom);
    if (hash) hashes.push(hash);
  }
  if (hashes.length <= 1) return hashes;
  const first = baseName(roms[0]?.name);
  if (roms.every((rom) => baseName(rom.name) === first)) return [...new Set(hashes)];
  return [[...new Set(hashes)].sort().join("+")];
}

const COMPILATION_RE =
  /\b(?:\d+\s*-?\s*(?:games?\s+)?in\s*-?\s*1|collection|compilation|anthology|trilogy|double pack|twin pack|triple pack|combo pack|multi-?cart)\b|\s\+\s/i;

/**
 * A title naming several games ("Super Mario Bros. + Duck Hunt", "Sonic Classics 3 in 1",
 * "Mega Man X Collection"): the file it shares with one of its games never merges them.
 */
export function looksLikeCompilation(title: string): boolean {
  return COMPILATION_RE.test(title);
}

/** A title that is an id rather than a name: a 16-digit hex title id ("000100057131324a") or a bare number. */
export function looksLikeId(title: string): boolean {
  return /^(?:[0-9a-f]{16}|[0-9A-F]{16}|\d{5,})$/.test(title.trim());
}

/**
 * True when `single` is one of the games of the compilation `compilation` (its title key appears
 * in the compilation's as whole words): the file they share is the compilation's, and they stay
 * two works. Another name for the compilation itself ("Gradius Portable" for "Gradius
 * Collection") is not a member.
 */
export function isMemberOf(singleKey: string, compilationKey: string): boolean {
  if (singleKey === "") return false;
  return ` ${compilationKey} `.includes(` ${singleKey} `);
}
