import { pushTo } from "../../core/multi-map.ts";
import { titleKey, titleWords } from "../names/title-key.ts";
import { companies, companyWord } from "./company-word.ts";
import type { ContentKind } from "./content-kind.ts";
import { isMemberOf, looksLikeCompilation } from "./dump-keys.ts";
import type { SerialCode } from "./serial-code.ts";
import { editionTitles } from "./edition-titles.ts";
import { sharedBuildPairs } from "./build-dates.ts";
import { aftermarketApart, disagree, type GroupFacts, SAME_WORK_YEARS, titleGroupFacts } from "./group-facts.ts";
import { nearTitleJoins } from "./near-titles.ts";
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
  /** The languages the release's name lists (none when it lists none). */
  readonly languages?: readonly string[];
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
  /** Arcade: the title key of the game whose regional clone the set's title is by MAME's set names (identity/regional-clones.ts). */
  readonly cloneOfTitle?: string;
  /** An arcade clone, bootleg or hack set: its credits do not speak for its title's game. */
  readonly clone?: boolean;
  /** Arcade: the parent set a clone names (MAME's `cloneof`). */
  readonly parentSet?: string;
  /** The developer the release's own DAT entry names (DOS, arcade, TOSEC), not one looked up by its files. */
  readonly creditedDeveloper?: string;
  /** The most authoritative collection listing the release ("no-intro", "tosec", "dat", ...). */
  readonly source?: string;
  /** @see FactsInput.datedYear */
  readonly datedYear?: number;
  /** @see FactsInput.ownSerial */
  readonly ownSerial?: string;
  /** The licence or series the metadata names ("Garfield", "Mickey Mouse"). */
  readonly franchise?: string;
  /** @see FactsInput.aftermarket */
  readonly aftermarket?: boolean;
  /** A disc packed beside a game, named after it (identity/bonus-disc.ts): another work than the game. */
  readonly bonusDisc?: boolean;
  /** Arcade: the builds the set's name dates (identity/build-dates.ts). */
  readonly buildDates?: readonly string[];
}

/** Why two title groups became one work. */
export type MergeEvidence =
  | "same-dump"
  | "set-name"
  | "serial-code"
  | "title-part"
  | "build-date"
  | "clone-list"
  | "aka-title"
  | "clone-set"
  | "near-title";

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
  /** Larger editions a clone-list group names beside their game and kept apart from it (items of each title group): to be linked. */
  readonly editions: readonly { readonly edition: number; readonly game: number }[];
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
/** @see sizeRatio */
const CODE_SIZE_RATIO = 2;

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

/** What a clone-list group's join reads of one of its title groups. */
interface CloneSide {
  readonly item: WorkInput | undefined;
  readonly facts: GroupFacts;
  /** Its retail product codes by region. */
  readonly codes: Map<string, Set<string>> | undefined;
  /** The franchises its releases' metadata names. */
  readonly franchises: ReadonlySet<string>;
}

/**
 * True when two title groups one clone-list group names are two products, not one game's names:
 * - a title with a second product bundled on ("X" and "X + 1989"), in any region;
 * - two licences on one engine: franchises from the metadata with none in common ("Garfield
 *   Labyrinth" and "Mickey Mouse IV");
 * - releases of the same regions (a group also lists a game's re-release or larger edition there)
 *   where one title is the other with words before or after it, under Nintendo product codes none
 *   of which is in both ("Yakuman DS" AMJJ and "Wi-Fi Taiou - Yakuman DS" AYKJ, both Japan), or
 *   titles of two editions ({@link editionTitles}).
 */
