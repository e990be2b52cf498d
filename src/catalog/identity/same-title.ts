import { companies, makerInCommon, noCompanyInCommon } from "./company-word.ts";
import { retailDwarfs } from "./group-facts.ts";

/** What the split reads of one release of a title group. */
export interface SameTitleRelease {
  /** Region-free Nintendo product code of a retail release (serial-code.ts). */
  readonly code: string | undefined;
  /** Who and when: a TOSEC name's publisher and year ("Labyrinth (1982)(Broderbund)"), a DOS or arcade parent entry's developer and year. */
  readonly publisher: string | undefined;
  readonly year: number | undefined;
  /** For a compilation, the tags that list its contents ("4B-002, 4B-004, 8B-002, Sachen"): multi-carts of one name differ by them. */
  readonly contents: string | undefined;
  /** An aftermarket or homebrew release. */
  readonly aftermarket?: boolean;
  /** Bytes of the release's largest file, when the DAT gives a size. */
  readonly size?: number | undefined;
  /** An arcade set's name: its zip's size is its program's unless it is a clone, named as its parent's set plus letters. */
  readonly setName?: string | undefined;
  /** Credits that tell works apart only by their boards' sizes ({@link otherBoardSizes}): an arcade set no MAME collection lists. */
  readonly boardOnly?: boolean;
  /** An arcade set whose name is a larger set's of its title plus letters: a split DAT's clone zip, which holds only the files it changes. */
  readonly cloneZip?: boolean;
  /** A curated arcade set whose DAT name tags the maker it credits ("Top Secret (Exidy)"): the tag tells it from another maker's game of its title. */
  readonly makerTagged?: boolean;
}

/**
 * True when one release is aftermarket and the other a retail one (with a product code) whose file
 * is too large for the aftermarket one to be its reprint ({@link retailDwarfs}): a homebrew program under a
 * retail game's title. A reprint holds the whole game, so a larger aftermarket cart stays with it.
 */
function aftermarketApart(a: SameTitleRelease, b: SameTitleRelease): boolean {
  const [after, retail] = a.aftermarket ? [a, b] : [b, a];
  if (!after.aftermarket || retail.aftermarket || retail.code === undefined || !after.size || !retail.size) return false;
  return retailDwarfs(retail.size, after.size);
}

/** TOSEC re-releases by budget labels come a few years later; a longer gap and another publisher is another game. */
const REISSUE_YEARS = 2;

/** Different products by what the DAT says of them: a multi-cart's listed contents. */
function differentProducts(a: SameTitleRelease, b: SameTitleRelease): boolean {
  return a.contents !== undefined && b.contents !== undefined && a.contents !== b.contents;
}

/**
 * Probably different works: different product codes, or credits with no company in common
 * years apart. Either can also be one game (Metal Gear Solid has another code in Europe, a
 * re-issue another label: "Atlantis (1982)(Imagic)" and "(1988)(Activision)"), so the same dump
 * still joins them.
 */
function differentCredits(a: SameTitleRelease, b: SameTitleRelease): boolean {
  if (aftermarketApart(a, b)) return true;
  if (a.code !== undefined && b.code !== undefined && a.code !== b.code) return true;
  const x = companies(a.publisher);
  const y = companies(b.publisher);
  if (!noCompanyInCommon(x, y)) return false;
  // Beside such credits a clone zip measures nothing ("lockonc", 39 KB, beside Tatsumi's 785 KB "lockon" and Philko's 834 KB Lock On).
  if (a.boardOnly || b.boardOnly) return !a.cloneZip && !b.cloneZip && otherBoardSizes(a, b);
  if (makerTagApart(a, b) || makerTagApart(b, a)) return true;
  // A program credited to its authors alone is not re-credited to other people: a label reissues it, not a stranger.
  if (onlyPeople(x) && onlyPeople(y)) return true;
  if (otherBoardSizes(a, b)) return true;
  if (a.year === undefined || b.year === undefined) return false;
  if (arcadeSetsApart(a, b)) return true;
  return Math.abs(a.year - b.year) > REISSUE_YEARS;
}

/**
 * Two curated arcade parent sets credited to makers with no company in common and dated two years or
 * more apart: an arcade board is not reissued by a stranger two years on, as a home game is by a
 * budget label (Williams' 1985 Speed Ball prototype and Tecfri's 1987 Speed Ball). A bootleg's credit
 * names its copier and a clone zip's its licensee ("sharkpye", American Alpha's Shark Party), so neither
 * is evidence.
 */
function arcadeSetsApart(a: SameTitleRelease, b: SameTitleRelease): boolean {
  if (a.setName === undefined || b.setName === undefined || a.year === undefined || b.year === undefined) return false;
  if (a.cloneZip || b.cloneZip) return false;
  if (BOOTLEG_CREDIT_RE.test(a.publisher ?? "") || BOOTLEG_CREDIT_RE.test(b.publisher ?? "")) return false;
  return Math.abs(a.year - b.year) >= REISSUE_YEARS;
}

/** A credit that names a bootlegger ("bootleg? (Irecsa / G.G.I Corp)"): a copier, not a maker of the game. */
const BOOTLEG_CREDIT_RE = /\bbootleg\b/i;

