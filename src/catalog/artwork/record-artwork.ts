import type { GameRecord } from "../record/game-record.ts";
import { artworkCandidates } from "./artwork-candidates.ts";
import { artworkTypes, type ArtworkType } from "./artwork-types.ts";
import { gameArtwork, type ArtworkPlace, type ThumbnailFiles } from "./game-artwork.ts";

/** The DAT name of each arcade set of a platform's records, for a clone's parent. */
export function parentNameLookup(records: readonly GameRecord[]): (setName: string) => string | undefined {
  const names = new Map<string, string>();
  for (const record of records)
    for (const release of record.releases) if (release.setName !== undefined) names.set(release.setName, release.name);
  return (setName) => names.get(setName);
}

/**
 * The records with their `artwork` (every type, from their best release), placed before
 * `releases`; unchanged when the platform has no thumbnails folder.
 */
export function withArtwork(records: readonly GameRecord[], place: ArtworkPlace | undefined): GameRecord[] {
  if (place === undefined) return [...records];
  const parentName = parentNameLookup(records);
  return records.map((record) => {
    const { releases, attribution, ...head } = record;
    const artwork = gameArtwork(artworkCandidates(releases, 0, parentName), artworkTypes, place);
    return { ...head, artwork, releases, attribution };
  });
}

/**
 * Of every name that any release of the platform can be looked up by, those the listing holds,
 * and the listed names sharing their titles, by type: what a match answer, whose first candidate
 * is the matched release, is checked against (the same choice as the records', from a smaller list).
 */
export function listedCandidateNames(records: readonly GameRecord[], files: ThumbnailFiles): Record<ArtworkType, string[]> {
  const parentName = parentNameLookup(records);
  const names = new Set<string>();
  for (const record of records) for (const name of artworkCandidates(record.releases, 0, parentName)) names.add(name);
  const out = Object.fromEntries(artworkTypes.map((type) => [type, new Set<string>()])) as Record<ArtworkType, Set<string>>;
  for (const name of names) {
    for (const type of artworkTypes) {
      if (files.has(type, name)) out[type].add(name);
      for (const listed of files.sameTitle(type, name)) out[type].add(listed);
    }
  }
  return Object.fromEntries(artworkTypes.map((type) => [type, [...out[type]].sort()])) as Record<ArtworkType, string[]>;
}
