import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { problems } from "../../core/problem.ts";
import { contentKinds } from "../identity/content-kind.ts";

/** A regular expression over DAT serials, checked to compile. */
const serialPatternSchema = z.string().refine((value) => {
  try {
    new RegExp(value);
    return true;
  } catch {
    return false;
  }
}, "must be a regular expression");

export const platformKinds = ["console", "handheld", "computer", "arcade", "fantasy-console", "engine", "other"] as const;
export type PlatformKind = (typeof platformKinds)[number];

const slugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);

/**
 * A DAT collection that is part of a platform rather than one: the emulator versions of the
 * arcade sets (MAME 2003, MAME 2010, FinalBurn Neo, HBMAME) all list arcade games.
 */
const collectionSchema = z.object({
  slug: slugSchema,
  name: z.string().min(1),
  libretroName: z.string().min(1),
  aliases: z.array(z.string().min(1)),
  /** Its sets are hacks of other sets (HBMAME). */
  hacks: z.boolean().optional(),
});

export type CollectionInfo = z.infer<typeof collectionSchema>;

const platformSchema = z.object({
  slug: slugSchema,
  name: z.string().min(1),
  manufacturer: z.string().min(1),
  kind: z.enum(platformKinds),
  libretroName: z.string().min(1),
  /**
   * The libretro-thumbnails folder of its artwork, one of the project's folder list (checked by
   * tests/catalog/artwork/thumbnail-folders.test.ts); absent when the project has none, and then
   * the platform's games get no artwork links.
   */
  thumbnailFolder: z.string().min(1).optional(),
  aliases: z.array(z.string().min(1)),
  releaseYear: z.number().int().optional(),
  collections: z.array(collectionSchema).optional(),
  /** The kind of what the platform's DATs list when their names do not say (a DAT of title updates, of UMD videos). */
  contentKind: z.enum(contentKinds).optional(),
  /** Its DATs list an online store's downloads, where apps, themes, guides and firmware carry plain titles: their title words set the kind. */
  storeContent: z.boolean().optional(),
  /** A regular expression over DAT serials: the ids the platform holder gives its system channels and apps (Wii "HAxx"). */
  appSerials: serialPatternSchema.optional(),
  /** A regular expression over DAT serials: the ids homebrew collections give their programs (libretro's Wii "Dxxx"), where tool words in a title mean a tool. */
  homebrewSerials: serialPatternSchema.optional(),
  /**
   * The system names Retool's clone lists, metadata and RetroAchievements lists use for this
   * platform where they differ from its libretro name and aliases ("Atari - Atari 2600").
   */
  retoolNames: z.array(z.string().min(1)).optional(),
});

const platformFileSchema = z.object({ platforms: z.array(platformSchema) });

/** A platform as authored in data/platforms.json (or derived for an unknown system). */
export type PlatformInfo = z.infer<typeof platformSchema> & { readonly derived?: boolean };

/** Resolves DAT system names and user-typed aliases to platforms. */
export interface PlatformRegistry {
  readonly platforms: readonly PlatformInfo[];
  /** Exact-but-case-insensitive lookup by slug, libretro name or any alias, a collection's included. */
  lookup(nameOrAlias: string): PlatformInfo | undefined;
  /** The collection a name or alias stands for, if it names one rather than a whole platform. */
  collection(nameOrAlias: string): CollectionInfo | undefined;
  /**
   * The platform for a DAT system name; an unknown system gets a derived slug
   * (`derived: true`) so that it still imports.
   */
  forSystem(systemName: string): PlatformInfo;
  /** The platform a Retool file's system name ("Atari - Atari 2600") stands for: its `retoolNames`, else its names and aliases. */
  forRetool(systemName: string): PlatformInfo | undefined;
}

/** Comparison key for platform names: case, diacritics, spaces and punctuation ignored ("Mega Drive" ≡ "megadrive"). */
export function aliasKey(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

/** Slug for a system with no authored entry: "Acme - Funbox 64" → "acme-funbox-64". */
export function deriveSlug(systemName: string): string {
  const slug = systemName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "unknown";
}

/** Builds a registry over authored platforms, refusing duplicate slugs or aliases. */
export function createPlatformRegistry(authored: readonly PlatformInfo[], source = "platforms"): PlatformRegistry {
  const byKey = new Map<string, PlatformInfo>();
  const byRetool = new Map<string, PlatformInfo>();
  const collections = new Map<string, CollectionInfo>();
  const platforms: PlatformInfo[] = [...authored];
  const claim = (names: readonly string[], platform: PlatformInfo, what: string): void => {
    for (const name of new Set(names.map(aliasKey))) {
      const other = byKey.get(name);
      if (other && (other !== platform || collections.has(name))) {
        throw problems.invalidPlatformData(`${source}: "${name}" names both ${other.slug} and ${what}`);
      }
      byKey.set(name, platform);
    }
  };
  for (const platform of authored) {
    claim([platform.slug, platform.libretroName, ...platform.aliases], platform, platform.slug);
    for (const collection of platform.collections ?? []) {
      const names = [collection.slug, collection.libretroName, ...collection.aliases];
      claim(names, platform, `${platform.slug}'s collection ${collection.slug}`);
      for (const name of names) collections.set(aliasKey(name), collection);
    }
  }
  for (const platform of authored) {
    for (const name of platform.retoolNames ?? []) {
      const key = aliasKey(name);
      const other = byRetool.get(key) ?? byKey.get(key);
      if (other && other !== platform)
        throw problems.invalidPlatformData(`${source}: Retool name "${name}" names both ${other.slug} and ${platform.slug}`);
      byRetool.set(key, platform);
    }
  }
  return {
    platforms,
    lookup: (nameOrAlias) => byKey.get(aliasKey(nameOrAlias)),
    forRetool: (systemName) => byRetool.get(aliasKey(systemName)) ?? byKey.get(aliasKey(systemName)),
    collection: (nameOrAlias) => collections.get(aliasKey(nameOrAlias)),
    forSystem(systemName) {
      const known = byKey.get(aliasKey(systemName));
      if (known) return known;
      let slug = deriveSlug(systemName);
      while (byKey.has(aliasKey(slug)) && byKey.get(aliasKey(slug))?.libretroName !== systemName) slug += "-x";
      const dash = systemName.indexOf(" - ");
      const derived: PlatformInfo = {
        slug,
        name: dash > 0 ? systemName.slice(dash + 3) : systemName,
        manufacturer: dash > 0 ? systemName.slice(0, dash) : "Unknown",
        kind: "other",
        libretroName: systemName,
        aliases: [systemName],
        derived: true,
      };
      byKey.set(aliasKey(slug), derived);
      byKey.set(aliasKey(systemName), derived);
      platforms.push(derived);
      return derived;
    },
  };
}

/** Loads and validates data/platforms.json (or `file`); errors name the bad field. */
export function loadPlatformRegistry(file: string): PlatformRegistry {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (cause) {
    throw problems.invalidPlatformData(`${path.basename(file)}: ${(cause as Error).message}`, { cause });
  }
  const parsed = platformFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw problems.invalidPlatformData(`${path.basename(file)}: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return createPlatformRegistry(parsed.data.platforms, path.basename(file));
}
