import { companies, makerInCommon, noCompanyInCommon } from "./company-word.ts";
import type { ContentKind } from "./content-kind.ts";
import type { SerialCode } from "./serial-code.ts";

/** What the facts read of one release (a grouping input, group-works.ts). */
export interface FactsInput {
  readonly kind: ContentKind;
  readonly serialCode: SerialCode | undefined;
  readonly regions: readonly string[];
  readonly retail: boolean;
  readonly year: number | undefined;
  readonly developer: string | undefined;
  readonly clone?: boolean;
  readonly source?: string;
  /** The company the release's own DAT entry names (a TOSEC publisher, a DOS developer). */
  readonly creditedDeveloper?: string;
  /** The year the release's DAT name or its metadata dates it to. */
  readonly datedYear?: number;
  /** The release's own serial (not one borrowed by name from another dump's entry), letters and digits only. */
  readonly ownSerial?: string;
  /** Bytes of the release's largest file, when the DAT gives a size. */
  readonly size?: number | undefined;
  /** An aftermarket or homebrew release (No-Intro's "(Aftermarket)"), made after and apart from the platform's retail trade. */
  readonly aftermarket?: boolean;
}

/** What a title group's releases say of who made it and when, to test a join against. */
export interface GroupFacts {
  /** Companies the group's own releases credit ({@link companies}); clones and hacks left out. */
  readonly companies: ReadonlySet<string>;
  readonly years: number[];
  /** Region-free retail product codes. */
  readonly codes: Set<string>;
  /** The collections listing the group's releases. */
  readonly sources: Set<string>;
  /** The regions its releases name. */
  readonly regions: Set<string>;
  /** Companies its releases' own DAT entries credit, beside {@link companies}: evidence for a join, never against one. */
  readonly credited: Set<string>;
  /** Years its releases' DAT names or metadata date them to. */
  readonly dated: number[];
  /** Its releases' own serials ({@link FactsInput.ownSerial}). */
  readonly serials: Set<string>;
  /** The largest file of its retail game releases, in bytes (0 when none gives one of {@link MIN_GAME_SIZE} or more): demos and DLC vary in size between regions. */
  readonly largest: number;
  /** The largest file of any of its releases, in bytes (0 when none gives one). */
  readonly anySize?: number;
  /** Whether its releases are aftermarket ones: "all", "none" or "some" (undefined when it has none). */
  readonly aftermarket?: "all" | "none" | "some";
}

/**
 * Each title group's {@link GroupFacts}, by the group's root item, made on first use: only the
 * groups a join is tested for are read, by a chain through their items (no list per group).
 */
export function titleGroupFacts(items: readonly FactsInput[], titleGroup: readonly number[]): (group: number) => GroupFacts {
  const head = new Int32Array(items.length).fill(-1);
  const next = new Int32Array(items.length).fill(-1);
  for (let i = items.length - 1; i >= 0; i--) {
    const g = titleGroup[i] ?? i;
    next[i] = head[g] ?? -1;
    head[g] = i;
  }
  const made = new Map<number, GroupFacts>();
  return (group) => {
    const known = made.get(group);
    if (known) return known;
    const f = {
      companies: new Set<string>(),
      years: [] as number[],
      codes: new Set<string>(),
      sources: new Set<string>(),
      regions: new Set<string>(),
      credited: new Set<string>(),
      dated: [] as number[],
      serials: new Set<string>(),
      largest: 0,
      anySize: 0,
      aftermarket: undefined as "all" | "none" | "some" | undefined,
    };
    for (let i = head[group] ?? -1; i >= 0; i = next[i] ?? -1) {
      const item = items[i];
      if (!item) continue;
      if (item.source) f.sources.add(item.source);
      for (const r of item.regions) f.regions.add(r);
      if (item.serialCode && item.retail && item.kind === "game") f.codes.add(item.serialCode.code);
      if (item.ownSerial && SERIAL_RE.test(item.ownSerial)) f.serials.add(item.ownSerial);
      if (item.retail && item.kind === "game" && item.size !== undefined && item.size >= MIN_GAME_SIZE && item.size > f.largest)
        f.largest = item.size;
      if (item.size !== undefined && item.size > f.anySize) f.anySize = item.size;
      const after = item.aftermarket ? "all" : "none";
      f.aftermarket = f.aftermarket === undefined || f.aftermarket === after ? after : "some";
      if (item.clone) continue;
      for (const c of companies(item.developer)) f.companies.add(c);
      for (const c of companies(item.creditedDeveloper)) f.credited.add(c);
      if (item.year !== undefined) f.years.push(item.year);
      if (item.datedYear !== undefined) f.dated.push(item.datedYear);
    }
    made.set(group, f);
    return f;
  };
}

/** Smaller files are a store download's licence or stub (PS Vita's 512-byte entries, Wii U's 20-byte ones), not the game's size. */
const MIN_GAME_SIZE = 65_536;

/** A serial that names a product: six characters or more, with a digit that is not all of a placeholder's zeros. */
const SERIAL_RE = /^(?=.*[1-9])[A-Z0-9]{6,}$/;

