import { MAX_MATCH_ITEMS } from "./match-schemas.ts";

/**
 * Where a request's item hashes lie once parsed (`scanMatchRequest`): item `i`'s SHA-1 in the
 * five 32-bit words from `i * ITEM_HASH_WORDS`, its MD5 in the four from there plus
 * {@link MD5_WORD}, its CRC in the one at {@link CRC_WORD}, each as the hex digits read; a word of
 * an absent hash is 0 and never read. The hash lookups take them as they are (`HexLookup`), so no
 * digit is read twice.
 */
export const ITEM_HASH_WORDS = 10;
export const SHA1_WORD = 0;
export const MD5_WORD = 5;
export const CRC_WORD = 9;

/** Room for the hashes of a request's most items. */
export function itemHashWords(): Int32Array {
  return new Int32Array(MAX_MATCH_ITEMS * ITEM_HASH_WORDS);
}
