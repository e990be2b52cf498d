import { readFileSync } from "node:fs";
import { z } from "zod";
import { problems } from "../../core/problem.ts";
import type { CloneFilterInput } from "../identity/clone-list-match.ts";
import { titleKey } from "../names/title-key.ts";
import type { RetoolFile } from "./find-retool.ts";

/** A title's filter, as matching reads it. */
export type CloneFilter = CloneFilterInput;

/**
 * How a clone-list title names releases: by default the DAT name without its tags (the short
 * name), `full` the whole DAT name, `regex` a regular expression over the whole DAT name,
 * `regionFree` the name without its region and language tags only.
 */
export type CloneNameType = "short" | "full" | "regex" | "regionFree";

/** One title of a clone-list group, a superset or a compilation. */
export interface CloneTitle {
  readonly searchTerm: string;
  readonly nameType: CloneNameType;
  /** Retool's preference within the group: 1 first (the default). */
  readonly priority: number;
  /** Retool categories of this title ("Demos", "Video"), when it names any. */
  readonly categories: readonly string[];
  /** Filters that move, categorise or rank some of the releases the title names ({@link CloneFilter}). */
  readonly filters?: readonly CloneFilter[];
  /** Native-script names by language word ("japanese" → "ロックマン"), with the regions they are limited to by a filter. */
  readonly localNames: readonly { readonly language: string; readonly name: string; readonly regions?: readonly string[] }[];
}

/** A group of a clone list: its titles are one game; supersets and compilations are other products linked to it. */
export interface CloneGroup {
  readonly group: string;
  readonly titles: readonly CloneTitle[];
  /** Categories of the whole group ("Applications", "Demos", "Video"). */
  readonly categories: readonly string[];
  /** Larger editions of the group's game ("Mega Man X Collection"). */
  readonly supersets: readonly CloneTitle[];
  /** Compilations holding the game ("Asder - 20 in 1"). */
  readonly compilations: readonly CloneTitle[];
}

/** A native-script name of one DAT entry, from Retool's metadata. */
export interface LocalName {
  readonly name: string;
  /** The DAT entry's language codes as Retool lists them ("Ja", "Zh"). */
  readonly languages: readonly string[];
}

/** What the Retool files give one platform's import. */
export interface RetoolData {
  readonly cloneGroups: readonly CloneGroup[];
  /** Per full DAT name ("Rockman (Japan)"). */
  readonly localNames: ReadonlyMap<string, LocalName>;
  /** SHA-1s and MD5s (lower case) of the dumps RetroAchievements supports. */
  readonly achievementHashes: ReadonlySet<string>;
}

const filterSchema = z.looseObject({
  conditions: z
    .looseObject({
      matchRegions: z.array(z.string()).optional(),
      matchLanguages: z.array(z.string()).optional(),
      matchString: z.string().optional(),
      regionOrder: z.unknown().optional(),
    })
    .optional(),
  results: z
    .looseObject({
      localNames: z.record(z.string(), z.string()).optional(),
      group: z.string().optional(),
      categories: z.array(z.string()).optional(),
      priority: z.number().optional(),
    })
    .optional(),
});

const titleSchema = z.looseObject({
  searchTerm: z.string().min(1),
  nameType: z.string().optional(),
  priority: z.number().optional(),
  categories: z.array(z.string()).optional(),
  localNames: z.record(z.string(), z.string()).optional(),
  filters: z.array(filterSchema).optional(),
});

const cloneListSchema = z.looseObject({
  variants: z.array(
    z.looseObject({
      group: z.string().min(1),
      titles: z.array(titleSchema).optional(),
      categories: z.array(z.string()).optional(),
      supersets: z.array(titleSchema).optional(),
      compilations: z.array(titleSchema).optional(),
    }),
  ),
});

const metadataSchema = z.record(z.string(), z.looseObject({ languages: z.array(z.string()).optional(), localName: z.string().optional() }));

const achievementsSchema = z.looseObject({
  retroachievements: z.array(z.looseObject({ name: z.string().optional(), md5: z.string().optional(), sha1: z.string().optional() })),
});

function nameTypeOf(value: string | undefined): CloneNameType {
  return value === "full" || value === "regex" || value === "regionFree" ? value : "short";
}

