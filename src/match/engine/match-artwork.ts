import { artworkCandidates, type ArtworkRelease } from "../../catalog/artwork/artwork-candidates.ts";
import { artworkTypes, type ArtworkType } from "../../catalog/artwork/artwork-types.ts";
import { gameArtwork, thumbnailFiles, type ArtworkPlace } from "../../catalog/artwork/game-artwork.ts";
import type { GameArtwork } from "../../catalog/record/game-record.ts";
import { MAX_ARTWORK_LINKS } from "../../catalog/record/record-schemas.ts";
import { utf8AsLatin1 } from "../../core/utf8-as-latin1.ts";
import type { MatchIndex } from "../index/match-index.ts";
import { MAX_MATCH_ARTWORK_LINKS } from "../schema/match-response-schemas.ts";

/** What one platform's index needs to answer artwork: built on the first artwork request. */
interface ArtworkState {
  readonly place: ArtworkPlace;
  /** First release index of each game, and one past its last: a game's releases are contiguous in the table. */
  readonly ranges: Map<number, [start: number, end: number]>;
  readonly parents: Map<string, string>;
  /** By the asked types' mask, then by release: the same answer is one object, serialised once. */
  readonly answers: Map<number, (GameArtwork | undefined)[]>;
}

/** The artwork of a request's matches: its platform, host and types resolved once. */
export interface MatchArtwork {
  /** The artwork of a matched release (see {@link matchArtwork}). */
  of(release: number): GameArtwork | undefined;
}

/** The JSON of an answer, made with it: a 100-item answer would otherwise serialise it 100 times. */
const JSON_TEXT = Symbol("json");

const states = new WeakMap<MatchIndex, ArtworkState[]>();

function stateOf(index: MatchIndex, baseUrl: string, folder: string): ArtworkState {
  let list = states.get(index);
  if (!list) {
    list = [];
    states.set(index, list);
  }
  const known = list.find((s) => s.place.baseUrl === baseUrl && s.place.folder === folder);
  if (known) return known;
  const { table } = index;
  const ranges = new Map<number, [number, number]>();
  const parents = new Map<string, string>();
  table.releases.forEach(([gameId, name], release) => {
    const range = ranges.get(gameId);
    if (range) range[1] = release + 1;
    else ranges.set(gameId, [release, release + 1]);
    const setName = table.releaseSetName?.[release];
    if (setName) parents.set(setName, name);
  });
  const place: ArtworkPlace = { baseUrl, folder, ...(table.thumbnails ? { files: thumbnailFiles(table.thumbnails) } : {}) };
  const state: ArtworkState = { place, ranges, parents, answers: new Map() };
  list.push(state);
  return state;
}

/** Links per type such that a result's links stay within {@link MAX_MATCH_ARTWORK_LINKS}. */
function linksPerType(types: number): number {
  return Math.max(1, Math.min(MAX_ARTWORK_LINKS, Math.floor(MAX_MATCH_ARTWORK_LINKS / types)));
}

function newAnswer(index: MatchIndex, state: ArtworkState, release: number, types: readonly ArtworkType[]): GameArtwork | undefined {
  const gameId = index.table.releases[release]?.[0];
  const range = gameId === undefined ? undefined : state.ranges.get(gameId);
  if (!range) return undefined;
  const releases: ArtworkRelease[] = [];
  for (let r = range[0]; r < range[1]; r++) {
    releases.push({ name: index.table.releases[r]?.[1] ?? "", cloneOf: index.table.releaseCloneOf?.[r] ?? undefined });
  }
  const names = artworkCandidates(releases, release - range[0], (setName) => state.parents.get(setName));
  const answer = gameArtwork(names, types, state.place, linksPerType(types.length));
  Object.defineProperty(answer, JSON_TEXT, { value: utf8AsLatin1(JSON.stringify(answer)) });
  return answer;
}

/**
 * The artwork of a request's matched releases, as a record gives it but with the matched release
 * first (`artworkCandidates`), for the asked types in their canonical order, with at most
 * {@link MAX_MATCH_ARTWORK_LINKS} links in all; undefined when
 * nothing is asked or the platform has no thumbnails folder. Each answer is made once per
 * release and types, then shared.
 */
export function matchArtwork(
  index: MatchIndex,
  folder: string | undefined,
  baseUrl: string,
  types: readonly ArtworkType[],
): MatchArtwork | undefined {
  if (types.length === 0 || folder === undefined) return undefined;
  const state = stateOf(index, baseUrl, folder);
  let mask = 0;
  for (const type of types) mask |= 1 << artworkTypes.indexOf(type);
  const asked = artworkTypes.filter((type) => (mask & (1 << artworkTypes.indexOf(type))) !== 0);
  let answers = state.answers.get(mask);
  if (!answers) {
    answers = new Array<GameArtwork | undefined>(index.table.releases.length);
    state.answers.set(mask, answers);
  }
  const slots = answers;
  return {
    of(release) {
      let answer = slots[release];
      if (answer === undefined) {
        answer = newAnswer(index, state, release, asked);
        slots[release] = answer;
      }
      return answer;
    },
  };
}

/** An answer's JSON, one byte a char as `match-response-json.ts` joins it. */
export function artworkJson(artwork: GameArtwork): string {
  const text = (artwork as { readonly [JSON_TEXT]?: string })[JSON_TEXT];
  return text ?? utf8AsLatin1(JSON.stringify(artwork));
}
