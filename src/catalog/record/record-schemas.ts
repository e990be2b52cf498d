import { z } from "zod";
import type { DevStatus } from "../names/parse-game-name.ts";
import { contentKinds } from "../identity/content-kind.ts";
import { platformKinds } from "../platforms/platform-registry.ts";
import type { ArtworkType } from "../artwork/artwork-types.ts";

/**
 * The game record as the API serves it (docs/api.md "Record shape"): the one declaration of these
 * shapes. The TypeScript types (game-record.ts) are inferred from them, the OpenAPI components
 * (src/discovery/schema-components.ts) and the MCP output schemas (src/agents/mcp/mcp-tools.ts)
 * are generated from them, and the contract test checks real answers against them.
 * Objects allow members not listed here, so that adding a member is never a breaking change.
 * @see docs/service-spec.md §2 (every response object "allows additional properties")
 */

const lowerHex = (digits: number): z.ZodString => z.string().regex(new RegExp(`^[0-9a-f]{${digits}}$`));
const count = (): z.ZodNumber => z.number().int().min(0);

/** The licence notice every piece of catalog data carries. @see attribution.ts */
export const attributionSchema = z
  .looseObject({
    source: z.string().min(1),
    url: z.url(),
    license: z.string().min(1),
    licenseUrl: z.url(),
    also: z
      .array(
        z.looseObject({
          source: z.string().min(1),
          url: z.url(),
          license: z.string().min(1),
          licenseUrl: z.url(),
          notice: z.string().min(1),
        }),
      )
      .max(4)
      .optional()
      .meta({ description: "Further sources of the data and their notices (Retool's clone lists and metadata, BSD 3-Clause)." }),
  })
  .meta({
    description:
      "Where the data comes from and its licence (libretro-database, CC BY-SA 4.0; Retool's clone lists and metadata, BSD 3-Clause, in `also`). Keep it with any copy of the data.",
  });

/** Every release status the name parser gives. */
const devStatuses = ["release", "beta", "proto", "demo", "sample", "preview", "alpha", "bad"] as const satisfies readonly DevStatus[];
// Fails to compile when parse-game-name.ts gains a status this list lacks.
const allStatuses: Exclude<DevStatus, (typeof devStatuses)[number]> extends never ? true : never = true;
void allStatuses;

export const romSchema = z
  .looseObject({
    name: z.string().optional(),
    size: count().optional().meta({ description: "Bytes" }),
    crc: lowerHex(8).optional(),
    md5: lowerHex(32).optional(),
    sha1: lowerHex(40).optional(),
    serial: z.string().optional(),
  })
  .meta({ description: "One file of a release. Hashes are lowercase hexadecimal; members are present only when the DAT gives them." });

/** A record's id and title, as a link to it. */
const gameLinkShape = {
  id: z.number().int().min(1),
  title: z.string().min(1),
};

export const hackLinkSchema = z
  .looseObject({
    ...gameLinkShape,
    release: z.string().min(1).optional().meta({
      description:
        "The DAT name of the base release whose file the hack modifies; absent when the hack DAT names a file no release has now and the game was found by the file's title",
    }),
  })
  .meta({
    description:
      "For a release of the hacks DAT: the game it modifies (its record's id and title, which may be this record) and the base release, found by the file name the hack DAT gives",
  });

