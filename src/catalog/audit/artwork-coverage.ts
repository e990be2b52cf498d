import { artworkCandidates, type ArtworkRelease } from "../artwork/artwork-candidates.ts";
import { artworkTypes, byArtworkType, type ArtworkType } from "../artwork/artwork-types.ts";
import { pushTo } from "../../core/multi-map.ts";
import { gameArtwork } from "../artwork/game-artwork.ts";
import { thumbnailName } from "../artwork/thumbnail-name.ts";
import type { CatalogDb } from "../db/catalog-db.ts";
import { readThumbnailFiles, storedListings } from "../db/thumbnail-store.ts";
import type { PlatformInfo } from "../platforms/platform-registry.ts";

/** How much of a platform's games have artwork, by its imported thumbnail listing. */
export interface ArtworkCoverage {
  readonly platform: string;
  readonly folder: string;
  /** Records of kind game. */
  readonly games: number;
  /** Games whose first release's DAT name has a box art file: the one name tried before candidates. */
  readonly boxartBefore: number;
  /** Games with a box art link now: some candidate name, or a listed name of a candidate's title, has a file. */
  readonly boxartNow: number;
  /** Games with a link now, by type. */
  readonly now: Readonly<Record<ArtworkType, number>>;
}

interface ReleaseRow {
  game_id: number;
  name: string;
  extra_json: string | null;
}

/**
 * Box art coverage before and after artwork candidates, for every platform whose thumbnails
 * folder has an imported listing, read from the game database alone.
 */
export function artworkCoverage(db: CatalogDb): ArtworkCoverage[] {
  const listed = new Set(storedListings(db).map((listing) => listing.folder));
  const platforms = db
    .prepare<[], { slug: string; info_json: string }>("SELECT slug, info_json FROM platforms ORDER BY slug")
    .all()
    .map((row) => ({ slug: row.slug, info: JSON.parse(row.info_json) as PlatformInfo }));
  const out: ArtworkCoverage[] = [];
  for (const { slug, info } of platforms) {
    const folder = info.thumbnailFolder;
    if (folder === undefined || !listed.has(folder)) continue;
    const files = readThumbnailFiles(db, folder);
    if (!files) continue;
    const releases = db
      .prepare<[string], ReleaseRow>(
        "SELECT r.game_id, r.name, r.extra_json FROM releases r JOIN games g ON g.id = r.game_id WHERE g.platform = ? AND g.kind = 'game' ORDER BY r.id",
      )
      .all(slug);
    const byGame = new Map<number, ArtworkRelease[]>();
    const parents = new Map<string, string>();
    for (const row of releases) {
      const extra = row.extra_json === null ? {} : (JSON.parse(row.extra_json) as { setName?: string; cloneOf?: string });
      if (extra.setName !== undefined) parents.set(extra.setName, row.name);
      pushTo(byGame, row.game_id, { name: row.name, cloneOf: extra.cloneOf });
    }
    const place = { baseUrl: "", folder, files };
    const now = byArtworkType(() => 0);
    let boxartBefore = 0;
    for (const list of byGame.values()) {
      const first = list[0];
      if (first && files.has("boxart", thumbnailName(first.name))) boxartBefore++;
      const links = gameArtwork(
        artworkCandidates(list, 0, (setName) => parents.get(setName)),
        artworkTypes,
        place,
      );
      for (const type of artworkTypes) if (links[type] !== undefined) now[type]++;
    }
    out.push({ platform: slug, folder, games: byGame.size, boxartBefore, boxartNow: now.boxart, now });
  }
  return out;
}
