import type { Query } from "minisearch";
import { describe, expect, it } from "vitest";
import { equivalentQuery } from "../../../src/catalog/search/search-equivalences.ts";
import { createSearchVocabulary } from "../../../src/catalog/search/search-vocabulary.ts";

// Terms as a title index holds them (titleKey words): a few real titles' words.
const vocabulary = createSearchVocabulary([
  "final",
  "fantasy",
  "7",
  "vii",
  "street",
  "fighter",
  "ii",
  "sim",
  "city",
  "simcity",
  "mega",
  "man",
  "zelda",
  "legend",
]);

describe("equivalentQuery", () => {
  it("is undefined when no word has another spelling, so plain queries cost nothing more", () => {
    expect(equivalentQuery(["legend", "zelda"], vocabulary)).toBeUndefined();
    expect(equivalentQuery([], vocabulary)).toBeUndefined();
  });

  it("ORs a roman numeral with its arabic twin, and back, when titles use the twin", () => {
    expect(equivalentQuery(["final", "fantasy", "vii"], vocabulary)).toEqual({
      combineWith: "AND",
      queries: ["final", "fantasy", { combineWith: "OR", queries: ["vii", "7"] }],
    });
    expect(equivalentQuery(["final", "fantasy", "7"], vocabulary)).toEqual({
      combineWith: "AND",
      queries: ["final", "fantasy", { combineWith: "OR", queries: ["7", "vii"] }],
    });
  });

  it("leaves a numeral alone when no title has its twin", () => {
    // "2" is not a title word here, so "ii" has no twin to add.
    expect(equivalentQuery(["street", "fighter", "ii"], vocabulary)).toBeUndefined();
  });

  it("reads two words as the compound a title writes joined (Sim City / SimCity)", () => {
    const q = equivalentQuery(["sim", "city"], vocabulary);
    expect(q).toEqual({
      combineWith: "AND",
      queries: [{ combineWith: "OR", queries: [{ combineWith: "AND", queries: ["sim", "city"] }, "simcity"] }],
    });
  });

  it("splits a joined word into two title words (Megaman / Mega Man)", () => {
    const q: Query | undefined = equivalentQuery(["megaman"], vocabulary);
    expect(q).toEqual({
      combineWith: "AND",
      queries: [{ combineWith: "OR", queries: ["megaman", { combineWith: "AND", queries: ["mega", "man"] }] }],
    });
  });

  it("does not split short words or words with digits, nor into halves under three letters", () => {
    expect(equivalentQuery(["manmeg"], vocabulary)).toBeUndefined();
    expect(equivalentQuery(["mega7"], vocabulary)).toBeUndefined();
    expect(equivalentQuery(["simman"], createSearchVocabulary(["si", "mman", "simman"]))).toBeUndefined();
  });
});
