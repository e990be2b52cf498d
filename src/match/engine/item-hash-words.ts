import { CRC_FIELD, MD5_FIELD, SHA1_FIELD } from "../schema/item-fields.ts";
import { MAX_MATCH_ITEMS } from "../schema/match-schemas.ts";

/**
 * Where a request's item hashes lie once parsed (`scanMatchRequest`): item `i`'s SHA-1 in the
 * five 32-bit words from `i * ITEM_HASH_WORDS`, its MD5 in the four from there plus
 * {@link MD5_WORD}, its CRC in the one at {@link CRC_WORD}, each as the hex digits read; a word of
 * an absent hash is 0 and never read. The hash lookups take them as they are (`HexLookup`), so no
 * digit is read twice. The offsets are the hex fields' own (`item-fields.ts`).
 */
export const ITEM_HASH_WORDS = 10;
export const SHA1_WORD = SHA1_FIELD.word;
export const MD5_WORD = MD5_FIELD.word;
export const CRC_WORD = CRC_FIELD.word;

/** Words of one request's hashes: room for its most items. */
const REQUEST_WORDS = MAX_MATCH_ITEMS * ITEM_HASH_WORDS;
/**
 * Requests whose words one slab holds: each request's typed array is a view of a slab, so the
 * memory outside the heap is allocated (and zeroed, and later freed) once per slab, not per
 * request. A slab is never handed out twice: it lives on while any request's view of it does.
 */
const SLAB_REQUESTS = 32;
let slab = new Int32Array(0);
let used = 0;

/** Room for the hashes of a request's most items, all 0, shared with no other request. */
export function itemHashWords(): Int32Array {
  if (used + REQUEST_WORDS > slab.length) {
    slab = new Int32Array(REQUEST_WORDS * SLAB_REQUESTS);
    used = 0;
  }
  used += REQUEST_WORDS;
  return slab.subarray(used - REQUEST_WORDS, used);
}
