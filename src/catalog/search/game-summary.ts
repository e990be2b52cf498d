import type { ContentKind } from "../identity/content-kind.ts";
import { titleKey } from "../names/title-key.ts";
import type { GameRecord } from "../record/game-record.ts";
import { pirateOnlyTitles } from "../record/pirate-titles.ts";

/** What a search hit carries: enough to show a result list without fetching each record. */
export interface GameSummary {
  readonly id: number;
  readonly title: string;
  /** The title's normalised key ({@link titleKey}), for exact-title ranking. */
  readonly key: string;
  readonly system: string;
  /** Absent for a game, the common case, to keep the catalog's summaries small. */
  readonly kind?: Exclude<ContentKind, "game">;
  /** The record's alternate titles: searched with the title. */
  readonly alternateTitles?: readonly string[];
  /** Alternate titles only its pirate releases carry: searched, but never ranked as the game's own title. */
  readonly pirateTitles?: readonly string[];
  readonly baseGameId?: number;
  /** Arcade: the emulator collections that list the game's sets, so that `system=mame-2003` finds that collection's games. */
  readonly collections?: readonly string[];
  readonly releaseYear?: number;
  readonly developer?: string;
  readonly publisher?: string;
  readonly genres?: readonly string[];
  readonly regions: readonly string[];
  readonly releaseCount: number;
  /** Present when RetroAchievements supports one of the record's dumps. */
  readonly retroAchievements?: true;
}

/** The summary of a full record. */
export function summarize(record: GameRecord): GameSummary {
  const regions = new Set<string>();
  for (const release of record.releases) for (const region of release.regions) regions.add(region);
  const pirate = pirateOnlyTitles(record);
  const alternates = (record.alternateTitles ?? []).map((a) => a.title);
  const official = alternates.filter((t) => !pirate.has(t));
  return {
    id: record.id,
    title: record.title,
    key: titleKey(record.title),
    system: record.system,
    ...(record.kind !== "game" ? { kind: record.kind } : {}),
    ...(official.length > 0 ? { alternateTitles: official } : {}),
    ...(pirate.size > 0 ? { pirateTitles: alternates.filter((t) => pirate.has(t)) } : {}),
    ...(record.baseGameId !== undefined ? { baseGameId: record.baseGameId } : {}),
    ...collectionsOf(record),
    ...(record.releaseYear !== undefined ? { releaseYear: record.releaseYear } : {}),
    ...(record.developer !== undefined ? { developer: record.developer } : {}),
    ...(record.publisher !== undefined ? { publisher: record.publisher } : {}),
    ...(record.genres !== undefined ? { genres: record.genres } : {}),
    regions: [...regions],
    releaseCount: record.releases.length,
    ...(record.releases.some((r) => r.retroAchievements) ? { retroAchievements: true as const } : {}),
  };
}

/** The kind of a summary's game. */
export function summaryKind(summary: GameSummary): ContentKind {
  return summary.kind ?? "game";
}

function collectionsOf(record: GameRecord): { collections?: string[] } {
  const collections = new Set<string>();
  for (const release of record.releases) for (const c of release.collections ?? []) collections.add(c);
  return collections.size > 0 ? { collections: [...collections].sort() } : {};
}
