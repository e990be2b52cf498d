/** Artwork types and the libretro-thumbnails subfolder of each. */
export const artworkFolders = {
  boxart: "Named_Boxarts",
  snap: "Named_Snaps",
  title: "Named_Titles",
  logo: "Named_Logos",
} as const;

export type ArtworkType = keyof typeof artworkFolders;
export const artworkTypes = Object.keys(artworkFolders) as ArtworkType[];

/** The artwork type stored in a libretro-thumbnails subfolder ("Named_Boxarts" → "boxart"). */
export function artworkTypeOfFolder(subfolder: string): ArtworkType | undefined {
  return artworkTypes.find((type) => artworkFolders[type] === subfolder);
}
