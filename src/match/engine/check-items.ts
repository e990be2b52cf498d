import { fastMatchItem } from "../schema/fast-match-item.ts";
import { matchItemSchema, type MatchItem } from "../schema/match-schemas.ts";
import type { MatchResult } from "../schema/match-response-schemas.ts";

/** A request's items as checked against `item-fields.ts`, ready for the matcher (`matchItems`). */
export interface CheckedItems {
  /** Each item as validated, undefined for an invalid one. */
  readonly items: readonly (MatchItem | undefined)[];
  /** The `invalid` result of each invalid item, at its index. */
  readonly invalid: readonly (MatchResult | undefined)[];
  /** The items' hashes already parsed, laid out as `item-hash-words.ts` says, when the body scanner read them. */
  readonly hashWords: Int32Array | undefined;
}

/** No item is invalid. */
const NONE_INVALID: readonly (MatchResult | undefined)[] = Object.freeze([]);

/**
 * Each item as the client sent it, checked on its own: by `fastMatchItem` when it is certainly
 * valid, else by the zod schema, which also says what is wrong (JSON Pointers from the request's
 * root, as `/items/3/crc`).
 */
export function checkItems(raw: readonly unknown[]): CheckedItems {
  const items = new Array<MatchItem | undefined>(raw.length);
  let invalid: (MatchResult | undefined)[] | undefined;
  for (let i = 0; i < raw.length; i++) {
    const fast = fastMatchItem(raw[i]);
    if (fast) {
      items[i] = fast;
      continue;
    }
    const parsed = matchItemSchema.safeParse(raw[i]);
    if (parsed.success) {
      items[i] = parsed.data;
      continue;
    }
    invalid ??= new Array<MatchResult | undefined>(raw.length);
    invalid[i] = {
      index: i,
      status: "invalid",
      errors: parsed.error.issues.map((issue) => ({
        pointer: `/items/${i}${issue.path.map((p) => `/${String(p)}`).join("")}`,
        detail: issue.message,
      })),
    };
  }
  return { items, invalid: invalid ?? NONE_INVALID, hashWords: undefined };
}

/** Items the body scanner read, each already valid, with their hashes parsed. */
export function scannedItems(items: readonly MatchItem[], hashWords: Int32Array): CheckedItems {
  return { items, invalid: NONE_INVALID, hashWords };
}
