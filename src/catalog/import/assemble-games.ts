import type { DatFile, DatRom } from "../dat/dat-types.ts";
import type { ParsedGameName } from "../names/parse-game-name.ts";
import { titleKey } from "../names/title-key.ts";
import type { GameMetadata } from "../record/game-record.ts";
import { serialKey } from "../../core/keys.ts";
import type { MetadataFields, MetadataIndex } from "./metadata-index.ts";
import { namingConvention, releaseEntries, type ReleaseExtra } from "./release-entries.ts";

export interface ReleaseDraft {
  readonly name: string;
  /** The most authoritative collection that lists the release ({@link sourcePrecedence}). */
  source: string;
  /** Every collection the release appears in, `source` first. */
  readonly sources: string[];
  readonly parsed: ParsedGameName;
  readonly extra: ReleaseExtra;
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
  /** Per collection: releases added, and releases that joined a game another collection also has. */
  readonly stats: Record<string, { releases: number; joined: number; gamesOnly: number }>;
}

/** Collections by authority: a release in No-Intro and in the homebrew DAT is a No-Intro release. */
const sourcePrecedence = [
  "no-intro",
  "redump",
  "dat",
  "libretro-dats",
  "headered",
  "tosec",
  "mame-split",
  "fbneo-split",
  "homebrew",
  "hacks",
];

function precedence(source: string): number {
  const i = sourcePrecedence.indexOf(source);
  return i < 0 ? sourcePrecedence.length : i;
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
  // No-Intro and Redump name a game better than TOSEC or arcade sets of the same title.
  const clone = release.extra.cloneOf ? 16 : 0;
  const secondary = clone + (release.source === "tosec" || release.source === "mame-split" || release.source === "fbneo-split" ? 8 : 0);
  return (p.status !== "release" ? 64 : 0) + (p.flags.length > 0 ? 32 : 0) + secondary + regionRank(release) * 2 + (p.version ? 1 : 0);
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
export function assembleGames(
  gameDats: readonly { dat: DatFile; source: string; label: string }[],
  metadata: MetadataIndex,
): AssembleResult {
  const warnings: string[] = [];
  const releasesByName = new Map<string, ReleaseDraft>();
  /** The DAT each arcade clone came from, to name it when its parent set is missing. */
  const cloneLabels = new Map<ReleaseDraft, string>();
  for (const { dat, source, label } of gameDats) {
    const convention = namingConvention(dat, source);
    const tosecSource = convention === "tosec-libretro" || convention === "tosec" ? "tosec" : source;
    const formats = new Map<string, number>();
    const malformed: string[] = [];
    for (const game of dat.games) {
      const entries = releaseEntries(game, convention, (message) => malformed.push(`line ${game.line}: ${message}`));
      if (entries.length === 0) {
        warnings.push(`${label}:${game.line}: game entry without a name skipped`);
        continue;
      }
      for (const entry of entries) {
        const existing = releasesByName.get(entry.key);
        if (existing) {
          const known = new Set(existing.roms.map(romKey));
          for (const rom of entry.roms) if (!known.has(romKey(rom))) existing.roms.push(rom);
          for (const [k, v] of Object.entries(entry.metadata) as [keyof MetadataFields, string][]) existing.metadata[k] ??= v;
          existing.serial ??= entry.serial;
          if (!existing.sources.includes(tosecSource)) {
            existing.sources.push(tosecSource);
            existing.sources.sort((a, b) => precedence(a) - precedence(b));
            existing.source = existing.sources[0] ?? existing.source;
          }
          continue;
        }
        if (tosecSource === "tosec") formats.set(entry.name, (formats.get(entry.name) ?? 0) + 1);
        const release: ReleaseDraft = {
          name: entry.name,
          source: tosecSource,
          sources: [tosecSource],
          parsed: entry.parsed,
          extra: entry.extra,
          serial: entry.serial,
          roms: entry.roms,
          metadata: entry.metadata,
        };
        releasesByName.set(entry.key, release);
        if (entry.extra.cloneOf) cloneLabels.set(release, label);
      }
    }
    const multiFormat = [...formats.values()].filter((n) => n > 1).length;
    if (multiFormat > 0) {
      warnings.push(
        `${label}: ${multiFormat} TOSEC names occur with several rom formats (e.g. .dsk and .woz); each format is kept as its own release`,
      );
    }
    if (malformed.length > 0) {
      const shown = malformed.slice(0, 3).join("; ");
      const what =
        convention === "arcade"
          ? "arcade sets have no description (the human title) and keep their set name as title"
          : "names do not follow the TOSEC convention and are kept whole as titles";
      warnings.push(`${label}: ${malformed.length} ${what}: ${shown}${malformed.length > 3 ? "; …" : ""}`);
    }
  }

  // An arcade clone joins its parent's game: the parent's set name gives the title.
  const titleBySet = new Map<string, string>();
  for (const release of releasesByName.values())
    if (release.extra.setName && !release.extra.cloneOf) titleBySet.set(release.extra.setName, release.parsed.title);
  // A clone whose parent set is in no DAT (a trimmed or hand-made DAT) keeps its own title, and the import says so.
  const orphans = new Map<string, string[]>();
  for (const [release, label] of cloneLabels) {
    const parent = release.extra.cloneOf ?? "";
    if (titleBySet.has(parent)) continue;
    const list = orphans.get(label) ?? [];
    list.push(`${release.extra.setName ?? release.name} (cloneof ${parent})`);
    orphans.set(label, list);
  }
  for (const [label, list] of orphans) {
    const shown = list.slice(0, 3).join("; ");
    warnings.push(
      `${label}: ${list.length} arcade clones name a parent set that no DAT has and are grouped by their own title: ${shown}${list.length > 3 ? "; …" : ""}`,
    );
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
    const parentTitle = release.extra.cloneOf ? titleBySet.get(release.extra.cloneOf) : undefined;
    const key = titleKey(parentTitle ?? release.parsed.title) || release.name.toLowerCase();
    const group = byKey.get(key);
    if (group) group.push(release);
    else byKey.set(key, [release]);
  }

  const stats: AssembleResult["stats"] = {};
  const games: GameDraft[] = [];
  for (const [key, releases] of byKey) {
    const collections = new Set(releases.flatMap((r) => r.sources));
    for (const release of releases) {
      const s = (stats[release.source] ??= { releases: 0, joined: 0, gamesOnly: 0 });
      s.releases++;
      if (release.source !== "no-intro" && collections.has("no-intro")) s.joined++;
    }
    if (collections.size === 1) {
      const only = [...collections][0] ?? "";
      (stats[only] ??= { releases: 0, joined: 0, gamesOnly: 0 }).gamesOnly++;
    }
    releases.sort((a, b) => releaseRank(a) - releaseRank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const best = releases[0];
    if (!best) continue;
    games.push({ titleKey: key, title: best.parsed.title, releases, metadata: mergeMetadata(releases) });
  }
  games.sort((a, b) => (a.titleKey < b.titleKey ? -1 : a.titleKey > b.titleKey ? 1 : 0));
  return { games, warnings, stats };
}
