/** The kinds of file that list a game's other files: their tracks (cue, gdi) or discs (m3u). */
export type SheetKind = "cue" | "gdi" | "m3u";

export function sheetKindOf(name: string): SheetKind | undefined {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return ext === "cue" || ext === "gdi" || ext === "m3u" ? ext : undefined;
}

/** The files a cue sheet's `FILE` commands name, in order, each once. */
export function cueFiles(text: string): string[] {
  const files: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const found = /^\s*FILE\s+(?:"([^"]+)"|(\S+))/i.exec(line);
    const file = found?.[1] ?? found?.[2];
    if (file && !files.includes(file)) files.push(file);
  }
  return files;
}

/** The track files of a GD-ROM sheet: after the track count, `track lba type sector-size file offset` per line. */
export function gdiFiles(text: string): string[] {
  const files: string[] = [];
  for (const line of text.split(/\r?\n/).slice(1)) {
    const found = /^\s*\d+\s+\d+\s+\d+\s+\d+\s+(?:"([^"]+)"|(\S+))\s+-?\d+\s*$/.exec(line);
    const file = found?.[1] ?? found?.[2];
    if (file && !files.includes(file)) files.push(file);
  }
  return files;
}

/** The entries of an m3u playlist: every line that is not empty or a `#` comment. */
export function m3uFiles(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/** The files a sheet of `kind` names, relative to its folder. */
export function sheetFiles(kind: SheetKind, text: string): string[] {
  return kind === "cue" ? cueFiles(text) : kind === "gdi" ? gdiFiles(text) : m3uFiles(text);
}
