import type { CatalogSnapshot } from "../catalog/store/catalog-snapshot.ts";
import { createMatchIndex, type MatchIndex } from "./match-index.ts";
import type { MatchTable } from "./match-table.ts";

/** Indexes by snapshot: a reload's new snapshot starts empty and the old one's are collected with it. */
const indexes = new WeakMap<CatalogSnapshot, Map<string, MatchIndex>>();

/** ROM-matching lookups of one platform of a snapshot, loaded on first use; undefined for an unknown slug. */
export function matchIndexOf(snapshot: CatalogSnapshot, slug: string): MatchIndex | undefined {
  let bySlug = indexes.get(snapshot);
  if (!bySlug) {
    bySlug = new Map();
    indexes.set(snapshot, bySlug);
  }
  const cached = bySlug.get(slug);
  if (cached) return cached;
  const text = snapshot.matchTableText(slug);
  if (text === undefined) return undefined;
  const index = createMatchIndex(JSON.parse(text) as MatchTable);
  bySlug.set(slug, index);
  return index;
}
