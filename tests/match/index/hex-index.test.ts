import { describe, expect, it } from "vitest";
import { hexIndex } from "../../../src/match/index/hex-index.ts";
import { hexWords } from "../../helpers/hex-words.ts";

/** The reference: rows by key with a plain Map, in row order. */
function reference(keys: readonly (string | null)[]): Map<string, number[]> {
  const rows = new Map<string, number[]>();
  keys.forEach((key, row) => {
    if (key !== null) rows.set(key, [...(rows.get(key) ?? []), row]);
  });
  return rows;
}

function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
}

describe("hexIndex", () => {
  for (const length of [8, 32, 40] as const) {
    it(`answers every ${length}-digit key as a Map of its rows (or of a value per row) would, duplicates, shared first words and odd keys included`, () => {
      const random = seeded(length);
      const hex = (): string => Array.from({ length }, () => "0123456789abcdef"[Math.floor(random() * 16)]).join("");
      const distinct = Array.from({ length: 3000 }, hex);
      const keys: (string | null)[] = [];
      for (let i = 0; i < 6000; i++) {
        const r = random();
        if (r < 0.1) keys.push(null);
        else if (r < 0.25) keys.push(keys[Math.floor(random() * keys.length)] ?? null);
        // Same first 8 digits, another rest: the table's tag agrees and only the rest tells them apart.
        else if (r < 0.3 && length > 8) keys.push(`${(distinct[0] as string).slice(0, 8)}${hex().slice(8)}`);
        else if (r < 0.32) keys.push(hex().toUpperCase());
        else if (r < 0.33) keys.push(hex().slice(1));
        else keys.push(distinct[Math.floor(random() * distinct.length)] ?? null);
      }
      const index = hexIndex(keys, length);
      // A value per row, as the release of each rom: several rows share one.
      const values = Int32Array.from(keys, (_, row) => Math.floor(row / 3));
      const valued = hexIndex(keys, length, values);
      const expected = reference(keys);
      // A digit swapped for each neighbour of the hex ranges, or for a character outside ASCII.
      const near = ["/", ":", "@", "G", "`", "g", "é", "\u0130", "\uff10"].map((c) => `${c}${hex().slice(1)}`);
      const queries = [...expected.keys(), ...Array.from({ length: 500 }, hex), "", "zz", `${hex().slice(2)}gg`, ...near];
      for (const key of queries) {
        const rows = expected.get(key) ?? [];
        expect(index.get(key), key).toEqual(rows);
        expect(index.only(key), key).toBe(rows.length === 0 ? -1 : rows.length > 1 ? -2 : rows[0]);
        expect(valued.get(key), key).toEqual(rows.map((row) => values[row]));
        expect(valued.only(key), key).toBe(rows.length === 0 ? -1 : rows.length > 1 ? -2 : values[rows[0] as number]);
      }
      expect([...expected.values()].some((rows) => rows.length > 1)).toBe(true);
      // Parsed keys, as the match body scanner gives them (at an offset in a larger array), answer as their lower-case text.
      const words = new Int32Array(3 + length / 8);
      for (const key of queries.filter((q) => /^[0-9a-f]+$/i.test(q) && q.length === length)) {
        words.set(hexWords(key), 3);
        const rows = expected.get(key.toLowerCase()) ?? [];
        expect(index.getParsed(words, 3), key).toEqual(rows);
        expect(index.onlyParsed(words, 3), key).toBe(rows.length === 0 ? -1 : rows.length > 1 ? -2 : rows[0]);
        expect(valued.getParsed(words, 3), key).toEqual(rows.map((row) => values[row]));
      }
    });
  }

  it("holds an empty column", () => {
    const index = hexIndex([null, null], 40);
    expect(index.get("a".repeat(40))).toEqual([]);
    expect(index.only("a".repeat(40))).toBe(-1);
  });
});