export const releaseSchema = z
  .looseObject({
    name: z.string().min(1).meta({ description: 'The DAT game name, e.g. "Legend of Starfall, The (USA)"' }),
    regions: z.array(z.string()),
    languages: z.array(z.string()),
    version: z.string().optional().meta({ description: 'First version tag, e.g. "Rev 1"' }),
    status: z.enum(devStatuses),
    flags: z.array(z.string()).meta({ description: 'Tags such as "Unl", "Aftermarket", "Pirate", "Alt", "Virtual Console"' }),
    disc: z.number().int().min(1).optional(),
    serial: z.string().optional(),
    source: z.string().min(1).meta({
      description:
        'The DAT collection: "no-intro", "redump", "dat", "homebrew", "hacks", "lost-level-archive", "tosec", "mame-split", "fbneo-split", ...',
    }),
    sources: z
      .array(z.string().min(1))
      .min(1)
      .optional()
      .meta({ description: "Every DAT collection that lists this release, `source` first" }),
    publisher: z.string().optional().meta({ description: 'TOSEC publisher, from "(1987)(Publisher)"' }),
    date: z.string().optional().meta({ description: 'TOSEC date as written: "1987", "198x", "1992-05-12"' }),
    systemTag: z.string().optional().meta({ description: 'TOSEC system tag, e.g. "A500", "II+"' }),
    video: z.string().optional().meta({ description: 'TOSEC video tag, e.g. "PAL", "NTSC"' }),
    discCount: z.number().int().min(1).optional().meta({ description: 'M of "(Disk N of M)"' }),
    retroAchievements: z.literal(true).optional().meta({
      description:
        "Present when RetroAchievements supports one of this release's dumps (by SHA-1 or MD5), from the RetroAchievements lists of retool-clonelists-metadata (snapshot of 2025-08-25)",
    }),
    setName: z.string().optional().meta({ description: 'Arcade set name, e.g. "sf2"; matching accepts it as a file name ("sf2.zip")' }),
    cloneOf: z.string().optional().meta({ description: "Set name of the parent of an arcade clone" }),
    collections: z
      .array(z.string().min(1))
      .optional()
      .meta({ description: 'Arcade: the emulator collections whose DATs list this set ("mame-2003", "mame-2010", "fbneo", "hbmame")' }),
    releaseYear: z
      .number()
      .int()
      .optional()
      .meta({ description: "The year of this release, where the metadata DATs date its dump (keyed by rom crc or serial)" }),
    releaseMonth: z.number().int().min(1).max(12).optional().meta({ description: "The month of this release, where known" }),
    hackOf: hackLinkSchema.optional(),
    roms: z.array(romSchema),
  })
  .meta({ description: "One DAT entry of a game (a region, revision, beta, disc or hack)." });

/** The review sources the metadata DATs carry, with the best score of each magazine's scale. */
export const reviewScales = { edge: 10, famitsu: 40 } as const;
export type ReviewSource = keyof typeof reviewScales;

export const reviewSchema = z
  .looseObject({
    source: z.string().min(1).meta({
      description:
        '"edge" (Edge magazine, scored out of 10) or "famitsu" (Weekly Famitsu, four reviewers\' scores out of 10 added up: out of 40)',
    }),
    score: count(),
    scale: z.number().int().min(1).meta({ description: "The best score possible in this source: 10 for Edge, 40 for Famitsu" }),
    issue: z
      .number()
      .int()
      .min(1)
      .optional()
      .meta({ description: "The magazine issue that printed the review, where the DAT gives it (Edge)" }),
  })
  .meta({ description: "A published review score" });

/** Metadata merged from the metadata DATs (joined on rom crc or serial). */
export const gameMetadataSchema = z.object({
  developer: z.string().optional(),
  publisher: z.string().optional(),
  genres: z.array(z.string()).optional(),
  franchise: z.string().optional(),
  releaseYear: z
    .number()
    .int()
    .optional()
    .meta({ description: "The earliest year among the releases' (retail releases' first; each release carries its own)" }),
  releaseMonth: z.number().int().min(1).max(12).optional().meta({ description: "The earliest month known within `releaseYear`" }),
  players: z.number().int().min(1).optional(),
  esrbRating: z.string().optional().meta({ description: 'ESRB rating (North America), e.g. "E", "T", "M"' }),
  bbfcRating: z.string().optional().meta({ description: 'BBFC classification (United Kingdom), e.g. "15", "18"' }),
  elspaRating: z.string().optional().meta({ description: 'ELSPA age rating (United Kingdom, before PEGI), e.g. "3" for 3+, "15" for 15+' }),
  reviews: z
    .array(reviewSchema)
    .max(Object.keys(reviewScales).length)
    .optional()
    .meta({ description: 'Review scores, at most one per source ("edge", then "famitsu")' }),
  origin: z.string().optional(),
  analog: z.boolean().optional(),
  rumble: z.boolean().optional(),
  enhancementHw: z.string().optional(),
});

