import { describe, expect, it } from "vitest";
import type { GameSummary } from "../../../src/catalog/search/game-summary.ts";
import { type GameSearchRequest, searchGames } from "../../../src/catalog/search/search-games.ts";
import { decodeTitleIndex, encodeTitleIndex } from "../../../src/catalog/search/title-index.ts";
import { createTitleSearcher, gamesOfSummaries, summaryById } from "../../../src/catalog/search/title-searcher.ts";
import { gameSummary } from "../../helpers/game-summary.ts";

const ps3 = [
  gameSummary(1, "LittleBigPlanet", "ps3", { releaseCount: 5, retroAchievements: true }),
  gameSummary(2, "LittleBigPlanet - Canyons Costumes", "ps3", { kind: "addon", baseGameId: 1 }),
  gameSummary(3, "LittleBigPlanet 2", "ps3"),
];
const updates = [gameSummary(10, "Halo 3 - Title Update 1", "xbox-360-title-updates", { kind: "update" })];
const umd = [
  gameSummary(20, "Spider-Man 2", "psp-umd-video", { kind: "video" }),
  gameSummary(21, "Spider-Man 3", "psp-umd-video", { kind: "video" }),
];
const index = decodeTitleIndex(
  encodeTitleIndex([
    { slug: "ps3", summaries: ps3 },
    { slug: "psp-umd-video", summaries: umd },
    { slug: "xbox-360-title-updates", summaries: updates },
  ]),
);
const bySlug = new Map<string, GameSummary[]>([
  ["ps3", ps3],
  ["psp-umd-video", umd],
  ["xbox-360-title-updates", updates],
]);
const searcher = createTitleSearcher(index, (slug) => gamesOfSummaries(bySlug.get(slug) ?? []));
const scope = (system?: string) => ({ searcher, ...(system ? { system } : {}), summary: (id: number) => summaryById(searcher, id) });
const ids = (query: string, system?: string, over: Partial<GameSearchRequest> = {}): number[] =>
  searchGames(scope(system), { query, limit: 10, ...over }).results.map((r) => r.id);

describe("search without a kind: games first, not games only", () => {
  it("finds a record of another kind by its own title, after a game of that title", () => {
    expect(ids("LittleBigPlanet - Canyons Costumes")).toEqual([2]);
    expect(ids("littlebigplanet")).toEqual([1, 3]);
  });

  it("keeps today's games-only answer with kind=game", () => {
    expect(ids("LittleBigPlanet - Canyons Costumes", undefined, { kind: "game" })).toEqual([1, 3]);
    expect(ids("canyons costumes", undefined, { kind: "addon" })).toEqual([2]);
  });

  it("finds every kind on a platform without games", () => {
    expect(ids("halo", "xbox-360-title-updates")).toEqual([10]);
    expect(ids("spider-man", "psp-umd-video")).toEqual([20, 21]);
    expect(ids("halo")).toEqual([]);
  });

  it("keeps only records with a RetroAchievements-supported dump with ra", () => {
    expect(ids("littlebigplanet", undefined, { retroAchievements: true })).toEqual([1]);
  });
});