function otherProduct(a: CloneSide, b: CloneSide): boolean {
  if (!a.item || !b.item) return false;
  const ta = { key: a.item.titleKey, title: a.item.title };
  const tb = { key: b.item.titleKey, title: b.item.title };
  if (plusEdition(ta, tb)) return true;
  if (a.franchises.size > 0 && b.franchises.size > 0 && ![...a.franchises].some((f) => b.franchises.has(f))) return true;
  if (largerEdition(a, b) || largerEdition(b, a)) return true;
  if (!sameRegions(a.facts.regions, b.facts.regions)) return false;
  const [short, long] = ta.key.length < tb.key.length ? [ta.key, tb.key] : [tb.key, ta.key];
  if (short !== long && (long.startsWith(`${short} `) || long.endsWith(` ${short}`))) {
    for (const [region, own] of a.codes ?? []) {
      const other = b.codes?.get(region);
      if (other && ![...own].some((c) => other.has(c))) return true;
    }
  }
  return editionTitles(ta, tb);
}

/** Words that name a game's enlarged edition sold on its own: "Joker 2 - Professional", "Sudoku 2 Deluxe". */
const EDITION_WORD_RE = /^(?:professional|deluxe|plus|special|complete|ultimate|gold|premium|definitive|directors cut)$/;

/**
 * True when `big`'s title is `small`'s with an edition word after it, under a retail product code
 * of a region both are sold in that `small` has not there, on larger files: an edition of the game
 * sold beside it ("Dragon Quest Monsters - Joker 2 - Professional", B2JJ, 256 MB, beside "Joker 2",
 * CJRJ, 128 MB, both Japan). A region's retitle with such a word ("X Plus" in Japan only) shares no
 * region with the game, so it still joins.
 */
function largerEdition(big: CloneSide, small: CloneSide): boolean {
  if (!big.item || !small.item) return false;
  const rest = big.item.titleKey.startsWith(`${small.item.titleKey} `) ? big.item.titleKey.slice(small.item.titleKey.length + 1) : "";
  if (!EDITION_WORD_RE.test(rest)) return false;
  if (big.facts.largest === 0 || big.facts.largest <= small.facts.largest) return false;
  for (const [region, own] of big.codes ?? []) {
    const other = small.codes?.get(region);
    if (other && ![...own].some((c) => other.has(c))) return true;
  }
  return false;
}

/** True when one title is the other with " + " and a second product after it: "Prince of Persia - The Forgotten Sands + 1989". */
function plusEdition(a: { key: string; title: string }, b: { key: string; title: string }): boolean {
  if (a.key === b.key || a.key === "" || b.key === "") return false;
  const [short, long] = a.key.length < b.key.length ? [a, b] : [b, a];
  return long.key.startsWith(`${short.key} `) && BUNDLE_PARTS_RE.test(long.title) && !BUNDLE_PARTS_RE.test(short.title);
}

/**
 * True when an "A / B" set is dated more than {@link SAME_WORK_YEARS} years after the first set of
 * each of the two or more works its parts name: a later board holding those games ("Tetris /
 * Bloxeed", a 2006 bootleg of Sega's 1988 and 1989 games) when it credits none of their makers,
 * not one game's regional titles, which come out together, or a maker's own later port of its game
 * ("Puzzle Bobble 2 / Bust-A-Move Again (Neo-Geo)", Taito 1999).
 */
function laterBoard(item: WorkInput, named: readonly GroupFacts[]): boolean {
  const year = item.year;
  if (year === undefined || named.length < 2) return false;
  const own = [...companies(item.developer)];
  return named.every((f) => f.years.length > 0 && year - Math.min(...f.years) > SAME_WORK_YEARS && !own.some((c) => f.companies.has(c)));
}

