import { pushTo } from "../../core/multi-map.ts";
import { companies, companyWord, noCompanyInCommon } from "./company-word.ts";
import type { ContentKind } from "./content-kind.ts";
import { isMemberOf, looksLikeCompilation } from "./dump-keys.ts";
import type { SerialCode } from "./serial-code.ts";
import { UnionFind } from "./union-find.ts";

/** What the grouping reads of one release. */
export interface WorkInput {
  readonly kind: ContentKind;
  /** The first grouping: releases with the same key are one work (kind and clean title, or an arcade parent set). */
  readonly groupKey: string;
  readonly title: string;
  /** The key of `title` (names/title-key.ts). */
  readonly titleKey: string;
  /** Arcade set name: the same set in two emulator collections is one game. */
  readonly setName: string | undefined;
  /** Arcade: the keys of the parts of an "A / B" title, each the title of the same game elsewhere. */
  readonly titleParts: readonly string[];
  /** @see dumpKeys */
  readonly dumpKeys: readonly string[];
  readonly serialCode: SerialCode | undefined;
  readonly regions: readonly string[];
  /** Bytes of the release's largest file, when the DAT gives a size. */
  readonly size: number | undefined;
  /** A retail release: betas, prototypes and demos often carry another product's serial. */
  readonly retail: boolean;
  /** Metadata that must not contradict a serial link: release year and developer, when known. */
  readonly year: number | undefined;
  readonly developer: string | undefined;
  /** The clone-list groups that name the release (identity/clone-list-match.ts): each is one work. */
  readonly cloneGroups?: readonly number[];
  /** Title keys the release's name says it is also known as (TOSEC "[aka Adventures of Tron]"). */
  readonly akaKeys?: readonly string[];
  /** An arcade clone, bootleg or hack set: its credits do not speak for its title's game. */
  readonly clone?: boolean;
  /** Arcade: the parent set a clone names (MAME's `cloneof`). */
  readonly parentSet?: string;
  /** The developer the release's own DAT entry names (DOS, arcade, TOSEC), not one looked up by its files. */
  readonly creditedDeveloper?: string;
  /** The most authoritative collection listing the release ("no-intro", "tosec", "dat", ...). */
  readonly source?: string;
}

/** Why two title groups became one work. */
export type MergeEvidence = "same-dump" | "set-name" | "serial-code" | "title-part" | "clone-list" | "aka-title" | "near-title";

/** Why a dump shared by several title groups did not merge them. */
export type UnmergedReason = "generic" | "compilation" | "kind";

export interface UnmergedDump {
  readonly key: string;
  readonly titles: readonly string[];
  readonly reason: UnmergedReason;
}

export interface WorkGroups {
  /** Each work: indexes into the input, in input order. */
  readonly groups: readonly (readonly number[])[];
  /** Per work, the evidence that joined its title groups (empty when it is one title group). */
  readonly evidence: readonly (readonly MergeEvidence[])[];
  /** Dumps shared by several title groups that stayed apart, and why. */
  readonly unmerged: readonly UnmergedDump[];
  /** Arcade "A / B" titles whose parts name two works that disagree: a board holding several games, joined to none. */
  readonly compilations: readonly CompilationTitle[];
}

/** An "A / B" release (index into the input) and the first item of each title group its parts name. */
export interface CompilationTitle {
  readonly item: number;
  readonly games: readonly number[];
}

/**
 * A file shared by more title groups than this is generic (a demo disk listed under each of its
 * programs, a shared data file), not an identity: one dump under two names is the common case.
 */
export const GENERIC_DUMP_GROUPS = 2;

/** BIOS files are firmware that many games ship: they never join another record by dump. */
export function joinsOtherWorks(kind: ContentKind): boolean {
  return kind !== "bios";
}

/** The set name a release joins other collections by: none for a hack, which reuses its parent's set name for another release. */
export function joiningSetName(setName: string | undefined, flags: readonly string[]): string | undefined {
  return flags.includes("Hack") ? undefined : setName;
}

/** How the title groups that share one dump join: each part becomes one work, and `reason` says why they are not all one. */
export interface SharedDumpJoin {
  /** Indexes into the given groups; a part of one group joins nothing. */
  readonly parts: readonly (readonly number[])[];
  readonly reason: UnmergedReason | undefined;
}

/**
 * The same-dump rule for the title groups (two or more) that share one dump: nothing joins when
 * the file is generic (more than {@link GENERIC_DUMP_GROUPS} single games or compilations share it)
 * or the kinds differ; otherwise they all join, except that a compilation that is the same file
 * as one of its own games stays apart from the single games (each side still joins).
 */
