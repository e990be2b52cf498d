import type { MatchIndex } from "../index/match-index.ts";
import type { MatchContext, MatchResult } from "./match-roms.ts";
import type { GroupRelease, MatchGroup } from "../schema/match-response-schemas.ts";
import { MAX_GROUP_LENGTH } from "../schema/item-fields.ts";
import type { MatchItem } from "../schema/match-schemas.ts";

// Inferred from the answer's zod schemas (match-response-schemas.ts, the one declaration): `status` is
// `matched` (every known item fits `match`), `mixed` (same game, some items fit only other releases
// of it), `conflict` (different games, listed in `candidates`, nothing picked) or `notFound`.
export type { GroupRelease, MatchGroup } from "../schema/match-response-schemas.ts";

const DISC_TAG = /\s*\((?:Disc|Disk|CD)\s*\d+[^)]*\)/i;

/** A release's DAT name without its disc tag: "Final Fantasy VII (USA) (Disc 2)" → "Final Fantasy VII (USA)". */
export function releaseFamily(datName: string): string {
  return datName.replace(DISC_TAG, "");
}

/** Release indexes holding the item's file, by its strongest hash present in the catalog. */
function releasesByHash(index: MatchIndex, item: MatchItem): number[] {
  const bySha1 = item.sha1 ? index.sha1.get(item.sha1) : [];
  if (bySha1.length > 0) return bySha1;
  const byMd5 = item.md5 ? index.md5.get(item.md5) : [];
  if (byMd5.length > 0 || !item.crc) return byMd5;
  const crcRows = index.crc.get(item.crc);
  const sized = item.size != null ? crcRows.filter((row) => index.table.size[row] === item.size) : [];
  return (sized.length > 0 ? sized : crcRows).map((row) => index.romRelease[row] ?? -1).filter((r) => r >= 0);
}

/** The item's `group` when it is a valid one, even for an item that is otherwise invalid (it is then `unknown` in its group). */
export function groupOf(raw: unknown): string | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const group = (raw as { group?: unknown }).group;
  return typeof group === "string" && group.length >= 1 && group.length <= MAX_GROUP_LENGTH ? group : undefined;
}

interface Family {
  readonly gameId: number;
  readonly name: string;
  /** Lowest release index: the family's rank within the catalog (best release first). */
  readonly order: number;
  readonly datNames: Set<string>;
  readonly items: Set<number>;
}

/**
 * The `groups` of a match answer: per group, the release that explains the most of its items,
 * with which items agree, disagree or are unknown. An item counts for every release that holds
 * its hash (a shared audio track fits several), or else for the release its own result names
 * (file name, title). Groups appear in the order of their first item.
 */
export function matchGroups(
  ctx: MatchContext,
  raw: readonly unknown[],
  items: readonly (MatchItem | undefined)[],
  results: readonly MatchResult[],
): MatchGroup[] {
  const members = new Map<string, number[]>();
  raw.forEach((_, i) => {
    const group = groupOf(raw[i]);
    if (group === undefined) return;
    const list = members.get(group);
    if (list) list.push(i);
    else members.set(group, [i]);
  });
  const { table } = ctx.index;
  const releaseIndex = new Map<string, number>();
  const familyOfRelease = (r: number): [gameId: number, family: string] | undefined => {
    const entry = table.releases[r];
    return entry ? [entry[0], releaseFamily(entry[1])] : undefined;
  };
  const byName = (gameId: number, datName: string): number => {
    const key = `${gameId}\u0000${datName}`;
    let r = releaseIndex.get(key);
    if (r === undefined) {
      r = table.releases.findIndex(([g, n]) => g === gameId && n === datName);
      releaseIndex.set(key, r);
    }
    return r;
  };

  return [...members.entries()].map(([group, indexes]) => {
    const families = new Map<string, Family>();
    const unknown: number[] = [];
    const known: number[] = [];
    for (const i of indexes) {
      const item = items[i];
      const result = results[i];
      let releases = item ? releasesByHash(ctx.index, item) : [];
      if (releases.length === 0 && result?.status === "matched") releases = [byName(result.match.gameId, result.match.release)];
      if (releases.length === 0 && result?.status === "ambiguous")
        releases = (result.candidates ?? []).map((c) => byName(c.gameId, c.release));
      releases = releases.filter((r) => r >= 0);
      if (releases.length === 0) {
        unknown.push(i);
        continue;
      }
      known.push(i);
      for (const r of releases) {
        const fam = familyOfRelease(r);
        if (!fam) continue;
        const key = `${fam[0]}\u0000${fam[1]}`;
        let family = families.get(key);
        if (!family) {
          family = { gameId: fam[0], name: fam[1], order: r, datNames: new Set(), items: new Set() };
          families.set(key, family);
        }
        family.items.add(i);
        family.datNames.add(table.releases[r]?.[1] ?? "");
      }
    }
    const ranked = [...families.values()].sort((a, b) => b.items.size - a.items.size || a.order - b.order);
    const describe = (f: Family): GroupRelease => ({
      gameId: f.gameId,
      title: ctx.summary(f.gameId)?.title ?? "",
      release: f.name,
      datNames: [...f.datNames].sort(),
      explains: f.items.size,
    });
    const best = ranked[0];
    if (!best) return { group, items: indexes, status: "notFound", agree: [], disagree: [], unknown };
    const agree = known.filter((i) => best.items.has(i));
    const disagree = known.filter((i) => !best.items.has(i));
    // Items that fit no release of the best game point at another game: say so, pick nothing.
    const sameGame = disagree.every((i) => ranked.some((f) => f.gameId === best.gameId && f.items.has(i)));
    if (!sameGame) {
      const perGame = ranked.filter((f, n) => ranked.findIndex((g) => g.gameId === f.gameId) === n);
      return { group, items: indexes, status: "conflict", candidates: perGame.map(describe), agree, disagree, unknown };
    }
    return { group, items: indexes, status: disagree.length > 0 ? "mixed" : "matched", match: describe(best), agree, disagree, unknown };
  });
}
