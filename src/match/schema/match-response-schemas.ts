import { z } from "zod";
import type { Declared } from "../../catalog/record/game-record.ts";
import { artworkSchema } from "../../catalog/record/record-schemas.ts";
import { matchItemRules } from "./match-schemas.ts";

/**
 * The POST /api/v1/games/ answer as zod schemas, the one declaration of its shape: match-roms.ts,
 * match-groups.ts and match-request.ts use the types inferred below, the OpenAPI document
 * (src/discovery/), the MCP output schema and the contract test use the schemas. Objects allow
 * members not listed here; the types list the declared members only.
 * @see docs/service-spec.md §2 (ROM match result), §4.3
 */

/** The matching steps, in the order match-roms.ts tries them (its confidence table must name each). */
const matchedBy = ["sha1", "md5", "crc", "serial", "name", "title", "fuzzy"] as const;

const index = z.number().int().min(0).meta({ description: "Position of the item in the request's `items`" });

/** Games an `ambiguous` result lists; `candidateCount` counts them all. */
export const MAX_MATCH_CANDIDATES = 10;
/**
 * Artwork links one matched result carries in all, `url`s and `candidates` together: the url and
 * two candidates for one type, the url and one candidate each for two, the url alone for more
 * (the game record has the rest), so that asking for every type keeps an answer near its request's size.
 */
export const MAX_MATCH_ARTWORK_LINKS = 4;

/** Similar titles a `notFound` result suggests; `suggestionCount` counts them all. */
export const MAX_MATCH_SUGGESTIONS = 5;
/** Titles the fuzzy step compares (the best of a title search), so `suggestionCount` is at most this. */
export const FUZZY_SEARCH_LIMIT = 10;

export const matchCandidateSchema = z
  .looseObject({
    gameId: z.number().int().min(1),
    title: z.string(),
    release: z.string().meta({ description: "The DAT name of the matched release" }),
    releaseStatus: z.enum(["beta", "proto", "demo", "sample", "preview", "alpha", "bad"]).optional().meta({
      description:
        "Present when the release is not the finished product: `demo` for a demo, trial, kiosk or taikenban release (a record holds its game's demos), `beta`, `proto`, `sample`, `preview`, `alpha`, or `bad` for a bad dump",
    }),
    confidence: z.number().min(0).max(1),
  })
  .meta({ description: "A game the item may be." });

export const matchSchema = z
  .looseObject({
    ...matchCandidateSchema.shape,
    matchedBy: z
      .enum(matchedBy)
      .meta({ description: "The step that matched: hashes first, then serial, file, DAT or arcade set name, clean title, fuzzy title" }),
    headerless: z.literal(true).optional().meta({ description: "The hash that matched is the item's `headerless` hash" }),
    retroAchievements: z
      .literal(true)
      .optional()
      .meta({ description: "RetroAchievements supports the matched release's dump (retool-clonelists-metadata's lists, 2025-08-25)" }),
  })
  .meta({ description: "The game an item was matched to." });

export const matchResultSchema = z
  .discriminatedUnion("status", [
    z.looseObject({
      index,
      status: z.literal("matched"),
      match: matchSchema,
      artwork: artworkSchema.optional().meta({
        description: `The artwork types asked for in \`artworkTypes\`, as a game record gives them but with the matched release's name first, and at most ${MAX_MATCH_ARTWORK_LINKS} links in all: the url and 2 candidates for one type, the url and 1 candidate each for two types, the url alone for three or four (the game record lists the rest). Absent when the platform has no thumbnails folder`,
      }),
      candidates: z.array(matchCandidateSchema).optional().meta({ description: "Close runner-ups of a match, the match first" }),
    }),
    z.looseObject({
      index,
      status: z.literal("ambiguous"),
      matchedBy: z.enum(matchedBy),
      candidateCount: z.number().int().min(2).meta({ description: "How many games share the hash, serial or name" }),
      candidates: z
        .array(matchCandidateSchema)
        .min(2)
        .max(MAX_MATCH_CANDIDATES)
        .optional()
        .meta({
          description: `The games sharing the hash, serial or name, at most ${MAX_MATCH_CANDIDATES}, in catalog order; never a silent pick. Absent for a generic name`,
        }),
      reason: z
        .enum(["generic-name"])
        .optional()
        .meta({
          description: `\`generic-name\`: more than ${MAX_MATCH_CANDIDATES} games have a file of this name (\`tmd.1\`, \`track01.bin\`): it says nothing about which game the file is. Send a hash instead`,
        }),
    }),
    z.looseObject({
      index,
      status: z.literal("notFound"),
      suggestions: z
        .array(matchCandidateSchema)
        .min(1)
        .max(MAX_MATCH_SUGGESTIONS)
        .optional()
        .meta({
          description: `Similar titles, best first, at most ${MAX_MATCH_SUGGESTIONS}, that were not sure enough to be called a match: the client or its user decides`,
        }),
      suggestionCount: z
        .number()
        .int()
        .min(1)
        .max(FUZZY_SEARCH_LIMIT)
        .optional()
        .meta({
          description: `How many similar titles there were, with \`suggestions\`: of the ${FUZZY_SEARCH_LIMIT} best title-search results, those similar enough to suggest`,
        }),
    }),
    z.looseObject({
      index,
      status: z.literal("invalid"),
      errors: z.array(z.looseObject({ pointer: z.string(), detail: z.string() })).min(1),
    }),
  ])
  .meta({
    description: `The outcome for one item. An invalid item never fails the batch: it gets \`invalid\` with its errors. ${matchItemRules}`,
  });

