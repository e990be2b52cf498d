import { titleKey } from "../../catalog/names/title-key.ts";
import { parseGameName } from "../../catalog/names/parse-game-name.ts";
import { serialKey } from "../../core/keys.ts";
import { datNameKey } from "./match-keys.ts";
import type { MatchTable } from "./match-table.ts";
import { KnownNames } from "./known-names.ts";
import { type HexLookup, hexIndex, type RowLookup } from "./hex-index.ts";
import { createSharedMatches, type SharedMatches } from "./shared-matches.ts";

/** Keys one piece of a chain's build links: the name lookups of the largest platforms hold hundreds of thousands. */
const CHAIN_STEP = 65_536;

/** A {@link chain} built a piece at a time: `step` links up to {@link CHAIN_STEP} keys and says whether any are left. */
interface ChainBuild {
  step(): boolean;
  readonly lookup: ChainLookup;
}

/** A {@link RowLookup} that also tells when all of a key's rows give one value. */
export interface ChainLookup extends RowLookup {
  /** The one value every row of `key` gives (-1 for no row, -2 for several values): no array for the common case. */
  single(key: string): number;
}

/**
 * Rows sharing a string key, as a head map plus a chain through `next`: no array per key. With
 * `values`, a look-up gives `values[row]` for each row instead, in the same order. Built from the
 * last key back, so that each key's chain runs in row order.
 */
function chainBuild(keys: readonly (string | null)[], values?: Int32Array): ChainBuild {
  const head = new Map<string, number>();
  const next = new Int32Array(keys.length).fill(-1);
  let row = keys.length - 1;
  return {
    step() {
      const end = Math.max(-1, row - CHAIN_STEP);
      for (; row > end; row--) {
        const key = keys[row];
        if (key === null || key === undefined) continue;
        const first = head.get(key);
        if (first !== undefined) next[row] = first;
        head.set(key, row);
      }
      return row >= 0;
    },
    lookup: {
      get(key) {
        const rows: number[] = [];
        for (let at = head.get(key) ?? -1; at >= 0; at = next[at] ?? -1) rows.push(values ? (values[at] as number) : at);
        return rows;
      },
      only(key) {
        const at = head.get(key);
        if (at === undefined) return -1;
        if ((next[at] ?? -1) >= 0) return -2;
        return values ? (values[at] as number) : at;
      },
      single(key) {
        let value = -1;
        for (let at = head.get(key) ?? -1; at >= 0; at = next[at] ?? -1) {
          const here = values ? (values[at] as number) : at;
          if (value === -1) value = here;
          else if (here !== value) return -2;
        }
        return value;
      },
    },
  };
}

/** {@link chainBuild} at once. */
function chain(keys: readonly (string | null)[]): ChainLookup {
  const build = chainBuild(keys);
  while (build.step());
  return build.lookup;
}

/** What an index keeps of its table once built: the hash, serial and rom-name columns live on only in the lookups. */
export type MatchIndexTable = Pick<
  MatchTable,
  "releases" | "size" | "releaseSetName" | "releaseCloneOf" | "releaseAchievements" | "thumbnails"
>;

/** Lookups over one platform's match table. Rom rows for hashes and rom names, release indexes for DAT names, serials and titles. */
export interface MatchIndex {
  readonly table: MatchIndexTable;
  /** `table.release` and each release's game id as typed arrays: the CRC step's reads, one cache line each. */
  readonly romRelease: Int32Array;
  readonly releaseGame: Int32Array;
  /** The exact steps' shared `match` objects, made as requests name them. */
  readonly shared: SharedMatches;
  /**
   * Generic file names met so far (`tmd.1`, `track01.bin`), with how many games share each: such a
   * name reaches thousands of rows, so its answer is worked out once, and the keys are the table's own.
   */
  readonly genericNames: Map<string, number>;
  /**
   * Titles searched (with their keys) for which the fuzzy step found no similar title, at most
   * {@link MAX_UNLIKE_TITLES}: a file name no game resembles (`00000001.app` on a cartridge platform)
   * otherwise costs a title search on every item.
   */
  readonly unlikeTitles: Set<string>;
  /**
   * File names as sent whose name steps ended in a plain `notFound` or a generic name, at most
   * {@link MAX_UNMATCHED_NAMES}: such names (`00000007`, `track01.bin`, another platform's files)
   * come again and again, and each cost the name's keys, a title parse and several look-ups.
   */
  readonly unmatchedNames: Map<string, UnmatchedName>;
  /** File names as sent whose name steps ended in any other result, with that result (bounded). */
  readonly knownNames: KnownNames;
  /**
   * Release indexes by SHA-1 and by MD5, one per rom holding the hash: a hit names its release at
   * once, where a rom row cost one more cache miss (its `romRelease`) on nearly every item.
   */
  readonly sha1: HexLookup;
  readonly md5: HexLookup;
  /** Rom rows by CRC, whose sizes the CRC-and-size step compares. */
  readonly crc: HexLookup;
  /**
   * Release indexes by file name key: each rom's name (in rom order), then each release's DAT name,
   * then its arcade set name (lower case, which a client sends as "sf2.zip"), in that order, so a
   * look-up gives rom-name hits first. One map for the three, where three look-ups per name item
   * were the name step's main cost.
   */
  readonly fileName: ChainLookup;
  /** Release indexes by serial (rom or release), and by clean-title key. */
  readonly serial: RowLookup;
  readonly title: RowLookup;
}

