import { artworkTypes as ARTWORK_TYPES } from "../catalog/artwork/artwork-types.ts";
import { readHexWords, UPPER_HEX } from "./hex-digits.ts";
import { CRC_WORD, ITEM_HASH_WORDS, itemHashWords, MD5_WORD, SHA1_WORD } from "./item-hash-words.ts";
import { MAX_GROUP_LENGTH, MAX_MATCH_ITEMS, MAX_NAME_LENGTH, MAX_SERIAL_LENGTH, type MatchItem } from "./match-schemas.ts";

/** A match request body as {@link scanMatchRequest} read it: its items already checked, their hashes parsed. */
export interface ScannedMatchRequest {
  readonly systemId: string;
  readonly items: MatchItem[];
  readonly artworkTypes?: string[];
  /** The items' hashes as 32-bit words, laid out as `item-hash-words.ts` says. */
  readonly hashWords: Int32Array;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const BACKSLASH = 0x5c;
const ZERO = 0x30;
const NINE = 0x39;
const DOT = 0x2e;
const LOWER_E = 0x65;
const UPPER_E = 0x45;
/** Digits of the largest safe integer (2^53 − 1): no more are read, so the running value stays exact or just past it. */
const MAX_SIZE_DIGITS = 16;

/** The item members read, by their number in {@link Scanner.member}'s answer. */
const ITEM_MEMBERS = ["sha1", "name", "crc", "size", "md5", "serial", "group"] as const;
const SHA1 = 0;
const NAME = 1;
const CRC = 2;
const SIZE = 3;
const MD5 = 4;
const SERIAL = 5;
const GROUP = 6;

/** Thrown inside the scanner for anything it does not read itself; never leaves this module. */
const GIVE_UP = Symbol("give up");

/** Reads one body; each method advances `at` past what it read, or throws {@link GIVE_UP}. */
class Scanner {
  at = 0;
  readonly hashWords: Int32Array = itemHashWords();
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
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
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
      if (!(c >= 0x20) || c === BACKSLASH) throw GIVE_UP;
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

  /**
   * After an item member's opening quote: which member it is, past its closing quote and colon.
   * Told apart by its first chars, so that one comparison checks it.
   */
  member(): number {
    const { text, at } = this;
    let member: number;
    switch (text.charCodeAt(at)) {
      case 0x73: {
        const second = text.charCodeAt(at + 1);
        member = second === 0x68 ? SHA1 : second === 0x69 ? SIZE : SERIAL;
        break;
      }
      case 0x6e:
        member = NAME;
        break;
      case 0x63:
        member = CRC;
        break;
      case 0x6d:
        member = MD5;
        break;
      default:
        member = GROUP;
    }
    if (!this.key(ITEM_MEMBERS[member] as string)) throw GIVE_UP;
    return member;
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
    this.expect(OPEN_BRACE);
    let name: string | undefined;
    let size: number | undefined;
    let crc: string | undefined;
    let md5: string | undefined;
    let sha1: string | undefined;
    let serial: string | undefined;
    let group: string | undefined;
    // Each member once: JSON.parse keeps the last of repeated names, and this scanner does not try.
    let seen = 0;
    if (!this.next(CLOSE_BRACE)) {
      do {
        this.expect(QUOTE);
        const member = this.member();
        if ((seen & (1 << member)) !== 0) throw GIVE_UP;
        seen |= 1 << member;
        switch (member) {
          case SHA1:
            sha1 = this.hex(40, words + SHA1_WORD);
            break;
          case NAME:
            name = this.bounded(MAX_NAME_LENGTH);
            break;
          case CRC:
            crc = this.hex(8, words + CRC_WORD);
            break;
          case SIZE:
            size = this.size();
            break;
          case MD5:
            md5 = this.hex(32, words + MD5_WORD);
            break;
          case SERIAL:
            serial = this.bounded(MAX_SERIAL_LENGTH);
            break;
          default:
            group = this.bounded(MAX_GROUP_LENGTH);
        }
      } while (this.next(COMMA));
      this.expect(CLOSE_BRACE);
    }
    if (name === undefined && crc === undefined && md5 === undefined && sha1 === undefined && serial === undefined) throw GIVE_UP;
    return { name, size, crc, md5, sha1, serial, group, headerless: undefined } as MatchItem;
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
 * in tests/match/match-body-scan.test.ts), and their hashes are parsed too. At most
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
