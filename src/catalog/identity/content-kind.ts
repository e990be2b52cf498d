import type { ParsedGameName } from "../names/parse-game-name.ts";

/**
 * What a record is. `game` is the default; the others are read from the DAT's own tags
 * (No-Intro and Redump mark them: "(DLC)", "(Addon)", "(Update)", "(Theme)", "(Avatar)",
 * "(Video)", "(Soundtrack)", "(Program)", "[BIOS]").
 * - `addon`: downloadable content, add-on and data disks, expansions, season passes;
 * - `update`: patches and title updates;
 * - `cosmetic`: themes and avatars;
 * - `application`: programs that are not games (test suites, utilities, channels);
 * - `video` and `music`: films, trailers and soundtracks published as software;
 * - `bios`: system firmware, never matched or merged as a game.
 * @see https://wiki.no-intro.org/index.php?title=Naming_Convention
 */
export const contentKinds = ["game", "addon", "update", "cosmetic", "application", "video", "music", "bios"] as const;
export type ContentKind = (typeof contentKinds)[number];

/** The kinds that have a base game (`baseGameId`) when the catalog has it. */
export const attachedKinds: ReadonlySet<ContentKind> = new Set(["addon", "update", "cosmetic"]);

/** A tag, lower case and without a trailing number ("Update 2" → "update"), to its kind. */
const TAG_KINDS: ReadonlyMap<string, ContentKind> = new Map([
  ["dlc", "addon"],
  ["addon", "addon"],
  ["add-on", "addon"],
  ["expansion", "addon"],
  ["expansion pack", "addon"],
  ["season pass", "addon"],
  ["update", "update"],
  ["patch", "update"],
  ["theme", "cosmetic"],
  ["theme pack", "cosmetic"],
  ["avatar", "cosmetic"],
  ["avatars", "cosmetic"],
  ["program", "application"],
  ["application", "application"],
  ["video", "video"],
  ["umd video", "video"],
  ["movie", "video"],
  ["soundtrack", "music"],
  ["music", "music"],
  ["audio", "music"],
  ["bios", "bios"],
]);

/** A tag's qualifier after its kind word: "Update 2", "Update - September 3", "Update 1.01". */
const TAG_QUALIFIER_RE = /\s+(?:-\s.*|\d[\d.]*)$/;
/** Titles that name an add-on or an update themselves, where the DAT gives no tag ("Battle Isle Data Disk I", "Mario Kart 7 - Update 1.1"). */
const ADDON_TITLE_RE = /\b(?:data|mission|scenario|expansion|tournament|course|discovery|construction)\s+(?:disks?|kit)\b/i;
const UPDATE_TITLE_RE = /\s-\s(?:title\s)?update\s+v?\d/i;
/** Arcade DATs name their BIOS sets in the title ("PGM (Polygame Master) System BIOS"). */
const BIOS_WORD_RE = /\bbios\b/i;

/**
 * The kind of one release, from its parsed name. The first tag that names a kind wins, so
 * "Game (Europe) (DLC) (Video)" is an add-on; then a title that names an update or a data disk;
 * `arcade` also reads "BIOS" in the title.
 */
export function releaseKind(parsed: Pick<ParsedGameName, "title" | "flags" | "extra">, arcade = false): ContentKind {
  if (parsed.flags.includes("BIOS")) return "bios";
  // The name parser files a few kind tags ("Program") among its known flags, the others among its extra tags.
  for (const tag of [...parsed.flags, ...parsed.extra]) {
    const kind = TAG_KINDS.get(tag.toLowerCase().replace(TAG_QUALIFIER_RE, ""));
    if (kind) return kind;
  }
  if (arcade && BIOS_WORD_RE.test(parsed.title)) return "bios";
  if (UPDATE_TITLE_RE.test(parsed.title)) return "update";
  if (ADDON_TITLE_RE.test(parsed.title)) return "addon";
  return "game";
}

/** True for a string that is a kind. */
export function isContentKind(value: string): value is ContentKind {
  return (contentKinds as readonly string[]).includes(value);
}
