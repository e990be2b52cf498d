import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { searchGames } from "../../../src/catalog/search/search-games.ts";
import { loadCatalogSnapshot, type CatalogSnapshot } from "../../../src/catalog/store/catalog-snapshot.ts";
import { realDataSkipReason } from "../../helpers/paths.ts";
import { expectRankedWithin } from "../../helpers/search-rank.ts";

interface QualityQuery {
  q: string;
  system?: string;
  expect: { title: string; system?: string };
  within: number;
}

const qualitySet = JSON.parse(readFileSync(path.join(import.meta.dirname, "quality-set.json"), "utf8")) as { queries: QualityQuery[] };
const real = inject("realCatalog");

describe.skipIf(real === null)(`search quality on the real catalog${real === null ? ` (${realDataSkipReason})` : ""}`, () => {
  const snapshot = real ? loadCatalogSnapshot(real.buildDir) : (undefined as unknown as CatalogSnapshot);

  it.each(qualitySet.queries.map((q) => [`${q.q}${q.system ? ` [${q.system}]` : ""}`, q] as const))("%s", (_name, query) => {
    const slug = query.system === undefined ? undefined : snapshot.platform(query.system)?.id;
    if (query.system !== undefined) expect(slug, `system alias ${query.system}`).toBeDefined();
    const { results } = searchGames(snapshot.searchScope(slug), { query: query.q, limit: 10 });
    expectRankedWithin(
      results,
      (r) => r.title === query.expect.title && (query.expect.system === undefined || r.system === query.expect.system),
      query.within,
    );
  });

  it("groups variants: a title appears once per platform, never as a page of near-identical dumps", () => {
    const { results } = searchGames(snapshot.searchScope("snes"), { query: "super mario world", limit: 30 });
    const keys = results.map((r) => `${r.system}/${r.title}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("lists an arcade game once, not once per emulator collection", () => {
    const { results } = searchGames(snapshot.searchScope(), { query: "street fighter", limit: 30 });
    const arcade = results.filter((r) => r.system === "arcade").map((r) => r.title);
    expect(arcade.filter((t) => t === "Street Fighter")).toHaveLength(1);
    expect(new Set(arcade).size).toBe(arcade.length);
    expect(results.every((r) => !["mame-2003", "mame-2010", "fbneo", "hbmame"].includes(r.system))).toBe(true);
  });
});
