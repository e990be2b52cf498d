import { describe, expect, it } from "vitest";
import { createSearchVocabulary } from "../../../src/catalog/search/search-vocabulary.ts";

const terms = ["2", "adventure", "mario", "mega", "megaman", "metroid", "sonic", "super", "zelda", "ソニック"].sort();
const asked = [...terms, "", "a", "marioo", "meg", "megamen", "zzz", "ソニ", "Mario"];

describe("createSearchVocabulary", () => {
  const expected = asked.map((t): [string, boolean, number] => [t, terms.includes(t), terms.indexOf(t)]);
  const answers = (vocabulary: ReturnType<typeof createSearchVocabulary>): [string, boolean, number][] =>
    asked.map((t) => [t, vocabulary.has(t), vocabulary.ordinal(t)]);

  it("answers has and ordinal alike while and after its map is filled in steps", () => {
    const vocabulary = createSearchVocabulary(terms);
    const more: boolean[] = [];
    for (let step = 0; step < 4; step++) {
      more.push(vocabulary.indexSome(3));
      expect(answers(vocabulary)).toEqual(expected);
    }
    expect(more).toEqual([true, true, true, false]);
    expect(vocabulary.indexSome(3)).toBe(false);
  });

  it("fills its whole map on a look-up before any filling began", () => {
    const vocabulary = createSearchVocabulary(terms);
    expect(vocabulary.has("zelda")).toBe(true);
    expect(vocabulary.indexSome(1)).toBe(false);
    expect(answers(vocabulary)).toEqual(expected);
  });

  it("fills the rest of its map for near, and finds the same candidates either way", () => {
    const fresh = createSearchVocabulary(terms);
    const filled = createSearchVocabulary(terms);
    filled.indexSome(terms.length);
    for (const word of ["mari", "megamen", "zelad", "ソニッ", "sonik"]) expect(fresh.near(word).sort()).toEqual(filled.near(word).sort());
    expect(fresh.near("megamen")).toContain("megaman");
    expect(fresh.indexSome(1)).toBe(false);
  });

  it("gives the prefix range at any point of the filling", () => {
    const vocabulary = createSearchVocabulary(terms);
    const range = vocabulary.prefixRange("me");
    expect(terms.slice(...range)).toEqual(["mega", "megaman", "metroid"]);
    vocabulary.indexSome(5);
    expect(vocabulary.prefixRange("me")).toEqual(range);
  });
});
