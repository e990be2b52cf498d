import { describe, expect, it } from "vitest";
import { editDistance, titleSimilarity } from "../../../src/match/engine/title-similarity.ts";

describe("titleSimilarity (Sørensen–Dice over character bigrams)", () => {
  it("is 1 for the same key and 0 against an empty one", () => {
    expect(titleSimilarity("chrono trigger", "chrono trigger")).toBe(1);
    expect(titleSimilarity("", "chrono trigger")).toBe(0);
    expect(titleSimilarity("chrono trigger", "")).toBe(0);
  });

  it("is symmetric and between 0 and 1", () => {
    const a = "legend of starfall";
    const b = "legend of starfal";
    expect(titleSimilarity(a, b)).toBeCloseTo(titleSimilarity(b, a), 12);
    expect(titleSimilarity(a, b)).toBeGreaterThan(0);
    expect(titleSimilarity(a, b)).toBeLessThan(1);
  });

  it("counts bigrams with word boundaries: 'ab' against 'ab c' shares 3 of 7 bigrams", () => {
    // " ab " → " a", "ab", "b " (3); " ab c " → " a", "ab", "b ", " c", "c " (5): 2·3 / (3 + 5).
    expect(titleSimilarity("ab", "ab c")).toBeCloseTo(6 / 8, 12);
  });

  it("scores a one-letter typo well above the 0.7 matching threshold, and another game well below", () => {
    expect(titleSimilarity("super metroid", "super metriod")).toBeGreaterThan(0.7);
    expect(titleSimilarity("super metroid", "super mario world")).toBeLessThan(0.7);
  });

  it("counts repeated bigrams only as often as both keys have them", () => {
    expect(titleSimilarity("aaaa", "aa")).toBeCloseTo((2 * 3) / (5 + 3), 12);
  });
});

describe("editDistance (optimal string alignment, bounded)", () => {
  it.each([
    ["kitten", "sitting", 3],
    ["metroid", "metriod", 1], // an adjacent swap is one edit
    ["megaman", "mega man", 1],
    ["zelda", "zelda", 0],
    ["", "abc", 3],
  ])("%s → %s is %i", (a, b, d) => {
    expect(editDistance(a, b, 5)).toBe(d);
  });

  it("stops at limit + 1 once the distance must exceed the limit", () => {
    expect(editDistance("kitten", "sitting", 2)).toBe(3);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
    expect(editDistance("final fantasy", "dragon quest", 2)).toBe(3);
  });
});
