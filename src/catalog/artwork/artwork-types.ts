/** Artwork types and the libretro-thumbnails subfolder of each. */
export const artworkFolders = {
  boxart: "Named_Boxarts",
  snap: "Named_Snaps",
  title: "Named_Titles",
  logo: "Named_Logos",
} as const;

export type ArtworkType = keyof typeof artworkFolders;
export const artworkTypes = Object.keys(artworkFolders) as ArtworkType[];

/** One value per artwork type, made by `make`. */
export function byArtworkType<T>(make: (type: ArtworkType) => T): Record<ArtworkType, T> {
  return Object.fromEntries(artworkTypes.map((type) => [type, make(type)])) as Record<ArtworkType, T>;
}

/** The artwork type stored in a libretro-thumbnails subfolder ("Named_Boxarts" → "boxart"). */
export function artworkTypeOfFolder(subfolder: string): ArtworkType | undefined {
  return artworkTypes.find((type) => artworkFolders[type] === subfolder);
}
