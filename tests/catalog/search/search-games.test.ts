import { describe, expect, inject, it } from "vitest";
import { type KindFilter, searchGames } from "../../../src/catalog/search/search-games.ts";
import { decodeTitleIndex, encodeTitleIndex } from "../../../src/catalog/search/title-index.ts";
import { createTitleSearcher, gamesOfSummaries, summaryById } from "../../../src/catalog/search/title-searcher.ts";
import { loadCatalogSnapshot } from "../../../src/catalog/store/catalog-snapshot.ts";
import { gameSummary } from "../../helpers/game-summary.ts";

const snapshot = loadCatalogSnapshot(inject("sampleCatalog").buildDir);
const titles = (query: string, system?: string): string[] =>
  searchGames(snapshot.searchScope(system), { query, limit: 10 }).results.map((r) => `${r.title}/${r.system}`);

describe("searchGames on the sample", () => {
  it("ignores articles, punctuation and case", () => {
    expect(titles("legend of starfall")[0]).toBe("The Legend of Starfall/snes");
    expect(titles("Legend of Starfall, The")[0]).toBe("The Legend of Starfall/snes");
    expect(titles("MAX AND MOLLYS MOON MARKET")[0]).toBe("Max & Molly's Moon Market/snes");
    expect(titles("crepe chateau")[0]).toBe("Crêpe Château/gba");
  });

  it("completes the last word as a prefix from three letters on", () => {
    expect(titles("glimmer tac")[0]).toBe("Glimmer Tactics/gba");
    expect(titles("shadow orch")[0]).toBe("Shadow Orchard/psx");
    expect(titles("gl")).toEqual([]);
  });

  it("tolerates one typo in a word of five or more letters, swaps included", () => {
    expect(titles("glimmer tactcs")[0]).toBe("Glimmer Tactics/gba");
    expect(titles("glimmer tatcics")[0]).toBe("Glimmer Tactics/gba");
    expect(titles("shadwo orchard")[0]).toBe("Shadow Orchard/psx");
  });

  it("filters by platform and lists a title once per platform", () => {
    expect(titles("turbo comet racing")).toEqual(expect.arrayContaining(["Turbo Comet Racing/snes", "Turbo Comet Racing/megadrive"]));
    expect(titles("turbo comet racing", "megadrive")).toEqual(["Turbo Comet Racing/megadrive"]);
  });

  it("ranks the exact title first", () => {
    expect(titles("thunder paws")[0]).toBe("Thunder Paws/snes");
  });

  it("ranks the shortest title holding the query first among equals", () => {
    // Same relevance and the same prior (two words, one retail release each, no metadata): "Iron Lantern" is shorter than "Ghost Lantern", whose id is lower.
    const list = [gameSummary(1, "Ghost Lantern", "psx"), gameSummary(2, "Iron Lantern", "snes")];
    const platforms = list.map((s) => ({ slug: s.system, summaries: [s] })).sort((a, b) => a.slug.localeCompare(b.slug));
    const searcher = createTitleSearcher(decodeTitleIndex(encodeTitleIndex(platforms)), (slug) =>
      gamesOfSummaries(list.filter((s) => s.system === slug)),
    );
    const scope = { searcher, summary: (id: number) => summaryById(searcher, id) };
    for (const query of ["lantern", "lan"])
      expect(searchGames(scope, { query, limit: 10 }).results.map((r) => r.title)).toEqual(["Iron Lantern", "Ghost Lantern"]);
  });

  it("pages with offset and reports the total", () => {
    const first = searchGames(snapshot.searchScope(), { query: "racing", limit: 1 });
    const second = searchGames(snapshot.searchScope(), { query: "racing", limit: 1, offset: 1 });
    expect(first.total).toBe(2);
    expect(second.total).toBe(2);
    expect(second.results).toHaveLength(1);
    expect(second.results[0]?.id).not.toBe(first.results[0]?.id);
  });
});

const real = inject("realCatalog");

describe.skipIf(real === null)(`searchGames on the real catalog${real === null ? " (skipped: real data absent)" : ""}`, () => {
  const realSnapshot = real === null ? undefined : loadCatalogSnapshot(real.buildDir);
  const search = (query: string, kind: KindFilter = "game", system?: string): { total: number; titles: string[] } => {
    if (!realSnapshot) throw new Error("the real catalog is absent");
    const result = searchGames(realSnapshot.searchScope(system), { query, limit: 3, kind });
    return { total: result.total, titles: result.results.map((r) => r.title) };
  };

  it("reads a one- or two-character last word as the start of a word being typed, not as any-word", () => {
    // An add-on, found by its own title when add-ons are asked for.
    const costume = search("Dynasty Warriors 8 - Xtreme Legends Complete Edition - Original Costume P", "addon");
    expect(costume.titles[0]).toBe("Dynasty Warriors 8 - Xtreme Legends Complete Edition - Original Costume Pack 1");
    // Only the titles with every word and one starting with "p", not the thousands that share one word.
    expect(costume.total).toBeLessThan(50);
    const card = search("Rockman EXE 5 - Kaizou Card - Part 2 - 136-B");
    expect(card.titles[0]).toBe("Rockman EXE 5 - Kaizou Card - Part 2 - 136-B001");
    expect(card.total).toBeLessThan(100);
    // Across every platform the home ports' priors put Super Street Fighter II first; on the arcade, among its editions.
    expect(search("street fighter ii t", "game", "arcade").titles).toContain("Street Fighter II: The World Warrior");
    // A short last word that is a whole word of the title still matches as one.
    expect(search("final fight 2").titles[0]).toBe("Final Fight 2");
  });

  it("ranks titles with the typed word above a title with two rarer words it begins", () => {
    if (!realSnapshot) throw new Error("the real catalog is absent");
    const sonic = searchGames(realSnapshot.searchScope(), { query: "sonic", limit: 10 }).results.map((r) => r.title);
    expect(sonic.filter((t) => /\bsonic\b/i.test(t)).length).toBeGreaterThanOrEqual(9);
    expect(sonic).not.toContain("Motto! SoniComi - More Communication with Sonico");
  });
});
