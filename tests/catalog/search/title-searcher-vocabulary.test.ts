import { describe, expect, inject, it, vi } from "vitest";
import * as vocabularyModule from "../../../src/catalog/search/search-vocabulary.ts";
import { searchGames } from "../../../src/catalog/search/search-games.ts";
import { loadCatalogSnapshot } from "../../../src/catalog/store/catalog-snapshot.ts";

vi.mock("../../../src/catalog/search/search-vocabulary.ts", async (original) => {
  const actual = await original<typeof vocabularyModule>();
  return { ...actual, createSearchVocabulary: vi.fn(actual.createSearchVocabulary) };
});

describe("the title searcher's vocabulary", () => {
  it("is built on the first search, not when the snapshot loads, and once", () => {
    const built = vi.mocked(vocabularyModule.createSearchVocabulary);
    built.mockClear();
    const snapshot = loadCatalogSnapshot(inject("sampleCatalog").buildDir);
    try {
      expect(built).not.toHaveBeenCalled();
      expect(searchGames(snapshot.searchScope(), { query: "starfal", limit: 5 }).results.length).toBeGreaterThan(0);
      expect(built).toHaveBeenCalledTimes(1);
      searchGames(snapshot.searchScope("snes"), { query: "starfall", limit: 5 });
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      snapshot.close();
    }
  });

  it("is built by the snapshot's preload", async () => {
    const built = vi.mocked(vocabularyModule.createSearchVocabulary);
    built.mockClear();
    const snapshot = loadCatalogSnapshot(inject("sampleCatalog").buildDir);
    try {
      await snapshot.preload();
      expect(built).toHaveBeenCalledTimes(1);
      // Its map is whole: nothing is left to add.
      expect(snapshot.searchScope().searcher.vocabulary.indexSome(1)).toBe(false);
      expect(snapshot.searchScope().searcher.vocabulary.has("starfall")).toBe(true);
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      snapshot.close();
    }
  });
});
