import { pushTo } from "../../core/multi-map.ts";
import type { ContentKind } from "./content-kind.ts";
import { noCompanyInCommon } from "./company-word.ts";
import { confirm, datedApart, disagree, type GroupFacts, regionalNames, sameYear, shareCompany } from "./group-facts.ts";

/** What the near-title joins read of one release (a grouping input, group-works.ts). */
export interface NearTitleInput {
  readonly kind: ContentKind;
  readonly groupKey: string;
  readonly title: string;
  readonly titleParts: readonly string[];
  readonly creditedDeveloper?: string;
}

/** Two title groups (by their first items) that are one title spelled two ways. */
export interface NearTitleJoin {
  readonly a: number;
  readonly b: number;
}

/** A title ending in a lower-case letter and a capital glued to it ("Pirates of PestulonS"). */
const GLUED_CAPITAL_RE = /[a-z][A-Z]$/;

/** Earlier groups of one spelling a group is tried against: splits of one title gather a few, never many. */
const MAX_SPELLING_TRIES = 8;

/** Shortest key (spaces left out) a spelling variant may join by: "Pac Man" and "Pacman" are often two games. */
const MIN_NEAR_KEY = 6;

/**
 * A title key as its spellings meet: spaces left out ("Chrono Phantasma", "Chronophantasma"),
 * and Japanese long vowels and the particle "wo" written short ("Kojou", "Kojo"; "Tomo wo", "Tomo o").
 */
export function spellingKey(key: string): string {
  return key
    .replace(PARTICLE_WO_RE, "o")
    .replace(NUMBER_PARTS_RE, "$1.")
    .replace(SPACES_RE, "")
    .replace(LONG_O_RE, "o")
    .replace(LONG_U_RE, "u");
}

/**
 * A space after a one-digit number and before another, where a version's point was ("Version 1.3",
 * "Thema 1-3"): kept, or it would meet "13". A longer number is split for style ("NHL Hitz 20-02"), and
 * a group of three digits after the space is a thousands separator's ("1,000", "1000").
 */
const NUMBER_PARTS_RE = /(?<!\d)(\d) (?!\d{3}(?!\d))(?=\d)/g;

/** A title's numbers in order, as {@link spellingKey} reads them: a slip never falls in a number, so titles whose numbers differ are two titles. */
function numbersOf(key: string): string {
  return (key.replace(NUMBER_PARTS_RE, "$1.").match(/\d+(?:[ .]\d+)*/g) ?? []).map((n) => n.replaceAll(" ", "")).join(" ");
}

const PARTICLE_WO_RE = /(?<=^| )wo(?= |$)/g;
const SPACES_RE = / /g;
const LONG_O_RE = /ou/g;
const LONG_U_RE = /uu/g;

/** A letter glued to the punctuation that ends a title ("Slip Out!A", "U.S.A.E"): a DAT's junk suffix. */
const GLUED_TO_PUNCTUATION_RE = /[!?.][A-Za-z]$/;

/**
 * The key of a title whose last word carries a stray letter, as one DAT glues it to names
 * ("Descenta", "Wolfenstein 3Dg", "Pirates of PestulonS", "Slip Out!A"): the spelling key without
 * its last letter; undefined when the last word is short or a Roman numeral ("II", "IV").
 */
export function strayLetterKey(key: string, title = ""): string | undefined {
  const last = key.slice(key.lastIndexOf(" ") + 1);
  if (last.length === 1 && GLUED_TO_PUNCTUATION_RE.test(title)) return spellingKey(key).slice(0, -1);
  // "3Dg", "13b": a letter glued to a number or a short code counts too.
  const long = last.length >= 4 || (last.length === 3 && /\d/.test(last));
  if (!long || !/[a-z]$/.test(last) || /^[ivxlc]+$/.test(last) || GLUED_NUMERAL_RE.test(last)) return undefined;
  return spellingKey(key).slice(0, -1);
}

/** A Roman numeral glued to a word of another script, as CJK titles number sequels ("聖少女戰隊III"). */
const GLUED_NUMERAL_RE = /(?![a-z])\p{L}[ivxlc]+$/u;

/**
 * A DOS DAT's last words that name a build, not a work: a graphics mode ("Commander Keen in Keen
 * Dreams CGA", "... EGA") or a version with a language letter ("Lands of Lore vF1.20", "vE1.20").
 */
