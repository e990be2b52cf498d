import type { components } from "./generated/openapi.ts";

type MatchItem = components["schemas"]["MatchItem"];
type MatchResult = components["schemas"]["MatchResult"];
type MatchGroup = components["schemas"]["MatchGroup"];

/** The most items one match request may carry (docs/api.md, "ROM matching"). */
export const MAX_BATCH_ITEMS = 100;

/**
 * Splits items into requests of at most {@link MAX_BATCH_ITEMS}, keeping the items of one group
 * in one request (a group is judged on the items it is sent with); a group larger than a request
 * is split. Returns each batch as the original indexes of its items, in order.
 */
export function planBatches(items: readonly MatchItem[], max: number = MAX_BATCH_ITEMS): number[][] {
  const units: number[][] = [];
  const unitOf = new Map<string, number[]>();
  items.forEach((item, index) => {
    const group = typeof item.group === "string" ? item.group : undefined;
    if (group === undefined) {
      units.push([index]);
      return;
    }
    let unit = unitOf.get(group);
    if (!unit) {
      unit = [];
      unitOf.set(group, unit);
      units.push(unit);
    }
    unit.push(index);
  });
  const batches: number[][] = [];
  let current: number[] = [];
  for (const unit of units) {
    if (current.length > 0 && current.length + unit.length > max) {
      batches.push(current);
      current = [];
    }
    for (let start = 0; start < unit.length; start += max) {
      const part = unit.slice(start, start + max);
      if (current.length + part.length > max) {
        batches.push(current);
        current = [];
      }
      current.push(...part);
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** A batch's results and groups with their item indexes turned back into the caller's. */
export function remapBatch(
  indexes: readonly number[],
  results: readonly MatchResult[],
  groups: readonly MatchGroup[] | undefined,
): { results: MatchResult[]; groups: MatchGroup[] } {
  const at = (i: number): number => {
    const index = indexes[i];
    if (index === undefined) throw new Error(`match answer names item ${i} of a batch of ${indexes.length}`);
    return index;
  };
  return {
    results: results.map((result) => ({ ...result, index: at(result.index) })),
    groups: (groups ?? []).map((group) => ({
      ...group,
      items: group.items.map(at),
      agree: group.agree.map(at),
      disagree: group.disagree.map(at),
      unknown: group.unknown.map(at),
    })),
  };
}
