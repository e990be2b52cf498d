import { existsSync } from "node:fs";
import type { CatalogDb } from "../db/catalog-db.ts";
import { type CloneReleaseInput, matchCloneTitles } from "../identity/clone-list-match.ts";
import type { ContentKind } from "../identity/content-kind.ts";
import { PART_SEPARATOR, WEAK_PART_SEPARATOR } from "../identity/group-works.ts";
import { serialCode } from "../identity/serial-code.ts";
import { parseGameName } from "../names/parse-game-name.ts";
import type { RetoolFile, RetoolRole } from "../import/find-retool.ts";
import { readRetoolData } from "../import/retool-data.ts";
import { bonusDiscTag, isBonusDiscTitle } from "../identity/bonus-disc.ts";
import { editionTitles } from "../identity/edition-titles.ts";

/** Why the releases of one clone-list group are in several records. */
/** `product-code`: retail releases show one product code under both titles in one region, or with years or developers apart: two products. */
/** `edition`: the titles name two products (group-works.ts `otherProduct`): other sequel numbers, a bundle, a longer title under another code, two licences (franchises). */
/** `aftermarket`: an aftermarket program the list gathers by its title, kept apart from the retail game (same-title.ts). */
/** `bonus-disc`: a bonus disc the list gathers with its game (identity/bonus-disc.ts), kept apart as another work. */
export type CloneApartReason = "kind" | "split-title" | "product-code" | "edition" | "aftermarket" | "bonus-disc" | "unexplained";
export const cloneApartReasons: readonly CloneApartReason[] = [
  "unexplained",
  "kind",
  "split-title",
  "product-code",
  "edition",
  "aftermarket",
  "bonus-disc",
];

export interface CloneListApart {
  readonly platform: string;
  readonly group: string;
  readonly records: readonly { readonly id: number; readonly title: string; readonly kind: ContentKind }[];
}

/** How the curated clone lists the catalog was imported with came out: groups held, one record, and the rest with why. */
export interface CloneListAudit {
  /** Groups of which the catalog holds a release (demo, kiosk and trial releases aside). */
  readonly groupsHeld: number;
  readonly oneRecord: number;
  /** Groups of which the catalog holds releases under two or more of the group's titles, and of those, the ones that are one record. */
  readonly multiTitleHeld: number;
  readonly multiTitleOneRecord: number;
  readonly apart: Readonly<Record<CloneApartReason, { readonly total: number; readonly examples: readonly CloneListApart[] }>>;
}

/** Collections whose names follow No-Intro's convention, which clone lists are written for (TOSEC and arcade sets are not). */
const NO_INTRO_NAMED = new Set(["no-intro", "redump", "dat", "libretro-dats", "headered", "lost-level-archive", "homebrew", "hacks"]);

/**
 * Reads the clone lists the catalog was imported with (their paths are in `source_files`) and
 * checks each group against the records: is every release it names in one record, and if not,
 * why (different kinds, which never join; works one title was split into; or unexplained).
 * Undefined when the catalog was imported without a Retool folder or its files are gone.
 */