export const alternateTitleSchema = z
  .looseObject({
    title: z.string().min(1),
    regions: z.array(z.string()).optional().meta({ description: "Regions of the releases that carry this title" }),
    source: z.string().min(1).meta({
      description:
        "The most authoritative DAT collection that uses this title, or `retool-metadata` / `retool-clonelist` for a native-script name from Retool's metadata or clone lists",
    }),
    language: z
      .string()
      .min(2)
      .optional()
      .meta({ description: 'BCP 47 tag of a native-script name ("ja", "ko", "zh-Hant"); absent for DAT titles' }),
  })
  .meta({
    description:
      'Another name of the same game: a regional title ("Rockman X"), another DAT\'s name for the same dump, or a part of an arcade "A / B" title.',
  });

/** Items listed in a base game's `addons` summary; `total` counts them all. */
export const MAX_ADDON_ITEMS = 20;

/** Hacks listed in a base game's `hacks` summary; `total` counts them all. */
export const MAX_HACK_ITEMS = 50;

export const hackSummarySchema = z
  .looseObject({
    total: count(),
    items: z
      .array(
        z.looseObject({
          ...gameLinkShape,
          release: z.string().min(1).meta({ description: "The hack release's DAT name" }),
        }),
      )
      .max(MAX_HACK_ITEMS)
      .meta({
        description: `At most ${MAX_HACK_ITEMS}, by title then release name: the record holding each hack release (it may be this one)`,
      }),
  })
  .meta({ description: "The hack releases (the hacks DAT's romhacks and translations) whose base release is one of this game's" });

export const addonSummarySchema = z
  .looseObject({
    total: count(),
    byKind: z.record(z.string(), count()).meta({ description: "How many of each kind" }),
    items: z
      .array(z.looseObject({ id: z.number().int().min(1), title: z.string().min(1), kind: z.enum(contentKinds) }))
      .max(MAX_ADDON_ITEMS)
      .meta({ description: `At most ${MAX_ADDON_ITEMS}, by title; the rest are found with \`kind=any\` and \`baseGameId\`` }),
  })
  .meta({ description: "The add-ons, updates and cosmetic items whose base game this is" });

/** Related records kept on one record (src/catalog/import/assemble-games.ts, MAX_RELATED). */
export const MAX_RELATED_RECORDS = 50;

export const relatedRecordSchema = z
  .looseObject({
    relation: z.enum(["in-compilation", "compilation-of", "superset", "superset-of", "bonus-disc", "bonus-disc-of"]).meta({
      description:
        "`in-compilation`: that record is a compilation holding this game; `compilation-of`: this compilation holds that game; `superset`: that record is a larger edition of this game; `superset-of`: this is a larger edition of that game; `bonus-disc`: that record is a bonus disc packed with this game; `bonus-disc-of`: this is a bonus disc of that game",
    }),
    id: z.number().int().min(1),
    title: z.string().min(1),
  })
  .meta({ description: "A link to another record of the same platform from Retool's clone lists: a link, never a merge" });

/**
 * Links per artwork type: `url` and at most this many less one `candidates`. Three, as RetroArch
 * tries three names, and so that a match answer asking for every type stays a bounded multiple
 * of its request.
 */
export const MAX_ARTWORK_LINKS = 3;

export const artworkLinkSchema = z
  .looseObject({
    url: z.url().meta({ description: "The image to show" }),
    candidates: z
      .array(z.url())
      .max(MAX_ARTWORK_LINKS - 1)
      .meta({ description: `The URLs to try, in order, when \`url\` fails to load; at most ${MAX_ARTWORK_LINKS - 1}` }),
  })
  .meta({ description: "One artwork type's libretro-thumbnails links, best first" });

// Fails to compile when artwork-types.ts gains a type the schema below lacks.
const allArtworkTypes: Exclude<ArtworkType, "boxart" | "snap" | "title" | "logo"> extends never ? true : never = true;
void allArtworkTypes;

