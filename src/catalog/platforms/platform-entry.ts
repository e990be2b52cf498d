import type { PlatformEntry } from "../record/game-record.ts";
import type { PlatformInfo } from "./platform-registry.ts";

/** A platform as the platform list and the records name it: its authored facts and its game count. */
export function platformEntry(info: PlatformInfo, gameCount: number): PlatformEntry {
  return {
    id: info.slug,
    name: info.name,
    manufacturer: info.manufacturer,
    kind: info.kind,
    libretroName: info.libretroName,
    aliases: info.aliases,
    ...(info.releaseYear !== undefined ? { releaseYear: info.releaseYear } : {}),
    gameCount,
  };
}
