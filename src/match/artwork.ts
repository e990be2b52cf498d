/** Artwork kinds and their libretro-thumbnails folder names. */
export const artworkFolders = {
  boxart: "Named_Boxarts",
  snap: "Named_Snaps",
  title: "Named_Titles",
  logo: "Named_Logos",
} as const;

export type ArtworkType = keyof typeof artworkFolders;
export const artworkTypes = Object.keys(artworkFolders) as ArtworkType[];

/**
 * The file name libretro-thumbnails uses for a DAT game name: each of `& * / : \` " < > ? \ |`
 * replaced by `_` (those characters cannot be in file names on every system).
 */
export function thumbnailName(datName: string): string {
  return datName.replace(/[&*/:`"<>?\\|]/g, "_");
}

/** `{base}/{libretro system name}/Named_Boxarts/{name}.png`, each path segment URL-encoded. */
export function artworkUrl(baseUrl: string, libretroSystem: string, type: ArtworkType, datName: string): string {
  return `${baseUrl}/${encodeURIComponent(libretroSystem)}/${artworkFolders[type]}/${encodeURIComponent(thumbnailName(datName))}.png`;
}
