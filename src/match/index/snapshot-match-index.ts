import type { CatalogSnapshot } from "../../catalog/store/catalog-snapshot.ts";
import type { IdleStep } from "../../core/idle-steps.ts";
import { problems } from "../../core/problem.ts";
import { buildMatchIndex, type MatchIndex, type MatchIndexBuild } from "./match-index.ts";
import type { MatchTable } from "./match-table.ts";

/** Index builds by snapshot: a reload's new snapshot starts empty and the old one's are collected with it. */
const builds = new WeakMap<CatalogSnapshot, Map<string, MatchIndexBuild>>();

function buildOf(snapshot: CatalogSnapshot, slug: string): MatchIndexBuild | undefined {
  let bySlug = builds.get(snapshot);
  if (!bySlug) {
    bySlug = new Map();
    builds.set(snapshot, bySlug);
  }
  let build = bySlug.get(slug);
  if (!build) {
    if (!snapshot.platformSlugs.includes(slug)) return undefined;
    build = buildMatchIndex(() => {
      try {
        return JSON.parse(snapshot.matchTableText(slug) ?? "") as MatchTable;
      } catch (cause) {
        throw problems.catalogUnavailable(`The match table of ${slug} is unreadable; run \`ludex build\`.`, { cause });
      }
    });
    bySlug.set(slug, build);
  }
  return build;
}

/**
 * ROM-matching lookups of one platform of a snapshot; undefined for an unknown slug. Whatever the
 * preload has not built of this platform yet is built now, and nothing of any other platform.
 */
export function matchIndexOf(snapshot: CatalogSnapshot, slug: string): MatchIndex | undefined {
  return buildOf(snapshot, slug)?.index();
}

/**
 * The steps that build every platform's match index ahead of requests, platforms with the most
 * games first (a stand-in for the most used: NES, Mega Drive, PlayStation, arcade and the like).
 */
export function matchPreloadSteps(snapshot: CatalogSnapshot): Iterable<IdleStep> {
  const order = [...snapshot.platformSlugs].sort(
    (a, b) => (snapshot.manifest.platforms[b]?.games ?? 0) - (snapshot.manifest.platforms[a]?.games ?? 0) || a.localeCompare(b),
  );
  return order.flatMap((slug) => {
    const build = buildOf(snapshot, slug);
    return build ? [() => build.step()] : [];
  });
}

/** The platforms of a snapshot whose match index is built, in no particular order. */
export function loadedMatchIndexes(snapshot: CatalogSnapshot): string[] {
  return [...(builds.get(snapshot) ?? [])].filter(([, build]) => build.done).map(([slug]) => slug);
}
