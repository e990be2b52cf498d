import { describe, expect, it } from "vitest";
import { fitToBytes, PAGE_RESULT_BYTES } from "../../src/core/page-bytes.ts";

describe("a page's byte budget", () => {
  const item = (i: number, title: string): { id: number; title: string } => ({ id: i, title });

  it("keeps every item that fits, in order, and stops before the one that would pass the budget", () => {
    const items = Array.from({ length: 10 }, (_, i) => item(i, "x".repeat(80)));
    const one = Buffer.byteLength(JSON.stringify(items[0])) + 1;
    expect(fitToBytes(items, one * 10)).toHaveLength(10);
    expect(fitToBytes(items, one * 4 + one - 1).map((x) => x.id)).toEqual([0, 1, 2, 3]);
  });

  it("counts UTF-8 bytes, not characters", () => {
    const ascii = [item(1, "a".repeat(30)), item(2, "a".repeat(30))];
    const kana = [item(1, "ロ".repeat(30)), item(2, "ロ".repeat(30))];
    const budget = Buffer.byteLength(JSON.stringify(ascii[0])) * 2 + 2;
    expect(fitToBytes(ascii, budget)).toHaveLength(2);
    expect(fitToBytes(kana, budget)).toHaveLength(1);
  });

  it("always keeps the first item, so that a page makes progress, and bounds 100 long titles", () => {
    expect(fitToBytes([item(1, "y".repeat(1000))], 10)).toHaveLength(1);
    expect(fitToBytes([], 10)).toEqual([]);
    const long = Array.from({ length: 100 }, (_, i) => item(i, "z".repeat(250)));
    const kept = fitToBytes(long);
    expect(kept.length).toBeLessThan(100);
    expect(Buffer.byteLength(JSON.stringify(kept))).toBeLessThanOrEqual(PAGE_RESULT_BYTES);
  });
});
