import { HEX_DIGIT, UPPER_HEX } from "./hex-digits.ts";
import { HEX_FIELDS, ITEM_FIELDS, type CheckedHashes, type ItemField, itemOf } from "./item-fields.ts";
import type { MatchItem } from "./match-schemas.ts";

/** What {@link checkedValue} gives for a value that breaks its member's rule. */
const BROKEN = Symbol("broken");

/**
 * `value` in lower case when it is exactly `length` hex digits, else undefined. A table read per
 * char is cheaper than a regular expression here; an already lower-case value (nearly all) is
 * returned as it is, since `toLowerCase` would copy it and the copy's hash would be computed again
 * by the lookups.
 */
function lowerHex(value: unknown, length: number): string | undefined {
  if (typeof value !== "string" || value.length !== length) return undefined;
  let seen = 0;
  for (let i = 0; i < length; i++) seen |= HEX_DIGIT[value.charCodeAt(i)] as number;
  if (seen < 0) return undefined;
  return (seen & UPPER_HEX) === 0 ? value : value.toLowerCase();
}

/** A `headerless` object's hashes as checked, undefined when it breaks its rule. */
function checkedHashes(value: unknown): CheckedHashes | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const h = value as Record<string, unknown>;
  const hashes: CheckedHashes = {};
  let any = false;
  for (const field of HEX_FIELDS) {
    const digits = h[field.name];
    if (digits == null) continue;
    const key = lowerHex(digits, field.digits);
    if (key === undefined) return undefined;
    hashes[field.name as keyof CheckedHashes] = key;
    any = true;
  }
  return any ? hashes : undefined;
}

/** A present (non-null) value of `field` as checked, or {@link BROKEN}. */
function checkedValue(field: ItemField, value: unknown): unknown {
  switch (field.kind) {
    case "text":
      return typeof value === "string" && value.length >= 1 && value.length <= field.max ? value : BROKEN;
    case "size":
      return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : BROKEN;
    case "hex":
      return lowerHex(value, field.digits) ?? BROKEN;
    default:
      return checkedHashes(value) ?? BROKEN;
  }
}

/**
 * The item as `matchItemSchema` would give it, checked without zod by the rules of
 * {@link ITEM_FIELDS} — or undefined when it is not certainly valid, and zod must decide (and
 * explain). Accepts exactly what the schema accepts (property-tested in
 * tests/match/schema/fast-match-item.test.ts), so the table stays the one definition; see
 * docs/performance.md for why validation has a fast path at all.
 */
export function fastMatchItem(raw: unknown): MatchItem | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  const values = new Array<unknown>(ITEM_FIELDS.length);
  let identified = false;
  for (let i = 0; i < ITEM_FIELDS.length; i++) {
    const field = ITEM_FIELDS[i] as ItemField;
    const value = r[field.name];
    // Null counts as absent, as in the schema.
    if (value == null) continue;
    const checked = checkedValue(field, value);
    if (checked === BROKEN) return undefined;
    values[i] = checked;
    if (field.identifies) identified = true;
  }
  return identified ? (itemOf(values) as MatchItem) : undefined;
}
