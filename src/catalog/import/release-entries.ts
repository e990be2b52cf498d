import { decodeXmlEntities } from "../dat/xml-entities.ts";
import path from "node:path";
import type { DatFile, DatGame, DatRom } from "../dat/dat-types.ts";
import { parseGameName, type ParsedGameName } from "../names/parse-game-name.ts";
import { parseTosecName, TosecNameError } from "../names/parse-tosec-name.ts";
import { inlineMetadata, type MetadataFields } from "./metadata-index.ts";

/** Release facts beyond the No-Intro shape, from TOSEC and arcade DATs; stored in `releases.extra_json`. */
export interface ReleaseExtra {
  publisher?: string;
  /** TOSEC date as written ("1987", "198x", "1992-05-12"). */
  date?: string;
  /** TOSEC system tag ("A500", "II+"). */
  systemTag?: string;
  video?: string;
  /** M of "(Disk N of M)". */
  discCount?: number;
  /** Arcade set name ("sf2"): the key emulators and clients use; matching accepts it like a file name. */
  setName?: string;
  /** Set name of the parent set of an arcade clone. */
  cloneOf?: string;
  /** The year of this release, from the metadata keyed by its roms (the record's is the earliest). */
  releaseYear?: number;
  releaseMonth?: number;
  /** A hacks-DAT release: the DAT name of the release whose file it modifies (the build links it by id). */
  baseRelease?: string;
  /** A hacks-DAT release whose base release is not known but whose game is: the name of that game's best release. */
  baseGameRelease?: string;
}

/** One release as a DAT names it, before grouping into games. */
export interface ReleaseEntry {
  /** Identity for merging the same release across DATs: the DAT name, or the TOSEC file name with its extension. */
  readonly key: string;
  readonly name: string;
  readonly parsed: ParsedGameName;
  readonly extra: ReleaseExtra;
  readonly serial: string | undefined;
  readonly roms: DatRom[];
  readonly metadata: MetadataFields;
}

/** How a DAT names its games. */
export type NamingConvention = "no-intro" | "tosec-libretro" | "tosec" | "arcade" | "arcade-libretro";

/** Collections of a libretro checkout read by their own convention. */
const collectionConventions: Readonly<Record<string, NamingConvention>> = {
  tosec: "tosec-libretro",
  "mame-split": "arcade-libretro",
  "fbneo-split": "arcade-libretro",
};

/**
 * The naming convention of a DAT: the checkout folder it came from, else its header (TOSEC DATs
 * say so), else its games (an arcade DAT links clones to parents, or names most games by a set
 * name beside a description).
 */
export function namingConvention(dat: DatFile, collection: string): NamingConvention {
  const known = collectionConventions[collection];
  if (known) return known;
  // Only a DAT given on its own: libretro's dat/ folder has DATs that mention TOSEC but are named otherwise.
  if (collection !== "file") return "no-intro";
  const h = dat.header;
  const text = [h.name, h.description, h.fields.category, h.fields.homepage, h.fields.url].join(" ");
  if (/\btosec\b/i.test(text)) return "tosec";
  return isArcadeDat(dat) ? "arcade" : "no-intro";
}

/** An arcade set name: what MAME and FBNeo put in `name` when the human title is in `description`. */
const SET_NAME_RE = /^[a-z0-9_]{1,32}$/;

/** A game named by the Logiqx/clrmamepro arcade convention: a set name, and the human title in `description`. */
function isArcadeSet(game: DatGame): boolean {
  const description = game.description?.trim();
  return (
    game.name !== undefined && SET_NAME_RE.test(game.name) && description !== undefined && description !== "" && description !== game.name
  );
}

/**
 * MAME and FBNeo DATs (Logiqx `cloneof`/`romof`, clrmamepro the same keys): a clone link anywhere,
 * or set names beside descriptions for at least half the games. Then a game that breaks the
 * convention (no description) is malformed, not a No-Intro name.
 */
function isArcadeDat(dat: DatFile): boolean {
  let sets = 0;
  for (const game of dat.games) {
    if (game.fields.cloneof || game.fields.romof) return true;
    if (isArcadeSet(game)) sets++;
  }
  return sets > 0 && sets * 2 >= dat.games.length;
}

/** A file extension: TOSEC names end in ")" or "]", so anything after those is one (".bin777" is real). */
function stripExtension(name: string): string {
  return name
    .trim()
    .replace(/([)\]])\.[a-z0-9]{1,8}$/i, "$1")
    .replace(/\.[a-z0-9]{1,4}$/i, "");
}

function publisherOnly(metadata: MetadataFields, publisher: string | undefined): MetadataFields {
  if (publisher && !metadata.publisher) metadata.publisher = publisher;
  return metadata;
}

function isTosecName(name: string): boolean {
  try {
    parseTosecName(name);
    return true;
  } catch {
    return false;
  }
}

