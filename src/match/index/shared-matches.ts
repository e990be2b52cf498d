import type { Match, MatchedBy } from "../schema/match-response-schemas.ts";
import { utf8AsLatin1 } from "../../core/utf8-as-latin1.ts";

/**
 * The exact steps, each with its first and (CRC with size) second confidence: a slot each. A
 * switch, where reading a record by the step's name was a megamorphic keyed load on every hit.
 */
function stepSlot(by: Exclude<MatchedBy, "fuzzy">): number {
  switch (by) {
    case "sha1":
      return 0;
    case "md5":
      return 1;
    case "crc":
      return 2;
    case "serial":
      return 3;
    case "name":
      return 4;
    default:
      return 5;
  }
}

/**
 * The `match` objects of one index's exact steps, made once per release, step and confidence and
 * shared, frozen, by every answer that names them, each with the JSON text of a result naming it:
 * a 100-item answer is then mostly joined text, where building and serialising each object was a
 * large part of a match request's time (docs/performance.md). An index belongs to one catalog snapshot, so its titles do not change under the
 * store.
 */
export interface SharedMatches {
  /** The shared match, or undefined before {@link SharedMatches.add} made it. `variant` 1 is a step's second confidence. */
  find(release: number, by: Exclude<MatchedBy, "fuzzy">, variant: 0 | 1): Match | undefined;
  /**
   * A `matched` result's JSON after its index, with the shared match in it
   * (`,"status":"matched","match":{…}}`), exactly as `JSON.stringify` writes it but in UTF-8
   * bytes, one char a byte (see {@link utf8AsLatin1}); undefined before {@link SharedMatches.add}.
   * An answer's result is then `{"index":<i>` and this: two pieces for the socket write to copy,
   * where joining the match's own text took five and was slower (docs/performance.md).
   */
  resultTail(release: number, by: Exclude<MatchedBy, "fuzzy">, variant: 0 | 1): string | undefined;
  /** Freezes `match`, keeps it with its JSON text, and returns it. */
  add(release: number, by: Exclude<MatchedBy, "fuzzy">, variant: 0 | 1, match: Match): Match;
}

/**
 * A one-byte string's chars in one flat string: a joined string is a tree of its pieces, which
 * every answer's write to the socket would walk again.
 */
function flatOneByte(text: string): string {
  return Buffer.from(text, "latin1").toString("latin1");
}

/** An empty store for an index of `releaseCount` releases; a slot's array is made on its first match. */
export function createSharedMatches(releaseCount: number): SharedMatches {
  // Dense arrays by release, each match beside its text (at 2r and 2r + 1): a hit reads the match's
  // slot and its text's in one cache line, never the match object itself. A Map keyed by number
  // cost a hash and two misses; the text as a property of the match cost the match's miss and its
  // property store's (docs/performance.md).
  const slots: (Match | string | undefined)[][] = [];
  return {
    find: (release, by, variant) => slots[stepSlot(by) * 2 + variant]?.[release * 2] as Match | undefined,
    resultTail: (release, by, variant) => slots[stepSlot(by) * 2 + variant]?.[release * 2 + 1] as string | undefined,
    add(release, by, variant, match) {
      const slot = stepSlot(by) * 2 + variant;
      const byRelease = (slots[slot] ??= new Array<Match | string | undefined>(releaseCount * 2).fill(undefined));
      byRelease[release * 2] = Object.freeze(match);
      byRelease[release * 2 + 1] = flatOneByte(`,"status":"matched","match":${utf8AsLatin1(JSON.stringify(match))}}`);
      return match;
    },
  };
}
