import { describe, expect, it } from "vitest";
import { titleKey } from "../../../src/catalog/names/title-key.ts";
import type { GameSummary } from "../../../src/catalog/search/game-summary.ts";
import { searchGames, type GameSearchRequest } from "../../../src/catalog/search/search-games.ts";
import { decodeTitleIndex, encodeTitleIndex } from "../../../src/catalog/search/title-index.ts";
import { createTitleSearcher, gamesOfSummaries, summaryById, type TitleSearcher } from "../../../src/catalog/search/title-searcher.ts";

const game = (id: number, title: string, over: Partial<GameSummary> = {}): GameSummary => ({
  id,
  title,
  key: titleKey(title),
  system: "snes",
  regions: ["USA"],
  releaseCount: 1,
  ...over,
});

const summaries: GameSummary[] = [
  game(1, "Mega Man X", { alternateTitles: ["Rockman X"], releaseCount: 6 }),
  game(2, "Mega Man X2", { alternateTitles: ["Rockman X2"] }),
  game(3, "Rockman & Forte"),
  game(4, "Dead or Alive - Dimensions"),
  game(5, "Dead or Alive - Dimensions - Pack 1", { kind: "addon", baseGameId: 4 }),
  game(6, "Dead or Alive - Dimensions - Update 1.1", { kind: "update", baseGameId: 4 }),
  game(7, "Thunder Paws", { alternateTitles: ["Lightning Cats"] }),
];
/** A search scope over `list`, indexed as the platform `slug`. */
function scopeOf(list: GameSummary[], slug = "snes"): { searcher: TitleSearcher; summary: (id: number) => GameSummary | undefined } {
  const searcher = createTitleSearcher(decodeTitleIndex(encodeTitleIndex([{ slug, summaries: list }])), () => gamesOfSummaries(list));
  return { searcher, summary: (id: number) => summaryById(searcher, id) };
}

const scope = scopeOf(summaries);
const search = (query: string, over: Partial<GameSearchRequest> = {}): ReturnType<typeof searchGames> =>
  searchGames(scope, { query, limit: 10, ...over });

describe("search by kind", () => {
  it("finds games only unless asked, and counts what it finds", () => {
    const found = search("dead or alive dimensions");
    expect(found.results.map((r) => r.id)).toEqual([4]);
    expect(found.total).toBe(1);
  });

  it("finds an add-on by its own title with kind=addon or kind=any", () => {
    expect(search("dimensions pack", { kind: "addon" }).results.map((r) => r.id)).toEqual([5]);
    expect(search("dead or alive dimensions", { kind: "any" }).results.map((r) => r.id)).toEqual([4, 5, 6]);
    expect(search("dead or alive dimensions", { kind: "update" }).results.map((r) => r.id)).toEqual([6]);
    expect(search("dead or alive", { kind: "bios" }).total).toBe(0);
  });
});

describe("search by alternate title", () => {
  it("finds a game by a regional title and says which title matched", () => {
    const [first] = search("rockman x").results;
    expect(first).toMatchObject({ id: 1, title: "Mega Man X", matchedTitle: "Rockman X" });
    expect(search("lightning cats").results[0]).toMatchObject({ id: 7, matchedTitle: "Lightning Cats" });
  });

  it("ranks an alternate title equal to the query as an exact title", () => {
    expect(search("rockman x2").results.map((r) => r.id)[0]).toBe(2);
    expect(search("rockman").results.map((r) => r.id)).toEqual(expect.arrayContaining([1, 2, 3]));
  });

  it("ranks a game found by a regional title equal to the query before less known games of that title", () => {
    const local = [
      game(1, "Mega Man", { alternateTitles: ["Rockman"], releaseCount: 10, retroAchievements: true, releaseYear: 1987 }),
      game(2, "Rockman", { releaseCount: 2 }),
      game(3, "Rockman", { releaseCount: 1 }),
    ];
    const localScope = scopeOf(local, "snes");
    const found = searchGames(localScope, { query: "rockman", limit: 10 }).results;
    expect(found.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(found[0]).toMatchObject({ matchedTitle: "Rockman" });
  });

  it("ranks a game's own title before another game's alternate title when both are released as widely", () => {
    const local = [
      game(1, "Plump Pop", { alternateTitles: ["Jumping Pop"], releaseCount: 3 }),
      game(2, "Jumping Pop", { releaseCount: 3 }),
    ];
    const localScope = scopeOf(local, "arcade");
    expect(searchGames(localScope, { query: "jumping pop", limit: 10 }).results.map((r) => r.id)).toEqual([2, 1]);
  });

  it("ranks a game found only by a pirate cart's retitle after every game found by its own names, and says which title matched", () => {
    const local = [
      game(1, "Adventure Island", { alternateTitles: ["Takahashi Meijin no Bouken-jima"], pirateTitles: ["Sonic"], releaseCount: 7 }),
      game(2, "Sonic Spinball", { releaseCount: 2 }),
      game(3, "Sonic", { releaseCount: 1 }),
      game(4, "Sonic the Hedgehog", { releaseCount: 6 }),
    ];
    const localScope = scopeOf(local, "nes");
    const found = searchGames(localScope, { query: "sonic", limit: 10 }).results;
    expect(found.map((r) => r.id)).toEqual([3, 4, 2, 1]);
    expect(found.at(-1)).toMatchObject({ id: 1, matchedTitle: "Sonic" });
    expect(searchGames(localScope, { query: "adventure island", limit: 10 }).results.map((r) => r.id)).toEqual([1]);
    expect(searchGames(localScope, { query: "bouken-jima", limit: 10 }).results[0]).toMatchObject({ id: 1 });
  });

  it("names no matched title when the game's own title matches", () => {
    const [first] = search("mega man x").results;
    expect(first?.id).toBe(1);
    expect(first).not.toHaveProperty("matchedTitle");
  });
});