const BUILD_SUFFIX_RE = / (?:cga|ega|vga|svga|tandy|hercules|v[a-z]?\d+(?: \d+)*)$/;

/** The spelling key of a title without its build suffix ({@link BUILD_SUFFIX_RE}), or undefined when it has none. */
export function buildSuffixKey(key: string): string | undefined {
  const cut = key.replace(BUILD_SUFFIX_RE, "");
  return cut === key || cut === "" ? undefined : spellingKey(cut);
}

/** True when both groups carry retail codes and none is in both: two products. */
function codesApart(fa: GroupFacts, fb: GroupFacts): boolean {
  return fa.codes.size > 0 && fb.codes.size > 0 && ![...fa.codes].some((c) => fb.codes.has(c));
}

/**
 * True when the facts of a title with a stray letter (or a build suffix) and of the title without
 * it say they are one work: a company both credit (their years may lie apart: a DOS game's releases
 * span years), a glued capital or punctuation whose facts do not disagree, or, with no company
 * against it, releases of two regions, or the years of one within the other's when the letter is
 * not a plural's "s" ("Gabriel Knight" and "Fathersa", 1993).
 */
function strayAgrees(fa: GroupFacts, fb: GroupFacts, glued: boolean, letter: string, numbered = false): boolean {
  if (codesApart(fa, fb)) return false;
  if (shareCompany(fa, fb)) return true;
  if (glued) return !disagree(fa, fb, false);
  // Years far apart are two works whatever the regions: a 1997 pirate "Soul Blade" is no regional name of 1992's "Soul Blader".
  if (disagree(fa, fb, false) || datedApart(fa, fb) || noCompanyInCommon(fa.credited, fb.credited)) return false;
  // Releases of two regions are one product's regional names ("Special Edition", "Special Editions"); a letter after a number is a part ("Euro Demo 08b").
  if (!numbered && regionalNames(fa, fb)) return true;
  return letter !== "s" && sameYear(fa, fb);
}

/**
 * Joins title groups whose titles are one title spelled two ways ({@link spellingKey}) unless
 * their facts disagree, and a title with a stray last letter ({@link strayLetterKey}) with the
 * title without it only when both credit a company in common (and their years agree). Parts of a
 * title split on purpose never meet again.
 */
