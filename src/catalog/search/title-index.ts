import { contentKinds } from "../identity/content-kind.ts";
import { arabicWord, titleNumbers } from "../names/numerals.ts";
import { titleWords } from "../names/title-key.ts";
import type { GameSummary } from "./game-summary.ts";
import { combinePrior, RETAIL_EVIDENCE, summaryEvidence } from "./search-prior.ts";

/**
 * The title search index: one inverted index over every game title of the catalog, written by
 * the build as one binary file and loaded as typed-array views of it.
 *
 * Why not MiniSearch, which ranked titles before: its generic query tree, per-hit callbacks
 * (document boost, platform filter) and Map-of-Map postings were most of a search's CPU in the
 * profile (docs/performance.md), and its platform buckets made every search run once per bucket.
 * Here a game is a dense ordinal; games are ordered by platform, so one platform is one ordinal
 * range and a platform filter is a binary search in each posting list; terms are one sorted
 * array, so a prefix is one range of it.
 */
export interface TitleIndex {
  /** Every term, sorted by UTF-16 code units (the order of `<`), so a prefix is one range. */
  readonly terms: readonly string[];
  /** Postings of term t are `postings[termStart[t]]` up to `termStart[t + 1]`: game ordinals, ascending. */
  readonly termStart: Uint32Array;
  readonly postings: Uint32Array;
  /** How often the term occurs in the title, beside each posting. */
  readonly frequencies: Uint8Array;
  /** The game id of each ordinal. */
  readonly gameIds: Int32Array;
  /** The number of distinct terms of each title (BM25's field length). */
  readonly titleLengths: Uint8Array;
  /**
   * Per game, what ranking checks on every hit, so that most hits never touch their summary (a
   * cache miss each, which was most of the cost of prefixes hitting thousands of games): the
   * title key's length, the length of its {@link compactKey}, whether it names a number, and a
   * 128-bit signature of the compact key's letters and letter pairs ({@link textSignature}).
   */
  readonly keyLengths: Uint16Array;
  readonly compactLengths: Uint16Array;
  readonly numbered: Uint8Array;
  readonly signatures: Int32Array;
  /** Per game, its kind as an index into `contentKinds` (0: game), so that a kind filter never reads a summary. */
  readonly kinds: Uint8Array;
  /** Per game, {@link ALTERNATE_TITLES} and {@link PIRATE_TITLES} set when it has such titles, whose words are indexed as the title's. */
  readonly aliased: Uint8Array;
  /** Per game, its search prior (src/catalog/search/search-prior.ts), 0 to 255. */
  readonly priors: Uint8Array;
  /** Mean of `titleLengths`. */
  readonly averageLength: number;
  /** The ordinals of each platform's games: `[start, end)`. */
  readonly platforms: ReadonlyMap<string, readonly [number, number]>;
}

/** One platform's games, in the order their ordinals are given. */
export interface TitleIndexPlatform {
  readonly slug: string;
  readonly summaries: readonly GameSummary[];
}

/** The title key with numerals in digits and no spaces: "final fantasy vii" → "finalfantasy7". Equal for "Sim City" and "SimCity". */
export function compactKey(key: string): string {
  return key.split(" ").map(arabicWord).join("");
}

/** Words of signature per game. */
export const SIGNATURE_WORDS = 4;

/**
 * Sets in `out[at..at+4)` the bits of the letters and adjacent letter pairs of `text`: when
 * `text` contains `word`, every bit of `word`'s signature is set in `text`'s (the converse needs
 * a real `includes`).
 */
export function textSignature(text: string, out: Int32Array, at: number): void {
  let previous = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const single = Math.imul(c + 1, 0x85ebca6b) >>> 25;
    out[at + (single >>> 5)] = (out[at + (single >>> 5)] as number) | (1 << (single & 31));
    if (previous >= 0) {
      const pair = Math.imul(previous * 65599 + c, 0x9e3779b1) >>> 25;
      out[at + (pair >>> 5)] = (out[at + (pair >>> 5)] as number) | (1 << (pair & 31));
    }
    previous = c;
  }
}

/** Bumped whenever the file layout changes; part of the file name, so a server never reads another layout. */
export const TITLE_INDEX_FORMAT = 5;

/** Bits of `aliased`: the game has alternate titles; the game has titles only its pirate releases carry. */
export const ALTERNATE_TITLES = 1;
export const PIRATE_TITLES = 2;