export const groupReleaseSchema = z
  .looseObject({
    gameId: z.number().int().min(1),
    title: z.string(),
    release: z.string().meta({ description: "The release's DAT name without its disc tag: the discs of a set count as one release" }),
    datNames: z.array(z.string()).meta({ description: "The DAT names (one per disc) the agreeing items were found in" }),
    explains: z.number().int().min(1).meta({ description: "How many items of the group it explains" }),
  })
  .meta({ description: "A release that explains items of a group." });

const itemIndexes = (description: string): z.ZodArray<z.ZodNumber> => z.array(z.number().int().min(0)).meta({ description });

export const matchGroupSchema = z
  .looseObject({
    group: z.string().meta({ description: "The `group` the items gave" }),
    items: itemIndexes("Indexes of the group's items"),
    status: z.enum(["matched", "mixed", "conflict", "notFound"]).meta({
      description:
        "`matched`: every known item fits `match`; `mixed`: same game, but some items fit only other releases of it; `conflict`: the items point at different games (see `candidates`; nothing is picked); `notFound`: no item is known",
    }),
    match: groupReleaseSchema
      .optional()
      .meta({ description: "The release that explains the most items (absent for `conflict` and `notFound`)" }),
    candidates: z
      .array(groupReleaseSchema)
      .optional()
      .meta({ description: "For `conflict`: the best release of each game the items point at, most items first" }),
    agree: itemIndexes("Items that fit `match` (for a conflict, the first candidate)"),
    disagree: itemIndexes("Known items that do not fit it"),
    unknown: itemIndexes("Items not found or invalid"),
  })
  .meta({ description: "Items sharing a `group`, decided together. Never changes an item's own result." });

export const matchResponseSchema = z
  .looseObject({
    systemId: z.string().min(1).meta({ description: "The platform slug the items were matched on" }),
    results: z.array(matchResultSchema).meta({ description: "One result per item, in request order" }),
    groups: z
      .array(matchGroupSchema)
      .optional()
      .meta({ description: "Present when any item has a `group`: one entry per group, in order of first appearance" }),
  })
  .meta({ description: "ROM match results." });

/** The step that matched an item. */
export type MatchedBy = (typeof matchedBy)[number];

/** A game an item may be. */
export type MatchCandidate = Declared<typeof matchCandidateSchema>;

/** The game an item was matched to. */
export type Match = Declared<typeof matchSchema>;

/** The outcome for one item: each member of the union by its own schema. */
export type MatchResult = DeclaredEach<(typeof matchResultSchema)["options"][number]>;

/** A release that explains items of a group. */
export type GroupRelease = Declared<typeof groupReleaseSchema>;

/** One group of a match request, decided together (match-groups.ts). */
export type MatchGroup = Declared<typeof matchGroupSchema>;

/** The body of a POST /api/v1/games/ (matchRomFiles) answer. */
export type MatchResponseBody = Declared<typeof matchResponseSchema>;

/** {@link Declared} of each member of a union of object schemas (distributes over the union). */
type DeclaredEach<S> = S extends z.ZodObject ? Declared<S> : never;