export function nearTitleJoins(
  items: readonly NearTitleInput[],
  titleGroup: readonly number[],
  facts: (group: number) => GroupFacts,
  splitFamily: (groupKey: string) => string,
): NearTitleJoin[] {
  const bySpelling = new Map<string, number[]>();
  const byStray = new Map<string, number[]>();
  const stray = new Map<number, string>();
  /** The letter each stray title would lose. */
  const strayLetter = new Map<number, string>();
  const gluedCapital = new Set<number>();
  /** Titles with a build suffix, by the key without it. */
  const built = new Map<number, string>();
  const byBuild = new Map<string, number[]>();
  /** Each title group's first item and its plain key. */
  const roots: { item: number; key: string }[] = [];
  items.forEach((item, i) => {
    if (titleGroup[i] !== i || item.kind === "bios" || item.titleParts.length > 0) return;
    const family = splitFamily(item.groupKey);
    const plain = family.slice(family.indexOf("\u0000") + 1);
    roots.push({ item: i, key: plain });
    const key = spellingKey(plain);
    if (key.length >= MIN_NEAR_KEY) pushTo(bySpelling, `${item.kind}\u0000${key}`, i);
    // "PestulonS", "AdventureB", "Out!A": a capital glued to a lower-case word or a letter to punctuation is a stray letter whoever made the game.
    const glued = GLUED_CAPITAL_RE.test(item.title) || GLUED_TO_PUNCTUATION_RE.test(item.title);
    const build = buildSuffixKey(plain);
    if (build !== undefined && build.length >= MIN_NEAR_KEY) {
      built.set(i, build);
      pushTo(byBuild, `${item.kind}\u0000${build}`, i);
    }
    const cut = strayLetterKey(plain, item.title);
    if (cut !== undefined && cut.length >= MIN_NEAR_KEY) {
      stray.set(i, cut);
      strayLetter.set(i, key.slice(-1));
      if (glued) gluedCapital.add(i);
      pushTo(byStray, `${item.kind}\u0000${cut}`, i);
    }
  });
  const joins: NearTitleJoin[] = [];
  const tryJoin = (a: number, b: number, strict: boolean): boolean => {
    const ia = items[a];
    const ib = items[b];
    if (!ia || !ib || a === b || splitFamily(ia.groupKey) === splitFamily(ib.groupKey)) return false;
    const fa = facts(a);
    const fb = facts(b);
    // A maker both credit vouches across years (a game's regions and re-releases span years: "Moto Roader" 2014, "Motoroader" 2017); retail codes still tell two products apart.
    if (codesApart(fa, fb) || (!shareCompany(fa, fb) && disagree(fa, fb, strict))) return false;
    joins.push({ a, b });
    return true;
  };
  for (const list of bySpelling.values()) {
    if (list.length < 2) continue;
    // Each joins the first earlier group it agrees with; a handful is the most one spelling gathers.
    list.forEach((g, n) => {
      for (const other of list.slice(Math.max(0, n - MAX_SPELLING_TRIES), n)) if (tryJoin(other, g, false)) break;
    });
  }
  joins.push(
    ...typoJoins(items, roots, (a, b, { word, plural, initial, shortEnd }) => {
      const fa = facts(a);
      const fb = facts(b);
      const ia = items[a];
      const ib = items[b];
      if (!fa || !fb || !ia || !ib || splitFamily(ia.groupKey) === splitFamily(ib.groupKey) || disagree(fa, fb, false)) return false;
      // One year for both, with no company against it, vouches for a slip too ("Fatal Inertia EX", "Fatal Intertia EX", 2014),
      // but not for another first letter, which makes another word ("Follow the Reader", "Follow the Leader").
      // A plural's "s" is another word ("Tower", "Towers of Hanoi") unless two regions name one product so ("Earring", "Earrings").
      if (plural) return regionalNames(fa, fb);
      // A letter more ending a short word makes another word ("Rect Demo", "Rectb Demo"): one author's two programs, which a maker both credit cannot tell from a slip.
      if (shortEnd) return confirm(fa, fb, false);
      return confirm(fa, fb) || (word >= MIN_DATED_SLIP_WORD && !initial && sameYear(fa, fb));
    }),
  );
  for (const [g, cut] of stray) {
    const ig = items[g];
    if (!ig) continue;
    const glued = gluedCapital.has(g);
    const letter = strayLetter.get(g) ?? "";
    const numbered = /\d[a-z]$/i.test(ig.title.trim());
    const join = (other: number): void => {
      const io = items[other];
      if (other === g || !io || splitFamily(io.groupKey) === splitFamily(ig.groupKey)) return;
      if (strayAgrees(facts(g), facts(other), glued || gluedCapital.has(other), letter, numbered)) joins.push({ a: g, b: other });
    };
    for (const other of bySpelling.get(`${ig.kind}\u0000${cut}`) ?? []) join(other);
    // Two titles that each carry a last letter ("Meteora", "Meteorb") meet only when their entries credit a maker or one letter is glued on;
    // two that end in the same letter ("Mille Bornes", "MilleBornes") are one spelling, which the spelling join alone tests.
    for (const other of byStray.get(`${ig.kind}\u0000${cut}`) ?? [])
      if (
        strayLetter.get(other) !== letter &&
        ((ig.creditedDeveloper && items[other]?.creditedDeveloper) || glued || gluedCapital.has(other))
      )
        join(other);
  }
  for (const [g, cut] of built) {
    const ig = items[g];
    if (!ig) continue;
    for (const other of [...(bySpelling.get(`${ig.kind}\u0000${cut}`) ?? []), ...(byBuild.get(`${ig.kind}\u0000${cut}`) ?? [])]) {
      const io = items[other];
      if (other === g || !io || splitFamily(io.groupKey) === splitFamily(ig.groupKey)) continue;
      if (strayAgrees(facts(g), facts(other), false, "")) joins.push({ a: g, b: other });
    }
  }
  // A variant meets one part of a title split on purpose, never several: "TetrisN" would otherwise join Pajitnov's and Plavcan's "Tetris" again.
  const met = new Set<string>();
  return joins.filter(({ a, b }) => {
    const ka = `${a}\u0000${splitFamily(items[b]?.groupKey ?? "")}`;
    const kb = `${b}\u0000${splitFamily(items[a]?.groupKey ?? "")}`;
    if (met.has(ka) || met.has(kb)) return false;
    met.add(ka);
    met.add(kb);
    return true;
  });
}