/**
 * A {@link MatchIndex} built a piece at a time, so that an idle preload never holds the event loop
 * for a whole platform: `step` builds one piece and says whether any is left; `index` builds
 * whatever is left at once (a request that needs the platform now) and returns the index.
 */
export interface MatchIndexBuild {
  step(): boolean;
  index(): MatchIndex;
  /** Every piece is built. */
  readonly done: boolean;
}

/** What {@link MatchIndex.unmatchedNames} keeps of a name's result: the generic name's game count, and the result's JSON after its index. */
export interface UnmatchedName {
  readonly genericCount: number | undefined;
  readonly tail: string;
}

/** File names an index remembers as unmatched: a bound on the memo's memory, about a MB. */
export const MAX_UNMATCHED_NAMES = 8192;

/** Titles an index remembers as resembling no game: a bound on the memo's memory, a few hundred KB. */
export const MAX_UNLIKE_TITLES = 4096;

/** Releases whose clean titles one step parses: DAT-name parsing is the costliest piece of a large platform. */
const TITLE_STEP = 2048;

/** The keys and values of {@link MatchIndex.fileName}, to link with {@link chainBuild}. */
function fileNameBuild(table: MatchTable, romRelease: Int32Array): ChainBuild {
  const { releases } = table;
  const keys: (string | null)[] = [...table.name];
  for (const [, name] of releases) keys.push(datNameKey(name));
  for (let i = 0; i < releases.length; i++) keys.push(table.releaseSetName?.[i]?.toLowerCase() ?? null);
  const values = new Int32Array(keys.length);
  values.set(romRelease);
  for (let i = 0; i < releases.length; i++) {
    values[romRelease.length + i] = i;
    values[romRelease.length + releases.length + i] = i;
  }
  return chainBuild(keys, values);
}

function serialLookup(table: MatchTable): RowLookup {
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
  const owners = (key: string): number[] => [...new Set(serialChain.get(key).map((i) => serialOwner[i] ?? -1))];
  return {
    get: owners,
    only: (key) => {
      const found = owners(key);
      return found.length === 0 ? -1 : found.length === 1 ? (found[0] ?? -1) : -2;
    },
  };
}

/**
 * Starts building the lookups of the table `read` gives (read and parsed by the first step).
 * @see createMatchIndex for the whole build in one call.
 */
export function buildMatchIndex(read: () => MatchTable): MatchIndexBuild {
  let table: MatchTable | undefined;
  let romRelease = new Int32Array(0);
  const titleKeys: (string | null)[] = [];
  let fileNames: ChainBuild | undefined;
  const built: Partial<{ -readonly [K in keyof MatchIndex]: MatchIndex[K] }> = {};
  const of = (): MatchTable => table as MatchTable;
  const steps: (() => boolean | undefined)[] = [
    () => {
      table = read();
      romRelease = Int32Array.from(table.release);
      built.romRelease = romRelease;
      built.releaseGame = Int32Array.from(table.releases, ([gameId]) => gameId);
      built.shared = createSharedMatches(table.releases.length);
      built.genericNames = new Map();
      built.unlikeTitles = new Set();
      built.unmatchedNames = new Map();
      built.knownNames = new KnownNames();
      return undefined;
    },
    () => void (built.sha1 = hexIndex(of().sha1, 40, romRelease)),
    () => void (built.md5 = hexIndex(of().md5, 32, romRelease)),
    () => void (built.crc = hexIndex(of().crc, 8)),
    () => {
      fileNames ??= fileNameBuild(of(), romRelease);
      if (fileNames.step()) return true;
      built.fileName = fileNames.lookup;
      return undefined;
    },
    () => void (built.serial = serialLookup(of())),
    () => {
      const releases = of().releases;
      const end = Math.min(releases.length, titleKeys.length + TITLE_STEP);
      for (let i = titleKeys.length; i < end; i++) titleKeys.push(titleKey(parseGameName(releases[i]?.[1] ?? "").title) || null);
      return end < releases.length;
    },
    () => void (built.title = chain(titleKeys)),
  ];
  let result: MatchIndex | undefined;
  const finish = (): MatchIndex => {
    const { releases, size, releaseSetName, releaseCloneOf, releaseAchievements, thumbnails } = of();
    const kept: MatchIndexTable = {
      releases,
      size,
      ...(releaseSetName ? { releaseSetName } : {}),
      ...(releaseCloneOf ? { releaseCloneOf } : {}),
      ...(releaseAchievements ? { releaseAchievements } : {}),
      ...(thumbnails ? { thumbnails } : {}),
    };
    table = undefined;
    titleKeys.length = 0;
    fileNames = undefined;
    return { ...(built as MatchIndex), table: kept };
  };
  const step = (): boolean => {
    const next = steps[0];
    if (next === undefined) return false;
    if (next() !== true) steps.shift();
    if (steps.length > 0) return true;
    result = finish();
    return false;
  };
  return {
    step,
    index() {
      while (step());
      return result as MatchIndex;
    },
    get done() {
      return result !== undefined;
    },
  };
}

/** Builds the lookups of a table at once. */
export function createMatchIndex(table: MatchTable): MatchIndex {
  return buildMatchIndex(() => table).index();
}
