import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { searchGames } from "../../../src/catalog/search/search-games.ts";
import { loadCatalogSnapshot, type CatalogSnapshot } from "../../../src/catalog/store/catalog-snapshot.ts";
import { realDataSkipReason } from "../../helpers/paths.ts";
import { expectRankedWithin } from "../../helpers/search-rank.ts";

interface FranchiseQuery {
  q: string;
  expect: { title: string; system: string }[];
  within: number;
  knownMiss?: string;
}

const franchiseSet = JSON.parse(readFileSync(path.join(import.meta.dirname, "franchise-set.json"), "utf8")) as {
  queries: FranchiseQuery[];
};
const real = inject("realCatalog");

describe.skipIf(real === null)(`short franchise queries on every platform${real === null ? ` (${realDataSkipReason})` : ""}`, () => {
  const snapshot = real ? loadCatalogSnapshot(real.buildDir) : (undefined as unknown as CatalogSnapshot);

  it("holds at least 40 queries", () => {
    expect(franchiseSet.queries.length).toBeGreaterThanOrEqual(40);
  });

  const found = (query: FranchiseQuery): void => {
    const { results } = searchGames(snapshot.searchScope(), { query: query.q, limit: 10 });
    expectRankedWithin(results, (r) => query.expect.some((e) => e.title === r.title && e.system === r.system), query.within);
  };
  const hits = franchiseSet.queries.filter((q) => q.knownMiss === undefined);
  const misses = franchiseSet.queries.filter((q) => q.knownMiss !== undefined);
  it.each(hits.map((q) => [q.q, q] as const))("%s", (_name, query) => found(query));
  it.fails.each(misses.map((q) => [`${q.q} (known miss: ${q.knownMiss})`, q] as const))("%s", (_name, query) => found(query));
});
