import type { Attribution } from "./attribution.ts";
import type { PlatformKind } from "../platforms/platform-registry.ts";

/**
 * Public contract: the JSON shapes the API serves. Documented in README.md ("Record shape").
 * Optional members are omitted, never null, when the data does not know them.
 */
export interface RomRecord {
  readonly name?: string;
  readonly size?: number;
  readonly crc?: string;
  readonly md5?: string;
  readonly sha1?: string;
  readonly serial?: string;
}

export interface ReleaseRecord {
  /** The DAT game name, e.g. "Legend of Zelda, The - A Link to the Past (USA)". */
  readonly name: string;
  readonly regions: readonly string[];
  readonly languages: readonly string[];
  readonly version?: string;
  readonly status: string;
  readonly flags: readonly string[];
  readonly disc?: number;
  readonly serial?: string;
  /** The DAT collection it came from: "no-intro", "redump", "dat", "homebrew", "hacks", "tosec", "mame-split", ... */
  readonly source: string;
  /** Every collection that lists the release, `source` first. */
  readonly sources?: readonly string[];
  readonly publisher?: string;
  readonly date?: string;
  readonly systemTag?: string;
  readonly video?: string;
  readonly discCount?: number;
  readonly setName?: string;
  readonly cloneOf?: string;
  readonly roms: readonly RomRecord[];
}

/** Metadata merged from the metadata DATs (joined on rom crc or serial). */
export interface GameMetadata {
  readonly developer?: string;
  readonly publisher?: string;
  readonly genres?: readonly string[];
  readonly franchise?: string;
  readonly releaseYear?: number;
  readonly releaseMonth?: number;
  readonly players?: number;
  readonly esrbRating?: string;
  readonly origin?: string;
  readonly analog?: boolean;
  readonly rumble?: boolean;
  readonly enhancementHw?: string;
}

export interface GameRecord extends GameMetadata {
  readonly id: number;
  readonly title: string;
  /** Platform slug. */
  readonly system: string;
  readonly systemName: string;
  readonly releases: readonly ReleaseRecord[];
  readonly attribution: Attribution;
  /** ISO time of the build at which this record's content last changed; set by the build on every served record. */
  readonly updatedAt?: string;
}

export interface PlatformEntry {
  /** The slug. */
  readonly id: string;
  readonly name: string;
  readonly manufacturer: string;
  readonly kind: PlatformKind;
  readonly libretroName: string;
  readonly aliases: readonly string[];
  readonly releaseYear?: number;
  readonly gameCount: number;
}