export const artworkSchema = z
  .looseObject({
    verified: z.boolean().meta({
      description:
        "true: checked against the platform's thumbnail listing, so every URL names a file that exists and a type without one is left out. false: no listing was imported, and the URLs are the names libretro-thumbnails would use, best first",
    }),
    boxart: artworkLinkSchema.optional(),
    snap: artworkLinkSchema.optional(),
    title: artworkLinkSchema.optional(),
    logo: artworkLinkSchema.optional(),
  })
  .meta({
    description:
      "libretro-thumbnails artwork by type (boxart, snap, title, logo). Candidate names, best first: the release's own DAT name (the matched release in a match answer, the best release in a record), the game's other releases (same regions and disc first, then the same regions' Disc 1, then the rest), their short names (tags cut off), and an arcade clone's parent set. Absent when the platform has no thumbnails folder (`thumbnailFolder` of its platform entry).",
  });

export const gameRecordSchema = z
  .looseObject({
    id: z.number().int().min(1),
    title: z
      .string()
      .min(1)
      .meta({ description: 'Clean title: tags removed, a trailing article moved to the front ("The Legend of Starfall")' }),
    system: z.string().min(1).meta({ description: "Platform slug" }),
    systemName: z.string().min(1),
    kind: z.enum(contentKinds).meta({
      description:
        "What the record is: game, addon (DLC, add-on, expansion), update, cosmetic (theme, avatar), application, video, music or bios",
    }),
    baseGameId: z
      .number()
      .int()
      .min(1)
      .optional()
      .meta({ description: "For an addon, update or cosmetic item: the id of its base game, when the catalog has it" }),
    addons: addonSummarySchema.optional(),
    hackOf: z
      .looseObject(gameLinkShape)
      .optional()
      .meta({ description: "For a record whose best release is a hack: the game it modifies, when that is another record" }),
    hacks: hackSummarySchema.optional(),
    related: z
      .array(relatedRecordSchema)
      .max(MAX_RELATED_RECORDS)
      .optional()
      .meta({
        description: `Compilations and larger editions that hold this game, or the games this one holds; at most ${MAX_RELATED_RECORDS}`,
      }),
    alternateTitles: z.array(alternateTitleSchema).optional().meta({ description: "Other names of this game, at most 32" }),
    ...gameMetadataSchema.shape,
    artwork: artworkSchema.optional(),
    releases: z.array(releaseSchema).meta({ description: "The game's DAT entries, best first" }),
    attribution: attributionSchema,
    updatedAt: z.iso
      .datetime()
      .meta({ description: "Time of the build at which this record's content last changed (also its Last-Modified)" }),
  })
  .meta({ description: "A full game record. Metadata members are present only when known, never null." });

export const platformEntrySchema = z
  .looseObject({
    id: z.string().min(1).meta({ description: "The slug (use it as `system`)" }),
    name: z.string().min(1),
    manufacturer: z.string().min(1),
    kind: z.enum(platformKinds),
    libretroName: z.string().min(1),
    thumbnailFolder: z.string().min(1).optional().meta({
      description: "The libretro-thumbnails folder of the platform's artwork; absent when there is none, and then no record has `artwork`",
    }),
    aliases: z.array(z.string()).meta({ description: "Other names `system` accepts" }),
    releaseYear: z.number().int().optional(),
    gameCount: count().meta({ description: "Records of kind game" }),
    kindCounts: z
      .record(z.string(), count())
      .optional()
      .meta({ description: 'Records per kind ("game", "addon", "update", ...); kinds with none are left out' }),
    collections: z
      .array(z.looseObject({ id: z.string().min(1), name: z.string().min(1), aliases: z.array(z.string()).optional() }))
      .optional()
      .meta({
        description:
          'The DAT collections this platform joins (arcade: "mame-2003", "mame-2010", "fbneo", "hbmame"). Each id or alias is also accepted as `system`, for the games of that collection',
      }),
  })
  .meta({ description: "One platform of the catalog." });
