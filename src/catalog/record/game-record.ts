import type { z } from "zod";
import type {
  addonSummarySchema,
  alternateTitleSchema,
  artworkLinkSchema,
  artworkSchema,
  gameMetadataSchema,
  gameRecordSchema,
  hackLinkSchema,
  hackSummarySchema,
  platformEntrySchema,
  relatedRecordSchema,
  releaseSchema,
  reviewSchema,
  romSchema,
} from "./record-schemas.ts";

/**
 * Public contract: the JSON shapes the API serves, inferred from their zod schemas
 * (record-schemas.ts, the one declaration; docs/api.md "Record shape"). Optional members are
 * omitted, never null, when the data does not know them. The types list the declared members
 * only, read-only all the way down (the schemas also accept members added later).
 */
export type Declared<S extends z.ZodObject> = DeepReadonly<z.output<z.ZodObject<S["shape"]>>>;

type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

export type RomRecord = Declared<typeof romSchema>;

export type ReleaseRecord = Declared<typeof releaseSchema>;

export type GameMetadata = Declared<typeof gameMetadataSchema>;

export type AlternateTitle = Declared<typeof alternateTitleSchema>;

export type ArtworkLink = Declared<typeof artworkLinkSchema>;

/**
 * A game's artwork links. `verified` says whether they were checked against the folder's listing
 * (then every URL names a file that exists, and a type without one is left out) or are the
 * candidate names as they are.
 */
export type GameArtwork = Declared<typeof artworkSchema>;

export type AddonSummary = Declared<typeof addonSummarySchema>;

export type Review = Declared<typeof reviewSchema>;

/** A hack release's link to the game and release it modifies. */
export type HackLink = Declared<typeof hackLinkSchema>;

export type HackSummary = Declared<typeof hackSummarySchema>;

export type RelatedRecord = Declared<typeof relatedRecordSchema>;

/** `updatedAt` is set by the build on every served record (the schema requires it there); records being built lack it. */
export type GameRecord = Omit<Declared<typeof gameRecordSchema>, "updatedAt"> & { readonly updatedAt?: string };

export type PlatformEntry = Declared<typeof platformEntrySchema>;
