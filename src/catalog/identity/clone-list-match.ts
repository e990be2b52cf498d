import type { ParsedGameName } from "../names/parse-game-name.ts";
import { titleKey } from "../names/title-key.ts";
import type { ContentKind } from "./content-kind.ts";

/**
 * A clone-list title's filter: when every condition holds for a release the title names, the
 * results apply to that release. Conditions on the user's region order (`regionOrder`) never hold:
 * the catalog serves every user.
 * @see https://github.com/unexpectedpanda/retool/blob/main/docs/contribute-clone-lists-variants-filters.md
 */
export interface CloneFilterInput {
  readonly regions?: readonly string[];
  readonly languages?: readonly string[];
  /** Against the full DAT name. */
  readonly matchString?: RegExp;
  readonly regionOrder?: true;
  /** Another group's name: the release joins that group (or a group of its own when the list has none of that name). */
  readonly group?: string;
  readonly categories?: readonly string[];
  readonly priority?: number;
}

/** What matching reads of a clone-list title (src/catalog/import/retool-data.ts). */
export interface CloneTitleInput {
  readonly searchTerm: string;
  readonly nameType: "short" | "full" | "regex" | "regionFree";
  readonly categories: readonly string[];
  readonly priority?: number;
  readonly filters?: readonly CloneFilterInput[];
}

/** What matching reads of a clone-list group. */
export interface CloneGroupInput {
  /** The group's name, which a filter's `group` result names. */
  readonly group?: string;
  readonly titles: readonly CloneTitleInput[];
  readonly categories: readonly string[];
}

/** What matching reads of a release. */
export interface CloneReleaseInput {
  /** The full DAT name. */
  readonly name: string;
  readonly parsed: Pick<ParsedGameName, "title" | "regions" | "languages" | "extra" | "status" | "flags">;
  readonly kind: ContentKind;
}

/** One title of a group a release is named by. */
export interface CloneMatch {
  readonly group: number;
  readonly title: number;
  /** The title's priority for this release, a filter's when one applies (1, the highest, by default). */
  readonly priority?: number;
  /** When a filter moved the release to `group`: the group whose `titles[title]` named it. */
  readonly titleGroup?: number;
}

/** The clone-list title that named a release, wherever a filter moved it. */
export function namingTitle<T>(groups: readonly { readonly titles: readonly T[] }[], match: CloneMatch): T | undefined {
  return groups[match.titleGroup ?? match.group]?.titles[match.title];
}

/** Retool categories of games: any other (Demos, Video, Audio, Applications, Bonus Discs, ...) is not a retail game. */
const GAME_CATEGORIES: ReadonlySet<string> = new Set(["Games", "Educational"]);

/** A regular expression that names more releases than this is too wide to be one game's (".+"): it is left out. */
const MAX_REGEX_RELEASES = 16;

/** Tags of a demo, kiosk or trial release: Retool lists some under their game's title, but they never join a retail record. */
const TRIAL_RE = /\b(?:demo|kiosk|trial|taikenban|sample|preview)\b/i;

/** True for a demo, kiosk, trial or sample release, which a clone list never brings into a retail record. */
export function isTrialRelease(release: CloneReleaseInput): boolean {
  const p = release.parsed;
  if (p.status === "demo" || p.status === "sample" || p.status === "preview") return true;
  return [...p.extra, ...p.flags].some((tag) => TRIAL_RE.test(tag));
}

/** True when a group or title is categorised as something other than a game (a demo, video, bonus disc, application). */
export function isNonGameCategory(categories: readonly string[]): boolean {
  return categories.some((c) => !GAME_CATEGORIES.has(c));
}

/** A plus sign names another product ("Korg DS-10+ Synthesizer" is not "Korg DS-10 Synthesizer"); Retool compares names with it. */
const PLUS_RE = /\+/g;

/** The key a clone-list name is matched by: its title key, a plus sign kept as a word. */
function cloneKey(text: string): string {
  return titleKey(text.replace(PLUS_RE, " plus "));
}

/** The release's short name with its other tags: "Mega Man X (USA) (Flashback Entertainment) (Unl)" → "mega man x flashback entertainment". */
function taggedKey(release: CloneReleaseInput): string {
  return cloneKey([release.parsed.title, ...release.parsed.extra].join(" "));
}

/** The name without its region and language tags ("Aladdin (Hummer Team) (Pirate)"). */
function regionFreeKey(release: CloneReleaseInput): string {
  const words = new Set([...release.parsed.regions, ...release.parsed.languages]);
  const name = release.name.replace(/\s*\(([^()]*)\)/g, (tag, inner: string) =>
    inner.split(/\s*[,+]\s*/).every((part) => words.has(part)) ? "" : tag,
  );
  return cloneKey(name);
}

/** A release's keys as clone-list names are matched against them ({@link cloneReleaseKeys}). */
export interface CloneReleaseKeys {
  /** Its title's. */
  readonly own: string;
  /** Its title's with its other tags. */
  readonly tagged: string;
  /** Its name's without its region and language tags. */
  readonly regionFree: string;
}

