import { describe, expect, it } from "vitest";
import type { Match } from "../../../src/match/schema/match-response-schemas.ts";
import { createSharedMatches } from "../../../src/match/index/shared-matches.ts";

const match = (gameId: number, title: string, matchedBy: Match["matchedBy"], confidence: number): Match => ({
  gameId,
  title,
  release: `${title} (Japan)`,
  confidence,
  matchedBy,
});

describe("createSharedMatches", () => {
  it("keeps each match, frozen, with the JSON text of a result naming it as UTF-8 bytes, apart by release, step and confidence", () => {
    const shared = createSharedMatches(3);
    expect(shared.find(0, "sha1", 0)).toBeUndefined();
    expect(shared.resultTail(0, "sha1", 0)).toBeUndefined();

    const first = match(7, "Dragon Quest™ ドラゴン", "sha1", 1);
    expect(shared.add(0, "sha1", 0, first)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(shared.find(0, "sha1", 0)).toBe(first);
    const result = { index: 4, status: "matched", match: first };
    expect(Buffer.from(`{"index":4${shared.resultTail(0, "sha1", 0)}`, "latin1")).toEqual(Buffer.from(JSON.stringify(result)));
    // Nothing leaks into the object: its JSON and keys are the match's own.
    expect(Object.keys(first)).toEqual(["gameId", "title", "release", "confidence", "matchedBy"]);

    const last = match(9, "Mega Quest", "crc", 0.98);
    shared.add(2, "crc", 1, last);
    expect(shared.find(2, "crc", 1)).toBe(last);
    expect(shared.resultTail(2, "crc", 1)).toBe(`,"status":"matched","match":${JSON.stringify(last)}}`);
    for (const [release, by, variant] of [
      [2, "crc", 0],
      [1, "sha1", 0],
      [0, "md5", 0],
      [0, "sha1", 1],
    ] as const) {
      expect(shared.find(release, by, variant)).toBeUndefined();
      expect(shared.resultTail(release, by, variant)).toBeUndefined();
    }
  });
});
