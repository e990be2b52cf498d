/**
 * A UTF-16 code unit's hex value: 0–15 for `0`–`9` and `a`–`f`, the value plus {@link UPPER_HEX}
 * for `A`–`F` (so the low four bits are the value either way), −1 for anything else. A table read
 * per char, OR-ed into one flag checked once per key, is cheaper than a chain of comparisons per
 * char (figures in docs/performance.md).
 */
export const HEX_DIGIT: Int8Array = new Int8Array(65536).fill(-1);

/** The bit the table adds for an upper-case digit: one no digit's value has. */
export const UPPER_HEX = 16;

for (let c = 48; c <= 57; c++) HEX_DIGIT[c] = c - 48;
for (let c = 97; c <= 102; c++) HEX_DIGIT[c] = c - 87;
for (let c = 65; c <= 70; c++) HEX_DIGIT[c] = UPPER_HEX | (c - 55);

/**
 * Reads the `length` hex digits (a multiple of 8) of `text` from `start` into `out` from `at`, 32
 * bits a word, and returns every digit's table value OR-ed: negative when one is not a hex digit,
 * with {@link UPPER_HEX} set when one is upper case; the words hold the digits' values either way.
 * Past the end of `text` a char reads as nothing (`charCodeAt` is NaN, and so is no digit), so a
 * caller checks the length itself.
 */
export function readHexWords(text: string, start: number, length: number, out: Int32Array, at: number): number {
  let seen = 0;
  for (let i = start, w = at; i < start + length; w++) {
    let word = 0;
    for (const end = i + 8; i < end; i++) {
      const digit = HEX_DIGIT[text.charCodeAt(i)] as number;
      seen |= digit;
      word = (word << 4) | (digit & 15);
    }
    out[w] = word;
  }
  return seen;
}