/** Each release's keys, for {@link matchCloneTitles}: an import matches its releases against the groups, then against their compilations and supersets. */
export function cloneReleaseKeys(releases: readonly CloneReleaseInput[]): CloneReleaseKeys[] {
  return releases.map((release) => {
    const own = cloneKey(release.parsed.title);
    return { own, tagged: release.parsed.extra.length === 0 ? own : taggedKey(release), regionFree: regionFreeKey(release) };
  });
}

/**
 * The clone-list titles each release is named by, as Retool matches them: a title's searchTerm
 * against the release's title without tags (by title key), or its title with its other tags where
 * the term names them (the more specific match wins: "Tetris (Tengen)" is not "Tetris"); `full`
 * against the whole DAT name, `regex` as a regular expression over it (one matching more than
 * {@link MAX_REGEX_RELEASES} releases is left out), `regionFree` against the name without its
 * region and language tags. Demo, kiosk and trial releases, and a title or group categorised as
 * something else than a game matched by a game release, match nothing. `moved` receives, by
 * release index, the group a filter sent a release to when no title kept it in its own group:
 * Retool groups it there, a group the list does not hold being the one of that title.
 */
export function matchCloneTitles(
  releases: readonly CloneReleaseInput[],
  groups: readonly CloneGroupInput[],
  moved?: Map<number, string>,
  keys: readonly CloneReleaseKeys[] = cloneReleaseKeys(releases),
): CloneMatch[][] {
  const short = new Map<string, CloneMatch[]>();
  const full = new Map<string, CloneMatch[]>();
  const regionFree = new Map<string, CloneMatch[]>();
  const regexes: { re: RegExp; match: CloneMatch }[] = [];
  groups.forEach((g, group) => {
    g.titles.forEach((t, title) => {
      const match = { group, title };
      const add = (map: Map<string, CloneMatch[]>, key: string): void => {
        if (!key) return;
        const list = map.get(key);
        if (list) list.push(match);
        else map.set(key, [match]);
      };
      if (t.nameType === "full") add(full, t.searchTerm);
      else if (t.nameType === "regionFree") add(regionFree, cloneKey(t.searchTerm));
      else if (t.nameType === "regex") {
        try {
          regexes.push({ re: new RegExp(t.searchTerm), match });
        } catch {
          // An expression JavaScript cannot read names nothing.
        }
      } else add(short, cloneKey(t.searchTerm));
    });
  });
  const out: CloneMatch[][] = releases.map((release, i) => {
    const { own, tagged, regionFree: free } = keys[i] ?? (cloneReleaseKeys([release])[0] as CloneReleaseKeys);
    const named = (tagged !== own ? short.get(tagged) : undefined) ?? short.get(own) ?? [];
    return [...(full.get(release.name) ?? []), ...(regionFree.get(free) ?? []), ...named];
  });
  for (const { re, match } of regexes) {
    const hits: number[] = [];
    releases.forEach((release, i) => {
      if (re.test(release.name)) hits.push(i);
    });
    if (hits.length <= MAX_REGEX_RELEASES) for (const i of hits) out[i]?.push(match);
  }
  const byName = new Map<string, number>();
  groups.forEach((g, i) => {
    if (g.group !== undefined && !byName.has(g.group)) byName.set(g.group, i);
  });
  return out.map((matches, i) => {
    const release = releases[i];
    if (!release || matches.length === 0 || isTrialRelease(release)) return [];
    let target: string | undefined;
    let stays = false;
    const out = matches.flatMap((m): CloneMatch[] => {
      const g = groups[m.group];
      const t = g?.titles[m.title];
      const filter = t?.filters?.find((f) => filterApplies(f, release));
      let match: CloneMatch = {
        group: m.group,
        title: m.title,
        ...(t?.priority !== undefined && t.priority !== 1 ? { priority: t.priority } : {}),
      };
      if (filter?.group === undefined || byName.get(filter.group) === m.group) stays = true;
      else target ??= filter.group;
      if (filter?.group !== undefined) {
        const to = byName.get(filter.group);
        // A group the list does not hold is one of its own: nothing joins the release.
        if (to === undefined || to === m.group) return to === undefined ? [] : [match];
        match = { group: to, title: m.title, titleGroup: m.group };
      }
      if (filter?.priority !== undefined) match = { ...match, priority: filter.priority };
      const categories = filter?.categories ?? [...(g?.categories ?? []), ...(t?.categories ?? [])];
      return release.kind !== "game" || !isNonGameCategory(categories) ? [match] : [];
    });
    if (moved && target !== undefined && !stays) moved.set(i, target);
    return out;
  });
}

/** Whether every condition of a filter holds for a release. */
function filterApplies(filter: CloneFilterInput, release: CloneReleaseInput): boolean {
  if (filter.regionOrder) return false;
  // Retool asks for every listed region and language: ["Fr", "Nl", "Sv", "No", "Da", "Fi"] is the Nordic release, not every French one.
  if (filter.regions && !filter.regions.every((r) => release.parsed.regions.includes(r))) return false;
  if (filter.languages && !filter.languages.every((l) => release.parsed.languages.includes(l))) return false;
  if (filter.matchString && !filter.matchString.test(release.name)) return false;
  return filter.regions !== undefined || filter.languages !== undefined || filter.matchString !== undefined;
}
