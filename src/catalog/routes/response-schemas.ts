import { contentKinds } from "../identity/content-kind.ts";
import { z } from "zod";
import { attributionSchema, platformEntrySchema } from "../record/record-schemas.ts";

export { attributionSchema, gameRecordSchema, platformEntrySchema, releaseSchema, romSchema } from "../record/record-schemas.ts";

/**
 * The JSON bodies the public read API sends, as zod schemas, around the record shapes declared in
 * src/catalog/record/record-schemas.ts (re-exported here). They describe what the routes in this
 * folder and the build (src/catalog/build/) already write — docs/api.md "Record shape" — and feed the
 * OpenAPI document (src/discovery/) and the MCP output schemas; the contract test checks real
 * answers against them.
 * Objects allow members not listed here, so that adding a member is never a breaking change.
 * @see docs/service-spec.md §2 (every response object "allows additional properties")
 */

const count = (): z.ZodNumber => z.number().int().min(0);

export const platformListSchema = z
  .looseObject({ platforms: z.array(platformEntrySchema), attribution: attributionSchema })
  .meta({ description: "Every platform of the catalog." });

export const searchResultItemSchema = z
  .looseObject({
    id: z.number().int().min(1),
    title: z.string().min(1),
    system: z.string().min(1),
    kind: z.enum(contentKinds).meta({ description: "game, addon, update, cosmetic, application, video, music or bios" }),
    baseGameId: z.number().int().min(1).optional().meta({ description: "For an add-on, update or cosmetic item: its base game" }),
    matchedTitle: z
      .string()
      .optional()
      .meta({ description: 'The alternate title the query matched, when it matched one rather than `title` ("Rockman X" for Mega Man X)' }),
    releaseYear: z.number().int().optional(),
    developer: z.string().optional(),
    publisher: z.string().optional(),
    genres: z.array(z.string()).optional(),
    regions: z.array(z.string()),
    releaseCount: count(),
    url: z.url().meta({ description: "The full record: GET /api/v1/games/?id=…" }),
  })
  .meta({ description: "A search hit: enough to show a result list without fetching each record." });

export const catalogItemSchema = searchResultItemSchema.omit({ url: true }).meta({
  description:
    "A listing or search result of GET /api/v1/games/: a search hit without `url` (the page's `recordUrl` gives every record's URL), so that a page of 100 stays small.",
});

export const agentSearchResponseSchema = z
  .looseObject({
    query: z.string(),
    system: z.string().nullable().meta({ description: "The platform slug searched, or null for all platforms" }),
    collection: z
      .string()
      .optional()
      .meta({ description: 'The arcade collection `system` named ("mame-2003"): only that collection\'s games' }),
    kind: z
      .enum([...contentKinds, "any", "games-first"])
      .meta({ description: "The kind searched; games-first without `kind`: games, and others the query names by title" }),
    limit: z.number().int().min(1),
    total: count().meta({ description: "Hits in all, of which the first `limit` are in `results`" }),
    results: z.array(searchResultItemSchema),
    attribution: attributionSchema,
  })
  .meta({ description: "Title search results, best first." });

export const gameMergedSchema = z
  .looseObject({
    id: z.number().int().min(1).meta({ description: "The id asked for" }),
    mergedInto: z.number().int().min(1).meta({ description: "The id of the game it joined, whose record answers for it now" }),
    url: z.url().meta({ description: "That game's record (also the `Location` header)" }),
  })
  .meta({
    description:
      "The body of a 301 for a game id that is no longer a record of its own: the game joined another one (the same work under another name, or the same arcade set in another collection).",
  });

export const catalogPageSchema = z
  .looseObject({
    system: z.string().nullable(),
    collection: z
      .string()
      .optional()
      .meta({ description: 'The arcade collection `system` named ("mame-2003"): only that collection\'s games' }),
    query: z.string().nullable(),
    kind: z.enum([...contentKinds, "any", "games-first"]).meta({
      description:
        "The kind listed or searched; games-first without `kind`: games, and others the query names by title or of a platform without games",
    }),
    ra: z.literal(1).optional().meta({ description: "Present with `ra=1`: only records with a RetroAchievements-supported dump" }),
    offset: count(),
    limit: z.number().int().min(1),
    total: count(),
    results: z.array(catalogItemSchema),
    recordUrl: z.string().meta({
      description: "The URL of each result's full record: replace `{id}` with the result's `id` (an RFC 6570 level 1 template)",
      examples: ["https://ludex.example/api/v1/games/?id={id}"],
    }),
    next: z.url().nullable().meta({ description: 'The following page, or null on the last one (also sent as `Link: <…>; rel="next"`)' }),
    attribution: attributionSchema,
  })
  .meta({ description: "One page of a platform listing or a search." });

export const healthResponseSchema = z
  .looseObject({
    status: z.literal("ok"),
    catalogVersion: z.string().min(1).meta({ description: "Changes whenever any served byte of the catalog changes" }),
    dataVersion: z.string().min(1),
    builtAt: z.iso.datetime(),
    counts: z.looseObject({ platforms: count(), records: count(), games: count(), releases: count(), roms: count() }).meta({
      description:
        "`records`: every record, of every kind; `games`: records of kind `game` only, as each platform's `gameCount` counts them; `releases` and `roms`: DAT entries and their files",
    }),
    uptimeSeconds: count(),
    dependencies: z.record(z.string(), z.looseObject({ status: z.literal("ok"), latencyMs: count() })).meta({
      description:
        "Each dependency this instance checks and how fast it answered: always `database` (the member identity database, SQLite in the single-process default), and `redis` when shared state is configured",
    }),
  })
  .meta({ description: "The service is up and answers from the catalog build named here." });
