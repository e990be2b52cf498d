import { releaseStatus } from "../../catalog/identity/release-status.ts";
import { type DevStatus, parseGameName } from "../../catalog/names/parse-game-name.ts";
import { titleKey } from "../../catalog/names/title-key.ts";
import { serialKey } from "../../core/keys.ts";
import type { PlatformEntry } from "../../catalog/record/game-record.ts";
import type { GameSummary } from "../../catalog/search/game-summary.ts";
import type { ArtworkType } from "../../catalog/artwork/artwork-types.ts";
import { matchArtwork, type MatchArtwork } from "./match-artwork.ts";
import {
  MAX_MATCH_CANDIDATES,
  MAX_MATCH_SUGGESTIONS,
  type Match,
  type MatchCandidate,
  type MatchedBy,
  type MatchResult,
} from "../schema/match-response-schemas.ts";
import type { HexLookup } from "../index/hex-index.ts";
import { CRC_WORD, ITEM_HASH_WORDS, MD5_WORD, SHA1_WORD } from "./item-hash-words.ts";
import { MAX_UNLIKE_TITLES, MAX_UNMATCHED_NAMES, type MatchIndex } from "../index/match-index.ts";
import type { KnownName } from "../index/known-names.ts";
import { utf8AsLatin1 } from "../../core/utf8-as-latin1.ts";
import { ownString } from "../../core/own-string.ts";
import { bareFileName, datNameKey, fileNameKey } from "../index/match-keys.ts";
import type { MatchItem } from "../schema/match-schemas.ts";
import { type CheckedItems, checkItems } from "./check-items.ts";
import { releaseStatusOf } from "./release-status.ts";
import { editDistance, titleSimilarity } from "./title-similarity.ts";
import { numeralKey, titleNumbers } from "../../catalog/names/numerals.ts";

// The answer's shapes are inferred from their zod schemas (the one declaration); re-exported for the matcher's users.
export type { Match, MatchCandidate, MatchedBy, MatchResult } from "../schema/match-response-schemas.ts";

/** What matching one platform needs from the catalog. */
export interface MatchContext {
  readonly index: MatchIndex;
  readonly platform: PlatformEntry;
  summary(gameId: number): GameSummary | undefined;
  /** Title search within the platform, best first (for the fuzzy step). */
  searchTitles(title: string): readonly GameSummary[];
  readonly artworkBaseUrl: string;
  /** Fuzzy thresholds other than the calibrated defaults (the calibration sweeps them). */
  readonly fuzzy?: { readonly similarity: number; readonly margin: number };
}

/**
 * What one call of the matcher carries from item to item: what the caller wants besides each
 * result, and the shared match {@link matched} last handed out with its text.
 */
interface Run {
  /** The artwork of each `matched` result, when asked for. */
  readonly artwork: MatchArtwork | undefined;
  /** The items' hashes already parsed, laid out as `item-hash-words.ts` says; else each hash string is parsed. */
  readonly words: Int32Array | undefined;
  /** The shared match last put in a result, and that result's JSON after its index (`SharedMatches.resultTail`). */
  shared: Match | undefined;
  tail: string | undefined;
  /** The release of the last `matched` result made, whose artwork it carries. */
  release: number;
}

/**
 * How sure each step is. Hash matches are certain; a CRC alone can collide; names and titles can be
 * wrong. A switch, where reading a record by the step's name was a megamorphic keyed load on every
 * hit.
 */
function confidence(by: Exclude<MatchedBy, "fuzzy">): number {
  switch (by) {
    case "sha1":
    case "md5":
      return 1;
    case "crc":
      return 0.9;
    case "serial":
    case "name":
      return 0.95;
    default:
      return 0.85;
  }
}
/** A CRC that also agrees on the size is all but certain. */
const CRC_SIZE_CONFIDENCE = 0.98;
/** A suggestion for a file named as a demo (a beta, a prototype) of a game whose releases list none: the title is right, the dump unknown. */
const UNLISTED_STATUS_CONFIDENCE = 0.5;
/** Fuzzy matches are scaled below every exact step. */
const FUZZY_SCALE = 0.8;
/** Titles this similar are worth suggesting. */
const SUGGEST_MIN_SIMILARITY = 0.5;
/**
 * A fuzzy title is `matched` only above this similarity (numerals read alike), naming the same
 * numbers (a sequel is another game), and ahead of every other candidate by {@link FUZZY_MARGIN};
 * anything weaker is `notFound` with suggestions. Calibrated with `npm run calibrate:match`
 * (scripts/calibrate/calibrate-match.ts) on renamed real DAT names for precision ≥ 99.5 %; see
 * docs/performance.md "Fuzzy match thresholds".
 */