interface Header {
  readonly format: number;
  readonly games: number;
  readonly terms: number;
  readonly postings: number;
  readonly termBytes: number;
  readonly averageLength: number;
  readonly platforms: readonly [string, number, number][];
}

/**
 * One platform's titles indexed on their own, with ordinals from 0: what {@link mergeTitleParts}
 * joins into the catalog's index. A build keeps each platform's part, so that a build where one
 * platform changed indexes that platform's titles only.
 */
export interface TitlePart {
  readonly gameIds: Int32Array;
  readonly keyLengths: Uint16Array;
  readonly compactLengths: Uint16Array;
  readonly numbered: Uint8Array;
  readonly kinds: Uint8Array;
  readonly aliased: Uint8Array;
  readonly titleLengths: Uint8Array;
  readonly signatures: Int32Array;
  /** Each game's evidence word (search-prior.ts), which the join turns into its prior. */
  readonly evidence: Uint16Array;
  /** Each game's title key, by which the join counts the platforms holding a title. */
  readonly keys: readonly string[];
  /** The sum of the titles' distinct term counts, uncapped (for the average length). */
  readonly termTotal: number;
  /** The part's terms in the order of `<`; postings of term t are `postings[termStart[t]]` up to `termStart[t + 1]`. */
  readonly terms: readonly string[];
  readonly termStart: Uint32Array;
  readonly postings: Uint32Array;
  readonly frequencies: Uint8Array;
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Indexes one platform's titles ({@link TitlePart}), with each game's evidence word ({@link summaryEvidence} when not given). */
export function indexTitlePart(summaries: readonly GameSummary[], evidence?: readonly number[]): TitlePart {
  const n = summaries.length;
  if (evidence !== undefined && evidence.length !== n) throw new Error(`${evidence.length} evidence words for ${n} games`);
  const lists = new Map<string, number[]>();
  const part = {
    gameIds: new Int32Array(n),
    keyLengths: new Uint16Array(n),
    compactLengths: new Uint16Array(n),
    numbered: new Uint8Array(n),
    kinds: new Uint8Array(n),
    aliased: new Uint8Array(n),
    titleLengths: new Uint8Array(n),
    signatures: new Int32Array(n * SIGNATURE_WORDS),
    evidence: Uint16Array.from(summaries, (summary, i) => evidence?.[i] ?? summaryEvidence(summary)),
    keys: summaries.map((summary) => summary.key),
  };
  let termTotal = 0;
  summaries.forEach((summary, ordinal) => {
    part.gameIds[ordinal] = summary.id;
    const compact = compactKey(summary.key);
    part.keyLengths[ordinal] = Math.min(summary.key.length, 65535);
    part.compactLengths[ordinal] = Math.min(compact.length, 65535);
    part.numbered[ordinal] = titleNumbers(summary.key) === "" ? 0 : 1;
    part.kinds[ordinal] = Math.max(0, contentKinds.indexOf(summary.kind ?? "game"));
    part.aliased[ordinal] = (summary.alternateTitles?.length ? ALTERNATE_TITLES : 0) | (summary.pirateTitles?.length ? PIRATE_TITLES : 0);
    textSignature(compact, part.signatures, ordinal * SIGNATURE_WORDS);
    const counts = new Map<string, number>();
    for (const word of titleWords(summary.title)) counts.set(word, (counts.get(word) ?? 0) + 1);
    // The field length is the title's own: a native-script name's many character pairs must not make a game rank lower.
    const own = counts.size;
    // An alternate title's words find the game too ("rockman x" → Mega Man X), each counted once.
    for (const alternate of [...(summary.alternateTitles ?? []), ...(summary.pirateTitles ?? [])])
      for (const word of new Set(titleWords(alternate))) if (!counts.has(word)) counts.set(word, 1);
    part.titleLengths[ordinal] = Math.min(Math.max(own, 1), 255);
    termTotal += Math.max(own, 1);
    for (const [term, count] of counts) {
      let list = lists.get(term);
      if (!list) lists.set(term, (list = []));
      // Packed ordinal * 256 + frequency; ordinals only grow, so each list comes out sorted.
      list.push(ordinal * 256 + Math.min(count, 255));
    }
  });
  const terms = [...lists.keys()].sort(byCodeUnits);
  const termStart = new Uint32Array(terms.length + 1);
  let postingCount = 0;
  terms.forEach((term, t) => {
    termStart[t] = postingCount;
    postingCount += lists.get(term)?.length ?? 0;
  });
  termStart[terms.length] = postingCount;
  const postings = new Uint32Array(postingCount);
  const frequencies = new Uint8Array(postingCount);
  let p = 0;
  for (const term of terms) {
    for (const packed of lists.get(term) ?? []) {
      postings[p] = Math.floor(packed / 256);
      frequencies[p++] = packed % 256;
    }
  }
  return { ...part, termTotal, terms, termStart, postings, frequencies };
}

/** Joins platforms' parts, in this order, into the file {@link encodeTitleIndex} writes for the same titles. */
export function mergeTitleParts(platforms: readonly { readonly slug: string; readonly part: TitlePart }[]): Buffer {
  let games = 0;
  let termTotal = 0;
  const ranges: [string, number, number][] = [];
  for (const { slug, part } of platforms) {
    ranges.push([slug, games, games + part.gameIds.length]);
    games += part.gameIds.length;
    termTotal += part.termTotal;
  }
  // Per term, where it is in each part that has it: (part, term in the part) pairs, parts in order.
  const where = new Map<string, number[]>();
  platforms.forEach(({ part }, i) => {
    part.terms.forEach((term, t) => {
      const at = where.get(term);
      if (at) at.push(i, t);
      else where.set(term, [i, t]);
    });
  });
  const terms = [...where.keys()].sort(byCodeUnits);
  const termStart = new Uint32Array(terms.length + 1);
  let postingCount = 0;
  for (const part of platforms) postingCount += part.part.postings.length;
  const postings = new Uint32Array(postingCount);
  const frequencies = new Uint8Array(postingCount);
  let p = 0;
  terms.forEach((term, t) => {
    termStart[t] = p;
    const at = where.get(term) ?? [];
    for (let k = 0; k < at.length; k += 2) {
      const i = at[k] ?? 0;
      const local = at[k + 1] ?? 0;
      const part = platforms[i]?.part;
      const offset = ranges[i]?.[1] ?? 0;
      if (!part) continue;
      const from = part.termStart[local] ?? 0;
      const to = part.termStart[local + 1] ?? 0;
      for (let j = from; j < to; j++) postings[p + j - from] = (part.postings[j] ?? 0) + offset;
      frequencies.set(part.frequencies.subarray(from, to), p);
      p += to - from;
    }
  });
  termStart[terms.length] = p;
  const joined = <T extends Int32Array | Uint16Array | Uint8Array>(make: (n: number) => T, pick: (part: TitlePart) => T): T => {
    const out = make(platforms.reduce((n, { part }) => n + pick(part).length, 0));
    let at = 0;
    for (const { part } of platforms) {
      out.set(pick(part), at);
      at += pick(part).length;
    }
    return out;
  };
  const termText = Buffer.from(terms.join("\n"), "utf8");
  const priors = joinedPriors(platforms.map(({ part }) => part));
  const header: Header = {
    format: TITLE_INDEX_FORMAT,
    games,
    terms: terms.length,
    postings: postingCount,
    termBytes: termText.length,
    averageLength: games === 0 ? 0 : termTotal / games,
    platforms: ranges,
  };
  let headerText = Buffer.from(JSON.stringify(header), "utf8");
  // Pad the header with spaces so that the 4-byte arrays after it stay aligned.
  const padded = Math.ceil((4 + headerText.length) / 4) * 4 - 4;
  headerText = Buffer.concat([headerText, Buffer.alloc(padded - headerText.length, 0x20)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(headerText.length);
  const bytes = (array: Int32Array | Uint32Array | Uint16Array | Uint8Array): Buffer =>
    Buffer.from(array.buffer, array.byteOffset, array.byteLength);
  return Buffer.concat([
    size,
    headerText,
    bytes(termStart),
    bytes(postings),
    bytes(
      joined(
        (n) => new Int32Array(n),
        (part) => part.gameIds,
      ),
    ),
    bytes(
      joined(
        (n) => new Int32Array(n),
        (part) => part.signatures,
      ),
    ),
    bytes(
      joined(
        (n) => new Uint16Array(n),
        (part) => part.keyLengths,
      ),
    ),
    bytes(
      joined(
        (n) => new Uint16Array(n),
        (part) => part.compactLengths,
      ),
    ),
    bytes(frequencies),
    bytes(
      joined(
        (n) => new Uint8Array(n),
        (part) => part.titleLengths,
      ),
    ),
    bytes(
      joined(
        (n) => new Uint8Array(n),
        (part) => part.numbered,
      ),
    ),
    bytes(
      joined(
        (n) => new Uint8Array(n),
        (part) => part.kinds,
      ),
    ),
    bytes(
      joined(
        (n) => new Uint8Array(n),
        (part) => part.aliased,
      ),
    ),
    bytes(priors),
    termText,
  ]);
}

/** Each game's prior, parts in order: its evidence and the number of platforms with a retail game of its title key. */
function joinedPriors(parts: readonly TitlePart[]): Uint8Array {
  const spread = new Map<string, number>();
  for (const part of parts) {
    const seen = new Set<string>();
    part.keys.forEach((key, i) => {
      if (part.kinds[i] !== 0 || ((part.evidence[i] as number) & RETAIL_EVIDENCE) === 0 || seen.has(key)) return;
      seen.add(key);
      spread.set(key, (spread.get(key) ?? 0) + 1);
    });
  }
  const priors = new Uint8Array(parts.reduce((n, part) => n + part.keys.length, 0));
  let at = 0;
  for (const part of parts)
    for (const [i, key] of part.keys.entries()) priors[at++] = combinePrior(part.evidence[i] as number, spread.get(key) ?? 0);
  return priors;
}

/** Indexes the titles of `platforms` (in this order) and encodes the index as the file the build writes. */
export function encodeTitleIndex(platforms: readonly TitleIndexPlatform[]): Buffer {
  return mergeTitleParts(platforms.map(({ slug, summaries }) => ({ slug, part: indexTitlePart(summaries) })));
}

/** Reads an index written by {@link encodeTitleIndex}; the arrays are views of `file`, nothing is copied but the terms. */
export function decodeTitleIndex(file: Buffer): TitleIndex {
  // Typed-array views need 4-byte alignment of the whole file (a pooled small Buffer may lack it).
  const data = file.byteOffset % 4 === 0 ? file : Buffer.from(new Uint8Array(file));
  const headerLength = data.readUInt32LE(0);
  const header = JSON.parse(data.toString("utf8", 4, 4 + headerLength)) as Header;
  if (header.format !== TITLE_INDEX_FORMAT) throw new Error(`title index format ${header.format}, expected ${TITLE_INDEX_FORMAT}`);
  let at = data.byteOffset + 4 + headerLength;
  const take = <T>(make: (buffer: ArrayBufferLike, offset: number, length: number) => T, length: number, width: number): T => {
    const view = make(data.buffer, at, length);
    at += length * width;
    return view;
  };
  const termStart = take((b, o, n) => new Uint32Array(b, o, n), header.terms + 1, 4);
  const postings = take((b, o, n) => new Uint32Array(b, o, n), header.postings, 4);
  const gameIds = take((b, o, n) => new Int32Array(b, o, n), header.games, 4);
  const signatures = take((b, o, n) => new Int32Array(b, o, n), header.games * SIGNATURE_WORDS, 4);
  const keyLengths = take((b, o, n) => new Uint16Array(b, o, n), header.games, 2);
  const compactLengths = take((b, o, n) => new Uint16Array(b, o, n), header.games, 2);
  const frequencies = take((b, o, n) => new Uint8Array(b, o, n), header.postings, 1);
  const titleLengths = take((b, o, n) => new Uint8Array(b, o, n), header.games, 1);
  const numbered = take((b, o, n) => new Uint8Array(b, o, n), header.games, 1);
  const kinds = take((b, o, n) => new Uint8Array(b, o, n), header.games, 1);
  const aliased = take((b, o, n) => new Uint8Array(b, o, n), header.games, 1);
  const priors = take((b, o, n) => new Uint8Array(b, o, n), header.games, 1);
  const termsText = Buffer.from(data.buffer, at, header.termBytes).toString("utf8");
  const terms = header.terms === 0 ? [] : termsText.split("\n");
  if (terms.length !== header.terms) throw new Error(`title index: ${terms.length} terms, header says ${header.terms}`);
  return {
    terms,
    termStart,
    postings,
    frequencies,
    gameIds,
    titleLengths,
    keyLengths,
    compactLengths,
    numbered,
    signatures,
    kinds,
    aliased,
    priors,
    averageLength: header.averageLength,
    platforms: new Map(header.platforms.map(([slug, start, end]) => [slug, [start, end] as const])),
  };
}
