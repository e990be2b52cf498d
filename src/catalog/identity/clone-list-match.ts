import type { ParsedGameName } from "../names/parse-game-name.ts";
import { titleKey } from "../names/title-key.ts";
import type { ContentKind } from "./content-kind.ts";

/** What matching reads of a clone-list title (src/catalog/import/retool-data.ts). */
export interface CloneTitleInput {
  readonly searchTerm: string;
  readonly nameType: "short" | "full" | "regex" | "regionFree";
  readonly categories: readonly string[];
}

/** What matching reads of a clone-list group. */
export interface CloneGroupInput {
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

/** The release's short name with its other tags: "Mega Man X (USA) (Flashback Entertainment) (Unl)" → "mega man x flashback entertainment". */
function taggedKey(release: CloneReleaseInput): string {
  return titleKey([release.parsed.title, ...release.parsed.extra].join(" "));
}

/** The name without its region and language tags ("Aladdin (Hummer Team) (Pirate)"). */
function regionFreeKey(release: CloneReleaseInput): string {
  const words = new Set([...release.parsed.regions, ...release.parsed.languages]);
  const name = release.name.replace(/\s*\(([^()]*)\)/g, (tag, inner: string) =>
    inner.split(/\s*[,+]\s*/).every((part) => words.has(part)) ? "" : tag,
  );
  return titleKey(name);
}

/**
 * The clone-list titles each release is named by, as Retool matches them: a title's searchTerm
 * against the release's title without tags (by title key), or its title with its other tags where
 * the term names them (the more specific match wins: "Tetris (Tengen)" is not "Tetris"); `full`
 * against the whole DAT name, `regex` as a regular expression over it (one matching more than
 * {@link MAX_REGEX_RELEASES} releases is left out), `regionFree` against the name without its
 * region and language tags. Demo, kiosk and trial releases, and a title or group categorised as
 * something else than a game matched by a game release, match nothing.
 */
export function matchCloneTitles(releases: readonly CloneReleaseInput[], groups: readonly CloneGroupInput[]): CloneMatch[][] {
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
      else if (t.nameType === "regionFree") add(regionFree, titleKey(t.searchTerm));
      else if (t.nameType === "regex") {
        try {
          regexes.push({ re: new RegExp(t.searchTerm), match });
        } catch {
          // An expression JavaScript cannot read names nothing.
        }
      } else add(short, titleKey(t.searchTerm));
    });
  });
  const out: CloneMatch[][] = releases.map((release) => {
    const own = titleKey(release.parsed.title);
    const tagged = taggedKey(release);
    const named = (tagged !== own ? short.get(tagged) : undefined) ?? short.get(own) ?? [];
    return [...(full.get(release.name) ?? []), ...(regionFree.get(regionFreeKey(release)) ?? []), ...named];
  });
  for (const { re, match } of regexes) {
    const hits: number[] = [];
    releases.forEach((release, i) => {
      if (re.test(release.name)) hits.push(i);
    });
    if (hits.length <= MAX_REGEX_RELEASES) for (const i of hits) out[i]?.push(match);
  }
  return out.map((matches, i) => {
    const release = releases[i];
    if (!release || matches.length === 0 || isTrialRelease(release)) return [];
    return matches.filter((m) => {
      const g = groups[m.group];
      const categories = [...(g?.categories ?? []), ...(g?.titles[m.title]?.categories ?? [])];
      return release.kind !== "game" || !isNonGameCategory(categories);
    });
  });
}