/** Years further apart than this, with no company in common, are two works ("Super Tetris" 1991 and 1995). */
export const SAME_WORK_YEARS = 2;

/**
 * True when two title groups' facts say they are different works: retail codes none of which is
 * in both, credits with no company in common, or years more than {@link SAME_WORK_YEARS} apart.
 * `strict` also asks that both credit a company.
 */
export function disagree(a: GroupFacts, b: GroupFacts | undefined, strict: boolean): boolean {
  if (!b) return strict;
  if (aftermarketApart(a, b)) return true;
  if (a.codes.size > 0 && b.codes.size > 0 && ![...a.codes].some((c) => b.codes.has(c))) return true;
  if (strict && (a.companies.size === 0 || b.companies.size === 0)) return true;
  if (noCompanyInCommon(a.companies, b.companies)) return true;
  if (a.years.length > 0 && b.years.length > 0) {
    const gap = Math.max(Math.min(...b.years) - Math.max(...a.years), Math.min(...a.years) - Math.max(...b.years));
    if (gap > SAME_WORK_YEARS) return true;
  }
  return false;
}

/** A retail game's file larger than this many times an aftermarket release's of its title is another work's. */
const AFTERMARKET_SIZE_RATIO = 4;

/** True when a retail game's file (`retailSize`) is too large for the aftermarket program of its title (`aftermarketSize`) to be a reprint of it. */
export function retailDwarfs(retailSize: number, aftermarketSize: number): boolean {
  return aftermarketSize > 0 && retailSize > AFTERMARKET_SIZE_RATIO * aftermarketSize;
}

/**
 * True when one group is aftermarket releases only and the other retail releases with product
 * codes and no aftermarket one, whose largest file is more than {@link AFTERMARKET_SIZE_RATIO} times
 * the aftermarket group's: a homebrew program under a retail game's title ("SudokuDS", 178 KB, and
 * Hudson's 8 MB "Sudoku DS"), not a reprint, which holds the whole game.
 */
export function aftermarketApart(a: GroupFacts, b: GroupFacts): boolean {
  const [after, retail] = a.aftermarket === "all" ? [a, b] : [b, a];
  if (after.aftermarket !== "all" || retail.aftermarket !== "none" || retail.codes.size === 0) return false;
  return retailDwarfs(retail.largest, after.anySize ?? 0);
}

/** True when the two groups credit a company in common, by their metadata or their own DAT entries. */
export function shareCompany(a: GroupFacts, b: GroupFacts): boolean {
  return (
    makerInCommon(a.companies, b.companies) ||
    makerInCommon(a.companies, b.credited) ||
    makerInCommon(a.credited, b.companies) ||
    makerInCommon(a.credited, b.credited)
  );
}

/** True when the years the two groups' names or metadata date them to lie more than {@link SAME_WORK_YEARS} apart. */
export function datedApart(a: GroupFacts, b: GroupFacts): boolean {
  if (a.dated.length === 0 || b.dated.length === 0) return false;
  return Math.max(Math.min(...b.dated) - Math.max(...a.dated), Math.min(...a.dated) - Math.max(...b.dated)) > SAME_WORK_YEARS;
}

/** True when both groups are dated and the years of one are all years of the other. */
export function sameYear(a: GroupFacts, b: GroupFacts): boolean {
  if (a.dated.length === 0 || b.dated.length === 0) return false;
  return a.dated.every((y) => b.dated.includes(y)) || b.dated.every((y) => a.dated.includes(y));
}

/**
 * True when two title groups' facts vouch for a misspelling being one title: a company credited by
 * both, a retail code or an own serial both have, releases of different regions, or two collections
 * naming it (within one collection, names a letter apart are two products: "Flash Gordon" and
 * "Flush Gordon"). `byMaker` false leaves a company in common out, for slips one maker makes on purpose.
 */
export function confirm(a: GroupFacts, b: GroupFacts, byMaker = true): boolean {
  if (byMaker && shareCompany(a, b)) return true;
  for (const c of a.codes) if (b.codes.has(c)) return true;
  for (const s of a.serials) if (b.serials.has(s)) return true;
  // Releases of two regions a letter apart are one product's regional names; two of one region are two products.
  if (regionalNames(a, b)) return true;
  for (const x of a.sources) if (b.sources.has(x)) return false;
  return a.sources.size > 0 && b.sources.size > 0;
}

/** Largest files further apart than this are two products, whatever regions name them ("Fire Ball!!" 61 MB, "Firewall" 675 MB). */
const REGIONAL_SIZE_RATIO = 4;

/**
 * True when the two groups' releases name regions none of which is in both, and their largest
 * files lie within {@link REGIONAL_SIZE_RATIO} of each other: one product's names in two regions.
 */
export function regionalNames(a: GroupFacts, b: GroupFacts): boolean {
  if (a.regions.size === 0 || b.regions.size === 0 || [...a.regions].some((r) => b.regions.has(r))) return false;
  if (a.largest === 0 || b.largest === 0) return true;
  return Math.max(a.largest, b.largest) <= REGIONAL_SIZE_RATIO * Math.min(a.largest, b.largest);
}