export const FUZZY_MATCH_SIMILARITY = 0.7;
export const FUZZY_MARGIN = 0.05;

/**
 * Distinct games of the given rows (or releases, with `rows` false), each with its first release:
 * rows come in record order, best release first. Usually one game, so a flat array beats a Map,
 * until a generic name brings thousands.
 */
function gamesOf(index: MatchIndex, ids: readonly number[], rows: boolean): [gameId: number, release: number][] {
  const games: [number, number][] = [];
  let seen: Set<number> | undefined;
  for (const id of ids) {
    const release = rows ? (index.romRelease[id] ?? -1) : id;
    const gameId = index.releaseGame[release];
    if (gameId === undefined) continue;
    if (seen) {
      if (seen.has(gameId)) continue;
      seen.add(gameId);
    } else if (games.some(([g]) => g === gameId)) continue;
    games.push([gameId, release]);
    if (!seen && games.length > MAX_MATCH_CANDIDATES) seen = new Set(games.map(([g]) => g));
  }
  return games;
}

function candidate(ctx: MatchContext, gameId: number, release: number, score: number): MatchCandidate {
  const datName = ctx.index.table.releases[release]?.[1] ?? "";
  return { gameId, title: ctx.summary(gameId)?.title ?? "", release: datName, ...releaseStatusOf(datName), confidence: score };
}

function artworkOf(ctx: MatchContext, types: readonly ArtworkType[]): MatchArtwork | undefined {
  return matchArtwork(ctx.index, ctx.platform.thumbnailFolder, ctx.artworkBaseUrl, types);
}

/** The outcome of one exact step over rom rows or releases: nothing, one game, or several (ambiguous). */
function decide(
  ctx: MatchContext,
  i: number,
  by: Exclude<MatchedBy, "fuzzy">,
  ids: readonly number[],
  rows: boolean,
  run: Run,
  score: number = confidence(by),
): MatchResult | undefined {
  if (ids.length === 0) return undefined;
  if (ids.length === 1) {
    // One row or release is one game: the common case, answered without the grouping arrays.
    const release = rows ? (ctx.index.romRelease[ids[0] as number] ?? -1) : (ids[0] as number);
    return matched(ctx, i, release, by, score, run);
  }
  const games = gamesOf(ctx.index, ids, rows);
  const [first] = games;
  if (!first) return undefined;
  if (games.length > 1) {
    // A file name that many games share says nothing of which game the file is: listing them would only inflate the answer.
    if (by === "name" && games.length > MAX_MATCH_CANDIDATES)
      return { index: i, status: "ambiguous", matchedBy: by, candidateCount: games.length, reason: "generic-name" };
    return {
      index: i,
      status: "ambiguous",
      matchedBy: by,
      candidateCount: games.length,
      candidates: games.slice(0, MAX_MATCH_CANDIDATES).map(([gameId, release]) => candidate(ctx, gameId, release, score)),
    };
  }
  return matched(ctx, i, first[1], by, score, run);
}

/**
 * A `matched` result of an exact step for a release (undefined for no such release). Its `match`
 * is shared between answers when the confidence is one of the step's own (see
 * {@link MatchIndex.shared}), and it and the result's text after its index are noted in `run`;
 * anything else gets an object of its own. A shared hit reads nothing of the table, nor (without
 * artwork) the match: each read there is a cache miss, and this is the path nearly every item
 * takes.
 */
function matched(
  ctx: MatchContext,
  i: number,
  release: number,
  by: Exclude<MatchedBy, "fuzzy">,
  score: number,
  run: Run,
): MatchResult | undefined {
  const { shared, releaseGame } = ctx.index;
  const variant = score === confidence(by) ? 0 : by === "crc" && score === CRC_SIZE_CONFIDENCE ? 1 : undefined;
  let match = variant === undefined ? undefined : shared.find(release, by, variant);
  if (match === undefined) {
    const gameId = releaseGame[release];
    if (gameId === undefined) return undefined;
    match = newMatch(ctx, gameId, release, by, score);
    if (variant !== undefined) shared.add(release, by, variant, match);
  }
  if (variant !== undefined) {
    run.shared = match;
    run.tail = shared.resultTail(release, by, variant);
  }
  run.release = release;
  const artwork = run.artwork?.of(release);
  return artwork ? { index: i, status: "matched", match, artwork } : { index: i, status: "matched", match };
}

