/**
 * The file name libretro-thumbnails uses for a name: each of `& * / : \` " < > ? \ |` replaced by
 * `_`, as RetroArch scrubs a content label before it looks for a thumbnail.
 * @see https://github.com/libretro/RetroArch/blob/master/gfx/gfx_thumbnail_path.c (fill_content_img)
 * @see https://github.com/libretro-thumbnails/libretro-thumbnails#naming-convention
 */
export function thumbnailName(name: string): string {
  return name.replace(/[&*/:`"<>?\\|]/g, "_");
}

/**
 * A DAT name without its tags: cut before the first " (" or " [" ("Sonic (USA) (Rev 1)" →
 * "Sonic"), the short name RetroArch tries last. Undefined when there is nothing to cut.
 */
export function shortName(name: string): string | undefined {
  const paren = name.indexOf(" (");
  const bracket = name.indexOf(" [");
  const cut = paren === -1 ? bracket : bracket === -1 ? paren : Math.min(paren, bracket);
  if (cut <= 0) return undefined;
  const short = name.slice(0, cut).trimEnd();
  return short.length > 0 ? short : undefined;
}
