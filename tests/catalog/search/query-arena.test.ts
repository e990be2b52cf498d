import { describe, expect, it } from "vitest";
import { QueryArena } from "../../../src/catalog/search/query-arena.ts";

describe("QueryArena", () => {
  it("hands out views that never overlap, and keeps earlier views intact when it grows", () => {
    const arena = new QueryArena();
    const views = [3, 5000, 7, 20_000, 1].map((n, k) => {
      const view = arena.float64.take(n);
      view.fill(k + 1);
      return view;
    });
    for (const [k, view] of views.entries()) expect(view.every((v) => v === k + 1)).toBe(true);
    expect(views.map((v) => v.length)).toEqual([3, 5000, 7, 20_000, 1]);
  });

  it("reuses its space after a reset, for every kind", () => {
    const arena = new QueryArena();
    const first = arena.uint32.take(100);
    const ints = arena.int32.take(10);
    arena.reset();
    const again = arena.uint32.take(100);
    expect(again.buffer).toBe(first.buffer);
    expect(again.byteOffset).toBe(first.byteOffset);
    expect(arena.int32.take(10).buffer).toBe(ints.buffer);
  });
});
