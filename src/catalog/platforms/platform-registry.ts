import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { problems } from "../../core/problem.ts";

export const platformKinds = ["console", "handheld", "computer", "arcade", "fantasy-console", "engine", "other"] as const;
export type PlatformKind = (typeof platformKinds)[number];

const platformSchema = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  name: z.string().min(1),
  manufacturer: z.string().min(1),
  kind: z.enum(platformKinds),
  libretroName: z.string().min(1),
  aliases: z.array(z.string().min(1)),
  releaseYear: z.number().int().optional(),
});

const platformFileSchema = z.object({ platforms: z.array(platformSchema) });

/** A platform as authored in data/platforms.json (or derived for an unknown system). */
export type PlatformInfo = z.infer<typeof platformSchema> & { readonly derived?: boolean };

/** Resolves DAT system names and user-typed aliases to platforms. */
export interface PlatformRegistry {
  readonly platforms: readonly PlatformInfo[];
  /** Exact-but-case-insensitive lookup by slug, libretro name or any alias. */
  lookup(nameOrAlias: string): PlatformInfo | undefined;
  /**
   * The platform for a DAT system name; an unknown system gets a derived slug
   * (`derived: true`) so that it still imports.
   */
  forSystem(systemName: string): PlatformInfo;
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
  const platforms: PlatformInfo[] = [...authored];
  for (const platform of authored) {
    for (const name of new Set([platform.slug, platform.libretroName, ...platform.aliases].map(aliasKey))) {
      const other = byKey.get(name);
      if (other && other !== platform) {
        throw problems.invalidPlatformData(`${source}: "${name}" names both ${other.slug} and ${platform.slug}`);
      }
      byKey.set(name, platform);
    }
  }
  return {
    platforms,
    lookup: (nameOrAlias) => byKey.get(aliasKey(nameOrAlias)),
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
