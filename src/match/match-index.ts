import { titleKey } from "../catalog/names/title-key.ts";
import { parseGameName } from "../catalog/names/parse-game-name.ts";
import { serialKey } from "../core/keys.ts";
import { datNameKey } from "./match-keys.ts";
import type { MatchTable } from "./match-table.ts";

/** Rows sharing a key, as a head map plus a chain through `next`: no array per key. */
interface Chained {
  get(key: string): number[];
  /** The only row for `key`, -1 for none, -2 for several (the common single hit allocates nothing). */
  only(key: string): number;
}

function chain(keys: readonly (string | null)[]): Chained {
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
  readonly sha1: Chained;
  readonly md5: Chained;
  readonly crc: Chained;
  readonly romName: Chained;
  /** Release indexes by DAT name, by serial (rom or release), and by clean-title key. */
  readonly datName: Chained;
  /** Release indexes by arcade set name (lower case), which a client sends as "sf2.zip". */
  readonly setName: Chained;
  readonly serial: Chained;
  readonly title: Chained;
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
  return {
    table,
    sha1: chain(table.sha1),
    md5: chain(table.md5),
    crc: chain(table.crc),
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
