/** Rows sharing a key: all of them, or the only one (-1 for none, -2 for several; the common single hit allocates nothing). */
export interface RowLookup {
  get(key: string): number[];
  only(key: string): number;
}

/** The hex digit's value, or -1. */
function nibble(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** Parses `length` lower-case hex digits into `out` (32 bits a word); false for anything else. */
function parseHex(key: string, length: number, out: Uint32Array): boolean {
  if (key.length !== length) return false;
  for (let w = 0; w < length / 8; w++) {
    let word = 0;
    for (let i = w * 8; i < w * 8 + 8; i++) {
      const v = nibble(key.charCodeAt(i));
      if (v < 0) return false;
      word = (word << 4) | v;
    }
    out[w] = word >>> 0;
  }
  return true;
}

/**
 * Rows by a fixed-length hex key (CRC32 8 digits, MD5 32, SHA-1 40), held as numbers in typed
 * arrays: an open-addressing table of (first 32 bits, row) pairs and each row's key bits. A lookup
 * parses the key and touches one table line and, past the first word, one row of bits. A `Map` of
 * the hex strings touched its buckets, its entry and the stored string: under load those were
 * cache misses, and hashing each request's fresh strings came on top (about half a microsecond a
 * lookup, the largest item of a match request's profile). Keys that are not lower-case hex of the
 * length (no build writes them) fall back to a `Map`, so any table answers exactly as before.
 */
export function hexIndex(keys: readonly (string | null)[], length: 8 | 32 | 40): RowLookup {
  const words = length / 8;
  const bits = new Uint32Array(keys.length * words);
  const odd = new Map<string, number[]>();
  const parsed = new Uint32Array(words);
  let count = 0;
  for (let row = 0; row < keys.length; row++) {
    const key = keys[row];
    if (key === null || key === undefined) continue;
    if (parseHex(key, length, parsed)) {
      bits.set(parsed, row * words);
      count++;
    } else {
      const rows = odd.get(key);
      if (rows) rows.push(row);
      else odd.set(key, [row]);
    }
  }
  let capacity = 16;
  while (capacity < count * 2) capacity *= 2;
  const mask = capacity - 1;
  // slots[2s] is the key's first word, slots[2s + 1] the row plus one (0: empty). Rows go in
  // ascending order, so equal keys are met in row order along their probe sequence.
  const slots = new Int32Array(capacity * 2);
  for (let row = 0; row < keys.length; row++) {
    const key = keys[row];
    if (key === null || key === undefined || key.length !== length || odd.has(key)) continue;
    const first = bits[row * words] as number;
    let s = first & mask;
    while ((slots[s * 2 + 1] as number) !== 0) s = (s + 1) & mask;
    slots[s * 2] = first | 0;
    slots[s * 2 + 1] = row + 1;
  }

  const query = new Uint32Array(words);
  /** True when row `row`'s key equals the parsed query past its first word (the slot's tag). */
  const sameRest = (row: number): boolean => {
    for (let w = 1; w < words; w++) if (bits[row * words + w] !== query[w]) return false;
    return true;
  };
  return {
    get(key) {
      if (!parseHex(key, length, query)) return [...(odd.get(key) ?? [])];
      const rows: number[] = [];
      const first = (query[0] as number) | 0;
      for (let s = first & mask, entry = slots[s * 2 + 1] as number; entry !== 0; s = (s + 1) & mask, entry = slots[s * 2 + 1] as number) {
        if (slots[s * 2] === first && sameRest(entry - 1)) rows.push(entry - 1);
      }
      return rows;
    },
    only(key) {
      if (!parseHex(key, length, query)) {
        const rows = odd.get(key);
        return rows === undefined ? -1 : rows.length > 1 ? -2 : (rows[0] as number);
      }
      let hit = -1;
      const first = (query[0] as number) | 0;
      for (let s = first & mask, entry = slots[s * 2 + 1] as number; entry !== 0; s = (s + 1) & mask, entry = slots[s * 2 + 1] as number) {
        if (slots[s * 2] !== first || !sameRest(entry - 1)) continue;
        if (hit !== -1) return -2;
        hit = entry - 1;
      }
      return hit;
    },
  };
}
