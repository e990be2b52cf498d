import { z } from "zod";
import { artworkTypes } from "../../catalog/artwork/artwork-types.ts";
import {
  CRC_FIELD,
  GROUP_FIELD,
  HEX_FIELDS,
  ITEM_FIELDS,
  MAX_GROUP_LENGTH,
  MAX_NAME_LENGTH,
  MAX_SERIAL_LENGTH,
  MD5_FIELD,
  NAME_FIELD,
  SERIAL_FIELD,
  SHA1_FIELD,
  SIZE_FIELD,
  type ItemField,
} from "./item-fields.ts";

/** Most items a request may carry. @see docs/service-spec.md §8 */
export const MAX_MATCH_ITEMS = 100;
/** Largest request body accepted (413 beyond): 100 items of generous size. */
export const MATCH_BODY_LIMIT = 128 * 1024;

/**
 * The rules an item's values must meet, in words: the server checks them item by item (an item
 * that breaks one is answered `invalid`, the batch is not refused), so the OpenAPI document states
 * them in the result's description rather than as request schema constraints.
 */
export const matchItemRules = `An item is \`invalid\` when it is not an object, when it has none of name, crc, md5, sha1, serial or headerless, or when a member breaks its rule: name 1 to ${MAX_NAME_LENGTH} characters; size a whole number of bytes, 0 or more; crc 8, md5 32 and sha1 40 hexadecimal digits (any case), the same inside headerless, which needs at least one of them; serial 1 to ${MAX_SERIAL_LENGTH} characters; group 1 to ${MAX_GROUP_LENGTH} characters. A member of another type is broken too; null counts as absent.`;

/** The zod schema of one member of {@link ITEM_FIELDS} other than `headerless`. */
function fieldSchema(field: ItemField): z.ZodType {
  switch (field.kind) {
    case "text": {
      const text = z.string().min(1, "must not be empty");
      return (field.maxMessage === undefined ? text.max(field.max) : text.max(field.max, field.maxMessage)).nullish();
    }
    case "size":
      return z.number().int("must be a whole number of bytes").min(0).max(Number.MAX_SAFE_INTEGER).nullish();
    case "hex":
      return z
        .string()
        .regex(new RegExp(`^[0-9a-fA-F]{${field.digits}}$`), `must be ${field.digits} hexadecimal digits`)
        .transform((v) => v.toLowerCase())
        .nullish();
    default:
      throw new Error(`${field.name} is an object of hex members, made by matchItemSchema itself`);
  }
}

/** The schema of `field`'s member, typed as the member's values are. */
const member = <T>(field: ItemField): z.ZodType<T | null | undefined> => fieldSchema(field) as unknown as z.ZodType<T | null | undefined>;

/** Names in words: "a, b or c". */
const oneOf = (names: readonly string[]): string => `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

const identifying = ITEM_FIELDS.filter((field) => field.identifies).map((field) => field.name);

/**
 * One file the client has. Any of the fields may be given; unknown extra properties are allowed
 * and ignored; null counts as absent. Hex is case-insensitive. Every rule comes from {@link ITEM_FIELDS}.
 */
export const matchItemSchema = z
  .looseObject({
    name: member<string>(NAME_FIELD),
    size: member<number>(SIZE_FIELD),
    crc: member<string>(CRC_FIELD),
    md5: member<string>(MD5_FIELD),
    sha1: member<string>(SHA1_FIELD),
    serial: member<string>(SERIAL_FIELD),
    group: member<string>(GROUP_FIELD).meta({
      description:
        "Any client-chosen name (the folder, .cue or .m3u the file came from): items with the same group are also decided together in `groups`",
    }),
    headerless: z
      .looseObject({ crc: member<string>(CRC_FIELD), md5: member<string>(MD5_FIELD), sha1: member<string>(SHA1_FIELD) })
      .refine((h) => h.crc != null || h.md5 != null || h.sha1 != null, {
        message: `needs at least one of ${oneOf(HEX_FIELDS.map((field) => field.name))}`,
      })
      .nullish()
      .meta({
        description:
          "Hashes of the file without its header, for NES (skip the first 16 bytes when the file starts with NES\\x1A), Atari 7800 (skip 128 bytes when bytes 1–9 are ATARI7800) and Atari Lynx (skip 64 bytes when the file starts with LYNX). No-Intro lists these systems headerless, so they match whatever header a dump has.",
      }),
  })
  .refine((item) => identifying.some((name) => item[name] != null), {
    message: `needs at least one of ${oneOf(identifying)}`,
  });

export type MatchItem = z.infer<typeof matchItemSchema>;

/**
 * POST /api/v1/games/ request body. Items are validated one by one afterwards, so that one bad
 * item never fails the batch.
 * @see docs/service-spec.md §2 (ROM match request), §4.3
 */
/** Longest `systemId` {@link matchRequestSchema} takes. */
const MAX_SYSTEM_ID_LENGTH = 128;

export const matchRequestSchema = z.object({
  systemId: z.string().min(1, "must not be empty").max(MAX_SYSTEM_ID_LENGTH),
  items: z.array(z.unknown()).min(1, "must hold at least one item").max(MAX_MATCH_ITEMS, `must hold at most ${MAX_MATCH_ITEMS} items`),
  artworkTypes: z
    .array(z.enum(artworkTypes, { error: `must be one of ${artworkTypes.join(", ")}` }))
    .max(artworkTypes.length)
    .optional(),
});

export type MatchRequest = z.infer<typeof matchRequestSchema>;

const ARTWORK_TYPE_SET: ReadonlySet<string> = new Set(artworkTypes);

/**
 * The request {@link matchRequestSchema} would give for an envelope the body scanner read, when
 * the schema takes it as it is (nearly every body); undefined when the schema is to judge it and
 * say what is wrong. Checking a scanned envelope with zod copied its 100-item array on every request.
 */
export function acceptedMatchRequest(envelope: {
  readonly systemId: string;
  readonly items: readonly unknown[];
  readonly artworkTypes?: readonly string[];
}): MatchRequest | undefined {
  const { systemId, items, artworkTypes: types } = envelope;
  if (systemId.length < 1 || systemId.length > MAX_SYSTEM_ID_LENGTH) return undefined;
  if (items.length < 1 || items.length > MAX_MATCH_ITEMS) return undefined;
  if (types === undefined) return { systemId, items: [...items] };
  if (types.length > artworkTypes.length || !types.every((type) => ARTWORK_TYPE_SET.has(type))) return undefined;
  return { systemId, items: [...items], artworkTypes: [...types] as MatchRequest["artworkTypes"] };
}
