import type { Match, MatchedBy } from "./match-response-schemas.ts";
import { utf8AsLatin1 } from "../core/utf8-as-latin1.ts";

/** The exact steps, each with its first and (CRC with size) second confidence: a slot each. */
const STEP_SLOT: Readonly<Record<Exclude<MatchedBy, "fuzzy">, number>> = { sha1: 0, md5: 1, crc: 2, serial: 3, name: 4, title: 5 };

/**
 * A shared match's JSON text, on the object itself: read where the object already is in cache,
 * where a `WeakMap` beside it cost two more cache misses an item. Not enumerable, so neither
 * `JSON.stringify`, `Object.keys`, spreading nor deep equality sees it.
 */
const FRAGMENT = Symbol("match JSON");

interface Fragmented {
  readonly [FRAGMENT]?: string;
}

/**
 * The `match` objects of one index's exact steps, made once per release, step and confidence and
 * shared, frozen, by every answer that names them, each with its JSON text ({@link matchFragment}):
 * a 100-item answer is then mostly joined text, where building and serialising each object was a
 * third of a match request's time. An index belongs to one catalog snapshot, so its titles do not
 * change under the store.
 */
export interface SharedMatches {
  /** The shared match, or undefined before {@link SharedMatches.add} made it. `variant` 1 is a step's second confidence. */
  find(release: number, by: Exclude<MatchedBy, "fuzzy">, variant: 0 | 1): Match | undefined;
  /** Freezes `match`, keeps it with its JSON text, and returns it. */
  add(release: number, by: Exclude<MatchedBy, "fuzzy">, variant: 0 | 1, match: Match): Match;
}

/** An empty store for an index of `releaseCount` releases; a slot's array is made on its first match. */
export function createSharedMatches(releaseCount: number): SharedMatches {
  // Dense arrays by release: one read a hit, where a Map keyed by number cost a hash and two misses.
  const slots: (Match | undefined)[][] = [];
  return {
    find: (release, by, variant) => slots[STEP_SLOT[by] * 2 + variant]?.[release],
    add(release, by, variant, match) {
      const slot = STEP_SLOT[by] * 2 + variant;
      const byRelease = (slots[slot] ??= new Array<Match | undefined>(releaseCount).fill(undefined));
      Object.defineProperty(match, FRAGMENT, { value: utf8AsLatin1(JSON.stringify(match)) });
      byRelease[release] = Object.freeze(match);
      return match;
    },
  };
}

/**
 * The JSON text of a shared match, exactly as `JSON.stringify` writes it but in UTF-8 bytes, one
 * char a byte (see {@link utf8AsLatin1}); undefined for any other object.
 */
export function matchFragment(match: Match): string | undefined {
  return (match as Fragmented)[FRAGMENT];
}
