import { companies, makerInCommon } from "./company-word.ts";

/** What the regional-clone rule reads of one arcade set (one entry per set name; the caller picks a MAME entry's). */
export interface RegionalCloneSet {
  readonly setName: string;
  /** The title key of the set's own DAT name. */
  readonly titleKey: string;
  readonly developer: string | undefined;
  readonly year: number | undefined;
  /** Bytes of the set's zip. */
  readonly size: number | undefined;
  /**
   * A set a MAME collection lists that no name, tag or credit calls a hack, bootleg or prototype:
   * its credit and its name's family are MAME's curation, not a reworker's.
   */
  readonly curated: boolean;
}

/** A clone's set name is its parent's plus one or two letters ("rygarj" of "rygar", "lwingsjp" of "lwings"); a digit names a sequel ("jchan2"). */
const CLONE_SUFFIX_RE = /^[a-z]{1,2}$/;

/** Words a spin-off adds to its original's title ("Hang-On Jr.", a game of its own on another board); either in both titles adds nothing ("Donkey Kong Jr." of "Donkey Kong Junior"). */
const SPIN_OFF_WORDS: ReadonlySet<string> = new Set(["jr", "junior"]);

/** True when a title key holds a spin-off word. */
function spinOff(key: string): boolean {
  return key.split(" ").some((word) => SPIN_OFF_WORDS.has(word));
}

/**
 * The title keys that name another title's game in another region or edition, each with that
 * title's key: "Argus no Senshi (Japan)" is Rygar's, "Ares no Tsubasa" Legendary Wings', "P-47 -
 * The Freedom Fighter" The Phantom Fighter's. MAME names a clone after its parent's set plus letters
 * and, in a split DAT, zips only the files it changes, so a curated set whose name is another's
 * plus one or two letters, dated the same year, by a maker in common, with a smaller zip, is that
 * set's game under another title. A title goes only when every curated set of it is such a clone of
 * sets of one other title, so a title two games share stays where it is; a sequel's set name ends
 * in a digit ("jchan2", "shougi2"), a spin-off adds "Jr." to the title, and an installment glues letters to
 * the parent's last word ("Puzzle Bobble 2X"): none of them joins.
 */
export function regionalCloneTitles(sets: readonly RegionalCloneSet[]): Map<string, string> {
  const bySet = new Map<string, RegionalCloneSet>();
  for (const set of sets) if (set.curated && !bySet.has(set.setName)) bySet.set(set.setName, set);
  // Each title's parent title and the clone that names it, or null once one of its curated sets is no clone of it.
  const parents = new Map<string, { title: string; clone: RegionalCloneSet } | null>();
  const others = new Map<string, RegionalCloneSet[]>();
  for (const set of bySet.values()) {
    const parent = parentTitle(set, bySet);
    if (parent === SAME_TITLE) continue;
    if (parent === null) {
      others.set(set.titleKey, [...(others.get(set.titleKey) ?? []), set]);
      continue;
    }
    const known = parents.get(set.titleKey);
    parents.set(
      set.titleKey,
      parent !== undefined && (known === undefined || known?.title === parent) ? { title: parent, clone: set } : null,
    );
  }
  const out = new Map<string, string>();
  for (const [title, parent] of parents) {
    if (parent === null) continue;
    // A set of the title whose name extends no other (MAME 2003's "commandj" beside "commandoj") counts if it is of the clone's year and maker.
    const maker = companies(parent.clone.developer);
    const agree = (others.get(title) ?? []).every(
      (set) => set.year === parent.clone.year && makerInCommon(companies(set.developer), maker),
    );
    if (agree) out.set(title, parent.title);
  }
  // A clone of a clone is the first game's: follow each title to the end of its chain.
  for (const title of out.keys()) {
    const seen = new Set<string>([title]);
    let at = out.get(title) as string;
    while (out.has(at) && !seen.has(at)) {
      seen.add(at);
      at = out.get(at) as string;
    }
    out.set(title, at);
  }
  for (const [title, parent] of out) if (parent === title) out.delete(title);
  return out;
}

/** True when a set's name is another set's plus one or two letters: a clone, zipped without its parent's files. */
function extendsAnother(setName: string, bySet: ReadonlyMap<string, RegionalCloneSet>): boolean {
  return bySet.has(setName.slice(0, -1)) || bySet.has(setName.slice(0, -2));
}

/** A set whose name extends a set of its own title ("rygarj2" of "rygarj"): it says nothing of the title's parent. */
const SAME_TITLE = Symbol("same title");

/**
 * The title key of the set `set` is a regional clone of, by the longest other set name its own extends by
 * letters; undefined when that set's facts disagree, null when its name extends no other set's,
 * {@link SAME_TITLE} when it extends a set of its own title.
 */
function parentTitle(set: RegionalCloneSet, bySet: ReadonlyMap<string, RegionalCloneSet>): string | undefined | null | typeof SAME_TITLE {
  for (const cut of [1, 2]) {
    const name = set.setName.slice(0, -cut);
    const parent = bySet.get(name);
    if (parent === undefined) continue;
    if (parent.titleKey === set.titleKey) return SAME_TITLE;
    if (!CLONE_SUFFIX_RE.test(set.setName.slice(-cut))) return undefined;
    if (set.year === undefined || set.year !== parent.year) return undefined;
    if (!makerInCommon(companies(set.developer), companies(parent.developer))) return undefined;
    // A split DAT zips a clone's own files only, so a clone is smaller than a full parent; beside another clone's zip its size says nothing.
    if (!set.size || !parent.size || (set.size >= parent.size && !extendsAnother(parent.setName, bySet))) return undefined;
    if (spinOff(set.titleKey) && !spinOff(parent.titleKey)) return undefined;
    // Letters glued to the parent's last word make another installment of it ("Puzzle Bobble 2X" of "Puzzle Bobble 2").
    const next = set.titleKey.charAt(parent.titleKey.length);
    if (set.titleKey.startsWith(parent.titleKey) && next !== "" && next !== " ") return undefined;
    return parent.titleKey;
  }
  return null;
}