/** True when both sets name the same regions, at least one. */
function sameRegions(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || a.size !== b.size) return false;
  for (const region of a) if (!b.has(region)) return false;
  return true;
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
 * - a curated clone list's group (the same kind only), a TOSEC "[aka …]" title, and an arcade title
 *   whose sets MAME names as clones of another title's (identity/regional-clones.ts).
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
  const editions: { edition: number; game: number }[] = [];

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
    const board =
      first !== undefined && (rest.some((g) => disagree(facts(first), facts(g), false)) || laterBoard(item, [...named].map(facts)));
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
          credited: new Set<string>(),
          dated: [],
          serials: new Set<string>(),
          largest: 0,
        };
        if (!disagree(own, facts(other), false)) joins.push({ a: i, b: other, evidence: "title-part" });
      }
    if (item.titleParts.length < 2) return;
    const parts = `${item.kind}\u0000${[...item.titleParts].sort().join("\u0000")}`;
    const other = byParts.get(parts);
    if (other === undefined) byParts.set(parts, i);
    else joins.push({ a: other, b: i, evidence: "title-part" });
  });

  // One build shipped under two regional titles, twice over, is one game ("Street Fighter Alpha" and "Street Fighter Zero").
  const datesOf = new Map<number, string[]>();
  items.forEach((item, i) => {
    if (item.kind !== "game" || !item.buildDates?.length) return;
    for (const date of item.buildDates) pushTo(datesOf, titleGroup[i] ?? i, date);
  });
  for (const [a, b] of sharedBuildPairs(datesOf)) {
    const fa = facts(a);
    const fb = facts(b);
    if (fa && fb && [...fa.companies].some((c) => fb.companies.has(c)) && !disagree(fa, fb, false))
      joins.push({ a, b, evidence: "build-date" });
  }

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
    // A demo disc series keeps one code for every issue: discs dated to other months are other discs.
    if (datesDiffer(groups.map((g) => items[g]?.title ?? ""))) {
      for (let x = 0; x < groups.length; x++) for (let y = x + 1; y < groups.length; y++) distinct.push([groups[x] ?? 0, groups[y] ?? 0]);
      continue;
    }
    const ratio = sizeRatio(list, items);
    if (items[list[0] ?? 0]?.serialCode?.short) {
      // One SNES game keeps its cartridge's size in every region: a reused two-character code's carts more than a doubling apart are two products, which no clone list joins either.
      if (ratio > CODE_SIZE_RATIO)
        for (let x = 0; x < groups.length; x++) for (let y = x + 1; y < groups.length; y++) distinct.push([groups[x] ?? 0, groups[y] ?? 0]);
      const sizes = new Set(list.map((i) => items[i]?.size));
      if (sizes.size !== 1 || sizes.has(undefined)) continue;
    }
    if (ratio > CODE_SIZE_RATIO) continue;
    // At exactly a doubling that no more languages explain, titles with nothing in common are a reused code's two products.
    if (ratio === CODE_SIZE_RATIO && !doublingByLanguages(list, items) && strangers(list, titleGroup, items)) continue;
    const releases = list.map((i) => items[i]).filter((x): x is WorkInput => x !== undefined);
    if (contradicts(releases)) {
      // One code under two developers is two products (a licence re-skinned): no clone list joins them either.
      if (developersDiffer(releases))
        for (let x = 0; x < groups.length; x++) for (let y = x + 1; y < groups.length; y++) distinct.push([groups[x] ?? 0, groups[y] ?? 0]);
      continue;
    }
    // A bundle's code on a title that holds one of its games and lacks another sold on its own is two products, not one.
    const lacking = new Set(groups.filter((g) => groups.some((b) => lacksBundledGame(items[g], items[b], byTitle))));
    for (const side of [groups.filter((g) => !lacking.has(g)), [...lacking]])
      for (const g of side.slice(1)) joins.push({ a: side[0] ?? g, b: g, evidence: "serial-code" });
    for (const g of lacking) for (const other of groups) if (!lacking.has(other)) distinct.push([g, other]);
  }

  // A curated clone list's group is one game; "[aka …]" names another title of the same kind on the platform.
  const byClone = new Map<string, number[]>();
  items.forEach((item, i) => {
    for (const group of item.cloneGroups ?? []) pushTo(byClone, `${item.kind}\u0000${group}`, i);
  });
  for (const list of byClone.values()) {
    // Each title joins the first and, where a pair proven distinct keeps it from that one, the one before it.
    list.forEach((i, at) => {
      if (at > 0) joins.push({ a: list[0] ?? i, b: i, evidence: "clone-list" });
      if (at > 1) joins.push({ a: list[at - 1] ?? i, b: i, evidence: "clone-list" });
    });
    // A clone list puts a game's other products in its group (a larger edition, a reskin): two products, not two names.
    const groups = distinctGroups(list, titleGroup);
    if (groups.length < 2) continue;
    const sides = new Map<number, { codes: Map<string, Set<string>>; franchises: Set<string>; bonus: boolean }>();
    for (const i of list) {
      const item = items[i];
      if (!item) continue;
      const g = titleGroup[i] ?? i;
      let side = sides.get(g);
      if (!side) sides.set(g, (side = { codes: new Map(), franchises: new Set(), bonus: false }));
      if (item.franchise && !item.clone) side.franchises.add(item.franchise);
      if (item.bonusDisc) side.bonus = true;
      if (!item.serialCode || !item.retail || item.kind !== "game") continue;
      for (const region of item.regions) {
        const set = side.codes.get(region) ?? new Set<string>();
        set.add(item.serialCode.code);
        side.codes.set(region, set);
      }
    }
    const sideOf = (g: number): CloneSide => {
      const side = sides.get(g);
      return { item: items[g], facts: facts(g), codes: side?.codes, franchises: side?.franchises ?? new Set() };
    };
    for (let x = 0; x < groups.length; x++)
      for (let y = x + 1; y < groups.length; y++) {
        const gx = groups[x] ?? 0;
        const gy = groups[y] ?? 0;
        const [sx, sy] = [sideOf(gx), sideOf(gy)];
        if (largerEdition(sx, sy)) editions.push({ edition: gx, game: gy });
        else if (largerEdition(sy, sx)) editions.push({ edition: gy, game: gx });
        // A clone list that matches by title also gathers a homebrew program of its game's title, and a bonus disc of the game's.
        if (otherProduct(sx, sy) || aftermarketApart(facts(gx), facts(gy)) || sides.get(gx)?.bonus !== sides.get(gy)?.bonus)
          distinct.push([gx, gy]);
      }
  }
  items.forEach((item, i) => {
    for (const key of item.akaKeys ?? []) {
      const other = byTitle.get(`${item.kind}\u0000${key}`);
      if (other !== undefined) joins.push({ a: i, b: other, evidence: "aka-title" });
    }
    const parent = item.cloneOfTitle === undefined ? undefined : byTitle.get(`${item.kind}\u0000${item.cloneOfTitle}`);
    if (parent !== undefined) joins.push({ a: i, b: parent, evidence: "clone-set" });
  });

  for (const { a, b } of nearTitleJoins(items, titleGroup, facts, splitFamily)) joins.push({ a, b, evidence: "near-title" });

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
    if ((evidence === "clone-list" || evidence === "aka-title" || evidence === "clone-set") && provedDistinct(distinct, uf, ra, rb))
      continue;
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
  return { groups, evidence, unmerged, compilations, editions };
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

