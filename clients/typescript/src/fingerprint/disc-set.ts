import { type ByteSource, chunksOf } from "./byte-source.ts";
import { type SheetKind, sheetFiles, sheetKindOf } from "./disc-sheets.ts";
import type { Fingerprint } from "./file-hasher.ts";
import { fingerprint } from "./fingerprint.ts";
import { type MatchItem, matchItemOf, nameItem } from "./match-item.ts";

/** One item of a set: a track hashed, or a file sent by its name (the sheet itself, a track not found). */
export interface SetItem {
  /** Path relative to the sheet's folder ("" for the sheet given). */
  readonly file: string;
  readonly item: MatchItem;
  readonly fingerprint?: Fingerprint;
  /** True for a file the sheet names that `open` did not find. */
  readonly missing?: boolean;
}

/** Opens a file a sheet names (relative to the sheet's folder, `/`-separated); undefined when it does not exist. */
export type OpenFile = (file: string) => Promise<ByteSource | undefined>;

function join(folder: string, file: string): string {
  const clean = file.replaceAll("\\", "/");
  return folder === "" ? clean : `${folder}/${clean}`;
}

function folderOf(file: string): string {
  const slash = file.lastIndexOf("/");
  return slash < 0 ? "" : file.slice(0, slash);
}

/**
 * A cue, gdi or m3u set as match items (docs/api.md "Hashing each kind of file"): every track
 * hashed, the cue or gdi sheet by name only, an m3u's discs expanded the same way (never the
 * playlist hashed), all in one `group`: the sheet's name unless `options.group` gives another (a
 * path, when sheets of one name are in several folders). Each file is read once.
 */
export async function fingerprintSet(
  sheet: { readonly name: string; readonly text: string },
  open: OpenFile,
  options: { readonly platform?: string | undefined; readonly group?: string | undefined } = {},
): Promise<SetItem[]> {
  const kind = sheetKindOf(sheet.name);
  if (!kind) throw new Error(`${sheet.name}: not a cue, gdi or m3u file`);
  const group = options.group ?? sheet.name;
  const items: SetItem[] = [];
  const seen = new Set<string>();
  const expand = async (sheetKind: SheetKind, text: string, folder: string): Promise<void> => {
    for (const entry of sheetFiles(sheetKind, text)) {
      const file = join(folder, entry);
      if (seen.has(file)) continue;
      seen.add(file);
      const name = file.slice(file.lastIndexOf("/") + 1);
      const source = await open(file);
      const inner = sheetKindOf(name);
      if (!source) {
        items.push({ file, item: nameItem(name, group), missing: true });
      } else if (inner && inner !== "m3u" && sheetKind === "m3u") {
        items.push({ file, item: nameItem(name, group) });
        await expand(inner, await textOf(source), folderOf(file));
      } else {
        const print = await fingerprint(source, { name, platform: options.platform });
        items.push({ file, item: matchItemOf(print, group), fingerprint: print });
      }
    }
  };
  if (kind !== "m3u") items.push({ file: "", item: nameItem(sheet.name, group) });
  await expand(kind, sheet.text, "");
  return items;
}

async function textOf(source: ByteSource): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunksOf(source)) parts.push(chunk);
  return await new Blob(parts as BlobPart[]).text();
}