/**
 * True when `tagged`, an arcade set whose DAT name tags the maker it credits ("Top Secret (Exidy)"),
 * shares no maker with `other` (the caller's test) and is dated two years or more apart: a licensed
 * edition credits its maker beside its licensee ("Namco (Midway license)"), and copies and licensed
 * editions of the next year are common (Phoenix's 1981 G.G.I. sets beside Amstar's of 1980), so this
 * is another company's game of the title. A bootleg's credit names its copier, so it is no evidence.
 */
function makerTagApart(tagged: SameTitleRelease, other: SameTitleRelease): boolean {
  if (!tagged.makerTagged || tagged.year === undefined || other.year === undefined) return false;
  return Math.abs(tagged.year - other.year) >= REISSUE_YEARS && !BOOTLEG_CREDIT_RE.test(other.publisher ?? "");
}

/** Two arcade programs more than this many times apart in size are not one program's editions. */
const BOARD_SIZE_RATIO = 3;

/**
 * Two arcade sets, by makers with no company in common, at least two years apart or one undated,
 * whose programs differ more than threefold in size: two boards' games ("Digger", Sega's 7 KB of
 * 1980 and Century's 22 KB CVS game of 1982; "Super Poker", Greyhound's 19 KB of 1987 and IGS's
 * 484 KB). A split DAT's clone holds only the files it changes, so a smaller set named as the
 * other's plus letters ("tstrikea" beside "tstrike") is no measure of its program.
 */
function otherBoardSizes(a: SameTitleRelease, b: SameTitleRelease): boolean {
  if (a.setName === undefined || b.setName === undefined || !a.size || !b.size) return false;
  if (a.year !== undefined && b.year !== undefined && Math.abs(a.year - b.year) < REISSUE_YEARS) return false;
  const [small, large] = a.size < b.size ? [a.setName, b.setName] : [b.setName, a.setName];
  if (small.startsWith(large)) return false;
  return Math.max(a.size, b.size) > BOARD_SIZE_RATIO * Math.min(a.size, b.size);
}

/** True when every maker a credit names is a person (company-word.ts). */
function onlyPeople(makers: ReadonlySet<string>): boolean {
  for (const m of makers) if (!m.includes(" ")) return false;
  return makers.size > 0;
}

/** True when both credit a company and one is in both. */
function sameCompany(a: SameTitleRelease, b: SameTitleRelease): boolean {
  return makerInCommon(companies(a.publisher), companies(b.publisher));
}

/**
 * Each release's part of `releases` by `conflicts`: the first part it conflicts with no member of,
 * or that has a member `kin` says it belongs with (a 1995 re-release credited to its 1990 developer
 * and a budget label stays with the 1990 release).
 */
function partition(
  releases: readonly SameTitleRelease[],
  conflicts: (a: SameTitleRelease, b: SameTitleRelease) => boolean,
  kin: (a: SameTitleRelease, b: SameTitleRelease) => boolean = () => false,
): number[] {
  const parts: SameTitleRelease[][] = [];
  return releases.map((release) => {
    let at = parts.findIndex((members) => members.some((m) => kin(release, m)) || !members.some((m) => conflicts(release, m)));
    if (at < 0) {
      at = parts.length;
      parts.push([]);
    }
    parts[at]?.push(release);
    return at;
  });
}

/** A release's place in a split title: its product (`strong`) and, within it, its credits' work (`weak`); 0 and 0 for the best release's. */
export interface TitlePart {
  readonly strong: number;
  readonly weak: number;
}

/**
 * Splits one title group (releases with the same kind and clean title, best first) into the
 * different works that share the title. Strongly, by product: two compilations of one name whose
 * tags list other contents (Sachen's "4 in 1 + 8 in 1"); works split so never join again. Weakly:
 * two retail releases with different Nintendo product codes ("Disney Sports - Football", American
 * football in the USA and soccer in Europe), an aftermarket release and a retail one with a product
 * code and a file more than four times larger (a homebrew "Sudoku DS" of 1.5 MB and Hudson's 8 MB cart), or two TOSEC releases by different publishers years
 * apart ("Labyrinth (1982)(Broderbund)" and "Labyrinth (1986)(Activision)"; DOS's "Super Tetris" of 1991
 * and 1995; arcade parent sets such as "Freeze" of 1984 and 1996), which the same dump
 * still joins. Releases without such facts join the first part they do not conflict with.
 */
export function splitSameTitle(releases: readonly SameTitleRelease[]): TitlePart[] {
  const strong = partition(releases, differentProducts);
  const weak: number[] = new Array<number>(releases.length).fill(0);
  for (const part of new Set(strong)) {
    const members = strong.flatMap((p, i) => (p === part ? [i] : []));
    const parts = partition(
      members.map((i) => releases[i] as SameTitleRelease),
      differentCredits,
      sameCompany,
    );
    members.forEach((i, n) => {
      weak[i] = parts[n] ?? 0;
    });
  }
  return strong.map((s, i) => ({ strong: s, weak: weak[i] ?? 0 }));
}