export function joinSharedDump(groups: readonly Pick<WorkInput, "kind" | "title" | "titleKey">[]): SharedDumpJoin {
  const compilations: number[] = [];
  const singles: number[] = [];
  groups.forEach((g, i) => {
    (looksLikeCompilation(g.title) ? compilations : singles).push(i);
  });
  if (singles.length > GENERIC_DUMP_GROUPS || compilations.length > GENERIC_DUMP_GROUPS) return { parts: [], reason: "generic" };
  if (new Set(groups.map((g) => g.kind)).size > 1) return { parts: [], reason: "kind" };
  const member = singles.some((s) => compilations.some((c) => isMemberOf(groups[s]?.titleKey ?? "", groups[c]?.titleKey ?? "")));
  if (!member) return { parts: [groups.map((_, i) => i)], reason: undefined };
  return { parts: [singles, compilations].filter((part) => part.length > 0), reason: "compilation" };
}

/** Between a title group key and its product's part number, when one title is several products (same-title.ts): never joined again. */
export const PART_SEPARATOR = "\u0001";
/** Before the part number of a work split from a title by its credits (same-title.ts): the same dump still joins it. */
export const WEAK_PART_SEPARATOR = "\u0002";

/** One product code names at most this many regional titles (Japan, North America, Europe). */
const MAX_CODE_GROUPS = 3;

/** Regions that stand for several; they overlap every region. */
const WIDE_REGIONS: ReadonlySet<string> = new Set(["World"]);

function overlaps(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  for (const region of a) if (WIDE_REGIONS.has(region) || b.has(region)) return true;
  for (const region of b) if (WIDE_REGIONS.has(region)) return true;
  return false;
}

/** True when both sets name one region itself ("Europe" and "Europe"; "World" stands for several, not for one). */
function sharesRegion(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const region of a) if (!WIDE_REGIONS.has(region) && b.has(region)) return true;
  return false;
}

/**
 * Groups one platform's releases into works. Title groups (same kind, same clean title) are
 * joined when strong evidence says they are one work, and never across kinds:
 * - the same arcade set name in several collections, and an arcade "A / B" title with "A" and "B";
 * - the same dump (identical files, none tiny) under two names, unless the file is shared by more
 *   than {@link GENERIC_DUMP_GROUPS} titles; a compilation's name never joins a single game's;
 * - the same region-free Nintendo serial code under regional titles ("Rockman X" SHVC-RX and
 *   "Mega Man X" SNS-RX-USA), unless two of the titles share a region (a code reused for another
 *   product, an "Easy Type" version) or their years or developers disagree; only retail releases'
 *   codes count (a beta often carries its predecessor's), and the reused two-character SNES codes
 *   only when the files have the same size;
 * - a curated clone list's group (the same kind only), and a TOSEC "[aka …]" title.
 */
