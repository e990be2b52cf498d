import type { DatFile, DatRom } from "../dat/dat-types.ts";
import { parseGameName, type ParsedGameName } from "../names/parse-game-name.ts";
import { titleKey } from "../names/title-key.ts";
import type { GameMetadata } from "../record/game-record.ts";
import { serialKey } from "../../core/keys.ts";
import { inlineMetadata, type MetadataFields, type MetadataIndex } from "./metadata-index.ts";

export interface ReleaseDraft {
  readonly name: string;
  readonly source: string;
  readonly parsed: ParsedGameName;
  serial: string | undefined;
  readonly roms: DatRom[];
  readonly metadata: MetadataFields;
}

export interface GameDraft {
  readonly titleKey: string;
  readonly title: string;
  readonly releases: readonly ReleaseDraft[];
  readonly metadata: GameMetadata;
}

export interface AssembleResult {
  readonly games: GameDraft[];
  readonly warnings: string[];
}

function romKey(rom: DatRom): string {
  return `${rom.sha1 ?? ""}|${rom.md5 ?? ""}|${rom.crc ?? ""}|${rom.size ?? ""}|${rom.name ?? ""}`;
}

/** Regions in the order their release best names a game: the most widely sold first. */
const regionPreference = ["World", "USA", "Europe"];

function regionRank(release: ReleaseDraft): number {
  let best = regionPreference.length;
  for (const region of release.parsed.regions) {
    const i = regionPreference.indexOf(region);
    if (i >= 0 && i < best) best = i;
  }
  return best;
}

/** Lower is better: a plain retail release in a widely sold region names the game and wins metadata ties. */
function releaseRank(release: ReleaseDraft): number {
  const p = release.parsed;
  return (p.status !== "release" ? 64 : 0) + (p.flags.length > 0 ? 32 : 0) + regionRank(release) * 2 + (p.version ? 1 : 0);
}

function int(value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  return value === "1" || value.toLowerCase() === "true" || value.toLowerCase() === "yes";
}

/** Game-level metadata: for each field, the first release (best first) that knows it. */
function mergeMetadata(releases: readonly ReleaseDraft[]): GameMetadata {
  const pick = (key: keyof MetadataFields): string | undefined => {
    for (const release of releases) {
      const value = release.metadata[key];
      if (value) return value;
    }
    return undefined;
  };
  const genre = pick("genre");
  const metadata: Record<string, unknown> = {
    developer: pick("developer"),
    publisher: pick("publisher"),
    genres: genre ? genre.split(/\s*,\s*/).filter(Boolean) : undefined,
    franchise: pick("franchise"),
    releaseYear: int(pick("releaseyear"), 1950, 2100),
    releaseMonth: int(pick("releasemonth"), 1, 12),
    players: int(pick("users"), 1, 1000),
    esrbRating: pick("esrb_rating"),
    origin: pick("origin"),
    analog: flag(pick("analog")),
    rumble: flag(pick("rumble")),
    enhancementHw: pick("enhancement_hw"),
  };
  for (const key of Object.keys(metadata)) if (metadata[key] === undefined) delete metadata[key];
  return metadata as GameMetadata;
}

/**
 * Groups one platform's DAT entries into games: one game per clean title, its DAT entries
 * (regions, revisions, discs, betas, hacks, ...) its releases. Entries with the same DAT name from
 * different collections (e.g. No-Intro's headerless and libretro's headered NES dumps) become one
 * release holding both roms. Metadata is joined on rom crc, then serial.
 */
export function assembleGames(gameDats: readonly { dat: DatFile; source: string; label: string }[], metadata: MetadataIndex): AssembleResult {
  const warnings: string[] = [];
  const releasesByName = new Map<string, ReleaseDraft>();
  for (const { dat, source, label } of gameDats) {
    for (const game of dat.games) {
      const name = (game.name ?? game.description ?? game.comment)?.trim();
      if (!name) {
        warnings.push(`${label}:${game.line}: game entry without a name skipped`);
        continue;
      }
      const existing = releasesByName.get(name);
      if (existing) {
        const known = new Set(existing.roms.map(romKey));
        for (const rom of game.roms) if (!known.has(romKey(rom))) existing.roms.push(rom);
        for (const [k, v] of Object.entries(inlineMetadata(game)) as [keyof MetadataFields, string][]) existing.metadata[k] ??= v;
        existing.serial ??= game.fields.serial?.trim() || undefined;
        continue;
      }
      releasesByName.set(name, {
        name,
        source,
        parsed: parseGameName(name),
        serial: game.fields.serial?.trim() || game.roms.find((r) => r.serial)?.serial || undefined,
        roms: [...game.roms],
        metadata: inlineMetadata(game),
      });
    }
  }

  const byKey = new Map<string, ReleaseDraft[]>();
  for (const release of releasesByName.values()) {
    for (const rom of release.roms) {
      const fields = rom.crc ? metadata.byCrc.get(rom.crc) : undefined;
      if (fields) for (const [k, v] of Object.entries(fields) as [keyof MetadataFields, string][]) release.metadata[k] ??= v;
    }
    const serials = [release.serial, ...release.roms.map((r) => r.serial)].filter((s): s is string => Boolean(s));
    for (const serial of serials) {
      const fields = metadata.bySerial.get(serialKey(serial));
      if (fields) for (const [k, v] of Object.entries(fields) as [keyof MetadataFields, string][]) release.metadata[k] ??= v;
    }
    release.serial ??= release.metadata.serial;
    const key = titleKey(release.parsed.title) || release.name.toLowerCase();
    const group = byKey.get(key);
    if (group) group.push(release);
    else byKey.set(key, [release]);
  }

  const games: GameDraft[] = [];
  for (const [key, releases] of byKey) {
    releases.sort((a, b) => releaseRank(a) - releaseRank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const best = releases[0];
    if (!best) continue;
    games.push({ titleKey: key, title: best.parsed.title, releases, metadata: mergeMetadata(releases) });
  }
  games.sort((a, b) => (a.titleKey < b.titleKey ? -1 : a.titleKey > b.titleKey ? 1 : 0));
  return { games, warnings };
}