function cloneTitle(t: z.infer<typeof titleSchema>): CloneTitle {
  const localNames: { language: string; name: string; regions?: readonly string[] }[] = [];
  for (const [language, name] of Object.entries(t.localNames ?? {})) if (language !== "english") localNames.push({ language, name });
  for (const filter of t.filters ?? []) {
    const regions = filter.conditions?.matchRegions;
    for (const [language, name] of Object.entries(filter.results?.localNames ?? {}))
      if (language !== "english") localNames.push({ language, name, ...(regions ? { regions } : {}) });
  }
  const filters = (t.filters ?? []).flatMap((filter): CloneFilter[] => {
    const c = filter.conditions ?? {};
    const r = filter.results ?? {};
    if (r.group === undefined && r.categories === undefined && r.priority === undefined) return [];
    const matchString = c.matchString === undefined ? undefined : safeRegExp(c.matchString);
    // A condition JavaScript cannot read holds for nothing: the filter is left out.
    if (c.matchString !== undefined && matchString === undefined) return [];
    return [
      {
        ...(c.matchRegions ? { regions: c.matchRegions } : {}),
        ...(c.matchLanguages ? { languages: c.matchLanguages } : {}),
        ...(matchString ? { matchString } : {}),
        ...(c.regionOrder !== undefined ? { regionOrder: true as const } : {}),
        ...(r.group !== undefined ? { group: r.group } : {}),
        ...(r.categories !== undefined ? { categories: r.categories } : {}),
        ...(r.priority !== undefined ? { priority: r.priority } : {}),
      },
    ];
  });
  return {
    searchTerm: t.searchTerm,
    nameType: nameTypeOf(t.nameType),
    priority: t.priority ?? 1,
    categories: t.categories ?? [],
    localNames,
    ...(filters.length > 0 ? { filters } : {}),
  };
}

function safeRegExp(source: string): RegExp | undefined {
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}

function readJson<T>(file: RetoolFile, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file.path, "utf8"));
  } catch (cause) {
    throw problems.retoolReadFailed(`${file.label}: ${(cause as Error).message}`, { cause });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw problems.retoolReadFailed(`${file.label}: ${issue?.path.join(".")}: ${issue?.message} (not a Retool ${file.role} file)`);
  }
  return parsed.data;
}

/** Reads one platform's Retool files; a file that is not what its folder says fails the import with its name. */
export function readRetoolData(files: readonly RetoolFile[]): RetoolData {
  const cloneGroups: CloneGroup[] = [];
  const localNames = new Map<string, LocalName>();
  const achievementHashes = new Set<string>();
  for (const file of files) {
    if (file.role === "clonelist") {
      for (const v of readJson(file, cloneListSchema).variants) {
        // A group without titles names its one game by the group's name (a game listed only for its compilations).
        const titles = v.titles && v.titles.length > 0 ? v.titles.map(cloneTitle) : [cloneTitle({ searchTerm: v.group })];
        const editions = supersetTitles(v.group, titles, (v.supersets ?? []).map(cloneTitle));
        cloneGroups.push({
          group: v.group,
          titles: editions.titles,
          categories: v.categories ?? [],
          supersets: editions.supersets,
          compilations: (v.compilations ?? []).map(cloneTitle),
        });
      }
    } else if (file.role === "metadata") {
      for (const [name, entry] of Object.entries(readJson(file, metadataSchema)))
        if (entry.localName) localNames.set(name, { name: entry.localName, languages: entry.languages ?? [] });
    } else {
      for (const dump of readJson(file, achievementsSchema).retroachievements) {
        if (dump.sha1) achievementHashes.add(dump.sha1.toLowerCase());
        if (dump.md5) achievementHashes.add(dump.md5.toLowerCase());
      }
    }
  }
  return { cloneGroups, localNames, achievementHashes };
}

/** A name's tags: "Metal Gear Solid 3 - Subsistence (Disc 1) (Subsistence)" → " (Disc 1) (Subsistence)". */
const TAGS_RE = /\s*\(.*$/;

/**
 * A group's titles and supersets, with a title that is, untagged, the title of one of the group's
 * own larger editions moved to its supersets: "Metal Gear Solid 3 - Subsistence" beside the superset
 * "Metal Gear Solid 3 - Subsistence (Disc 1) (Subsistence)" in Snake Eater's group, "Biohazard 5 -
 * Alternative Edition" in Resident Evil 5's, names that edition, which the group links and never
 * merges. A title that is the group's own name or its only title stays ("Just Dance 3" beside
 * "Just Dance 3 (Special Edition)").
 */
function supersetTitles(
  group: string,
  titles: readonly CloneTitle[],
  supersets: readonly CloneTitle[],
): { titles: CloneTitle[]; supersets: CloneTitle[] } {
  const own = titleKey(group.replace(TAGS_RE, ""));
  const editions = new Set(
    supersets
      .filter((s) => s.nameType === "short" && TAGS_RE.test(s.searchTerm))
      .map((s) => titleKey(s.searchTerm.replace(TAGS_RE, "")))
      .filter((key) => key !== "" && key !== own),
  );
  const edition = (t: CloneTitle): boolean => t.nameType === "short" && !TAGS_RE.test(t.searchTerm) && editions.has(titleKey(t.searchTerm));
  const kept = titles.filter((t) => !edition(t));
  if (editions.size === 0 || kept.length === 0 || kept.length === titles.length) return { titles: [...titles], supersets: [...supersets] };
  return { titles: kept, supersets: [...supersets, ...titles.filter(edition)] };
}