function newMatch(ctx: MatchContext, gameId: number, release: number, by: Exclude<MatchedBy, "fuzzy">, score: number): Match {
  const datName = ctx.index.table.releases[release]?.[1] ?? "";
  return {
    gameId,
    title: ctx.summary(gameId)?.title ?? "",
    release: datName,
    ...releaseStatusOf(datName),
    confidence: score,
    matchedBy: by,
    ...(ctx.index.table.releaseAchievements?.[release] === 1 ? { retroAchievements: true as const } : {}),
  };
}

/** For a title match, the release whose regions best fit the file's own tags. */
function bestRelease(ctx: MatchContext, releases: readonly number[], regions: readonly string[]): number[] {
  if (regions.length === 0) return [...releases];
  const fitting = releases.filter((r) => {
    const name = ctx.index.table.releases[r]?.[1] ?? "";
    return parseGameName(name).regions.some((region) => regions.includes(region));
  });
  return [...fitting, ...releases.filter((r) => !fitting.includes(r))];
}

/**
 * A strong-hash step over release indexes ({@link MatchIndex.sha1}): one rom is the common case
 * and needs no arrays; several go through {@link decide}. `word` is where the hash lies in
 * `run.words`, when those are given.
 */
function byHash(
  ctx: MatchContext,
  i: number,
  by: "sha1" | "md5",
  lookup: HexLookup,
  hash: string,
  word: number,
  run: Run,
): MatchResult | undefined {
  const { words } = run;
  const release = words === undefined ? lookup.only(hash) : lookup.onlyParsed(words, word);
  if (release === -1) return undefined;
  if (release === -2) return decide(ctx, i, by, words === undefined ? lookup.get(hash) : lookup.getParsed(words, word), false, run);
  // One rom, so one game: the common case, answered without the grouping arrays.
  return matched(ctx, i, release, by, confidence(by), run);
}

/**
 * The hashes of the file without its header (iNES/NES 2.0 16 bytes, Atari 7800 128, Lynx 64).
 * No-Intro catalogues those systems headerless, so these match whatever header a dump carries.
 */
function byHeaderless(ctx: MatchContext, i: number, h: NonNullable<MatchItem["headerless"]>, run: Run): MatchResult | undefined {
  const { index } = ctx;
  // A run of its own: these hashes are not among the parsed words, and the shared match it notes
  // is not the copy answered here.
  const own: Run = { artwork: run.artwork, words: undefined, shared: undefined, tail: undefined, release: -1 };
  const hit =
    (h.sha1 ? byHash(ctx, i, "sha1", index.sha1, h.sha1, 0, own) : undefined) ??
    (h.md5 ? byHash(ctx, i, "md5", index.md5, h.md5, 0, own) : undefined) ??
    (h.crc ? decide(ctx, i, "crc", index.crc.get(h.crc), true, own) : undefined);
  if (hit?.status !== "matched") return hit;
  return { ...hit, match: { ...hit.match, headerless: true } };
}

function matchOne(ctx: MatchContext, i: number, item: MatchItem, run: Run): MatchResult {
  const { index } = ctx;
  const words = i * ITEM_HASH_WORDS;
  if (item.sha1) {
    const hit = byHash(ctx, i, "sha1", index.sha1, item.sha1, words + SHA1_WORD, run);
    if (hit) return hit;
  }
  if (item.md5) {
    const hit = byHash(ctx, i, "md5", index.md5, item.md5, words + MD5_WORD, run);
    if (hit) return hit;
  }
  if (item.crc) {
    // One rom of the CRC (nearly always): the steps below decide exactly this, without their arrays.
    const only = run.words === undefined ? index.crc.only(item.crc) : index.crc.onlyParsed(run.words, words + CRC_WORD);
    if (only >= 0) {
      const release = index.romRelease[only] ?? -1;
      const sized = item.size != null && index.table.size[only] === item.size;
      const hit =
        (sized ? matched(ctx, i, release, "crc", CRC_SIZE_CONFIDENCE, run) : undefined) ??
        matched(ctx, i, release, "crc", confidence("crc"), run);
      if (hit) return hit;
    } else if (only === -2) {
      const rows = run.words === undefined ? index.crc.get(item.crc) : index.crc.getParsed(run.words, words + CRC_WORD);
      if (item.size != null) {
        const hit = decide(
          ctx,
          i,
          "crc",
          rows.filter((row) => index.table.size[row] === item.size),
          true,
          run,
          CRC_SIZE_CONFIDENCE,
        );
        if (hit) return hit;
      }
      const hit = decide(ctx, i, "crc", rows, true, run);
      if (hit) return hit;
    }
  }
  if (item.headerless) {
    const hit = byHeaderless(ctx, i, item.headerless, run);
    if (hit) return hit;
  }
  if (item.serial) {
    const hit = decide(ctx, i, "serial", index.serial.get(serialKey(item.serial)), false, run);
    if (hit) return hit;
  }
  if (item.name) return byName(ctx, i, item.name, run);
  return { index: i, status: "notFound" };
}