export function groupWorks(items: readonly WorkInput[]): WorkGroups {
  const uf = new UnionFind(items.length);
  const first = new Map<string, number>();
  items.forEach((item, i) => {
    const at = first.get(item.groupKey);
    if (at === undefined) first.set(item.groupKey, i);
    else uf.union(at, i);
  });
  /** The title group of each item: the union of the first grouping alone. */
  const titleGroup = items.map((_, i) => uf.find(i));
  const joins: { a: number; b: number; evidence: MergeEvidence }[] = [];
  const unmerged: UnmergedDump[] = [];

  const bySet = new Map<string, number[]>();
  items.forEach((item, i) => {
    // One set in several collections is one work, a BIOS set included.
    if (item.setName) pushTo(bySet, `${item.kind}\u0000${item.setName}`, i);
  });
  for (const list of bySet.values()) for (const i of list.slice(1)) joins.push({ a: list[0] ?? i, b: i, evidence: "set-name" });

  // "Aero Fighters 2 / Sonic Wings 2" is "Aero Fighters 2" of another collection, and "Sonic Wings 2".
  const byTitle = new Map<string, number>();
  items.forEach((item, i) => {
    if (item.titleParts.length === 0) byTitle.set(`${item.kind}\u0000${item.titleKey}`, titleGroup[i] ?? i);
  });
  const facts = titleGroupFacts(items, titleGroup);
  const compilations: CompilationTitle[] = [];
  // "Party Time: Gonta the Diver II / Ganbare! Gonta!! 2" is the same title in the other order.
  const byParts = new Map<string, number>();
  const familyOf = new Map<number, Set<string>>();
  items.forEach((item, i) => {
    if (item.titleParts.length > 0 || (!item.setName && !item.parentSet)) return;
    const g = titleGroup[i] ?? i;
    const sets = familyOf.get(g) ?? new Set<string>();
    for (const set of [item.setName, item.parentSet]) if (set) sets.add(set);
    familyOf.set(g, sets);
  });
  items.forEach((item, i) => {
    const named = new Set<number>();
    for (const part of item.titleParts) {
      const other = byTitle.get(`${item.kind}\u0000${part}`);
      if (other === undefined || other === titleGroup[i]) continue;
      // A title whose sets are clones of this one's, or its parent's, is this game under its other title.
      const family = familyOf.get(other);
      if ((item.setName && family?.has(item.setName)) || (item.parentSet && family?.has(item.parentSet)))
        joins.push({ a: i, b: other, evidence: "title-part" });
      else named.add(other);
    }
    // Parts naming two works whose facts disagree make a board of two games ("Street Smart / Final Fight"), not one game's two titles.
    const [first, ...rest] = [...named];
    const board = first !== undefined && rest.some((g) => disagree(facts(first), facts(g), false));
    if (board) compilations.push({ item: i, games: [...named] });
    else if (rest.length > 0) for (const other of named) joins.push({ a: i, b: other, evidence: "title-part" });
    else
      for (const other of named) {
        const own = {
          companies: companies(item.developer),
          years: item.year === undefined ? [] : [item.year],
          codes: new Set<string>(),
          sources: new Set<string>(),
          regions: new Set<string>(),
        };
        if (!disagree(own, facts(other), false)) joins.push({ a: i, b: other, evidence: "title-part" });
      }
    if (item.titleParts.length < 2) return;
    const parts = `${item.kind}\u0000${[...item.titleParts].sort().join("\u0000")}`;
    const other = byParts.get(parts);
    if (other === undefined) byParts.set(parts, i);
    else joins.push({ a: other, b: i, evidence: "title-part" });
  });

  const byDump = new Map<string, number[]>();
  items.forEach((item, i) => {
    if (joinsOtherWorks(item.kind)) for (const key of item.dumpKeys) pushTo(byDump, key, i);
  });
  for (const [key, list] of byDump) {
    const groups = distinctGroups(list, titleGroup);
    if (groups.length < 2) continue;
    const plan = joinSharedDump(groups.map((g) => items[g] ?? { kind: "game", title: "", titleKey: "" }));
    if (plan.reason) unmerged.push({ key, titles: groups.map((g) => items[g]?.title ?? ""), reason: plan.reason });
    for (const part of plan.parts) {
      const head = groups[part[0] ?? 0] ?? 0;
      for (const p of part.slice(1)) joins.push({ a: head, b: groups[p] ?? head, evidence: "same-dump" });
    }
  }

  const byCode = new Map<string, number[]>();
  /** Title groups that retail product codes show to be different products. */
  const distinct: [number, number][] = [];
  items.forEach((item, i) => {
    if (item.serialCode && item.kind === "game" && item.retail) pushTo(byCode, item.serialCode.code, i);
  });
  for (const list of byCode.values()) {
    const groups = distinctGroups(list, titleGroup);
    if (groups.length < 2 || groups.length > MAX_CODE_GROUPS) continue;
    const regions = groups.map((g) => new Set(list.filter((i) => titleGroup[i] === g).flatMap((i) => items[i]?.regions ?? [])));
    let apart = true;
    for (let x = 0; x < regions.length; x++)
      for (let y = x + 1; y < regions.length; y++) {
        if (!overlaps(regions[x] ?? new Set(), regions[y] ?? new Set())) continue;
        apart = false;
        // One code under two titles in one named region is two products: no clone list joins them either.
        if (sharesRegion(regions[x] ?? new Set(), regions[y] ?? new Set())) distinct.push([groups[x] ?? 0, groups[y] ?? 0]);
      }
    if (!apart) continue;
    if (items[list[0] ?? 0]?.serialCode?.short) {
      const sizes = new Set(list.map((i) => items[i]?.size));
      if (sizes.size !== 1 || sizes.has(undefined)) continue;
    }
    const releases = list.map((i) => items[i]).filter((x): x is WorkInput => x !== undefined);
    if (contradicts(releases)) {
      // One code under two developers is two products (a licence re-skinned): no clone list joins them either.
      if (developersDiffer(releases))
        for (let x = 0; x < groups.length; x++) for (let y = x + 1; y < groups.length; y++) distinct.push([groups[x] ?? 0, groups[y] ?? 0]);
      continue;
    }
    for (const g of groups.slice(1)) joins.push({ a: groups[0] ?? g, b: g, evidence: "serial-code" });
  }

  // A curated clone list's group is one game; "[aka …]" names another title of the same kind on the platform.
  const byClone = new Map<string, number[]>();
  items.forEach((item, i) => {
    for (const group of item.cloneGroups ?? []) pushTo(byClone, `${item.kind}\u0000${group}`, i);
  });
  for (const list of byClone.values()) for (const i of list.slice(1)) joins.push({ a: list[0] ?? i, b: i, evidence: "clone-list" });
  items.forEach((item, i) => {
    for (const key of item.akaKeys ?? []) {
      const other = byTitle.get(`${item.kind}\u0000${key}`);
      if (other !== undefined) joins.push({ a: i, b: other, evidence: "aka-title" });
    }
  });

  joins.push(...nearTitleJoins(items, titleGroup, facts));

  const evidenceOf = new Map<number, Set<MergeEvidence>>();
  // The group keys in each work, so that two works one title was split into never join again.
  const keysOf = new Map<number, Set<string>>();
  items.forEach((item, i) => {
    const root = uf.find(i);
    let keys = keysOf.get(root);
    if (!keys) keysOf.set(root, (keys = new Set()));
    keys.add(item.groupKey);
  });
  const pending: MergeEvidence[] = [];
  for (const { a, b, evidence } of joins) {
    const ra = uf.find(a);
    const rb = uf.find(b);
    if (ra === rb) continue;
    const ka = keysOf.get(ra) ?? new Set<string>();
    const kb = keysOf.get(rb) ?? new Set<string>();
    if (splitApart(ka, kb)) continue;
    if ((evidence === "clone-list" || evidence === "aka-title") && provedDistinct(distinct, uf, ra, rb)) continue;
    const ea = evidenceOf.get(ra);
    const eb = evidenceOf.get(rb);
    uf.union(ra, rb);
    const root = uf.find(ra);
    const merged = new Set<MergeEvidence>([...(ea ?? pending), ...(eb ?? pending), evidence]);
    evidenceOf.delete(ra);
    evidenceOf.delete(rb);
    evidenceOf.set(root, merged);
    keysOf.delete(ra === root ? rb : ra);
    keysOf.set(root, ka.size >= kb.size ? addAll(ka, kb) : addAll(kb, ka));
  }

  const index = new Map<number, number>();
  const groups: number[][] = [];
  const evidence: MergeEvidence[][] = [];
  items.forEach((_, i) => {
    const root = uf.find(i);
    let at = index.get(root);
    if (at === undefined) {
      at = groups.length;
      index.set(root, at);
      groups.push([]);
      evidence.push([...(evidenceOf.get(root) ?? [])].sort());
    }
    groups[at]?.push(i);
  });
  return { groups, evidence, unmerged, compilations };
}

