import type { MatchIndex } from "./match-index.ts";
import type { Match, MatchedBy } from "./match-response-schemas.ts";

/** Exact steps in a fixed order, so that (release, step, confidence) packs into one number. */
const STEP_SLOT: Readonly<Record<Exclude<MatchedBy, "fuzzy">, number>> = { sha1: 0, md5: 1, crc: 2, serial: 3, name: 4, title: 5 };

const byIndex = new WeakMap<MatchIndex, Map<number, Match>>();
const fragments = new WeakMap<Match, string>();

/**
 * The `match` of an exact step, made once per index, release, step and confidence and shared,
 * frozen, by every answer that names it, together with its JSON text ({@link matchFragment}):
 * a 100-item answer is then mostly joined text, where building and serialising each object was a
 * third of a match request's time. `variant` tells a step's second confidence (CRC with size) from
 * its first. An index belongs to one catalog snapshot, so its titles do not change under the cache.
 */
export function sharedMatch(index: MatchIndex, release: number, by: Exclude<MatchedBy, "fuzzy">, variant: 0 | 1, make: () => Match): Match {
  let cache = byIndex.get(index);
  if (!cache) {
    cache = new Map();
    byIndex.set(index, cache);
  }
  const key = (release * 8 + STEP_SLOT[by]) * 2 + variant;
  const cached = cache.get(key);
  if (cached) return cached;
  const match = Object.freeze(make());
  fragments.set(match, JSON.stringify(match));
  cache.set(key, match);
  return match;
}

/** The JSON text of a shared match, exactly as `JSON.stringify` writes it; undefined for any other object. */
export function matchFragment(match: Match): string | undefined {
  return fragments.get(match);
}