/**
 * The name steps for a file name: file or DAT name, clean title, fuzzy title. A name whose steps
 * end in a plain `notFound` or a generic name is remembered with its result's text
 * ({@link MatchIndex.unmatchedNames}), any other result with its result and text
 * ({@link MatchIndex.knownNames}), and answered from there the next time, when no fuzzy
 * thresholds of a calibration are in play; the text is noted in `run` as a shared match's is.
 */
function byName(ctx: MatchContext, i: number, name: string, run: Run): MatchResult {
  const { unmatchedNames, knownNames } = ctx.index;
  if (ctx.fuzzy !== undefined) return nameSteps(ctx, i, name, run);
  const seen = knownNames.get(name);
  if (seen !== undefined) return knownResult(i, seen, run);
  const known = unmatchedNames.get(name);
  if (known !== undefined) {
    run.tail = known.tail;
    const { genericCount } = known;
    return genericCount === undefined
      ? { index: i, status: "notFound" }
      : { index: i, status: "ambiguous", matchedBy: "name", candidateCount: genericCount, reason: "generic-name" };
  }
  const result = nameSteps(ctx, i, name, run);
  if (result.status === "notFound" && result.suggestions === undefined) {
    if (unmatchedNames.size < MAX_UNMATCHED_NAMES)
      unmatchedNames.set(ownString(name), { genericCount: undefined, tail: ',"status":"notFound"}' });
  } else if (result.status === "ambiguous" && result.reason === "generic-name") {
    if (unmatchedNames.size < MAX_UNMATCHED_NAMES)
      unmatchedNames.set(ownString(name), {
        genericCount: result.candidateCount,
        tail: `,"status":"ambiguous","matchedBy":"name","candidateCount":${result.candidateCount},"reason":"generic-name"}`,
      });
  } else {
    const kept = knownName(result, run);
    if (kept) knownNames.add(ownString(name), kept);
  }
  return result;
}

/** The head of a result's JSON that {@link KnownName.tail} follows. */
const FIRST_INDEX_JSON = '{"index":0';

/**
 * A name's result as {@link MatchIndex.knownNames} keeps it: index 0, without artwork, frozen;
 * undefined for a `matched` result with members besides its match, which {@link knownResult}
 * would not give back.
 */
function knownName(result: MatchResult, run: Run): KnownName | undefined {
  if (result.status !== "matched") {
    const kept = deepFreeze({ ...result, index: 0 });
    return { result: kept, tail: flatOneByte(utf8AsLatin1(JSON.stringify(kept)).slice(FIRST_INDEX_JSON.length)), release: -1 };
  }
  if (Object.keys(result).some((member) => member !== "index" && member !== "status" && member !== "match" && member !== "artwork"))
    return undefined;
  const match = deepFreeze(result.match);
  const tail =
    match === run.shared && run.tail !== undefined
      ? run.tail
      : flatOneByte(`,"status":"matched","match":${utf8AsLatin1(JSON.stringify(match))}}`);
  return { result: { index: 0, status: "matched", match }, tail, release: run.release };
}

