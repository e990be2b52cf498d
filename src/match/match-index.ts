import { titleKey } from "../catalog/names/title-key.ts";
import { parseGameName } from "../catalog/names/parse-game-name.ts";
import { serialKey } from "../core/keys.ts";
import { datNameKey } from "./match-keys.ts";
import type { MatchTable } from "./match-table.ts";
import { type HexLookup, hexIndex, type RowLookup } from "./hex-index.ts";
import { createSharedMatches, type SharedMatches } from "./shared-matches.ts";

/** Rows sharing a string key, as a head map plus a chain through `next`: no array per key. */
function chain(keys: readonly (string | null)[]): RowLookup {
  const head = new Map<string, number>();
  const next = new Int32Array(keys.length).fill(-1);
  for (let row = keys.length - 1; row >= 0; row--) {
    const key = keys[row];
    if (key === null || key === undefined) continue;
    const first = head.get(key);
    if (first !== undefined) next[row] = first;
    head.set(key, row);
  }
  return {
    get(key) {
      const rows: number[] = [];
      for (let row = head.get(key) ?? -1; row >= 0; row = next[row] ?? -1) rows.push(row);
      return rows;
    },
    only(key) {
      const row = head.get(key);
      if (row === undefined) return -1;
      return (next[row] ?? -1) >= 0 ? -2 : row;
    },
  };
}

/** Lookups over one platform's match table. Rom rows for hashes and rom names, release indexes for DAT names, serials and titles. */
export interface MatchIndex {
  readonly table: MatchTable;
  /** `table.release` and each release's game id as typed arrays: the CRC step's reads, one cache line each. */
  readonly romRelease: Int32Array;
  readonly releaseGame: Int32Array;
  /** The exact steps' shared `match` objects, made as requests name them. */
  readonly shared: SharedMatches;
  /**
   * Release indexes by SHA-1 and by MD5, one per rom holding the hash: a hit names its release at
   * once, where a rom row cost one more cache miss (its `romRelease`) on nearly every item.
   */
  readonly sha1: HexLookup;
  readonly md5: HexLookup;
  /** Rom rows by CRC, whose sizes the CRC-and-size step compares. */
  readonly crc: HexLookup;
  readonly romName: RowLookup;
  /** Release indexes by DAT name, by serial (rom or release), and by clean-title key. */
  readonly datName: RowLookup;
  /** Release indexes by arcade set name (lower case), which a client sends as "sf2.zip". */
  readonly setName: RowLookup;
  readonly serial: RowLookup;
  readonly title: RowLookup;
}

/** Builds the lookups; runs once per platform, on the first match request for it. */
export function createMatchIndex(table: MatchTable): MatchIndex {
  const releaseCount = table.releases.length;
  const releaseSerials: (string | null)[] = new Array<string | null>(releaseCount).fill(null);
  const extraSerialRelease: number[] = [];
  const extraSerialKey: string[] = [];
  table.releaseSerial.forEach((serial, i) => {
    if (serial) releaseSerials[i] = serialKey(serial);
  });
  table.serial.forEach((serial, row) => {
    const release = table.release[row] ?? -1;
    if (serial && release >= 0 && serialKey(serial) !== releaseSerials[release]) {
      extraSerialRelease.push(release);
      extraSerialKey.push(serialKey(serial));
    }
  });
  const serialKeys = [...releaseSerials];
  const serialOwner = Array.from({ length: releaseCount }, (_, i) => i);
  extraSerialKey.forEach((key, i) => {
    serialKeys.push(key);
    serialOwner.push(extraSerialRelease[i] ?? -1);
  });
  const serialChain = chain(serialKeys);
  const romRelease = Int32Array.from(table.release);
  return {
    table,
    romRelease,
    releaseGame: Int32Array.from(table.releases, ([gameId]) => gameId),
    shared: createSharedMatches(releaseCount),
    sha1: hexIndex(table.sha1, 40, romRelease),
    md5: hexIndex(table.md5, 32, romRelease),
    crc: hexIndex(table.crc, 8),
    romName: chain(table.name),
    datName: chain(table.releases.map(([, name]) => datNameKey(name))),
    setName: chain(table.releases.map((_, i) => table.releaseSetName?.[i]?.toLowerCase() ?? null)),
    serial: {
      get: (key) => [...new Set(serialChain.get(key).map((i) => serialOwner[i] ?? -1))],
      only: (key) => {
        const owners = [...new Set(serialChain.get(key).map((i) => serialOwner[i] ?? -1))];
        return owners.length === 0 ? -1 : owners.length === 1 ? (owners[0] ?? -1) : -2;
      },
    },
    title: chain(table.releases.map(([, name]) => titleKey(parseGameName(name).title) || null)),
  };
}
