import Database from "better-sqlite3";
import { describe, expect, inject, it } from "vitest";
import type { ContentKind } from "../../../src/catalog/identity/content-kind.ts";
import { searchGames } from "../../../src/catalog/search/search-games.ts";
import { loadCatalogSnapshot } from "../../../src/catalog/store/catalog-snapshot.ts";
import { hasRealRetool, realDataSkipReason, realRetoolSkipReason } from "../../helpers/paths.ts";

const real = inject("realCatalog");
const skip = real === null ? realDataSkipReason : !hasRealRetool ? realRetoolSkipReason : undefined;

interface LocalTitle {
  readonly id: number;
  readonly platform: string;
  readonly kind: ContentKind;
  readonly title: string;
  readonly language: string;
}

/** Every native-script alternate title of the catalog, by game id. */
function localTitles(dbFile: string): LocalTitle[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db
      .prepare<[], { id: number; platform: string; kind: ContentKind; json: string }>(
        "SELECT id, platform, kind, alternate_titles_json AS json FROM games WHERE alternate_titles_json LIKE '%\"language\"%' ORDER BY id",
      )
      .all()
      .flatMap((row) =>
        (JSON.parse(row.json) as { title: string; language?: string }[])
          .filter((a) => a.language !== undefined)
          .map((a) => ({ id: row.id, platform: row.platform, kind: row.kind, title: a.title, language: a.language ?? "" })),
      );
  } finally {
    db.close();
  }
}

/** A fixed pseudo-random sample (a linear congruential generator), so that every run checks the same titles. */
function sample<T>(list: readonly T[], n: number): T[] {
  let seed = 46;
  const picked = new Set<number>();
  while (picked.size < Math.min(n, list.length)) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    picked.add(seed % list.length);
  }
  return [...picked].map((i) => list[i] as T);
}

describe.skipIf(skip !== undefined)(`native-script titles on the real catalog${skip ? ` (${skip})` : ""}`, () => {
  it("finds at least 90% of a random sample of local names in the top 3 on their platform, as typed and without spaces", () => {
    if (!real) return;
    const snapshot = loadCatalogSnapshot(real.buildDir);
    const all = localTitles(real.dbFile);
    expect(all.length).toBeGreaterThan(10_000);
    const picked = sample(all, 300);
    const misses: string[] = [];
    let found = 0;
    let foundJoined = 0;
    for (const t of picked) {
      const top = (query: string): number[] =>
        searchGames(snapshot.searchScope(t.platform), { query, limit: 3, kind: t.kind }).results.map((r) => r.id);
      if (top(t.title).includes(t.id)) found++;
      else misses.push(`${t.title} (${t.platform} #${t.id})`);
      if (top(t.title.replace(/\s+/g, "")).includes(t.id)) foundJoined++;
    }
    console.log(
      `local names: ${found}/${picked.length} in the top 3 as typed (${((100 * found) / picked.length).toFixed(1)}%), ${foundJoined} without spaces; missed: ${misses.slice(0, 10).join(" | ")}`,
    );
    expect(found / picked.length).toBeGreaterThanOrEqual(0.9);
    expect(foundJoined / picked.length).toBeGreaterThanOrEqual(0.9);
  });

  it("names the native-script title a hit was found by", () => {
    if (!real) return;
    const snapshot = loadCatalogSnapshot(real.buildDir);
    const [rockman] = searchGames(snapshot.searchScope(), { query: "ロックマン", limit: 3 }).results;
    expect(rockman).toMatchObject({ matchedTitle: "ロックマン" });
    const [zelda] = searchGames(snapshot.searchScope("n64"), { query: "ゼルダの伝説時のオカリナ", limit: 3 }).results;
    expect(zelda).toMatchObject({ title: "The Legend of Zelda - Ocarina of Time", matchedTitle: "ゼルダの伝説 時のオカリナ" });
  });
});