/** A group key without its credits' part: the product it belongs to ("x\u00011\u00022" → "x\u00011"). */
function productKey(key: string): string {
  const at = key.indexOf(WEAK_PART_SEPARATOR);
  return at < 0 ? key : key.slice(0, at);
}

/** The title a group key was split from: the key before its part numbers ("labyrinth\u00011" → "labyrinth"). */
function splitFamily(key: string): string {
  const product = productKey(key);
  const at = product.indexOf(PART_SEPARATOR);
  return at < 0 ? product : product.slice(0, at);
}

/** True when the two sets hold different products of one split title. */
function splitApart(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  const families = new Map<string, string>();
  for (const key of a) families.set(splitFamily(key), productKey(key));
  for (const key of b) {
    const other = families.get(splitFamily(key));
    if (other !== undefined && other !== productKey(key)) return true;
  }
  return false;
}

/** True when a pair of title groups shown to be different products lies across the two works. */
function provedDistinct(pairs: readonly (readonly [number, number])[], uf: UnionFind, ra: number, rb: number): boolean {
  for (const [x, y] of pairs) {
    const fx = uf.find(x);
    const fy = uf.find(y);
    if ((fx === ra && fy === rb) || (fx === rb && fy === ra)) return true;
  }
  return false;
}

function addAll(into: Set<string>, from: ReadonlySet<string>): Set<string> {
  for (const key of from) into.add(key);
  return into;
}

/** True when the releases' known years lie more than two years apart or their known developers differ. */
function contradicts(list: readonly WorkInput[]): boolean {
  const years = list.map((x) => x.year).filter((y): y is number => y !== undefined);
  if (years.length > 1 && Math.max(...years) - Math.min(...years) > 2) return true;
  return developersDiffer(list);
}

/** True when the releases' known developers differ. */
function developersDiffer(list: readonly WorkInput[]): boolean {
  const developers = new Set(
    list
      .map((x) => x.developer)
      .filter((d): d is string => Boolean(d))
      .map(companyWord),
  );
  return developers.size > 1;
}