function tosecEntry(tosecName: string, key: string, game: DatGame, roms: DatRom[], warn: (m: string) => void): ReleaseEntry {
  let parsedTosec: ReturnType<typeof parseTosecName>;
  try {
    parsedTosec = parseTosecName(tosecName);
  } catch (error) {
    if (!(error instanceof TosecNameError)) throw error;
    warn(`"${tosecName}" (${error.message})`);
    const raw = stripExtension(tosecName);
    return {
      key,
      name: raw,
      parsed: { title: raw, regions: [], languages: [], status: "release", flags: [], extra: [] },
      extra: {},
      serial: undefined,
      roms,
      metadata: inlineMetadata(game),
    };
  }
  const { parsed, publisher, date, system, video, discCount } = parsedTosec;
  const extra: ReleaseExtra = {};
  if (publisher) extra.publisher = publisher;
  if (date) extra.date = date;
  if (system) extra.systemTag = system;
  if (video) extra.video = video;
  if (discCount) extra.discCount = discCount;
  const metadata = publisherOnly(inlineMetadata(game), publisher);
  if (!metadata.releaseyear && date && /^\d{4}/.test(date)) metadata.releaseyear = date.slice(0, 4);
  return { key, name: stripExtension(tosecName), parsed, extra, serial: undefined, roms, metadata };
}

/**
 * A game of a Logiqx/clrmamepro arcade DAT: `description` is the human title, `name` the set
 * name, `year` and `manufacturer` metadata, `cloneof` the parent set (grouped by the importer).
 * Without a description the set name is all there is: it stays the title, and the import says so.
 */
function arcadeEntry(game: DatGame, name: string, serial: string | undefined, warn: (m: string) => void): ReleaseEntry {
  const metadata = inlineMetadata(game);
  const year = game.fields.year?.trim();
  if (year && /^\d{4}$/.test(year)) metadata.releaseyear ??= year;
  const manufacturer = game.fields.manufacturer?.trim();
  if (manufacturer) metadata.developer ??= decodeXmlEntities(manufacturer);
  const extra: ReleaseExtra = { setName: name };
  const cloneOf = game.fields.cloneof?.trim();
  if (cloneOf) extra.cloneOf = cloneOf;
  const description = game.description?.trim();
  if (!description || description === name) {
    warn(`"${name}" (no description)`);
    const parsed: ParsedGameName = { title: name, regions: [], languages: [], status: "release", flags: [], extra: [] };
    return { key: `set\u0000${name}`, name, parsed, extra, serial, roms: [...game.roms], metadata };
  }
  return { key: description, name: description, parsed: parseGameName(description), extra, serial, roms: [...game.roms], metadata };
}

/**
 * The releases one DAT game block stands for, read by the DAT's naming convention:
 * - No-Intro, Redump and libretro's own DATs: one release named by the game `name`.
 * - TOSEC as libretro converts it: the original TOSEC name survives only as each rom's file
 *   name, so each rom is a release named by it (the cleaned game name loses tags).
 * - Original TOSEC DATs: the game name is the TOSEC name.
 * - Arcade (Logiqx or clrmamepro from MAME/FBNeo): `description` is the human title and `name` the
 *   set name; libretro's split sets carry the title in `name` and the set as `<set>.zip`.
 */
export function releaseEntries(game: DatGame, convention: NamingConvention, warn: (message: string) => void): ReleaseEntry[] {
  const serial = game.fields.serial?.trim() || game.roms.find((r) => r.serial)?.serial || undefined;
  const name = (game.name ?? game.description ?? game.comment)?.trim();
  if (!name) return [];

  const [rom] = game.roms;
  if (convention === "tosec-libretro" && rom && game.roms.length === 1) {
    return [tosecEntry(rom.name ?? name, `tosec\u0000${rom.name ?? name}`, game, [rom], warn)];
  }
  if (convention === "tosec-libretro" && game.roms.length > 1) {
    // A multi-file game: TOSEC names each file, or its files are parts (tracks) named freely, and
    // then the libretro game name is the only name of the whole.
    if (game.roms.every((rom) => rom.name && isTosecName(rom.name))) {
      return game.roms.map((rom) => tosecEntry(rom.name ?? name, `tosec\u0000${rom.name ?? name}`, game, [rom], warn));
    }
    return [
      {
        key: `tosec\u0000${name}`,
        name,
        parsed: parseGameName(name),
        extra: {},
        serial,
        roms: [...game.roms],
        metadata: inlineMetadata(game),
      },
    ];
  }
  if (convention === "tosec") return [tosecEntry(name, name, game, [...game.roms], warn)];

  if ((convention === "arcade" && game.name?.trim()) || isArcadeSet(game)) return [arcadeEntry(game, name, serial, warn)];

  const extra: ReleaseExtra = {};
  if (convention === "arcade-libretro") {
    const zip = game.roms.find((r) => r.name && /\.zip$/i.test(r.name));
    if (zip?.name) extra.setName = path.basename(zip.name, path.extname(zip.name));
  }
  // Two arcade sets can share a title; the set name tells them apart.
  const key = extra.setName ? `set\u0000${extra.setName}` : name;
  return [{ key, name, parsed: parseGameName(name), extra, serial, roms: [...game.roms], metadata: inlineMetadata(game) }];
}
