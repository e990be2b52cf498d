import type { ArtworkType } from "../../catalog/artwork/artwork-types.ts";
import type { GameRecord } from "../../catalog/record/game-record.ts";
import { fileNameKey } from "./match-keys.ts";

/**
 * One platform's ROM facts in columns, as written by the build (`match/<slug>.<hash>.json`) and
 * loaded on the first match request for that platform. Row r is one rom; `release[r]` indexes
 * `releases`, which pairs a game id with the DAT name of the release.
 */
export interface MatchTable {
  readonly releases: [gameId: number, datName: string][];
  readonly release: number[];
  readonly size: (number | null)[];
  readonly crc: (string | null)[];
  readonly md5: (string | null)[];
  readonly sha1: (string | null)[];
  readonly serial: (string | null)[];
  /** {@link fileNameKey} of the rom name. */
  readonly name: (string | null)[];
  /** Release serials (Redump game-level serials), by release index. */
  readonly releaseSerial: (string | null)[];
  /** Arcade set names ("sf2"), by release index; absent in tables built before set names existed. */
  readonly releaseSetName?: (string | null)[];
  /** Arcade parent set names of clones, by release index; absent in tables built before artwork candidates. */
  readonly releaseCloneOf?: (string | null)[];
  /** Per release, 1 when RetroAchievements supports one of its dumps; absent when none of the platform's is. */
  readonly releaseAchievements?: (1 | null)[];
  /**
   * When the platform's thumbnail listing was imported: by artwork type, the listed names its
   * releases can be looked up by (`platformArtwork`). Absent: artwork links are unverified.
   */
  readonly thumbnails?: Readonly<Record<ArtworkType, readonly string[]>>;
}

/** The match table of a platform's records, with the listed thumbnail names when there is a listing. */
export function buildMatchTable(records: readonly GameRecord[], thumbnails?: Readonly<Record<ArtworkType, readonly string[]>>): MatchTable {
  const table: MatchTable = {
    releases: [],
    release: [],
    size: [],
    crc: [],
    md5: [],
    sha1: [],
    serial: [],
    name: [],
    releaseSerial: [],
    releaseSetName: [],
    releaseCloneOf: [],
    releaseAchievements: [],
    ...(thumbnails ? { thumbnails } : {}),
  };
  for (const record of records) {
    for (const release of record.releases) {
      const index = table.releases.length;
      table.releases.push([record.id, release.name]);
      table.releaseSerial.push(release.serial ?? null);
      table.releaseSetName?.push(release.setName ?? null);
      table.releaseCloneOf?.push(release.cloneOf ?? null);
      table.releaseAchievements?.push(release.retroAchievements ? 1 : null);
      for (const rom of release.roms) {
        table.release.push(index);
        table.size.push(rom.size ?? null);
        table.crc.push(rom.crc ?? null);
        table.md5.push(rom.md5 ?? null);
        table.sha1.push(rom.sha1 ?? null);
        table.serial.push(rom.serial ?? null);
        table.name.push(rom.name ? fileNameKey(rom.name) : null);
      }
    }
  }
  let out: MatchTable = table;
  // Only arcade platforms have clones: elsewhere the column would be all nulls.
  if (out.releaseCloneOf?.every((parent) => parent === null)) {
    const { releaseCloneOf: _none, ...rest } = out;
    out = rest;
  }
  if (out.releaseAchievements?.every((flag) => flag === null)) {
    const { releaseAchievements: _none, ...rest } = out;
    out = rest;
  }
  return out;
}