export function auditCloneLists(db: CatalogDb, examples = 100): CloneListAudit | undefined {
  const rows = db
    .prepare<[], { path: string; platform: string; role: string }>(
      "SELECT path, platform, role FROM source_files WHERE role = 'retool-clonelist' ORDER BY platform, path",
    )
    .all()
    .filter((r) => existsSync(r.path));
  if (rows.length === 0) return undefined;
  const byPlatform = new Map<string, RetoolFile[]>();
  for (const r of rows) {
    const list = byPlatform.get(r.platform) ?? [];
    list.push({ path: r.path, label: r.path, role: r.role.slice("retool-".length) as RetoolRole, systemName: "" });
    byPlatform.set(r.platform, list);
  }
  const releasesOf = db.prepare<
    [string],
    {
      name: string;
      source: string;
      serial: string | null;
      id: number;
      title: string;
      kind: ContentKind;
      titleKey: string;
      metadata: string;
    }
  >(
    "SELECT r.name, r.source, r.serial, g.id, g.title, g.kind, g.title_key AS titleKey, g.metadata_json AS metadata FROM releases r JOIN games g ON g.id = r.game_id WHERE g.platform = ?",
  );
  let groupsHeld = 0;
  let oneRecord = 0;
  let multiTitleHeld = 0;
  let multiTitleOneRecord = 0;
  const apart = Object.fromEntries(cloneApartReasons.map((r) => [r, { total: 0, examples: [] as CloneListApart[] }])) as Record<
    CloneApartReason,
    { total: number; examples: CloneListApart[] }
  >;
  for (const [platform, files] of byPlatform) {
    const groups = readRetoolData(files).cloneGroups;
    const all = releasesOf.all(platform);
    const releases = all.filter((r) => NO_INTRO_NAMED.has(r.source));
    const codesOf = new Map<number, Set<string>>();
    for (const r of all) {
      const code = r.serial ? serialCode(r.serial, platform)?.code : undefined;
      if (!code) continue;
      const codes = codesOf.get(r.id) ?? new Set<string>();
      codes.add(code);
      codesOf.set(r.id, codes);
    }
    const inputs: CloneReleaseInput[] = releases.map((r) => ({ name: r.name, parsed: parseGameName(r.name), kind: r.kind }));
    const matches = matchCloneTitles(inputs, groups);
    const records = new Map<number, Map<number, (typeof releases)[number]>>();
    const titles = new Map<number, Set<string>>();
    matches.forEach((list, i) => {
      const release = releases[i];
      if (!release) return;
      for (const m of list) {
        let held = records.get(m.group);
        if (!held) records.set(m.group, (held = new Map()));
        held.set(release.id, release);
        let named = titles.get(m.group);
        if (!named) titles.set(m.group, (named = new Set()));
        named.add(`${m.titleGroup ?? m.group}:${m.title}`);
      }
    });
    for (const [group, held] of records) {
      groupsHeld++;
      const multi = (titles.get(group)?.size ?? 0) > 1;
      if (multi) multiTitleHeld++;
      if (held.size === 1) {
        oneRecord++;
        if (multi) multiTitleOneRecord++;
        continue;
      }
      const list = [...held.values()];
      const reason: CloneApartReason =
        new Set(list.map((r) => r.kind)).size > 1
          ? "kind"
          : list.some((r) => r.titleKey.includes(PART_SEPARATOR) || r.titleKey.includes(WEAK_PART_SEPARATOR))
            ? "split-title"
            : sharesCode(list.map((r) => codesOf.get(r.id)))
              ? "product-code"
              : twoProducts(list, codesOf)
                ? "edition"
                : aftermarketBeside(list)
                  ? "aftermarket"
                  : list.some((r) => isBonusDiscTitle(r.title) || bonusDiscTag(parseGameName(r.name)) !== undefined)
                    ? "bonus-disc"
                    : "unexplained";
      const bucket = apart[reason];
      bucket.total++;
      if (bucket.examples.length < examples)
        bucket.examples.push({
          platform,
          group: groups[group]?.group ?? "",
          records: list.slice(0, 10).map((r) => ({ id: r.id, title: r.title, kind: r.kind })),
        });
    }
  }
  return { groupsHeld, oneRecord, multiTitleHeld, multiTitleOneRecord, apart };
}

/**
 * True when two of the records' titles name two products: {@link editionTitles}, two franchises, or
 * one title the other with words added under product codes none of which is in both.
 */
function twoProducts(
  list: readonly { id: number; title: string; titleKey: string; metadata: string }[],
  codesOf: ReadonlyMap<number, ReadonlySet<string>>,
): boolean {
  const franchises = new Set(list.map((r) => franchiseOf(r.metadata)).filter((f): f is string => f !== undefined));
  if (franchises.size > 1) return true;
  for (let x = 0; x < list.length; x++)
    for (let y = x + 1; y < list.length; y++) {
      const a = list[x];
      const b = list[y];
      if (!a || !b) continue;
      if (editionTitles({ key: a.titleKey, title: a.title }, { key: b.titleKey, title: b.title })) return true;
      const [short, long] = a.titleKey.length < b.titleKey.length ? [a, b] : [b, a];
      const extends_ =
        short.titleKey !== long.titleKey &&
        (long.titleKey.startsWith(`${short.titleKey} `) || long.titleKey.endsWith(` ${short.titleKey}`));
      const ca = codesOf.get(a.id);
      const cb = codesOf.get(b.id);
      if (extends_ && ca && cb && ![...ca].some((c) => cb.has(c))) return true;
    }
  return false;
}

/** True when one record's release is an aftermarket one and another's is not. */
function aftermarketBeside(list: readonly { name: string }[]): boolean {
  const after = list.map((r) => parseGameName(r.name).flags.includes("Aftermarket"));
  return after.includes(true) && after.includes(false);
}

/** The franchise a record's metadata names. */
function franchiseOf(metadata: string): string | undefined {
  const value = (JSON.parse(metadata) as { franchise?: unknown }).franchise;
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** True when two of the records carry one product code. */
function sharesCode(codes: readonly (ReadonlySet<string> | undefined)[]): boolean {
  const seen = new Set<string>();
  for (const set of codes) {
    for (const code of set ?? []) if (seen.has(code)) return true;
    for (const code of set ?? []) seen.add(code);
  }
  return false;
}