/** A one-byte string's chars in one flat string, not the tree of the pieces it was joined from. */
function flatOneByte(text: string): string {
  return Buffer.from(text, "latin1").toString("latin1");
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

/** A remembered name's result at index `i`, with its artwork when asked for; its text is noted in `run`. */
function knownResult(i: number, known: KnownName, run: Run): MatchResult {
  const { result } = known;
  run.tail = known.tail;
  if (result.status !== "matched") return { ...result, index: i };
  run.shared = result.match;
  const artwork = run.artwork?.of(known.release);
  return artwork ? { index: i, status: "matched", match: result.match, artwork } : { index: i, status: "matched", match: result.match };
}

function nameSteps(ctx: MatchContext, i: number, name: string, run: Run): MatchResult {
  const { index } = ctx;
  const key = fileNameKey(name);
  const generic = index.genericNames.get(key);
  if (generic !== undefined) return { index: i, status: "ambiguous", matchedBy: "name", candidateCount: generic, reason: "generic-name" };
  // A name whose every rom, DAT and set name is of one release (nearly every name that is found)
  // is that release, as the full step below would also decide, without its arrays.
  const single = index.fileName.single(key);
  const hit =
    single >= 0
      ? matched(ctx, i, single, "name", confidence("name"), run)
      : single === -1
        ? undefined
        : decide(ctx, i, "name", namedReleases(ctx, key, index.fileName.get(key)), false, run);
  if (hit?.status === "ambiguous" && hit.reason === "generic-name") index.genericNames.set(ownString(key), hit.candidateCount);
  if (hit) return hit;

  const parsed = parseGameName(bareFileName(name));
  const wanted = titleKey(parsed.title);
  if (!wanted) return { index: i, status: "notFound" };
  const status = releaseStatus(parsed);
  if (status !== "release") {
    const unlisted = unlistedStatus(ctx, i, index.title.get(wanted), status);
    if (unlisted) return unlisted;
  }
  const titled = decide(ctx, i, "title", bestRelease(ctx, titleReleases(ctx, index.title.get(wanted), status), parsed.regions), false, run);
  if (titled) return titled;
  return fuzzy(ctx, i, parsed.title, wanted, parsed.regions, run);
}

/** A title's releases of the status a file name gives (a demo's name reaches the game's demos only); all of them for a finished release. */
function titleReleases(ctx: MatchContext, releases: readonly number[], status: DevStatus): readonly number[] {
  if (status === "release") return releases;
  return releases.filter((r) => releaseStatus(parseGameName(ctx.index.table.releases[r]?.[1] ?? "")) === status);
}

/**
 * A file named as a demo, beta or prototype that its game's releases do not list: the game is a
 * suggestion, never a match, so that a ROM manager is not told it holds the finished game.
 */
function unlistedStatus(ctx: MatchContext, i: number, releases: readonly number[], status: DevStatus): MatchResult | undefined {
  if (releases.length === 0 || titleReleases(ctx, releases, status).length > 0) return undefined;
  const games = gamesOf(ctx.index, releases, false);
  return {
    index: i,
    status: "notFound",
    suggestions: games
      .slice(0, MAX_MATCH_SUGGESTIONS)
      .map(([gameId, release]) => candidate(ctx, gameId, release, UNLISTED_STATUS_CONFIDENCE)),
    suggestionCount: games.length,
  };
}

/**
 * The releases a file name reaches, narrowed to those it names (its DAT name) when those are
 * fewer: a hack's DAT lists the original's rom as the file it patches, and a file named as the
 * original's release is the original, not each hack made from it.
 */
function namedReleases(ctx: MatchContext, key: string, releases: readonly number[]): readonly number[] {
  if (releases.length < 2) return releases;
  const named = releases.filter((release) => datNameKey(ctx.index.table.releases[release]?.[1] ?? "") === key);
  return named.length > 0 && named.length < releases.length ? named : releases;
}

/**
 * The titles differ by typos only: at most one edit per ten letters (two at most), spaces
 * ignored so that "Megaman" is "Mega Man". A missing or extra word ("Earthworm Jim 3D") is more.
 */
function fewEdits(a: string, b: string): boolean {
  const x = a.replaceAll(" ", "");
  const y = b.replaceAll(" ", "");
  const limit = Math.min(2, Math.max(1, Math.floor(Math.min(x.length, y.length) / 10)));
  return editDistance(x, y, limit) <= limit;
}

/** The fuzzy step: a similar title is `matched` only when it is clearly the one; otherwise suggestions. */
function fuzzy(ctx: MatchContext, i: number, title: string, wanted: string, regions: readonly string[], run: Run): MatchResult {
  const { index } = ctx;
  // Whether any title is similar depends on the searched title and its key only, not on the regions.
  const memo = `${title}\u0000${wanted}`;
  if (index.unlikeTitles.has(memo)) return { index: i, status: "notFound" };
  const wantedNumerals = numeralKey(wanted);
  const wantedNumbers = titleNumbers(wanted);
  const scored = ctx
    .searchTitles(title)
    .map((game) => ({ game, similarity: titleSimilarity(wantedNumerals, numeralKey(game.key)) }))
    .filter((s) => s.similarity >= SUGGEST_MIN_SIMILARITY)
    .sort((a, b) => b.similarity - a.similarity || a.game.id - b.game.id);
  const best = scored[0];
  if (!best) {
    if (index.unlikeTitles.size < MAX_UNLIKE_TITLES) index.unlikeTitles.add(ownString(memo));
    return { index: i, status: "notFound" };
  }
  const releaseOf = (gameId: number): number => bestRelease(ctx, index.title.get(ctx.summary(gameId)?.key ?? ""), regions)[0] ?? -1;
  const toCandidate = (s: { game: GameSummary; similarity: number }): MatchCandidate =>
    candidate(ctx, s.game.id, releaseOf(s.game.id), Math.round(s.similarity * FUZZY_SCALE * 1000) / 1000);
  // A title naming other numbers is another game of the series, never a rival nor a match.
  const same = scored.filter((s) => titleNumbers(s.game.key) === wantedNumbers);
  const pick = same[0];
  const runnerUp = same[1]?.similarity ?? 0;
  const threshold = ctx.fuzzy?.similarity ?? FUZZY_MATCH_SIMILARITY;
  const margin = ctx.fuzzy?.margin ?? FUZZY_MARGIN;
  const sure =
    pick !== undefined &&
    pick.similarity >= threshold &&
    pick.similarity - runnerUp >= margin &&
    fewEdits(wantedNumerals, numeralKey(pick.game.key));
  if (!sure || !pick)
    return {
      index: i,
      status: "notFound",
      suggestions: scored.slice(0, MAX_MATCH_SUGGESTIONS).map(toCandidate),
      suggestionCount: scored.length,
    };
  const release = releaseOf(pick.game.id);
  const match: Match = {
    ...candidate(ctx, pick.game.id, release, Math.round(pick.similarity * FUZZY_SCALE * 1000) / 1000),
    matchedBy: "fuzzy",
  };
  run.release = release;
  const artwork = run.artwork?.of(release);
  return { index: i, status: "matched", match, ...(artwork ? { artwork } : {}) };
}

/** The results of a request's items, with the texts the answer's JSON joins instead of serialising. */
export interface MatchedItems {
  readonly results: MatchResult[];
  /**
   * At each index whose result's `match` is shared, the result's JSON after its index
   * (`SharedMatches.resultTail`), and likewise at each remembered unmatched name
   * (`MatchIndex.unmatchedNames`), for `matchResponseJson`; undefined elsewhere.
   */
  readonly sharedTails: (string | undefined)[];
}

/**
 * Matches each checked item on its own — one bad item never fails the batch — in the order sha1,
 * md5, crc+size, crc, serial, file or DAT name, clean title, fuzzy title. A hash shared by several
 * games is `ambiguous` with its candidates, never a silent pick. An invalid item gets its
 * `invalid` result as checked.
 */
export function matchItems(ctx: MatchContext, checked: CheckedItems, types: readonly ArtworkType[]): MatchedItems {
  const { items, invalid } = checked;
  const run: Run = { artwork: artworkOf(ctx, types), words: checked.hashWords, shared: undefined, tail: undefined, release: -1 };
  const results = new Array<MatchResult>(items.length);
  const sharedTails = new Array<string | undefined>(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const result = item === undefined ? (invalid[i] as MatchResult) : matchOne(ctx, i, item, run);
    results[i] = result;
    // A text is handed on only beside the very match object it was written for: a result that
    // copied the shared match (a headerless hit) gets none. A remembered unmatched name's text
    // comes with no match.
    if (run.tail !== undefined) {
      if (result.status === "matched" ? result.match === run.shared : run.shared === undefined) sharedTails[i] = run.tail;
      run.shared = undefined;
      run.tail = undefined;
    }
  }
  return { results, sharedTails };
}

/** {@link matchItems} for items as the client sent them, each checked first (`checkItems`). */
export function matchRoms(ctx: MatchContext, items: readonly unknown[], types: readonly ArtworkType[]): MatchResult[] {
  return matchItems(ctx, checkItems(items), types).results;
}
