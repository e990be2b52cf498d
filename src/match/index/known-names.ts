import type { MatchResult } from "../schema/match-response-schemas.ts";

/**
 * What {@link KnownNames} keeps of a name's result: the result with index 0, frozen, and its JSON
 * after its index; for a `matched` one, the release its artwork is of.
 */
export interface KnownName {
  readonly result: MatchResult;
  readonly tail: string;
  readonly release: number;
}

/** Names one index remembers with their results, at most. */
export const MAX_KNOWN_NAMES = 8192;

/**
 * Chars of names and result texts one index remembers, at most: about 4 MB with the results'
 * objects, whatever the names' length (up to 1,024 chars each) or the results' (up to 10
 * candidates), where the count alone would allow ten times that.
 */
export const MAX_KNOWN_NAME_CHARS = 1 << 21;

/**
 * File names as sent whose name steps ended in a match by name, title or fuzzy title, a list of
 * games or suggestions, with their results: a ROM manager's names come again (every client
 * holding the same set), and each cost the name's keys, the chain walks of its look-ups, a title
 * parse and, for the fuzzy step, a title search. Bounded by {@link MAX_KNOWN_NAMES} and
 * {@link MAX_KNOWN_NAME_CHARS}; full, it keeps what it has.
 */
export class KnownNames {
  readonly #names = new Map<string, KnownName>();
  #chars = 0;

  get size(): number {
    return this.#names.size;
  }

  /** The chars the memo counts against {@link MAX_KNOWN_NAME_CHARS}. */
  get chars(): number {
    return this.#chars;
  }

  get(name: string): KnownName | undefined {
    return this.#names.get(name);
  }

  keys(): IterableIterator<string> {
    return this.#names.keys();
  }

  /** Keeps `known` for `name`, unless that would pass a bound. */
  add(name: string, known: KnownName): void {
    const chars = name.length + known.tail.length;
    if (this.#names.size >= MAX_KNOWN_NAMES || this.#chars + chars > MAX_KNOWN_NAME_CHARS) return;
    this.#names.set(name, known);
    this.#chars += chars;
  }
}
