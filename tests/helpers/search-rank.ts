import { expect } from "vitest";
import type { SearchHit } from "../../src/catalog/search/search-games.ts";

/** Expects the first result `wanted` accepts among the first `within` results, naming the top five when it is not. */
export function expectRankedWithin(results: readonly SearchHit[], wanted: (result: SearchHit) => boolean, within: number): void {
  const position = results.findIndex(wanted);
  const top = results
    .slice(0, 5)
    .map((r) => `${r.title} (${r.system})`)
    .join(" | ");
  expect(position, `top results: ${top}`).toBeGreaterThanOrEqual(0);
  expect(position, `top results: ${top}`).toBeLessThan(within);
}
