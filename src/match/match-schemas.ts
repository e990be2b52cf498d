import { z } from "zod";
import { artworkTypes } from "../catalog/artwork/artwork-types.ts";
import { HEX_DIGIT, UPPER_HEX } from "./hex-digits.ts";

/** Most items a request may carry. @see docs/service-spec.md §8 */
export const MAX_MATCH_ITEMS = 100;
/** Longest file `name`. */
export const MAX_NAME_LENGTH = 1024;
/** Longest `serial`. */
export const MAX_SERIAL_LENGTH = 64;
/** Longest `group` name: a folder or playlist path. */
export const MAX_GROUP_LENGTH = 200;
/** Largest request body accepted (413 beyond): 100 items of generous size. */
export const MATCH_BODY_LIMIT = 128 * 1024;

/**
 * The rules an item's values must meet, in words: the server checks them item by item (an item
 * that breaks one is answered `invalid`, the batch is not refused), so the OpenAPI document states
 * them in the result's description rather than as request schema constraints.
 */
export const matchItemRules = `An item is \`invalid\` when it is not an object, when it has none of name, crc, md5, sha1, serial or headerless, or when a member breaks its rule: name 1 to ${MAX_NAME_LENGTH} characters; size a whole number of bytes, 0 or more; crc 8, md5 32 and sha1 40 hexadecimal digits (any case), the same inside headerless, which needs at least one of them; serial 1 to ${MAX_SERIAL_LENGTH} characters; group 1 to ${MAX_GROUP_LENGTH} characters. A member of another type is broken too; null counts as absent.`;

const hex = (digits: number): z.ZodType<string> =>
  z
    .string()
    .regex(new RegExp(`^[0-9a-fA-F]{${digits}}$`), `must be ${digits} hexadecimal digits`)
    .transform((v) => v.toLowerCase()) as unknown as z.ZodType<string>;

/**
 * One file the client has. Any of the fields may be given; unknown extra properties are allowed
 * and ignored; null counts as absent. Hex is case-insensitive.
 */
export const matchItemSchema = z
  .looseObject({
    name: z.string().min(1, "must not be empty").max(MAX_NAME_LENGTH).nullish(),
    size: z.number().int("must be a whole number of bytes").min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
    crc: hex(8).nullish(),
    md5: hex(32).nullish(),
    sha1: hex(40).nullish(),
    serial: z.string().min(1, "must not be empty").max(MAX_SERIAL_LENGTH).nullish(),
    group: z.string().min(1, "must not be empty").max(MAX_GROUP_LENGTH, `must be at most ${MAX_GROUP_LENGTH} characters`).nullish().meta({
      description:
        "Any client-chosen name (the folder, .cue or .m3u the file came from): items with the same group are also decided together in `groups`",
    }),
    headerless: z
      .looseObject({ crc: hex(8).nullish(), md5: hex(32).nullish(), sha1: hex(40).nullish() })
      .refine((h) => h.crc != null || h.md5 != null || h.sha1 != null, { message: "needs at least one of crc, md5 or sha1" })
      .nullish()
      .meta({
        description:
          "Hashes of the file without its header, for NES (skip the first 16 bytes when the file starts with NES\\x1A), Atari 7800 (skip 128 bytes when bytes 1–9 are ATARI7800) and Atari Lynx (skip 64 bytes when the file starts with LYNX). No-Intro lists these systems headerless, so they match whatever header a dump has.",
      }),
  })
  .refine(
    (item) =>
      item.name != null || item.crc != null || item.md5 != null || item.sha1 != null || item.serial != null || item.headerless != null,
    { message: "needs at least one of name, crc, md5, sha1, serial or headerless" },
  );

export type MatchItem = z.infer<typeof matchItemSchema>;

/**
 * POST /api/v1/games/ request body. Items are validated one by one afterwards, so that one bad
 * item never fails the batch.
 * @see docs/service-spec.md §2 (ROM match request), §4.3
 */
export const matchRequestSchema = z.object({
  systemId: z.string().min(1, "must not be empty").max(128),
  items: z.array(z.unknown()).min(1, "must hold at least one item").max(MAX_MATCH_ITEMS, `must hold at most ${MAX_MATCH_ITEMS} items`),
  artworkTypes: z
    .array(z.enum(artworkTypes, { error: `must be one of ${artworkTypes.join(", ")}` }))
    .max(artworkTypes.length)
    .optional(),
});

export type MatchRequest = z.infer<typeof matchRequestSchema>;

/**
 * `value` in lower case when it is exactly `length` hex digits, else undefined. A table read per
 * char, cheaper than a regular expression here; an already lower-case value (nearly all) is
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

/**
 * The item as {@link matchItemSchema} would give it, checked without zod — or undefined when it
 * is not certainly valid, and zod must decide (and explain). Validation was an eighth of a match
 * request's cost; this path accepts exactly what the schema accepts (property-tested in
 * tests/match/match-schemas.test.ts), so the schema stays the one definition.
 */
export function fastMatchItem(raw: unknown): MatchItem | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  const { name, size, crc, md5, sha1, serial, group, headerless } = r;
  if (name != null && (typeof name !== "string" || name.length < 1 || name.length > MAX_NAME_LENGTH)) return undefined;
  if (size != null && (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0)) return undefined;
  if (serial != null && (typeof serial !== "string" || serial.length < 1 || serial.length > MAX_SERIAL_LENGTH)) return undefined;
  if (group != null && (typeof group !== "string" || group.length < 1 || group.length > MAX_GROUP_LENGTH)) return undefined;
  const crcKey = crc == null ? undefined : lowerHex(crc, 8);
  const md5Key = md5 == null ? undefined : lowerHex(md5, 32);
  const sha1Key = sha1 == null ? undefined : lowerHex(sha1, 40);
  if ((crc != null && crcKey === undefined) || (md5 != null && md5Key === undefined) || (sha1 != null && sha1Key === undefined))
    return undefined;
  let bare: { crc?: string; md5?: string; sha1?: string } | undefined;
  if (headerless != null) {
    if (typeof headerless !== "object" || Array.isArray(headerless)) return undefined;
    const h = headerless as Record<string, unknown>;
    if (h.crc == null && h.md5 == null && h.sha1 == null) return undefined;
    bare = {};
    for (const [field, length] of [
      ["crc", 8],
      ["md5", 32],
      ["sha1", 40],
    ] as const) {
      if (h[field] == null) continue;
      const key = lowerHex(h[field], length);
      if (key === undefined) return undefined;
      bare[field] = key;
    }
  }
  if (name == null && crc == null && md5 == null && sha1 == null && serial == null && bare === undefined) return undefined;
  // Only the fields matching reads (unknown properties are allowed but never looked at), and all
  // of them, absent ones undefined: one shape for every item keeps the matcher's reads monomorphic.
  return {
    name: name ?? undefined,
    size: size ?? undefined,
    crc: crcKey,
    md5: md5Key,
    sha1: sha1Key,
    serial: serial ?? undefined,
    group: group ?? undefined,
    headerless: bare,
  } as MatchItem;
}
