import type { GameRecord } from "../record/game-record.ts";
import { artworkCandidates } from "./artwork-candidates.ts";
import { artworkTypes, byArtworkType, type ArtworkType } from "./artwork-types.ts";
import { gameArtwork, type ArtworkPlace } from "./game-artwork.ts";

/** The DAT name of each arcade set of a platform's records, for a clone's parent. */
export function parentNameLookup(records: readonly GameRecord[]): (setName: string) => string | undefined {
  const names = new Map<string, string>();
  for (const record of records)
    for (const release of record.releases) if (release.setName !== undefined) names.set(release.setName, release.name);
  return (setName) => names.get(setName);
}

/** A platform's records with their artwork, and what its match table checks artwork against. */
export interface PlatformArtwork {
  readonly records: GameRecord[];
  /**
   * With a listing: the listed names any release of the platform can be looked up by (its
   * candidates, and the listed names sharing their titles), by type. A match answer, whose first
   * candidate is the matched release, makes the records' choice from this smaller list.
   */
  readonly listed?: Record<ArtworkType, string[]>;
}

/**
 * The records with their `artwork` (every type, from their best release), placed before
 * `releases`; unchanged when the platform has no thumbnails folder.
 */
export function platformArtwork(records: readonly GameRecord[], place: ArtworkPlace | undefined): PlatformArtwork {
  if (place === undefined) return { records: [...records] };
  const parentName = parentNameLookup(records);
  const { files } = place;
  const listed = files ? byArtworkType(() => new Set<string>()) : undefined;
  const out = records.map((record) => {
    const { releases, attribution, ...head } = record;
    const names = artworkCandidates(releases, 0, parentName);
    if (files && listed) {
      // Every release's own name is among its record's candidates, so these cover every matched release.
      for (const name of names) {
        for (const type of artworkTypes) {
          if (files.has(type, name)) listed[type].add(name);
          for (const same of files.sameTitle(type, name)) listed[type].add(same);
        }
      }
    }
    return { ...head, artwork: gameArtwork(names, artworkTypes, place), releases, attribution };
  });
  return listed ? { records: out, listed: byArtworkType((type) => [...listed[type]].sort()) } : { records: out };
}
