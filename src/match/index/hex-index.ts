import { readHexWords } from "../schema/hex-digits.ts";

/**
 * Rows (or their values, see {@link hexIndex}) sharing a key: all of them, or the only one (-1 for
 * none, -2 for several; the common single hit allocates nothing).
 */
export interface RowLookup {
  get(key: string): number[];
  only(key: string): number;
}

/**
 * A {@link RowLookup} by a fixed-length hex key, which also takes the key already parsed: its
 * 32-bit words at `words[at ..]`, as the digits read (`scanMatchRequest` parses them while
 * checking them), with the answers `get` and `only` give for the key in lower case.
 */
export interface HexLookup extends RowLookup {
  getParsed(words: Int32Array, at: number): number[];
  onlyParsed(words: Int32Array, at: number): number;
}

/** Parses `length` lower-case hex digits into `out` (32 bits a word); false for anything else. */
function parseHex(key: string, length: number, out: Int32Array): boolean {
  // Any digit that is not lower-case hex leaves bits above the low four.
  return key.length === length && (readHexWords(key, 0, length, out, 0) & ~15) === 0;
}

/**
 * Rows by a fixed-length hex key (CRC32 8 digits, MD5 32, SHA-1 40), or `values[row]` for each
 * row when `values` is given, held as numbers in one open-addressing table whose slots carry the
 * whole key and the value: a lookup parses the key and reads one slot, usually one cache line.
 * Matching is bound by memory latency (a `Map` of hex strings cost three cache misses a lookup, a
 * tag table with the keys in a second array two), so the slot is the unit to keep small and
 * whole. Keys that are not lower-case hex of the length (no build writes them) fall back to a
 * `Map`, so any table answers exactly as a `Map` would.
 */
export function hexIndex(keys: readonly (string | null)[], length: 8 | 32 | 40, values?: ArrayLike<number>): HexLookup {
  const words = length / 8;
  const stride = words + 1;
  const odd = new Map<string, number[]>();
  const parsed = new Int32Array(words);
  // Every key counts (the rare odd ones too), so each is parsed once, below. Linear probing at a
  // load factor of at most two thirds: probe runs stay short.
  let count = 0;
  for (const key of keys) if (key !== null && key !== undefined) count++;
  let capacity = 16;
  while (capacity * 2 < count * 3) capacity *= 2;
  const mask = capacity - 1;
  // Slot s is slots[s * stride ..]: the key's words, then the value plus one (0: empty). Rows go in
  // ascending order, so equal keys are met in row order along their probe sequence.
  const slots = new Int32Array(capacity * stride);
  for (let row = 0; row < keys.length; row++) {
    const key = keys[row];
    if (key === null || key === undefined) continue;
    const value = values ? (values[row] as number) : row;
    if (!parseHex(key, length, parsed)) {
      const rows = odd.get(key);
      if (rows) rows.push(value);
      else odd.set(key, [value]);
      continue;
    }
    let at = ((parsed[0] as number) & mask) * stride;
    while ((slots[at + words] as number) !== 0) at = at + stride === slots.length ? 0 : at + stride;
    slots.set(parsed, at);
    slots[at + words] = value + 1;
  }

  const query = new Int32Array(words);
  /** The row of the slot at `slot` when it holds the key at `key[from ..]`; -1 for another key. */
  const rowAt = (slot: number, key: Int32Array, from: number): number => {
    for (let w = 0; w < words; w++) if (slots[slot + w] !== key[from + w]) return -1;
    return (slots[slot + words] as number) - 1;
  };
  const getParsed = (key: Int32Array, from: number): number[] => {
    const rows: number[] = [];
    for (let at = ((key[from] as number) & mask) * stride; slots[at + words] !== 0; at = at + stride === slots.length ? 0 : at + stride) {
      const row = rowAt(at, key, from);
      if (row >= 0) rows.push(row);
    }
    return rows;
  };
  const onlyParsed = (key: Int32Array, from: number): number => {
    let hit = -1;
    for (let at = ((key[from] as number) & mask) * stride; slots[at + words] !== 0; at = at + stride === slots.length ? 0 : at + stride) {
      const row = rowAt(at, key, from);
      if (row < 0) continue;
      if (hit !== -1) return -2;
      hit = row;
    }
    return hit;
  };
  return {
    get(key) {
      return parseHex(key, length, query) ? getParsed(query, 0) : [...(odd.get(key) ?? [])];
    },
    only(key) {
      if (parseHex(key, length, query)) return onlyParsed(query, 0);
      const rows = odd.get(key);
      return rows === undefined ? -1 : rows.length > 1 ? -2 : (rows[0] as number);
    },
    getParsed,
    onlyParsed,
  };
}
