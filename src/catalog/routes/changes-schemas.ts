import { z } from "zod";
import { intParam } from "./catalog-schemas.ts";
import { changeKinds, changeTypes } from "../changes/change-types.ts";
import type { Declared } from "../record/game-record.ts";

/** Most changes a page may hold: a page of about 200-byte entries stays under 200 times a minimal request. */
export const MAX_CHANGES_LIMIT = 100;
export const DEFAULT_CHANGES_LIMIT = 100;
export const MAX_CHANGES_OFFSET = 10_000_000;

const versionPattern = /^[A-Za-z0-9_-]{16}$/;
const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * `since`: a catalogVersion (16 characters of base64url, as in `GET /api/health/` and the dump
 * listing) or an RFC 3339 date-time (the changes of builds made after it).
 */
export const sinceParam = z
  .string()
  .max(64, "must be at most 64 characters: a catalogVersion (16 characters) or an RFC 3339 date-time")
  .refine((v) => versionPattern.test(v) || (dateTimePattern.test(v) && !Number.isNaN(Date.parse(v))), {
    message: "must be a catalogVersion (16 characters of A-Z, a-z, 0-9, _ and -) or an RFC 3339 date-time such as 2026-01-31T12:00:00Z",
  });

/**
 * GET /api/v1/changes/ (getCatalogChanges). Without `since`, the current version and the kept
 * history (a prebuilt document).
 */
export const changesQuery = z.object({
  since: sinceParam.optional(),
  review: z
    .string()
    .regex(versionPattern, "must be a catalogVersion (16 characters of A-Z, a-z, 0-9, _ and -)")
    .optional()
    .meta({ description: "A catalogVersion of the kept history: answers the review of the update that version published (UpdateReview)" }),
  limit: intParam(1, MAX_CHANGES_LIMIT).default(DEFAULT_CHANGES_LIMIT),
  offset: intParam(0, MAX_CHANGES_OFFSET).default(0),
});
export const changesParams = ["since", "review", "limit", "offset"] as const;

export const gameChangeSchema = z
  .looseObject({
    id: z.number().int().min(1),
    system: z.string().meta({ description: "Platform slug (for a removed or merged game, the platform it was on)" }),
    title: z.string().meta({ description: "Clean title (for a removed or merged game, its last title)" }),
    change: z.enum(changeTypes).meta({
      description:
        "`merged`: the id is no longer a record of its own; it joined the game `into` (the same work under another name or in another collection) and `GET /api/v1/games/?id=` answers it with a 301 to that game",
    }),
    kinds: z.array(z.enum(changeKinds)).optional().meta({
      description:
        "For `changed`: which parts of the record changed (title, system (the game moved to another platform, keeping its id), releases, roms, artwork, metadata)",
    }),
    into: z.number().int().min(1).optional().meta({ description: "For `merged`: the id of the game it joined" }),
    splitFrom: z.number().int().min(1).optional().meta({
      description:
        "For `added`: the record this one was split off (a record that held two works taken apart); that record keeps its id and holds the larger part",
    }),
    updatedAt: z.iso.datetime().meta({ description: "Time of the last build that changed (or removed) the game" }),
    url: z
      .url()
      .nullable()
      .meta({ description: "The game's record (for a merged id, the record of the game it joined); null for a removed game" }),
  })
  .meta({ description: "One game added, removed, changed or merged into another since the given version." });

export const changesPageSchema = z
  .looseObject({
    since: z.string(),
    sinceVersion: z.string().meta({ description: "The catalogVersion `since` resolved to" }),
    catalogVersion: z.string().meta({ description: "The current version: the next `since`" }),
    builtAt: z.iso.datetime(),
    total: z.number().int().min(0),
    offset: z.number().int().min(0),
    limit: z.number().int().min(1),
    counts: z.looseObject({ added: z.number().int(), removed: z.number().int(), changed: z.number().int(), merged: z.number().int() }),
    changes: z.array(gameChangeSchema).meta({ description: "In game id order" }),
    next: z.url().nullable(),
    attribution: z.looseObject({}),
  })
  .meta({ description: "What changed between `since` and the current build." });

export const changesIndexSchema = z
  .looseObject({
    catalogVersion: z.string(),
    builtAt: z.iso.datetime(),
    oldestVersion: z.string().meta({ description: "The oldest version `since` may name" }),
    retention: z.looseObject({ builds: z.number().int(), days: z.number().int() }),
    history: z
      .array(
        z.looseObject({
          catalogVersion: z.string(),
          builtAt: z.iso.datetime(),
          added: z.number().int(),
          removed: z.number().int(),
          changed: z.number().int(),
          merged: z.number().int(),
          changes: z.url(),
          review: z.url().optional().meta({
            description: "The review of the update this version published (`?review=`): absent for a build that published no new import",
          }),
        }),
      )
      .meta({ description: "Kept builds, newest first, with what each changed against its predecessor" }),
    dumps: z.url(),
    attribution: z.looseObject({}),
  })
  .meta({ description: "The current catalog version and the kept history." });

/** The body of GET /api/v1/changes/ without `since` (src/catalog/changes/write-change-log.ts writes it), inferred from its schema. */
export type ChangesIndexBody = Declared<typeof changesIndexSchema>;

const sample = <T extends z.ZodType>(item: T) => z.looseObject({ total: z.number().int().min(0), examples: z.array(item) });

/** The review a published version's import got (src/catalog/changes/public-review.ts), as `?review=` answers it. */
export const updateReviewSchema = z
  .looseObject({
    format: z.literal("ludex-review"),
    version: z.number().int(),
    status: z.enum(["held", "published"]),
    catalogVersion: z.string(),
    dataVersion: z.string(),
    builtAt: z.iso.datetime(),
    acceptedAt: z.iso.datetime().optional().meta({ description: "When a maintainer accepted an update that had anomalies" }),
    anomalies: z
      .array(z.looseObject({ type: z.enum(["platform-gone", "platform-shrank", "mass-rename", "empty-source"]), system: z.string() }))
      .meta({ description: "What held the update back until it was accepted; empty for an update that published by itself" }),
    imports: z
      .array(
        z.looseObject({
          importedAt: z.iso.datetime(),
          fromDataVersion: z.string().nullable(),
          toDataVersion: z.string(),
          threshold: z.number(),
          totals: z.looseObject({}),
          platforms: z.record(z.string(), z.looseObject({ status: z.enum(["added", "changed", "gone"]) })),
          newWarnings: sample(z.string()).meta({
            description: "New import warnings: their count (the texts quote the maintainer's paths and stay private)",
          }),
        }),
      )
      .meta({ description: "The imports this version carries, oldest first; each list holds at most 50 examples beside its total" }),
  })
  .meta({
    description:
      "The review of the update a published version carries: per platform games added, removed, renamed and merged, releases and roms, metadata changes, and anomalies.",
  });