/** Joins the games of a bundle's title: "Puzzle & Dragons Z + Puzzle & Dragons Super Mario Bros. Edition". */
const BUNDLE_PARTS_RE = /\s\+\s/;

/**
 * True when `single` holds some of the games a bundle's title names but not another that the
 * platform sells as a title of its own ("PazuDora Z - Puzzle & Dragons Z" under the code of
 * "Puzzle & Dragons Z + Puzzle & Dragons Super Mario Bros. Edition", whose second game is its own
 * product): the bundle is a larger product, not the single's name elsewhere. A name that only
 * leaves out a game sold with it everywhere ("Super Mario Advance 2" and "… + Mario Brothers") is not.
 */
function lacksBundledGame(single: WorkInput | undefined, bundle: WorkInput | undefined, titles: ReadonlyMap<string, number>): boolean {
  if (!single || !bundle || BUNDLE_PARTS_RE.test(single.title) || !BUNDLE_PARTS_RE.test(bundle.title)) return false;
  const parts = bundle.title.split(BUNDLE_PARTS_RE).map(titleKey);
  const held = parts.filter((p) => isMemberOf(p, single.titleKey));
  return held.length > 0 && parts.some((p) => !held.includes(p) && titles.has(`${bundle.kind}\u0000${p}`));
}