/** Shortest title (letters and digits) a one-letter slip may join: shorter titles differ by a letter on purpose. */
const MIN_TYPO_KEY = 8;
/** Shortest word a slip may fall in: "Jul"/"Jun", "CGA"/"EGA" are other words, not misspellings. */
const MIN_TYPO_WORD = 4;
/** Titles sharing one half past this many are a family of codes or numbers, not misspellings; they are left alone. */
const MAX_TYPO_BUCKET = 64;

/** A title's letters and digits, and for each the word it belongs to. */
function squashed(key: string): { text: string; words: string[]; wordAt: number[] } {
  const words = key.split(" ");
  let text = "";
  const wordAt: number[] = [];
  words.forEach((w, n) => {
    text += w;
    for (let k = 0; k < w.length; k++) wordAt.push(n);
  });
  return { text, words, wordAt };
}

/** True when a slip at `at` of `s` falls inside a plain word: not its title's last letter, not in a number, code or Roman numeral. */
function typoPlace(s: ReturnType<typeof squashed>, at: number): boolean {
  if (at >= s.text.length - 1) return false;
  const word = s.words[s.wordAt[at] ?? -1] ?? "";
  return word.length >= MIN_TYPO_WORD && !/\d/.test(word) && !/^[ivxlc]+$/.test(word);
}

/** True when the slip at `at` of the longer title `s` is an "s" ending its word, and not a possessive's ("Disney's"): a plural. */
function pluralSlip(s: ReturnType<typeof squashed>, at: number, longer: boolean, title: string): boolean {
  if (!longer || at < 0 || s.text[at] !== "s" || s.wordAt[at + 1] === s.wordAt[at]) return false;
  const word = s.words[s.wordAt[at] ?? -1] ?? "";
  return !title
    .toLowerCase()
    .replaceAll("\u2019", "'")
    .includes(`${word.slice(0, -1)}'s`);
}

/** The length of the word a slip falls in: at `at` of `s`, or where the other title has it when `s` lacks the letter. */
function slipWord(s: ReturnType<typeof squashed>, at: number, otherAt: number): number {
  const place = at >= 0 ? at : Math.min(otherAt, s.text.length - 1);
  return s.words[s.wordAt[place] ?? -1]?.length ?? 0;
}

/** True when the slip is another letter (not one more or less) in place of a word's first: "Reader" and "Leader". */
function wordInitial(s: ReturnType<typeof squashed>, inA: number, inB: number): boolean {
  return inA >= 0 && inB >= 0 && (inA === 0 || s.wordAt[inA - 1] !== s.wordAt[inA]);
}

/** Where a slip falls, for the facts to weigh it. */
interface Slip {
  /** The length of the word it falls in. */
  readonly word: number;
  /** An "s" ending a word (not a possessive's): a plural. */
  readonly plural: boolean;
  /** Another letter in place of a word's first. */
  readonly initial: boolean;
  /** A letter more ending a word shorter than {@link MIN_DATED_SLIP_WORD} ("Rect", "Rectb"). */
  readonly shortEnd: boolean;
}

/** True when the extra letter at `at` of the longer title `s` ends a word shorter than {@link MIN_DATED_SLIP_WORD}. */
function shortWordEnd(s: ReturnType<typeof squashed>, at: number): boolean {
  if (at < 0 || s.wordAt[at + 1] === s.wordAt[at]) return false;
  return (s.words[s.wordAt[at] ?? -1]?.length ?? 0) < MIN_DATED_SLIP_WORD;
}

/** Shortest word in which one year for both titles vouches for a slip: short words differ by a letter on purpose ("cIOSx", "cMIOS"). */
const MIN_DATED_SLIP_WORD = 6;

/**
 * Where `b` differs from `a` by one letter (one more, one less or another) or two neighbouring letters swapped, as the place in each
 * (the extra letter's place for the longer one, -1 for the shorter); undefined when they differ
 * otherwise.
 */
function oneLetterApart(a: string, b: string): { inA: number; inB: number } | undefined {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (i < a.length && a.slice(i + 1) === b.slice(i + 1)) return { inA: i, inB: i };
    // Two neighbouring letters swapped ("Mutliplayer"): a slip of the same kind.
    const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    return swapped ? { inA: i, inB: i } : undefined;
  }
  if (a.length === b.length + 1) return a.slice(i + 1) === b.slice(i) ? { inA: i, inB: -1 } : undefined;
  if (b.length === a.length + 1) return b.slice(i + 1) === a.slice(i) ? { inA: -1, inB: i } : undefined;
  return undefined;
}

