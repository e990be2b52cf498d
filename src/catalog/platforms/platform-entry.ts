import type { PlatformEntry } from "../record/game-record.ts";
import { contentKinds } from "../identity/content-kind.ts";
import type { PlatformInfo } from "./platform-registry.ts";

/**
 * A platform as the platform list and the records name it: its authored facts, its game count
 * (records of kind `game`) and its records per kind. A platform made of collections (arcade) lists
 * them, and their slugs and names are aliases of it, so that every client that sent one still works.
 */
export function platformEntry(info: PlatformInfo, kinds: Readonly<Record<string, number>>): PlatformEntry {
  const collections = info.collections ?? [];
  return {
    id: info.slug,
    name: info.name,
    manufacturer: info.manufacturer,
    kind: info.kind,
    libretroName: info.libretroName,
    ...(info.thumbnailFolder !== undefined ? { thumbnailFolder: info.thumbnailFolder } : {}),
    aliases: [...new Set([...info.aliases, ...collections.flatMap((c) => [c.slug, c.libretroName, ...c.aliases])])],
    ...(info.releaseYear !== undefined ? { releaseYear: info.releaseYear } : {}),
    gameCount: kinds.game ?? 0,
    kindCounts: Object.fromEntries(contentKinds.filter((k) => (kinds[k] ?? 0) > 0).map((k) => [k, kinds[k] ?? 0])),
    ...(collections.length > 0
      ? { collections: collections.map((c) => ({ id: c.slug, name: c.name, aliases: [...new Set([c.libretroName, ...c.aliases])] })) }
      : {}),
  };
}