/** The title groups of `list`, each once, as the first item of each. */
function distinctGroups(list: readonly number[], titleGroup: readonly number[]): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  for (const i of list) {
    const g = titleGroup[i] ?? i;
    if (seen.has(g)) continue;
    seen.add(g);
    out.push(g);
  }
  return out;
}

/** What a title group's releases say of who made it and when, to test a join against. */
interface GroupFacts {
  /** Companies the group's own releases credit ({@link companies}); clones and hacks left out. */
  readonly companies: ReadonlySet<string>;
  readonly years: number[];
  /** Region-free retail product codes. */
  readonly codes: Set<string>;
  /** The collections listing the group's releases. */
  readonly sources: Set<string>;
  /** The regions its releases name. */
  readonly regions: Set<string>;
}

/**
 * Each title group's {@link GroupFacts}, by the group's root item, made on first use: only the
 * groups a join is tested for are read, by a chain through their items (no list per group).
 */
function titleGroupFacts(items: readonly WorkInput[], titleGroup: readonly number[]): (group: number) => GroupFacts {
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
    };
    for (let i = head[group] ?? -1; i >= 0; i = next[i] ?? -1) {
      const item = items[i];
      if (!item) continue;
      if (item.source) f.sources.add(item.source);
      for (const r of item.regions) f.regions.add(r);
      if (item.serialCode && item.retail && item.kind === "game") f.codes.add(item.serialCode.code);
      if (item.clone) continue;
      for (const c of companies(item.developer)) f.companies.add(c);
      if (item.year !== undefined) f.years.push(item.year);
    }
    made.set(group, f);
    return f;
  };
}

/** Years further apart than this, with no company in common, are two works ("Super Tetris" 1991 and 1995). */
const SAME_WORK_YEARS = 2;

/**
 * True when two title groups' facts say they are different works: retail codes none of which is
 * in both, credits with no company in common, or years more than {@link SAME_WORK_YEARS} apart.
 * `strict` also asks that both credit a company.
 */
function disagree(a: GroupFacts, b: GroupFacts | undefined, strict: boolean): boolean {
  if (!b) return strict;
  if (a.codes.size > 0 && b.codes.size > 0 && ![...a.codes].some((c) => b.codes.has(c))) return true;
  if (strict && (a.companies.size === 0 || b.companies.size === 0)) return true;
  if (noCompanyInCommon(a.companies, b.companies)) return true;
  if (a.years.length > 0 && b.years.length > 0) {
    const gap = Math.max(Math.min(...b.years) - Math.max(...a.years), Math.min(...a.years) - Math.max(...b.years));
    if (gap > SAME_WORK_YEARS) return true;
  }
  return false;
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
function nearTitleJoins(
  items: readonly WorkInput[],
  titleGroup: readonly number[],
  facts: (group: number) => GroupFacts,
): { a: number; b: number; evidence: MergeEvidence }[] {
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
  const joins: { a: number; b: number; evidence: MergeEvidence }[] = [];
  const tryJoin = (a: number, b: number, strict: boolean): boolean => {
    const ia = items[a];
    const ib = items[b];
    if (!ia || !ib || a === b || splitFamily(ia.groupKey) === splitFamily(ib.groupKey)) return false;
    if (disagree(facts(a), facts(b), strict)) return false;
    joins.push({ a, b, evidence: "near-title" });
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

/**
 * True when two title groups' facts vouch for a misspelling being one title: a company credited by
 * both, a retail code both have, releases of different regions, or two collections naming it (within one collection, names
 * a letter apart are two products: "Flash Gordon" and "Flush Gordon").
 */
function confirm(a: GroupFacts, b: GroupFacts): boolean {
  for (const c of a.companies) if (b.companies.has(c)) return true;
  for (const c of a.codes) if (b.codes.has(c)) return true;
  // Releases of two regions a letter apart are one product's regional names; two of one region are two products.
  if (a.regions.size > 0 && b.regions.size > 0 && ![...a.regions].some((r) => b.regions.has(r))) return true;
  for (const x of a.sources) if (b.sources.has(x)) return false;
  return a.sources.size > 0 && b.sources.size > 0;
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
  items: readonly WorkInput[],
  roots: readonly { item: number; key: string }[],
  agree: (a: number, b: number) => boolean,
): { a: number; b: number; evidence: MergeEvidence }[] {
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
  const joins: { a: number; b: number; evidence: MergeEvidence }[] = [];
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
        if (agree(ra, rb)) joins.push({ a: ra, b: rb, evidence: "near-title" });
      }
  }
  return joins;
}
