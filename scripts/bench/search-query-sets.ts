/**
 * The query sets search is timed and compared on, drawn from a loaded catalog with a seeded
 * generator so that every run (and the old and new code in a comparison) sees the same queries.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { CatalogSnapshot } from "../../src/catalog/store/catalog-snapshot.ts";
import type { GameSummary } from "../../src/catalog/search/game-summary.ts";
import { projectRoot } from "../../src/config/config.ts";

/** One search as a client sends it: the text and, optionally, a platform slug. */
export interface BenchQuery {
  readonly q: string;
  readonly system?: string;
}

/** A small deterministic generator (mulberry32): the same seed gives the same query sets. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every game of the catalog with a title short enough to be typed, in listing order. */
export function typedTitles(snapshot: CatalogSnapshot): GameSummary[] {
  return snapshot.platformSlugs.flatMap((slug) => snapshot.listing(slug) ?? []).filter((g) => g.title.length <= 120);
}

/** The search-quality set (tests/catalog/search/quality-set.json), with platform aliases resolved to slugs. */
export function qualityQueries(snapshot: CatalogSnapshot): BenchQuery[] {
  const file = path.join(projectRoot, "tests", "catalog", "search", "quality-set.json");
  const { queries } = JSON.parse(readFileSync(file, "utf8")) as { queries: { q: string; system?: string }[] };
  return queries.map((q) => {
    const slug = q.system === undefined ? undefined : snapshot.platform(q.system)?.id;
    return slug === undefined ? { q: q.q } : { q: q.q, system: slug };
  });
}

/**
 * What a search box sends while a title is typed: every prefix from 3 characters up of `titles`
 * random real titles, half of the titles searched within their platform.
 */
export function typedPrefixQueries(snapshot: CatalogSnapshot, titles = 500, seed = 13): BenchQuery[] {
  const random = seededRandom(seed);
  const pool = typedTitles(snapshot);
  const out: BenchQuery[] = [];
  for (let i = 0; i < titles; i++) {
    const game = pool[Math.floor(random() * pool.length)] as GameSummary;
    const system = random() < 0.5 ? game.system : undefined;
    for (let n = 3; n <= game.title.length; n++)
      out.push(system === undefined ? { q: game.title.slice(0, n) } : { q: game.title.slice(0, n), system });
  }
  return out;
}

/** `count` whole real titles, half with their platform. */
export function randomTitleQueries(snapshot: CatalogSnapshot, count: number, seed = 14): BenchQuery[] {
  const random = seededRandom(seed);
  const pool = typedTitles(snapshot);
  return Array.from({ length: count }, () => {
    const game = pool[Math.floor(random() * pool.length)] as GameSummary;
    return random() < 0.5 ? { q: game.title, system: game.system } : { q: game.title };
  });
}
