import type { ContentKind } from "../identity/content-kind.ts";
import type { GameDraft } from "./assemble-games.ts";

/** The `releases` columns after `game_id`, in the order {@link PlatformRows.releaseValues} holds them. */
export const RELEASE_COLUMNS = [
  "name",
  "source",
  "regions_json",
  "languages_json",
  "version",
  "status",
  "flags_json",
  "disc",
  "serial",
  "extra_json",
] as const;

/** The `roms` columns after `release_id`, in the order {@link PlatformRows.romValues} holds them. */
export const ROM_COLUMNS = ["name", "size", "crc", "md5", "sha1", "serial"] as const;

type Value = string | number | null;

/**
 * One platform's works, releases and roms as the database stores them, in columns of plain values:
 * what the import writes, and what an assembling worker thread hands back. Columns, not an object
 * per release and rom, because copying a full catalog's drafts between threads cost about as much
 * as assembling them (docs/performance.md, "Import on two threads").
 */
export interface PlatformRows {
  /** Per work, in order. */
  readonly titleKey: string[];
  readonly title: string[];
  readonly kind: ContentKind[];
  readonly metadataJson: string[];
  readonly alternateTitlesJson: (string | null)[];
  /** Index of the work's base game among these works, or -1. */
  readonly baseGame: number[];
  /** Per work, its links to other works of the platform (compilations and larger editions), by index among these works. */
  readonly related: (readonly { readonly relation: string; readonly work: number }[])[];
  /** One past the work's last release: a work's releases are `releaseEnd[w - 1] ?? 0` up to `releaseEnd[w]`. */
  readonly releaseEnd: number[];
  /** Per release, {@link RELEASE_COLUMNS}.length values. */
  readonly releaseValues: Value[];
  /** Per release: its arcade set name, which keeps a game's id across collections. */
  readonly setName: (string | null)[];
  /** One past the release's last rom, as {@link releaseEnd}. */
  readonly romEnd: number[];
  /** Per rom, {@link ROM_COLUMNS}.length values. */
  readonly romValues: Value[];
}

/** The rows of a platform's assembled works. */
export function platformRows(games: readonly GameDraft[]): PlatformRows {
  const rows: PlatformRows = {
    titleKey: [],
    title: [],
    kind: [],
    metadataJson: [],
    alternateTitlesJson: [],
    baseGame: [],
    related: [],
    releaseEnd: [],
    releaseValues: [],
    setName: [],
    romEnd: [],
    romValues: [],
  };
  for (const game of games) {
    rows.titleKey.push(game.titleKey);
    rows.title.push(game.title);
    rows.kind.push(game.kind);
    rows.metadataJson.push(JSON.stringify(game.metadata));
    rows.alternateTitlesJson.push(game.alternateTitles.length > 0 ? JSON.stringify(game.alternateTitles) : null);
    rows.baseGame.push(game.baseGame ?? -1);
    rows.related.push(game.related ?? []);
    for (const release of game.releases) {
      const p = release.parsed;
      const extra = {
        ...release.extra,
        sources: release.sources,
        ...(release.collections.length > 0 ? { collections: release.collections } : {}),
        ...(release.retroAchievements ? { retroAchievements: true } : {}),
      };
      rows.releaseValues.push(
        release.name,
        release.source,
        JSON.stringify(p.regions),
        JSON.stringify(p.languages),
        p.version ?? null,
        p.status,
        JSON.stringify(p.flags),
        p.disc ?? null,
        release.serial ?? null,
        JSON.stringify(extra),
      );
      rows.setName.push(release.extra.setName ?? null);
      for (const rom of release.roms)
        rows.romValues.push(rom.name ?? null, rom.size ?? null, rom.crc ?? null, rom.md5 ?? null, rom.sha1 ?? null, rom.serial ?? null);
      rows.romEnd.push(rows.romValues.length / ROM_COLUMNS.length);
    }
    rows.releaseEnd.push(rows.setName.length);
  }
  return rows;
}

/** The release name of release `r` (its first column). */
export function releaseName(rows: PlatformRows, r: number): string {
  return rows.releaseValues[r * RELEASE_COLUMNS.length] as string;
}
