import { titleKey } from "../names/title-key.ts";
import { companies, noCompanyInCommon } from "./company-word.ts";

/**
 * An explicit version marker ending a title: "ver.2", "Ver. II", "version 3", "v1.2", or a decimal
 * number ("1.4", "0.20"), but not a game's number on a multi-game system ("Cal Omega - Game 7.4"). A bare
 * trailing number or Roman numeral names a sequel and is no marker.
 */
const VERSION_MARK_RE = /\s+(?:(?:ver(?:sion)?\.?\s*|v\.?\s*)(?:\d+(?:\.\d+)*[a-z]?|[ivx]+)|(?<!\bgame\s+)(\d+)\.\d+[a-z]?)$/i;

/** An explicit version marker ending the first part of an "A / B" title ("Demon Front V1.1 / Moyu Zhanxian"). */
const PART_VERSION_MARK_RE = /\s+(?:ver(?:sion)?\.?\s*|v\.?\s*)\d+(?:\.\d+)*[a-z]?(?=\s+\/\s)/i;

/** Words ending a title that name another build of the same game: "- Another Ver", a prototype's "Engineering Sample". */
const BUILD_MARK_RE = /\s+(?:-\s+)?(?:another\s+ver(?:sion)?\.?|engineering\s+sample)$/i;

/** A numeral word ending a title ("Ikari Three"), read as the Roman numeral of its number. */
const NUMERAL_WORD_RE = /\s+(two|three|four|five|six|seven|eight|nine|ten)$/i;
const ROMAN: Readonly<Record<string, string>> = {
  two: "II",
  three: "III",
  four: "IV",
  five: "V",
  six: "VI",
  seven: "VII",
  eight: "VIII",
  nine: "IX",
  ten: "X",
};
/** A numeral word after another numeral word is part of a larger number ("Twenty Three"), not a whole one. */
const NUMBER_WORD_BEFORE_RE = /\b(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|one)$/i;

/**
 * The title key of the game a title names with its version marker left out ("Multipac 1.4" →
 * "multipac", "Domino Block ver.2" → "domino block", "Soul Edge Ver. II" → "soul edge") or with a
 * last numeral word as its Roman numeral ("Ikari Three" → "ikari iii"); undefined when it has neither.
 */
export function versionBaseKey(title: string): string | undefined {
  return versionBase(title)?.key;
}

/** How a title names its version: `sequel` is true for a bare decimal whose whole part is 2 or more ("Raiden Fighters 2.1"), which may name a sequel's version. */
function versionBase(title: string): { key: string; numeral: boolean; sequel: boolean } | undefined {
  const build = BUILD_MARK_RE.exec(title);
  if (build) {
    const key = titleKey(title.slice(0, build.index));
    return key ? { key, numeral: false, sequel: false } : undefined;
  }
  const part = PART_VERSION_MARK_RE.exec(title);
  if (part) {
    const key = titleKey(title.slice(0, part.index) + title.slice(part.index + part[0].length));
    return key ? { key, numeral: false, sequel: false } : undefined;
  }
  const marked = VERSION_MARK_RE.exec(title);
  if (marked) {
    const key = titleKey(title.slice(0, marked.index));
    return key ? { key, numeral: false, sequel: Number(marked[1] ?? 0) >= 2 } : undefined;
  }
  const word = NUMERAL_WORD_RE.exec(title);
  if (word?.[1] && !NUMBER_WORD_BEFORE_RE.test(title.slice(0, word.index).trimEnd())) {
    const key = titleKey(`${title.slice(0, word.index)} ${ROMAN[word[1].toLowerCase()] ?? ""}`);
    return key ? { key, numeral: true, sequel: false } : undefined;
  }
  return undefined;
}

/** The key of a title's main part before a " - " subtitle ("Ikari III - The Rescue" → "ikari iii"); undefined without one. */
function mainPartKey(title: string): string | undefined {
  const at = title.indexOf(" - ");
  return at > 0 ? titleKey(title.slice(0, at)) : undefined;
}

/** What one arcade title's own sets (no clone, hack or bootleg) credit. */
export interface ArcadeTitleCredits {
  readonly title: string;
  /** Every maker the sets credit, as DAT text. */
  readonly developers: readonly string[];
  readonly years: readonly number[];
}

/** Years further apart than this are two games, not one game's versions. */
const MAX_VERSION_YEARS = 2;

function agree(a: ArcadeTitleCredits, b: ArcadeTitleCredits): boolean {
  const ma = new Set<string>();
  const mb = new Set<string>();
  for (const d of a.developers) for (const m of companies(d)) ma.add(m);
  for (const d of b.developers) for (const m of companies(d)) mb.add(m);
  if (noCompanyInCommon(ma, mb)) return false;
  for (const x of a.years) for (const y of b.years) if (Math.abs(x - y) > MAX_VERSION_YEARS) return false;
  return true;
}

/**
 * The title key each versioned arcade title joins: a title that is another title of the platform
 * with an explicit version marker, or that differs from it only in one ("Multipac 1.0" and "Multipac
 * 1.4", "Domino Block" and "Domino Block ver.2"), or whose last numeral word is the other's Roman
 * numeral ("Ikari Three" and "Ikari III - The Rescue"), joins it when their makers share one (or one
 * credits no one) and their years lie within two. The map holds only keys that move, each to the
 * key of the title it joins (the unmarked title, else the first of its versions by key).
 */
export function arcadeVersionKeys(titles: ReadonlyMap<string, ArcadeTitleCredits>): Map<string, string> {
  // The titles each base key names: the unmarked title (or one whose main part it is) and its versions.
  const plain = new Map<string, string>();
  const mains = new Map<string, string[]>();
  const versions = new Map<string, string[]>();
  const numerals = new Set<string>();
  const sequels = new Set<string>();
  for (const [key, credits] of titles) {
    plain.set(key, key);
    const main = mainPartKey(credits.title);
    if (main && main !== key) mains.set(main, [...(mains.get(main) ?? []), key]);
    const base = versionBase(credits.title);
    if (!base || base.key === key) continue;
    versions.set(base.key, [...(versions.get(base.key) ?? []), key]);
    if (base.numeral) numerals.add(base.key);
    if (base.sequel) sequels.add(key);
  }
  const out = new Map<string, string>();
  for (const [base, keys] of versions) {
    // A numeral word's base may be the main part of one other title ("Ikari III - The Rescue"), never of several.
    const byMain = numerals.has(base) ? mains.get(base) : undefined;
    const target = plain.get(base) ?? (byMain?.length === 1 ? byMain[0] : undefined);
    const sorted = [...keys].sort();
    const anchor = target ?? sorted[0];
    if (anchor === undefined) continue;
    const anchorCredits = titles.get(anchor);
    if (!anchorCredits) continue;
    for (const key of sorted) {
      // "Raiden Fighters 2.1" is no version of "Raiden Fighters"; it may still be one of "Casino Fever 5.0".
      if (key === anchor || (target !== undefined && sequels.has(key))) continue;
      const credits = titles.get(key);
      if (credits && agree(credits, anchorCredits)) out.set(key, anchor);
    }
  }
  return out;
}