/** True when the releases' known years lie more than two years apart or their known developers differ. */
function contradicts(list: readonly WorkInput[]): boolean {
  const years = list.map((x) => x.year).filter((y): y is number => y !== undefined);
  if (years.length > 1 && Math.max(...years) - Math.min(...years) > 2) return true;
  return developersDiffer(list);
}

/**
 * The ratio of the largest to the smallest known size of one product code's releases (1 when fewer
 * than two are known). The regions of one cartridge or download keep its size within a doubling
 * (more languages), while a code reused for another product ("Honda ATV Fever" 16 MB, "Gendai
 * Daisenryaku DS" 64 MB, a 1 MB cheat cartridge beside an 8 MB game) rarely does: above
 * {@link CODE_SIZE_RATIO} the code joins nothing.
 */
function sizeRatio(list: readonly number[], items: readonly WorkInput[]): number {
  let least = Number.POSITIVE_INFINITY;
  let most = 0;
  for (const i of list) {
    const size = items[i]?.size;
    if (size === undefined || size <= 0) continue;
    if (size < least) least = size;
    if (size > most) most = size;
  }
  return most > 0 && least < Number.POSITIVE_INFINITY ? most / least : 1;
}

/**
 * True when the largest of a product code's releases lists more languages than the smallest: one
 * game's European edition ("I Did It Mum! - Picture Book", five languages, 64 MB) doubles its
 * Japanese one (32 MB) to hold them.
 */
function doublingByLanguages(list: readonly number[], items: readonly WorkInput[]): boolean {
  const sized = list.map((i) => items[i]).filter((x): x is WorkInput => x?.size !== undefined && x.size > 0);
  const sizes = sized.map((x) => x.size ?? 0);
  const languages = (size: number): number =>
    Math.max(...sized.filter((x) => x.size === size).map((x) => Math.max(1, x.languages?.length ?? 0)));
  return sized.length > 0 && languages(Math.max(...sizes)) > languages(Math.min(...sizes));
}

/**
 * True when no two of a product code's title groups share a title word or a clone-list group
 * ("Besser Essen - Leben Leicht Gemacht" and "Habu Yoshiharu Shougi de Kitaeru - Ketsudanryoku DS").
 */
function strangers(list: readonly number[], titleGroup: readonly number[], items: readonly WorkInput[]): boolean {
  const sides = new Map<number, { words: Set<string>; clones: Set<number> }>();
  for (const i of list) {
    const item = items[i];
    if (!item) continue;
    const g = titleGroup[i] ?? i;
    let side = sides.get(g);
    if (!side) sides.set(g, (side = { words: new Set(), clones: new Set() }));
    for (const word of titleWords(item.title)) side.words.add(word);
    for (const clone of item.cloneGroups ?? []) side.clones.add(clone);
  }
  const all = [...sides.values()];
  for (let x = 0; x < all.length; x++)
    for (let y = x + 1; y < all.length; y++) {
      const a = all[x];
      const b = all[y];
      if (!a || !b) continue;
      if ([...a.words].some((w) => b.words.has(w)) || [...a.clones].some((c) => b.clones.has(c))) return false;
    }
  return true;
}

/** A month and year in a title: "Interactive Multi-Game Demo Disc - January 2002". */
const MONTH_DATE_RE =
  /\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.? (\d{4})\b/i;

/** True when two of the titles are dated to a month and year and the dates differ. */
function datesDiffer(titles: readonly string[]): boolean {
  const dates = new Set<string>();
  for (const title of titles) {
    const m = MONTH_DATE_RE.exec(title);
    if (m) dates.add(`${(m[1] ?? "").slice(0, 3).toLowerCase()} ${m[2]}`);
  }
  return dates.size > 1;
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
