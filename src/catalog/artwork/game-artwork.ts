import { pushTo } from "../../core/multi-map.ts";
import type { ArtworkLink, GameArtwork } from "../record/game-record.ts";
import { MAX_ARTWORK_LINKS } from "../record/record-schemas.ts";
import { artworkFolders, artworkTypes, type ArtworkType } from "./artwork-types.ts";
import { shortName } from "./thumbnail-name.ts";

/** Which thumbnail files a folder holds, from an imported listing. */
export interface ThumbnailFiles {
  has(type: ArtworkType, name: string): boolean;
  /** The listed names with the same title (short name, case ignored) as `name`, sorted. */
  sameTitle(type: ArtworkType, name: string): readonly string[];
}

/** The title a thumbnail name files under: its short name, case ignored. */
function titleOf(name: string): string {
  return (shortName(name) ?? name).toLowerCase();
}

/** {@link ThumbnailFiles} over listed names (scrubbed, without `.png`). */
export function thumbnailFiles(listed: Readonly<Record<ArtworkType, Iterable<string>>>): ThumbnailFiles {
  const names = new Map<ArtworkType, Set<string>>();
  const titles = new Map<ArtworkType, Map<string, string[]>>();
  for (const type of artworkTypes) {
    const set = new Set(listed[type]);
    const byTitle = new Map<string, string[]>();
    for (const name of [...set].sort()) {
      pushTo(byTitle, titleOf(name), name);
    }
    names.set(type, set);
    titles.set(type, byTitle);
  }
  return {
    has: (type, name) => names.get(type)?.has(name) === true,
    sameTitle: (type, name) => titles.get(type)?.get(titleOf(name)) ?? [],
  };
}

/** Where a platform's artwork is: the host, its folder, and the folder's listing when one was imported. */
export interface ArtworkPlace {
  /** LUDEX_ARTWORK_BASE_URL, without a trailing slash. */
  readonly baseUrl: string;
  readonly folder: string;
  readonly files?: ThumbnailFiles;
}

/**
 * The first candidates, keeping the last place for the chosen release's short name: the three
 * names RetroArch tries are a file name, the DAT name and the short name.
 */
function unverifiedNames(names: readonly string[]): string[] {
  const first = names[0];
  const short = first === undefined ? undefined : shortName(first);
  if (short === undefined || names.indexOf(short) < MAX_ARTWORK_LINKS) return names.slice(0, MAX_ARTWORK_LINKS);
  return [...names.slice(0, MAX_ARTWORK_LINKS - 1), short];
}

/**
 * The names to link for one type: without a listing, the first candidates
 * ({@link unverifiedNames}); with one, the candidates it holds, then the listed names with a
 * candidate's title under other tags (the fallback RomM uses: "V-Tetris (Japan)" for
 * "V-Tetris (Japan) (En)").
 */
function namesOfType(names: readonly string[], type: ArtworkType, files: ThumbnailFiles | undefined): string[] {
  if (!files) return unverifiedNames(names);
  const out = new Set<string>();
  for (const name of names) {
    if (out.size === MAX_ARTWORK_LINKS) return [...out];
    if (files.has(type, name)) out.add(name);
  }
  for (const name of names) {
    for (const listed of files.sameTitle(type, name)) {
      if (out.size === MAX_ARTWORK_LINKS) return [...out];
      out.add(listed);
    }
  }
  return [...out];
}

/**
 * The links of the given types for candidate names (best first, see `artworkCandidates`): with a
 * listing, only names it holds; without, the first ones (see {@link namesOfType}); at most
 * {@link MAX_ARTWORK_LINKS} (or `linksPerType`) per type either way. A link is `{base}/{folder}/Named_Boxarts/{name}.png`
 * (and the other types' folders), each path segment URL-encoded.
 */
export function gameArtwork(
  names: readonly string[],
  types: readonly ArtworkType[],
  place: ArtworkPlace,
  linksPerType: number = MAX_ARTWORK_LINKS,
): GameArtwork {
  const out: { verified: boolean } & { [T in ArtworkType]?: ArtworkLink } = { verified: place.files !== undefined };
  const root = `${place.baseUrl}/${encodeURIComponent(place.folder)}/`;
  // Each name is encoded once for all the types asked.
  const encoded = new Map<string, string>();
  const file = (name: string): string => {
    let text = encoded.get(name);
    if (text === undefined) {
      text = `${encodeURIComponent(name)}.png`;
      encoded.set(name, text);
    }
    return text;
  };
  for (const type of types) {
    const prefix = `${root}${artworkFolders[type]}/`;
    const urls = namesOfType(names, type, place.files)
      .slice(0, linksPerType)
      .map((name) => prefix + file(name));
    const [url, ...candidates] = urls;
    if (url !== undefined) out[type] = { url, candidates };
  }
  return out;
}
