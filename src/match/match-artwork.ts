import { artworkCandidates, type ArtworkRelease } from "../catalog/artwork/artwork-candidates.ts";
import { artworkTypes, type ArtworkType } from "../catalog/artwork/artwork-types.ts";
import { gameArtwork, thumbnailFiles, type ArtworkPlace } from "../catalog/artwork/game-artwork.ts";
import type { GameArtwork } from "../catalog/record/game-record.ts";
import type { MatchIndex } from "./match-index.ts";

/** What one platform's index needs to answer artwork: built on the first artwork request. */
interface ArtworkState {
  readonly place: ArtworkPlace;
  /** First release index of each game, and one past its last: a game's releases are contiguous in the table. */
  readonly ranges: Map<number, [start: number, end: number]>;
  readonly parents: Map<string, string>;
  /** By release index and the asked types' mask: the same answer is one object, serialised once. */
  readonly answers: Map<number, GameArtwork>;
}

const states = new WeakMap<MatchIndex, Map<string, ArtworkState>>();

function stateOf(index: MatchIndex, baseUrl: string, folder: string): ArtworkState {
  let byPlace = states.get(index);
  if (!byPlace) {
    byPlace = new Map();
    states.set(index, byPlace);
  }
  const key = `${baseUrl}\n${folder}`;
  const known = byPlace.get(key);
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
  byPlace.set(key, state);
  return state;
}

/** The bit of each artwork type in a types mask. */
function typesMask(types: readonly ArtworkType[]): number {
  let mask = 0;
  for (const type of types) mask |= 1 << artworkTypes.indexOf(type);
  return mask;
}

/**
 * The artwork of a matched release, as a record gives it but with the matched release first
 * (`artworkCandidates`), for the asked types in their canonical order; undefined when nothing is
 * asked or the platform has no thumbnails folder. Made once per release and types, then shared.
 */
export function matchArtwork(
  index: MatchIndex,
  folder: string | undefined,
  baseUrl: string,
  release: number,
  types: readonly ArtworkType[],
): GameArtwork | undefined {
  if (types.length === 0 || folder === undefined) return undefined;
  const state = stateOf(index, baseUrl, folder);
  const mask = typesMask(types);
  const key = release * 16 + mask;
  const known = state.answers.get(key);
  if (known) return known;
  const gameId = index.table.releases[release]?.[0];
  const range = gameId === undefined ? undefined : state.ranges.get(gameId);
  if (!range) return undefined;
  const releases: ArtworkRelease[] = [];
  for (let r = range[0]; r < range[1]; r++) {
    releases.push({ name: index.table.releases[r]?.[1] ?? "", cloneOf: index.table.releaseCloneOf?.[r] ?? undefined });
  }
  const names = artworkCandidates(releases, release - range[0], (setName) => state.parents.get(setName));
  const answer = gameArtwork(
    names,
    artworkTypes.filter((type) => (mask & (1 << artworkTypes.indexOf(type))) !== 0),
    state.place,
  );
  state.answers.set(key, answer);
  return answer;
}
