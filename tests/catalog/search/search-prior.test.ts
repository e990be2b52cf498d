import { describe, expect, it } from "vitest";
import type { GameSummary } from "../../../src/catalog/search/game-summary.ts";
import { searchGames } from "../../../src/catalog/search/search-games.ts";
import { COMPUTER_EVIDENCE, combinePrior, KNOWN_PRIOR, RETAIL_EVIDENCE } from "../../../src/catalog/search/search-prior.ts";
import { decodeTitleIndex, indexTitlePart, mergeTitleParts } from "../../../src/catalog/search/title-index.ts";
import { createTitleSearcher, gamesOfSummaries, summaryById } from "../../../src/catalog/search/title-searcher.ts";
import { gameSummary } from "../../helpers/game-summary.ts";

/** A search scope over platforms whose games carry the given evidence words (search-prior.ts). */
function scopeOf(platforms: { slug: string; games: { summary: GameSummary; evidence: number }[] }[]): Parameters<typeof searchGames>[0] {
  const sorted = [...platforms].sort((a, b) => a.slug.localeCompare(b.slug));
  const file = mergeTitleParts(
    sorted.map(({ slug, games }) => ({
      slug,
      part: indexTitlePart(
        games.map((g) => g.summary),
        games.map((g) => g.evidence),
      ),
    })),
  );
  const searcher = createTitleSearcher(decodeTitleIndex(file), (slug) =>
    gamesOfSummaries(sorted.find((p) => p.slug === slug)?.games.map((g) => g.summary) ?? []),
  );
  return { searcher, summary: (id: number) => summaryById(searcher, id) };
}

describe("combinePrior", () => {
  it("adds a title's spread over platforms to a record's own evidence, and floors a computer's catalogue entry at a known game's", () => {
    const retail = RETAIL_EVIDENCE | 100;
    expect(combinePrior(retail, 1)).toBe(100);
    expect(combinePrior(retail, 2)).toBeGreaterThan(combinePrior(retail, 1));
    expect(combinePrior(retail, 8)).toBe(combinePrior(retail, 30));
    expect(combinePrior(20, 0)).toBe(20);
    expect(combinePrior(COMPUTER_EVIDENCE | 20, 0)).toBe(KNOWN_PRIOR);
    expect(combinePrior(COMPUTER_EVIDENCE | 150, 0)).toBe(150);
  });
});

describe("exact titles across every platform", () => {
  const scope = scopeOf([
    { slug: "tic-80", games: [{ summary: gameSummary(1, "Sonic", "tic-80"), evidence: 12 }] },
    {
      slug: "megadrive",
      games: [
        { summary: gameSummary(2, "Sonic The Hedgehog", "megadrive"), evidence: RETAIL_EVIDENCE | 180 },
        { summary: gameSummary(3, "Sonic Spinball Deluxe Edition Plus", "megadrive"), evidence: RETAIL_EVIDENCE | 150 },
      ],
    },
    { slug: "pico-8", games: [{ summary: gameSummary(4, "Sonic Spinball Deluxe Edition", "pico-8"), evidence: 12 }] },
    { slug: "dos", games: [{ summary: gameSummary(5, "Sonic", "dos"), evidence: COMPUTER_EVIDENCE | 12 }] },
  ]);
  const ids = (query: string, system?: string): number[] =>
    searchGames(system === undefined ? scope : { ...scope, system }, { query, limit: 10 }).results.map((r) => r.id);

  it("ranks a short query's exact title first only for a record known as a released game", () => {
    const found = ids("sonic");
    expect(found[0]).toBe(5);
    expect(found.indexOf(2)).toBeLessThan(found.indexOf(1));
  });

  it("ranks a longer query's exact title first whatever the record, and any exact title first on one platform", () => {
    expect(ids("sonic spinball deluxe edition")[0]).toBe(4);
    expect(ids("sonic", "tic-80")).toEqual([1]);
  });
});
