import { artworkTypes as ARTWORK_TYPES } from "../../catalog/artwork/artwork-types.ts";
import { readHexWords, UPPER_HEX } from "../schema/hex-digits.ts";
import { ITEM_HASH_WORDS, itemHashWords } from "./item-hash-words.ts";
import { ITEM_FIELDS, type ItemField, itemOf } from "../schema/item-fields.ts";
import { MAX_MATCH_ITEMS, type MatchItem } from "../schema/match-schemas.ts";
import { CHAR } from "../../core/char-codes.ts";

const {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  CR,
  DOT,
  LF,
  LOWER_E,
  NINE,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  SPACE,
  TAB,
  UPPER_E,
  ZERO,
} = CHAR;

/** A match request body as {@link scanMatchRequest} read it: its items already checked, their hashes parsed. */
export interface ScannedMatchRequest {
  readonly systemId: string;
  readonly items: MatchItem[];
  readonly artworkTypes?: string[];
  /** The items' hashes as 32-bit words, laid out as `item-hash-words.ts` says. */
  readonly hashWords: Int32Array;
}

/** Digits of the largest safe integer (2^53 − 1): no more are read, so the running value stays exact or just past it. */
const MAX_SIZE_DIGITS = 16;

/** The first two chars of a member name as one number, the key of {@link MEMBER_BY_CHARS}. */
const charPair = (first: number, second: number): number => ((first & 0x7f) << 7) | (second & 0x7f);

/**
 * Each item member's index in {@link ITEM_FIELDS} plus one, by the first two chars of its name (0
 * for none): one read tells a member name apart, and {@link Scanner.key} then checks all of it.
 */
const MEMBER_BY_CHARS = ((): Int8Array => {
  const table = new Int8Array(1 << 14);
  ITEM_FIELDS.forEach((field, i) => {
    const pair = charPair(field.name.charCodeAt(0), field.name.charCodeAt(1));
    // Two members alike in their first two chars would need a longer look; none are.
    if (table[pair] !== 0) throw new Error(`item members ${field.name} and ${ITEM_FIELDS[(table[pair] as number) - 1]?.name} begin alike`);
    table[pair] = i + 1;
  });
  return table;
})();

/** Thrown inside the scanner for anything it does not read itself; never leaves this module. */
const GIVE_UP = Symbol("give up");

/** Reads one body; each method advances `at` past what it read, or throws {@link GIVE_UP}. */
class Scanner {
  at = 0;
  readonly hashWords: Int32Array = itemHashWords();
  /** The values of the item being read, by their member's index in {@link ITEM_FIELDS}. */
  private readonly values: unknown[] = new Array<unknown>(ITEM_FIELDS.length).fill(undefined);
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  /** @see RFC 8259 §2: whitespace is space, tab, line feed and carriage return. */
  space(): void {
    const { text } = this;
    let { at } = this;
    for (;;) {
      const c = text.charCodeAt(at);
      if (c !== SPACE && c !== LF && c !== CR && c !== TAB) break;
      at++;
    }
    this.at = at;
  }

  expect(char: number): void {
    this.space();
    if (this.text.charCodeAt(this.at) !== char) throw GIVE_UP;
    this.at++;
  }

  /** After optional whitespace: true and past it when the next char is `char`. */
  next(char: number): boolean {
    this.space();
    if (this.text.charCodeAt(this.at) !== char) return false;
    this.at++;
    return true;
  }

  /** After an opening quote: the member name `name` with its closing quote and colon, or false. */
  key(name: string): boolean {
    const { text, at } = this;
    const length = name.length;
    for (let i = 0; i < length; i++) if (text.charCodeAt(at + i) !== name.charCodeAt(i)) return false;
    if (text.charCodeAt(at + length) !== QUOTE) return false;
    this.at = at + length + 1;
    this.expect(COLON);
    return true;
  }

