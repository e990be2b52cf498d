/**
 * The members of a match item and the rule each value must meet: the one table that the zod
 * schema (`match-schemas.ts`), the fast item check (`fast-match-item.ts`) and the body scanner
 * (`../engine/match-body-scan.ts`) are all made from, so that the three accept exactly the same
 * items (property-tested in tests/match/schema/ and tests/match/engine/).
 *
 * Changing a bound or a message here changes all three at once. A new member of an existing kind
 * needs a row here and its name in {@link itemOf}; a new kind needs a case in each of the three.
 */

/** Longest file `name`. */
export const MAX_NAME_LENGTH = 1024;
/** Longest `serial`. */
export const MAX_SERIAL_LENGTH = 64;
/** Longest `group` name: a folder or playlist path. */
export const MAX_GROUP_LENGTH = 200;

/** The names of an item's members. */
export type ItemFieldName = "name" | "size" | "crc" | "md5" | "sha1" | "serial" | "group" | "headerless";

/**
 * One member of a match item and its rule. Every row has every property, so that the readers that
 * walk the table meet one shape of row.
 */
export interface ItemField {
  readonly name: ItemFieldName;
  /**
   * `text`: a string of 1 to `max` chars. `size`: a whole number of bytes, 0 or more, at most
   * `Number.MAX_SAFE_INTEGER`. `hex`: `digits` hex digits in any case, read in lower case.
   * `headerless`: an object of {@link HEX_FIELDS}, at least one of them given.
   */
  readonly kind: "text" | "size" | "hex" | "headerless";
  /** Most chars of a `text` member; 0 for other kinds. */
  readonly max: number;
  /** The message for a `text` member past `max`, when zod's own would not do. */
  readonly maxMessage: string | undefined;
  /** The digits of a `hex` member; 0 for other kinds. */
  readonly digits: number;
  /** Where a `hex` member's 32-bit words start among an item's parsed hash words (`../engine/item-hash-words.ts`); −1 for other kinds. */
  readonly word: number;
  /** Whether the member alone lets the item be matched (an item needs one such). */
  readonly identifies: boolean;
}

const text = (name: ItemFieldName, max: number, identifies: boolean, maxMessage?: string): ItemField => ({
  name,
  kind: "text",
  max,
  maxMessage,
  digits: 0,
  word: -1,
  identifies,
});
const hex = (name: ItemFieldName, digits: number, word: number): ItemField => ({
  name,
  kind: "hex",
  max: 0,
  maxMessage: undefined,
  digits,
  word,
  identifies: true,
});

export const NAME_FIELD: ItemField = text("name", MAX_NAME_LENGTH, true);
export const SIZE_FIELD: ItemField = { name: "size", kind: "size", max: 0, maxMessage: undefined, digits: 0, word: -1, identifies: false };
export const CRC_FIELD: ItemField = hex("crc", 8, 9);
export const MD5_FIELD: ItemField = hex("md5", 32, 5);
export const SHA1_FIELD: ItemField = hex("sha1", 40, 0);
export const SERIAL_FIELD: ItemField = text("serial", MAX_SERIAL_LENGTH, true);
export const GROUP_FIELD: ItemField = text("group", MAX_GROUP_LENGTH, false, `must be at most ${MAX_GROUP_LENGTH} characters`);
export const HEADERLESS_FIELD: ItemField = {
  name: "headerless",
  kind: "headerless",
  max: 0,
  maxMessage: undefined,
  digits: 0,
  word: -1,
  identifies: true,
};

/** Every member of an item, in the order the zod schema lists them. */
export const ITEM_FIELDS: readonly ItemField[] = [
  NAME_FIELD,
  SIZE_FIELD,
  CRC_FIELD,
  MD5_FIELD,
  SHA1_FIELD,
  SERIAL_FIELD,
  GROUP_FIELD,
  HEADERLESS_FIELD,
];

/** The members of a `headerless` object, each as the item's own member of that name. */
export const HEX_FIELDS: readonly ItemField[] = [CRC_FIELD, MD5_FIELD, SHA1_FIELD];

/** The hashes of a `headerless` member as checked: lower-case hex, absent ones left out. */
export interface CheckedHashes {
  crc?: string;
  md5?: string;
  sha1?: string;
}

/** A checked item: every member of {@link ITEM_FIELDS}, absent ones undefined. */
export interface CheckedItemValues {
  readonly name: string | undefined;
  readonly size: number | undefined;
  readonly crc: string | undefined;
  readonly md5: string | undefined;
  readonly sha1: string | undefined;
  readonly serial: string | undefined;
  readonly group: string | undefined;
  readonly headerless: CheckedHashes | undefined;
}

/**
 * A checked item's values, by the index of their member in {@link ITEM_FIELDS}, as one object of
 * one shape: the matcher then reads every item's members monomorphically, and unknown members
 * the client sent are never copied.
 */
export function itemOf(values: readonly unknown[]): CheckedItemValues {
  return {
    name: values[0] as string | undefined,
    size: values[1] as number | undefined,
    crc: values[2] as string | undefined,
    md5: values[3] as string | undefined,
    sha1: values[4] as string | undefined,
    serial: values[5] as string | undefined,
    group: values[6] as string | undefined,
    headerless: values[7] as CheckedHashes | undefined,
  };
}
