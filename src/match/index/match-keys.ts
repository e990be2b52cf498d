/** Archive wrappers a client may report instead of the ROM inside ("Game (USA).sfc.zip"). */
const archiveSuffix = /\.(zip|7z|rar|gz|tgz|tar|bz2|xz|zst)$/i;
/** A file extension: a dot and 1–5 letters or digits at the very end, no spaces. */
const extension = /\.[a-z0-9]{1,5}$/i;

/** The last path segment of a name a client sent (either slash). */
function baseName(name: string): string {
  const slash = Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\"));
  return slash >= 0 ? name.slice(slash + 1) : name;
}

/**
 * Key for comparing a file name with DAT rom and game names: base name, lower case, without
 * archive suffixes and without the file extension. "Chrono Trigger (USA).SFC.zip" and the DAT's
 * "Chrono Trigger (USA).sfc" both give "chrono trigger (usa)".
 */
export function fileNameKey(name: string): string {
  let key = baseName(name).trim().toLowerCase();
  while (archiveSuffix.test(key)) key = key.replace(archiveSuffix, "");
  return key.replace(extension, "").trim();
}

/** Key for a DAT game (release) name, which carries no extension. */
export function datNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** The file name without path, archive suffixes and extension, case kept: input to the name parser. */
export function bareFileName(name: string): string {
  let bare = baseName(name).trim();
  while (archiveSuffix.test(bare)) bare = bare.replace(archiveSuffix, "");
  return bare.replace(extension, "").trim();
}