  /** A string with no escape sequence (those are left to `JSON.parse`). @see RFC 8259 §7 */
  string(): string {
    this.expect(QUOTE);
    const { text } = this;
    const start = this.at;
    let at = start;
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === QUOTE) break;
      // NaN past the end fails this test too.
      if (!(c >= SPACE) || c === BACKSLASH) throw GIVE_UP;
      at++;
    }
    this.at = at + 1;
    return text.slice(start, at);
  }

  /** After optional whitespace: true and past it when the next value is `null`, which counts as absent. */
  null(): boolean {
    this.space();
    if (!this.text.startsWith("null", this.at)) return false;
    this.at += 4;
    return true;
  }

  /** A safe non-negative integer in plain digits, or undefined for null. @see RFC 8259 §6 */
  size(): number | undefined {
    if (this.null()) return undefined;
    const { text } = this;
    const start = this.at;
    let at = start;
    let value = 0;
    for (;;) {
      const c = text.charCodeAt(at);
      if (!(c >= ZERO && c <= NINE)) break;
      value = value * 10 + (c - ZERO);
      at++;
    }
    this.at = at;
    const digits = at - start;
    const c = text.charCodeAt(at);
    // A fraction, an exponent, a sign or a leading zero is JSON.parse's to read.
    if (digits === 0 || digits > MAX_SIZE_DIGITS || (digits > 1 && text.charCodeAt(start) === ZERO)) throw GIVE_UP;
    if (value > Number.MAX_SAFE_INTEGER) throw GIVE_UP;
    if (c === DOT || c === LOWER_E || c === UPPER_E) throw GIVE_UP;
    return value;
  }

  /**
   * `length` hex digits in lower case, or undefined for null; their words go to `hashWords` from
   * `word`. Checked in the body's text, before the slice is taken: a sliced string's chars are
   * slower to read.
   */
  hex(length: number, word: number): string | undefined {
    if (this.null()) return undefined;
    const { text } = this;
    if (text.charCodeAt(this.at) !== QUOTE) throw GIVE_UP;
    const start = this.at + 1;
    const end = start + length;
    const seen = readHexWords(text, start, length, this.hashWords, word);
    // A string shorter than `length` ends before `end`: its quote, read as a digit, makes `seen` negative.
    if (seen < 0 || text.charCodeAt(end) !== QUOTE) throw GIVE_UP;
    this.at = end + 1;
    const value = text.slice(start, end);
    return (seen & UPPER_HEX) === 0 ? value : value.toLowerCase();
  }

  /** After an item member's opening quote: its field, past its closing quote and colon. */
  member(): number {
    const { text, at } = this;
    const field = (MEMBER_BY_CHARS[charPair(text.charCodeAt(at), text.charCodeAt(at + 1))] as number) - 1;
    if (field < 0 || !this.key((ITEM_FIELDS[field] as ItemField).name)) throw GIVE_UP;
    return field;
  }

  /** The value of `field`'s member in the item whose hash words start at `words`, undefined for null. */
  value(field: ItemField, words: number): string | number | undefined {
    switch (field.kind) {
      case "text":
        return this.bounded(field.max);
      case "size":
        return this.size();
      case "hex":
        return this.hex(field.digits, words + field.word);
      default:
        // A nested object is JSON.parse's to read.
        throw GIVE_UP;
    }
  }

  /** A string of 1 to `max` chars, or undefined for null. */
  bounded(max: number): string | undefined {
    if (this.null()) return undefined;
    const value = this.string();
    if (value.length < 1 || value.length > max) throw GIVE_UP;
    return value;
  }

  /** Item `index`, exactly as `fastMatchItem` gives it. */
  item(index: number): MatchItem {
    const words = index * ITEM_HASH_WORDS;
    const { values } = this;
    for (let i = 0; i < values.length; i++) values[i] = undefined;
    this.expect(OPEN_BRACE);
    // Each member once: JSON.parse keeps the last of repeated names, and this scanner does not try.
    let seen = 0;
    let identified = false;
    if (!this.next(CLOSE_BRACE)) {
      do {
        this.expect(QUOTE);
        const member = this.member();
        if ((seen & (1 << member)) !== 0) throw GIVE_UP;
        seen |= 1 << member;
        const field = ITEM_FIELDS[member] as ItemField;
        const value = this.value(field, words);
        values[member] = value;
        if (value !== undefined && field.identifies) identified = true;
      } while (this.next(COMMA));
      this.expect(CLOSE_BRACE);
    }
    if (!identified) throw GIVE_UP;
    return itemOf(values) as MatchItem;
  }

  /** A JSON array of at most `max` elements, each read by `element` (given its index). */
  list<T>(element: (index: number) => T, max: number): T[] {
    this.expect(OPEN_BRACKET);
    const list: T[] = [];
    if (this.next(CLOSE_BRACKET)) return list;
    do {
      // More are the schema's to refuse, with its message.
      if (list.length === max) throw GIVE_UP;
      list.push(element(list.length));
    } while (this.next(COMMA));
    this.expect(CLOSE_BRACKET);
    return list;
  }

  request(): ScannedMatchRequest {
    this.expect(OPEN_BRACE);
    let systemId: string | undefined;
    let items: MatchItem[] | undefined;
    let artworkTypes: string[] | undefined;
    do {
      this.expect(QUOTE);
      if (systemId === undefined && this.key("systemId")) systemId = this.string();
      else if (items === undefined && this.key("items")) items = this.list((index) => this.item(index), MAX_MATCH_ITEMS);
      else if (artworkTypes === undefined && this.key("artworkTypes")) artworkTypes = this.list(() => this.string(), ARTWORK_TYPES.length);
      else throw GIVE_UP;
    } while (this.next(COMMA));
    this.expect(CLOSE_BRACE);
    this.space();
    if (this.at !== this.text.length || systemId === undefined || items === undefined) throw GIVE_UP;
    const { hashWords } = this;
    return artworkTypes === undefined ? { systemId, items, hashWords } : { systemId, items, artworkTypes, hashWords };
  }
}

/**
 * The match request in `text` when it is of the plain shape nearly every client sends — members
 * `systemId`, `items` and `artworkTypes` once each, every item valid, of the fields `name`, `size`,
 * `crc`, `md5`, `sha1`, `serial` and `group` only, strings without escape sequences, sizes as plain
 * integers — else undefined, and `JSON.parse` and the schemas read it (and explain what is wrong).
 * Its items are what `fastMatchItem` gives for the items `JSON.parse` would give (property-tested
 * in tests/match/engine/match-body-scan.test.ts), and their hashes are parsed too. At most
 * {@link MAX_MATCH_ITEMS} items are read. `JSON.parse` builds every string and object of a body
 * whose items are then checked and copied; this reads each item once, straight into its checked
 * form.
 */
export function scanMatchRequest(text: string): ScannedMatchRequest | undefined {
  try {
    return new Scanner(text).request();
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}
