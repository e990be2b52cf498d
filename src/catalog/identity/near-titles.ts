import { pushTo } from "../../core/multi-map.ts";
import type { ContentKind } from "./content-kind.ts";
import { confirm, disagree, type GroupFacts } from "./group-facts.ts";

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
  return key.replace(PARTICLE_WO_RE, "o").replace(SPACES_RE, "").replace(LONG_O_RE, "o").replace(LONG_U_RE, "u");
}

const PARTICLE_WO_RE = /(?<=^| )wo(?= |$)/g;
const SPACES_RE = / /g;
const LONG_O_RE = /ou/g;
const LONG_U_RE = /uu/g;

/**
 * The key of a title whose last word carries a stray letter, as one DAT glues it to names
 * ("Descenta", "Wolfenstein 3Dg", "Pirates of PestulonS"): the spelling key without its last
 * letter; undefined when the last word is short or a Roman numeral ("II", "IV").
 */
export function strayLetterKey(key: string): string | undefined {
  const last = key.slice(key.lastIndexOf(" ") + 1);
  // "3Dg", "13b": a letter glued to a number or a short code counts too.
  const long = last.length >= 4 || (last.length === 3 && /\d/.test(last));
  if (!long || !/[a-z]$/.test(last) || /^[ivxlc]+$/.test(last)) return undefined;
  return spellingKey(key).slice(0, -1);
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
  const gluedCapital = new Set<number>();
  /** Each title group's first item and its plain key. */
  const roots: { item: number; key: string }[] = [];
  items.forEach((item, i) => {
    if (titleGroup[i] !== i || item.kind === "bios" || item.titleParts.length > 0) return;
    const family = splitFamily(item.groupKey);
    const plain = family.slice(family.indexOf("\u0000") + 1);
    roots.push({ item: i, key: plain });
    const key = spellingKey(plain);
    if (key.length >= MIN_NEAR_KEY) pushTo(bySpelling, `${item.kind}\u0000${key}`, i);
    // "PestulonS", "AdventureB": a capital glued to a lower-case word is a stray letter whoever made the game.
    const glued = GLUED_CAPITAL_RE.test(item.title);
    const cut = item.creditedDeveloper || glued ? strayLetterKey(plain) : undefined;
    if (cut !== undefined && cut.length >= MIN_NEAR_KEY) {
      stray.set(i, cut);
      if (glued) gluedCapital.add(i);
      pushTo(byStray, `${item.kind}\u0000${cut}`, i);
    }
  });
  const joins: NearTitleJoin[] = [];
  const tryJoin = (a: number, b: number, strict: boolean): boolean => {
    const ia = items[a];
    const ib = items[b];
    if (!ia || !ib || a === b || splitFamily(ia.groupKey) === splitFamily(ib.groupKey)) return false;
    if (disagree(facts(a), facts(b), strict)) return false;
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
    ...typoJoins(items, roots, (a, b) => {
      const fa = facts(a);
      const fb = facts(b);
      const ia = items[a];
      const ib = items[b];
      if (!fa || !fb || !ia || !ib || splitFamily(ia.groupKey) === splitFamily(ib.groupKey) || disagree(fa, fb, false)) return false;
      return confirm(fa, fb);
    }),
  );
  for (const [g, cut] of stray) {
    const kind = items[g]?.kind ?? "game";
    for (const other of [...(bySpelling.get(`${kind}\u0000${cut}`) ?? []), ...(byStray.get(`${kind}\u0000${cut}`) ?? [])])
      if (other !== g && (items[other]?.creditedDeveloper || gluedCapital.has(other) || !stray.has(other)))
        tryJoin(g, other, !gluedCapital.has(g));
  }
  return joins;
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

/**
 * Where `b` differs from `a` by one letter (one more, one less or another), as the place in each
 * (the extra letter's place for the longer one, -1 for the shorter); undefined when they differ
 * otherwise.
 */
function oneLetterApart(a: string, b: string): { inA: number; inB: number } | undefined {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return i < a.length && a.slice(i + 1) === b.slice(i + 1) ? { inA: i, inB: i } : undefined;
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
  agree: (a: number, b: number) => boolean,
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
  for (const list of byHalf.values()) {
    if (list.length < 2 || list.length > MAX_TYPO_BUCKET) continue;
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) {
        const ta = texts[list[x] ?? 0] ?? "";
        const tb = texts[list[y] ?? 0] ?? "";
        if (ta === tb || Math.abs(ta.length - tb.length) > 1) continue;
        const apart = oneLetterApart(ta, tb);
        if (!apart) continue;
        if ((apart.inA >= 0 && !typoPlace(form(list[x] ?? 0), apart.inA)) || (apart.inB >= 0 && !typoPlace(form(list[y] ?? 0), apart.inB)))
          continue;
        const ra = roots[list[x] ?? 0]?.item ?? 0;
        const rb = roots[list[y] ?? 0]?.item ?? 0;
        const pair = ra < rb ? `${ra}:${rb}` : `${rb}:${ra}`;
        if (seen.has(pair)) continue;
        seen.add(pair);
        if (agree(ra, rb)) joins.push({ a: ra, b: rb });
      }
  }
  return joins;
}