/**
 * Joins title groups whose titles are one letter apart (one letter more, less or another, inside
 * a word of at least {@link MIN_TYPO_WORD} letters and not at the end: "Duke Nukum", "Arctic"/"Artic
 * Antics", "Idolm@ster"/"Idolmaster") when `agree` says their facts vouch for it. Two titles one
 * letter apart share their first or their last half (of the shorter's length), so each title is
 * filed under its halves and only titles sharing one are compared: one pass, no pair of all titles.
 */
function typoJoins(
  items: readonly NearTitleInput[],
  roots: readonly { item: number; key: string }[],
  agree: (a: number, b: number, slip: Slip) => boolean,
): NearTitleJoin[] {
  const byHalf = new Map<string, number[]>();
  const texts = roots.map((r) => r.key.replaceAll(" ", ""));
  /** Each compared title's words, made once and only for titles that meet another. */
  const forms = new Map<number, ReturnType<typeof squashed>>();
  const form = (n: number): ReturnType<typeof squashed> => {
    let f = forms.get(n);
    if (!f) forms.set(n, (f = squashed(roots[n]?.key ?? "")));
    return f;
  };
  /** Each compared title's numbers, made once: a title meets many others in its buckets. */
  const numbers = new Map<number, string>();
  const numbersAt = (n: number): string => {
    let found = numbers.get(n);
    if (found === undefined) numbers.set(n, (found = numbersOf(roots[n]?.key ?? "")));
    return found;
  };
  roots.forEach((r, n) => {
    const text = texts[n] ?? "";
    if (text.length < MIN_TYPO_KEY) return;
    const kind = items[r.item]?.kind ?? "game";
    for (const half of new Set([Math.floor(text.length / 2), Math.floor((text.length - 1) / 2)])) {
      pushTo(byHalf, `${kind}\u0000<${half}\u0000${text.slice(0, half)}`, n);
      pushTo(byHalf, `${kind}\u0000>${half}\u0000${text.slice(text.length - half)}`, n);
    }
  });
  const joins: NearTitleJoin[] = [];
  const seen = new Set<string>();
  const titleOf = (n: number): string => items[roots[n]?.item ?? -1]?.title ?? "";
  /** Tests two titles of one bucket; a function of its own, so that V8 optimises it once rather than replacing and dropping the loops' code on each bucket. */
  const tryPair = (nx: number, ny: number): void => {
    const ta = texts[nx] ?? "";
    const tb = texts[ny] ?? "";
    if (ta === tb || Math.abs(ta.length - tb.length) > 1) return;
    if (numbersAt(nx) !== numbersAt(ny)) return;
    const apart = oneLetterApart(ta, tb);
    if (!apart) return;
    if ((apart.inA >= 0 && !typoPlace(form(nx), apart.inA)) || (apart.inB >= 0 && !typoPlace(form(ny), apart.inB))) return;
    const plural =
      pluralSlip(form(nx), apart.inA, ta.length > tb.length, titleOf(nx)) ||
      pluralSlip(form(ny), apart.inB, tb.length > ta.length, titleOf(ny));
    const word = Math.min(slipWord(form(nx), apart.inA, apart.inB), slipWord(form(ny), apart.inB, apart.inA));
    const ra = roots[nx]?.item ?? 0;
    const rb = roots[ny]?.item ?? 0;
    const pair = ra < rb ? `${ra}:${rb}` : `${rb}:${ra}`;
    if (seen.has(pair)) return;
    seen.add(pair);
    const shortEnd = (apart.inB < 0 && shortWordEnd(form(nx), apart.inA)) || (apart.inA < 0 && shortWordEnd(form(ny), apart.inB));
    if (agree(ra, rb, { word, plural, initial: wordInitial(form(nx), apart.inA, apart.inB), shortEnd })) joins.push({ a: ra, b: rb });
  };
  const tryBucket = (list: readonly number[]): void => {
    for (let x = 0; x < list.length; x++) for (let y = x + 1; y < list.length; y++) tryPair(list[x] ?? 0, list[y] ?? 0);
  };
  for (const list of byHalf.values()) if (list.length >= 2 && list.length <= MAX_TYPO_BUCKET) tryBucket(list);
  return joins;
}
