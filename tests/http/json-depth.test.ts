import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, nestedDeeperThan } from "../../src/http/json-depth.ts";

describe("nestedDeeperThan", () => {
  it("counts arrays and objects alike, the top level as level 1", () => {
    expect(nestedDeeperThan("1", 0)).toBe(false);
    expect(nestedDeeperThan("[]", 0)).toBe(true);
    expect(nestedDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestedDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestedDeeperThan("[[],[],[[]]]", 2)).toBe(true);
    expect(nestedDeeperThan("[[],[],[]]", 2)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(nestedDeeperThan('["[[[{{{"]', 1)).toBe(false);
    expect(nestedDeeperThan('["\\"[[[", "\\\\", "]"]', 1)).toBe(false);
    expect(nestedDeeperThan('["\\\\", [[1]]]', 2)).toBe(true);
  });

  it("finds the limit exactly, and scans a million levels without overflowing", () => {
    const deep = (n: number): string => `${"[".repeat(n)}${"]".repeat(n)}`;
    expect(nestedDeeperThan(deep(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestedDeeperThan(deep(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestedDeeperThan(deep(1_000_000), MAX_JSON_DEPTH)).toBe(true);
  });
});
