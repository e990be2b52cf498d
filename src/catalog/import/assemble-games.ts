import type { DatFile, DatRom } from "../dat/dat-types.ts";
import { buildDates } from "../identity/build-dates.ts";
import { type CloneMatch, type CloneReleaseKeys, cloneReleaseKeys, matchCloneTitles, namingTitle } from "../identity/clone-list-match.ts";
import {
  hasTitleWideTag,
  releaseKind,
  settleTitleKinds,
  webAppProductCode,
  type ContentKind,
  type KindContext,
} from "../identity/content-kind.ts";
import { bootlegTitle, compilationSetName, reworkedGame } from "../identity/arcade-rework.ts";
import { movedSetNames } from "../identity/arcade-set-names.ts";
import { earlierGameCopies } from "../identity/early-copies.ts";
import { type ArcadeTitleCredits, arcadeVersionKeys, versionBaseKey } from "../identity/arcade-versions.ts";
import { bonusDiscGameTitles, bonusDiscTag, bonusDiscTitle, isBonusDiscTitle } from "../identity/bonus-disc.ts";
import { compareReleases, type ReleasePreference } from "../identity/release-preference.ts";
import { companies, makerInCommon, noCompanyInCommon } from "../identity/company-word.ts";
import { dumpKeys, looksLikeCompilation } from "../identity/dump-keys.ts";
import {
  groupWorks,
  joiningSetName,
  PART_SEPARATOR,
  WEAK_PART_SEPARATOR,
  type MergeEvidence,
  type UnmergedDump,
  type WorkInput,
} from "../identity/group-works.ts";
import { type RegionalCloneSet, regionalCloneTitles } from "../identity/regional-clones.ts";
import { splitSameTitle } from "../identity/same-title.ts";
import { serialCode } from "../identity/serial-code.ts";
import type { ParsedGameName } from "../names/parse-game-name.ts";
import { languageTag, localNameLanguage } from "../names/local-name-language.ts";
import { numeralKey } from "../names/numerals.ts";
import { titleKey } from "../names/title-key.ts";
import type { AlternateTitle, GameMetadata, Review } from "../record/game-record.ts";
import { type ReviewSource, reviewScales } from "../record/record-schemas.ts";
import { serialKey } from "../../core/keys.ts";
import { findBaseGames } from "./base-games.ts";
import { DEFERS_TO_NO_INTRO } from "./foreign-dumps.ts";
import { linkHacks } from "./hack-bases.ts";
import type { MetadataFields, MetadataIndex } from "./metadata-index.ts";
import { namingConvention, releaseEntries, type ReleaseExtra } from "./release-entries.ts";
import type { RetoolData } from "./retool-data.ts";

export interface ReleaseDraft {
  readonly name: string;
  /** The most authoritative collection that lists the release ({@link sourcePrecedence}). */
  source: string;
  /** Every collection the release appears in, `source` first. */
  readonly sources: string[];
  parsed: ParsedGameName;
  readonly extra: ReleaseExtra;
  serial: string | undefined;
  readonly roms: DatRom[];
  readonly metadata: MetadataFields;
  kind: ContentKind;
  /** Arcade: the emulator collections (platform slugs such as "mame-2003") whose DATs list the release. */
  readonly collections: string[];
  /** Native-script names of the release (Retool's metadata and clone lists). */
  localNames?: LocalTitle[];
  /** RetroAchievements supports one of its dumps (Retool's retroachievements lists). */
  retroAchievements?: true;
  /** The clone list's priority of the title naming it, when above the default 1 (a budget edition's 2): ranked after region and language. */
  clonePriority?: number;
  /** The collection whose entry gave `serial`, "metadata" when the metadata keyed by its files does, "borrowed" when an entry of another dump does ({@link retailSerial}). */
  serialSource?: string;
  /** Who and when the release's own DAT entry credits (a DOS or arcade entry's developer and year, a TOSEC name's publisher), before any lookup by its files. */
  credits: { developer?: string; year?: number };
}

/** A native-script name of a release, with its language and where it comes from. */
interface LocalTitle {
  readonly title: string;
  readonly language: string | undefined;
  readonly source: "retool-metadata" | "retool-clonelist";
}

export interface GameDraft {
  /** The stored key: the clean title's key, after the kind for any kind but `game` ({@link storedTitleKey}). */
  readonly titleKey: string;
  /** The clean title keys of the work's releases, its own title's first. */
  readonly titleKeys: readonly string[];
  readonly title: string;
  readonly kind: ContentKind;
  readonly releases: readonly ReleaseDraft[];
  readonly metadata: GameMetadata;
  readonly alternateTitles: readonly AlternateTitle[];
  /** What joined several title groups into this work. */
  readonly evidence: readonly MergeEvidence[];
  /** Index into the result's games of the base game of an add-on, update or cosmetic item. */
  baseGame?: number;
  /** Links to other works of the platform by index into the result's games: the compilations and larger editions holding it, or what it holds. */
  related?: { readonly relation: RelatedRelation; readonly work: number }[];
}

/**
 * How a record relates to another, from Retool's clone lists: `in-compilation` (the other is a
 * compilation holding this game), `compilation-of` (this compilation holds the other), `superset`
 * (the other is a larger edition of this game), `superset-of` (this is a larger edition of the other).
 */
export type RelatedRelation = "in-compilation" | "compilation-of" | "superset" | "superset-of" | "bonus-disc" | "bonus-disc-of";

/** Links kept per record; a compilation of a hundred games names the first ones. */
export const MAX_RELATED = 50;

/** One DAT of a platform, with the collection it belongs to. */
export interface GameDatInput {
  readonly dat: DatFile;
  readonly source: string;
  readonly label: string;
  /** The platform slug the DAT's system names when it is a collection of another platform (arcade: "mame-2003"). */
  readonly collection?: string;
}

export interface AssembleOptions {
  readonly platform: string;
  /** The platform is arcade: BIOS sets are read from titles, and set names join collections. */
  readonly arcade?: boolean;
  /** Collections whose sets are hacks of other sets (HBMAME): their releases are flagged "Hack". */
  readonly hackCollections?: ReadonlySet<string>;
  /** Title keys of every platform's names and aliases ("neo geo"): an arcade set so titled is that system's BIOS, whose zip a program for it resembles. */
  readonly systemTitles?: ReadonlySet<string>;
  /** The kind of a release whose name names none (the platform's `contentKind`); `game` by default. */
  readonly defaultKind?: ContentKind;
  /** How the platform's names and serials tell kinds apart beyond their tags ({@link KindContext}: store titles, whole carts, app serials). */
  readonly kindContext?: Omit<KindContext, "arcade" | "serial">;
  /** SHA-1s No-Intro lists on another platform: entries of a collection that defers to it ({@link DEFERS_TO_NO_INTRO}) with only such dumps are left out. */
  readonly foreignDumps?: ReadonlySet<string>;
  /** The platform's Retool clone lists, local names and RetroAchievements dumps. */
  readonly retool?: RetoolData;
  /** Which release of a record comes first (LUDEX_REGION_ORDER, LUDEX_LANGUAGE_ORDER); release-preference.ts has the default. */
  readonly preference?: ReleasePreference;
}

export interface AssembleResult {
  readonly games: GameDraft[];
  readonly warnings: string[];
  /** Dumps shared by several title groups that stayed separate works, with why. */
  readonly unmerged: readonly UnmergedDump[];
  /** Per collection: releases added, and releases that joined a game another collection also has. */
  readonly stats: Record<string, { releases: number; joined: number; gamesOnly: number }>;
}

/** Collections by authority: a release in No-Intro and in the homebrew DAT is a No-Intro release. */
const sourcePrecedence = [
  "no-intro",
  "redump",
  "dat",
  "libretro-dats",
  "headered",
  "tosec",
  "mame-split",
  "fbneo-split",
  "lost-level-archive",
  "homebrew",
  "hacks",
];

function precedence(source: string): number {
  const i = sourcePrecedence.indexOf(source);
  return i < 0 ? sourcePrecedence.length : i;
}

/** True when the two entries share a file (by SHA-1, else by crc and size): the same dump listed twice. */
function sharesDump(a: readonly DatRom[], b: readonly DatRom[]): boolean {
  return a.some((x) =>
    b.some((y) => (x.sha1 !== undefined && x.sha1 === y.sha1) || (x.crc !== undefined && x.crc === y.crc && x.size === y.size)),
  );
}

/**
 * True when `b` is another dump of what `a` holds rather than more parts of one multi-file set:
 * as many files, of the same sizes and extensions, none of them shared.
 */
function otherDump(a: readonly DatRom[], b: readonly DatRom[]): boolean {
  const shape = (roms: readonly DatRom[]): string =>
    roms
      .map((r) => `${r.size ?? ""}:${(r.name ?? "").slice((r.name ?? "").lastIndexOf(".")).toLowerCase()}`)
      .sort()
      .join("|");
  return a.length > 0 && b.length > 0 && shape(a) === shape(b) && !sharesDump(a, b);
}

/**
 * True when an entry of libretro's own DATs crediting `makers` is another program than a release of
 * the same name: both name their makers and none is in both ("Monopoly (1986)" by Hoops Software
 * and by Don Phillip Gibson).
 */
function otherMakers(release: ReleaseDraft, makers: ReadonlySet<string>, source: string): boolean {
  return source === "dat" && release.source === "dat" && noCompanyInCommon(companies(release.credits.developer), makers);
}

function romKey(rom: DatRom): string {
  return `${rom.sha1 ?? ""}|${rom.md5 ?? ""}|${rom.crc ?? ""}|${rom.size ?? ""}|${rom.name ?? ""}`;
}

/** The release's place in the authority order: TOSEC and arcade sets after No-Intro and Redump, an arcade clone after its parent. */
function secondary(release: ReleaseDraft): number {
  const clone = release.extra.cloneOf ? 2 : 0;
  return clone + (release.source === "tosec" || release.source === "mame-split" || release.source === "fbneo-split" ? 1 : 0);
}

/** Orders a record's releases best first ({@link compareReleases}), then by name. */
function releaseOrder(
  preference: ReleasePreference | undefined,
  tieBreak: (a: ReleaseDraft, b: ReleaseDraft) => number = () => 0,
): (a: ReleaseDraft, b: ReleaseDraft) => number {
  return (a, b) =>
    compareReleases(
      { parsed: a.parsed, secondary: secondary(a), priority: a.clonePriority ?? 1 },
      { parsed: b.parsed, secondary: secondary(b), priority: b.clonePriority ?? 1 },
      preference,
    ) ||
    tieBreak(a, b) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** The year an arcade set is dated, undated last: of sets a ranking cannot tell apart, the first dated is the game's own, later ones its hacks. */
function datedFirst(a: ReleaseDraft, b: ReleaseDraft): number {
  return (
    (a.credits.year ?? a.extra.releaseYear ?? Number.MAX_SAFE_INTEGER) - (b.credits.year ?? b.extra.releaseYear ?? Number.MAX_SAFE_INTEGER)
  );
}

function int(value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  return value === "1" || value.toLowerCase() === "true" || value.toLowerCase() === "yes";
}

/** A release's own year and month, from the metadata its roms are keyed by. */
function releaseDate(release: ReleaseDraft): { year?: number; month?: number } {
  const year = int(release.metadata.releaseyear, 1950, 2100);
  if (year === undefined) return {};
  const month = int(release.metadata.releasemonth, 1, 12);
  return month === undefined ? { year } : { year, month };
}

/** Whose date dates a work, best first: retail No-Intro and Redump dumps, other finished releases (TOSEC's dates, arcade sets), then any. */
function dateTier(release: ReleaseDraft): number {
  if (isRetail(release)) return 0;
  const p = release.parsed;
  return p.status === "release" && release.source !== "hacks" && !p.flags.some((f) => f === "Hack" || f === "Pirate") ? 1 : 2;
}

/**
 * A work's date: the earliest year of its releases of the best tier that has one ({@link dateTier}:
 * a beta's or a hack's year never dates a retail game), and the earliest month known within that
 * year: Japan 1993 and USA 1994 is 1993.
 */
function earliestDate(releases: readonly ReleaseDraft[]): { year?: number; month?: number } {
  let best: { year?: number; month?: number } = {};
  for (const tier of [0, 1, 2]) {
    for (const release of releases) {
      if (dateTier(release) > tier) continue;
      const { year, month } = releaseDate(release);
      if (year === undefined) continue;
      if (best.year === undefined || year < best.year) best = { year, ...(month !== undefined ? { month } : {}) };
      else if (year === best.year && month !== undefined && (best.month === undefined || month < best.month)) best = { year, month };
    }
    if (best.year !== undefined) return best;
  }
  return best;
}

/** One review per source, from the first release (best first) that has a valid score from it. */
function reviews(releases: readonly ReleaseDraft[]): Review[] {
  const out: Review[] = [];
  const sources: readonly [ReviewSource, keyof MetadataFields, keyof MetadataFields | undefined][] = [
    ["edge", "edge_rating", "edge_issue"],
    ["famitsu", "famitsu_rating", undefined],
  ];
  for (const [source, scoreKey, issueKey] of sources) {
    const scale = reviewScales[source];
    for (const release of releases) {
      const score = int(release.metadata[scoreKey], 0, scale);
      if (score === undefined) continue;
      const issue = issueKey ? int(release.metadata[issueKey], 1, 100_000) : undefined;
      out.push({ source, score, scale, ...(issue !== undefined ? { issue } : {}) });
      break;
    }
  }
  return out;
}

/** Game-level metadata: for each field, the first release (best first) that knows it; the date is the earliest release's. */
function mergeMetadata(releases: readonly ReleaseDraft[]): GameMetadata {
  const pick = (key: keyof MetadataFields): string | undefined => {
    for (const release of releases) {
      const value = release.metadata[key];
      if (value) return value;
    }
    return undefined;
  };
  const genre = pick("genre");
  const date = earliestDate(releases);
  const scores = reviews(releases);
  const metadata: Record<string, unknown> = {
    developer: pick("developer"),
    publisher: pick("publisher"),
    genres: genre ? genre.split(/\s*,\s*/).filter(Boolean) : undefined,
    franchise: pick("franchise"),
    releaseYear: date.year,
    releaseMonth: date.month,
    players: int(pick("users"), 1, 1000),
    esrbRating: pick("esrb_rating"),
    bbfcRating: pick("bbfc_rating"),
    elspaRating: pick("elspa_rating"),
    reviews: scores.length > 0 ? scores : undefined,
    origin: pick("origin"),
    analog: flag(pick("analog")),
    rumble: flag(pick("rumble")),
    enhancementHw: pick("enhancement_hw"),
  };
  for (const key of Object.keys(metadata)) if (metadata[key] === undefined) delete metadata[key];
  return metadata as GameMetadata;
}

/**
 * A retail dump as No-Intro or Redump lists it: the releases whose serials are evidence. Betas
 * carry their predecessor's serial, and hacks and translations keep the original's.
 */
function isRetail(release: ReleaseDraft): boolean {
  const p = release.parsed;
  return (
    p.status === "release" &&
    (release.source === "no-intro" || release.source === "redump") &&
    !p.flags.some((f) => f === "Hack" || f === "Pirate" || f.startsWith("["))
  );
}

/** Collections whose own serials name retail products. */
const RETAIL_SERIAL_SOURCES: ReadonlySet<string> = new Set(["no-intro", "redump"]);

/** The `serialSource` of a serial another collection's entry of the same name gave a release it shares no file with. */
const BORROWED_SERIAL = "borrowed";

/**
 * A retail release whose serial is its own: from its No-Intro or Redump entry, an entry sharing its
 * files, or the metadata keyed by its files. A serial borrowed by name from a libretro DAT entry of
 * another dump ("Splashy Duck" carrying Spikey Walls' BWLP) is not evidence of the product.
 */
function retailSerial(release: ReleaseDraft): boolean {
  return isRetail(release) && release.serialSource !== BORROWED_SERIAL;
}

/** The credits a DAT entry gives itself: its developer (a TOSEC name's publisher) and its year. */
function entryCredits(metadata: MetadataFields, publisher: string | undefined): ReleaseDraft["credits"] {
  // FBNeo's DAT names an arcade set's maker `publisher`.
  const developer = metadata.developer ?? metadata.publisher ?? publisher;
  const year = int(metadata.releaseyear, 1950, 2100);
  return { ...(developer ? { developer } : {}), ...(year !== undefined ? { year } : {}) };
}

/** A hack's or bootleg's marks in a set's tags or maker ("(Remix Special, Hack)", "bootleg (Beta)"). */
const REWORK_RE = /\b(?:hack|bootleg|phoenix edition)\b/i;

/** An arcade set someone other than its maker reworked: its credits name the reworker, not another work of its title. */
function reworked(release: ReleaseDraft): boolean {
  const p = release.parsed;
  return (
    p.flags.includes("Hack") ||
    [...p.extra, ...p.flags].some((tag) => REWORK_RE.test(tag)) ||
    REWORK_RE.test(release.credits.developer ?? "")
  );
}

/**
 * An arcade parent set whose maker's credit tells works apart: one MAME lists (FBNeo's and HBMAME's
 * own sets include hacks and homebrew under their authors' names), not a clone, not reworked.
 */
function curatedParent(release: ReleaseDraft): boolean {
  return !release.extra.cloneOf && !reworked(release) && release.collections.some((c) => c.startsWith("mame"));
}

/**
 * An FBNeo parent set no MAME or HBMAME entry lists, not reworked, whose DAT name's tags name the maker
 * it credits: the DAT tells it apart from another maker's game of its title ("Sea Wolf (Tecfri)", 89 KB
 * of 1987, beside Midway's 4 KB Sea Wolf of 1976). Its credit counts by board size alone, since FBNeo
 * also credits hacks, homebrew and conversions to their authors without saying so.
 */
function fbneoParent(release: ReleaseDraft, listedElsewhere: ReadonlySet<string>): boolean {
  const set = release.extra.setName;
  if (set === undefined || release.extra.cloneOf || reworked(release) || listedElsewhere.has(set)) return false;
  return release.collections.includes("fbneo") && namesOwnMaker(release);
}

/** True when one of `tags` of the set's DAT name names the maker it credits: "Top Secret (Exidy)", "Argus (Gottlieb, prototype)". */
function namesOwnMaker(release: ReleaseDraft, tags: readonly string[] = release.parsed.extra): boolean {
  const maker = companies(release.credits.developer);
  return tags.some((tag) => makerInCommon(companies(tag), maker));
}

/** A licensee's tag ("English, Alpha license"): it names who sold the set, not who made it. */
const LICENSE_TAG_RE = /\blicen[cs]ed?\b/i;

/** A prototype's or homebrew set's name or credit: not MAME's curation of a released game. */
const UNRELEASED_RE = /\b(?:prototype|proto|homebrew)\b/i;

/** Each arcade game set as the regional-clone rule reads it ({@link regionalCloneTitles}), MAME's entries first. */
function regionalCloneSets(releases: readonly ReleaseDraft[], ownKeys: readonly string[]): RegionalCloneSet[] {
  const out: RegionalCloneSet[] = [];
  const listedElsewhere = new Set<string>();
  for (const release of releases)
    if (release.extra.setName && release.collections.some((c) => c !== "fbneo")) listedElsewhere.add(release.extra.setName);
  releases.forEach((release, i) => {
    const setName = release.extra.setName;
    if (!setName || release.kind !== "game") return;
    const developer = release.credits.developer;
    out.push({
      setName,
      titleKey: ownKeys[i] ?? "",
      developer,
      year: release.credits.year,
      size: mainSize(release.roms),
      curated:
        (curatedParent(release) || (!listedElsewhere.has(setName) && fbneoEntry(release))) &&
        !reworkedGame(release.name) &&
        !UNRELEASED_RE.test(release.name) &&
        !UNRELEASED_RE.test(developer ?? ""),
    });
  });
  return out;
}

/** An FBNeo entry, no clone and not reworked: for a set no other collection lists, FBNeo's own curation of a board ("fixeightj" beside "fixeight"). */
function fbneoEntry(release: ReleaseDraft): boolean {
  return !release.extra.cloneOf && !reworked(release) && release.collections.includes("fbneo");
}

/** How an arcade set's DAT names place it: under the title of the game they say it reworks, or apart as a board of several games. */
interface ArcadeSetKey {
  /** The title key of the game the set is a bootleg, hack or re-release of, when a set of the platform has that title. */
  readonly reworks?: string;
  /** A board of several games ({@link compilationSetName}): its releases under a single game's title stay apart from that game. */
  readonly board?: boolean;
}

/**
 * What the DAT names of each arcade set say of it across collections ("Jumping Pop (Nics, Korean
 * hack of Plump Pop)" is Plump Pop's; "Puzzle King (includes bootleg of Snow Bros.)" a board):
 * one collection's name speaks for the set in all of them, since the set name joins them. `hacks`
 * gives the game of each title whose sets other than hacks all rework that game, or whose sets,
 * all hacks, that rework a game all rework that one.
 */
function arcadeSetKeys(
  releases: readonly ReleaseDraft[],
  ownKeys: readonly string[],
  titleBySet: ReadonlyMap<string, string>,
  systemTitles: ReadonlySet<string> = new Set(),
  hackCollections: ReadonlySet<string> = new Set(),
): { sets: Map<string, ArcadeSetKey>; hacks: Map<string, string> } {
  const original = new Set<string>();
  releases.forEach((release, i) => {
    const own = ownKeys[i];
    if (own && release.kind === "game" && !release.extra.cloneOf && !reworked(release) && !reworkedGame(release.name)) original.add(own);
  });
  // An original's "A / B" title is named by either part ("bootleg of Knights of Valour Super Heroes Plus").
  const originalByPart = new Map<string, string>();
  const gameTitles = new Set<string>();
  releases.forEach((release, i) => {
    const own = ownKeys[i];
    if (!own || release.kind !== "game") return;
    gameTitles.add(own);
    if (!original.has(own)) return;
    for (const part of slashParts(release.parsed.title)) if (!originalByPart.has(titleKey(part))) originalByPart.set(titleKey(part), own);
  });
  const out = new Map<string, ArcadeSetKey>();
  releases.forEach((release, i) => {
    const set = release.extra.setName;
    if (!set || release.kind !== "game") return;
    const known = out.get(set) ?? {};
    if (compilationSetName(release.name, release.parsed.title)) out.set(set, { board: true });
    if (known.board || out.get(set)?.board) return;
    const game = reworkedGame(release.name);
    if (game === undefined) {
      // "(The King of Fighters '97 bootleg)" names an original's title; "(Falcon bootleg)" a maker, whose name is no original's.
      const copied = bootlegTitle(release.name);
      const key = copied === undefined ? undefined : titleKey(copied);
      if (key !== undefined && original.has(key) && key !== ownKeys[i]) out.set(set, { reworks: key });
      return;
    }
    // The game is named by its title ("bootleg of Scramble"), a part of it, or its set name ("hack of ottopz");
    // a title that is itself a copy ("hack of 'Super Galaxians'") is followed below to the game it copies.
    const named = titleKey(game);
    const parent = titleBySet.get(game.toLowerCase());
    const parentKey = parent === undefined ? undefined : titleKey(parent);
    const reworks = original.has(named)
      ? named
      : parentKey !== undefined && original.has(parentKey)
        ? parentKey
        : (originalByPart.get(named) ??
          (gameTitles.has(named) ? named : parentKey !== undefined && gameTitles.has(parentKey) ? parentKey : undefined));
    if (reworks !== undefined && reworks !== ownKeys[i]) out.set(set, { reworks });
  });
  for (const [set, reworks] of prefixedHacks(releases, ownKeys, original, systemTitles, hackCollections))
    if (!out.has(set)) out.set(set, { reworks });
  // A title whose every set but hacks reworks one game is that game's, and so are the hacks of it
  // ("Crouching Tiger Hidden Dragon 2003 (hack of The King of Fighters 2001)" and HBMAME's hacks of it).
  const games = new Map<string, string | null>();
  releases.forEach((release, i) => {
    const own = ownKeys[i];
    if (!own || release.kind !== "game" || release.parsed.flags.includes("Hack")) return;
    const reworks = out.get(release.extra.setName ?? "")?.reworks ?? null;
    const known = games.get(own);
    games.set(own, known === undefined || known === reworks ? reworks : null);
  });
  const hacks = new Map<string, string>();
  for (const [own, reworks] of games) if (reworks) hacks.set(own, reworks);
  // A title of hacks alone ("Samurai Shodown IV", HBMAME's) goes whole to the one game those of its sets that say whose they are name.
  const hackTitles = new Map<string, string | null>();
  releases.forEach((release, i) => {
    const own = ownKeys[i];
    if (!own || release.kind !== "game" || games.has(own)) return;
    const reworks = out.get(release.extra.setName ?? "")?.reworks;
    const known = hackTitles.get(own);
    if (!release.parsed.flags.includes("Hack")) hackTitles.set(own, null);
    else if (reworks !== undefined && known !== null)
      hackTitles.set(own, known === undefined || known === "" || known === reworks ? reworks : null);
    else if (known === undefined) hackTitles.set(own, "");
  });
  for (const [own, reworks] of hackTitles) if (reworks) hacks.set(own, reworks);
  // A copy of a copy is the first game's: "Galaxian Turbo (hack of 'Super Galaxians')", itself a Galaxian hack.
  const follow = (key: string): string => {
    const seen = new Set<string>([key]);
    let at = key;
    for (let next = hacks.get(at); next !== undefined && !seen.has(next); next = hacks.get(at)) {
      seen.add(next);
      at = next;
    }
    return at;
  };
  for (const [own, reworks] of hacks) hacks.set(own, follow(reworks));
  for (const [set, key] of out) if (key.reworks !== undefined) out.set(set, { reworks: follow(key.reworks) });
  return { sets: out, hacks };
}

/** The key of a title's main title, before its first " - " or ": " ("Pink Sweets" of "Pink Sweets: Suicide Club"). */
function mainTitleKey(title: string): string {
  const at = /\s-\s|:\s/.exec(title)?.index;
  return titleKey(at === undefined || at === 0 ? title : title.slice(0, at));
}

/** A DAT name's own hack tag: "(Hack)", "(…, Hack)", "(Hack, Ver. 2016-01-04)". */
const HACK_TAG_RE = /[(,]\s*hack\s*[),]/i;

/** A hack's zip within this share of its original's size holds the same program, patched. */
const HACK_SIZE_SHARE = 0.05;
/** A hack's zip within this share of one of its game's programs is a zip of that game's board. */
const HACK_BOARD_SHARE = 0.25;
/** Sources whose DATs list a clone's zip with only the files it changes, and whose hacks' patch zips are read (MAME's). */
const SPLIT_SOURCES: ReadonlySet<string> = new Set(["mame-split"]);
/** Leading letters a split DAT's hack set shares with the set it patches ("cent" of "centipdd" and "centiped"). */
const PATCH_FAMILY = 4;
/** A patch zip is under a quarter of the set it patches: a program of its own is not ("Popeye-Man", a Pac-Man hack at 63% of "popeye"). */
const PATCH_SHARE = 4;
/** The shortest set name a hack's set name may extend: shorter ones are other games' names' starts ("sf", "ms"). */
const MIN_PARENT_SET = 3;

/**
 * Hack sets named after the set they patch, under a short title of its game: a hack or bootleg whose
 * set name is an original set's plus letters ("gowcaizrbs" after "gowcaizr", "darakuhc01" after "daraku"),
 * whose title is that set's title or leads it ("Voltage Fighter" of "Voltage Fighter - Gowcaizer"), and
 * whose zip is within 5% of that set's; or a hack titled after the main title of one original title
 * alone and a subtitle of its own ("The Killing Blade - Heroes (Hack)", "Pink Sweets: Suicide Club
 * (… bootleg)" beside "Pink Sweets: Ibara Sorekara") whose zip is within 5% of one of that title's sets.
 * A set name's start alone also names other games ("ninja" and "Ninja Master's"), and an edition sold
 * on its own has a title of its own ("Knights of Valour Plus"). A hack titled an original's title plus words
 * also goes when its set name extends one of that title's sets ("mk2chal") or its zip is near the hacks its
 * DAT titles that game alone ("Pac Man 1000" beside "Pacman (Baby Maze 1)"), and so does an unmarked set by
 * another maker a decade later, named, titled and sized after it ("Donkey Kong Springs Trainer"). Gives each
 * such set's original title key.
 */
function prefixedHacks(
  releases: readonly ReleaseDraft[],
  ownKeys: readonly string[],
  original: ReadonlySet<string>,
  systemTitles: ReadonlySet<string>,
  hackCollections: ReadonlySet<string>,
): Map<string, string> {
  // Each original set's title keys (and those of its "A / B" title's parts), each with the title key it stands for.
  const originals = new Map<string, { titles: Map<string, string>; sizes: number[] }>();
  const titleSizes = new Map<string, number[]>();
  const titleSets = new Map<string, { set: string; size: number; collections: readonly string[] }[]>();
  // The original titles by their main title: "The Killing Blade" and "Pink Sweets" of "Pink Sweets: Ibara Sorekara".
  const byMain = new Map<string, Set<string>>();
  releases.forEach((release, i) => {
    const own = ownKeys[i];
    const set = release.extra.setName;
    if (!own || !set || release.kind !== "game" || !original.has(own) || release.extra.cloneOf || reworked(release)) return;
    if (reworkedGame(release.name)) return;
    const entry = originals.get(set) ?? { titles: new Map<string, string>(), sizes: [] };
    for (const key of [own, ...slashParts(release.parsed.title).map(titleKey)]) if (!entry.titles.has(key)) entry.titles.set(key, own);
    const size = mainSize(release.roms);
    if (size) {
      entry.sizes.push(size);
      titleSizes.set(own, [...(titleSizes.get(own) ?? []), size]);
      titleSets.set(own, [...(titleSets.get(own) ?? []), { set, size, collections: release.collections }]);
    }
    originals.set(set, entry);
    const main = mainTitleKey(release.parsed.title);
    byMain.set(main, (byMain.get(main) ?? new Set<string>()).add(own));
  });
  const near = (size: number, sizes: readonly number[] | undefined): boolean =>
    sizes?.some((s) => Math.abs(size - s) <= HACK_SIZE_SHARE * s) === true;
  // A split DAT's clone zip ("gepoker2" beside "gepoker") holds only the files it changes: no program's size.
  const programSizes = (title: string): number[] => {
    const sets = titleSets.get(title) ?? [];
    return sets.filter(({ set }) => !sets.some((o) => o.set.length < set.length && set.startsWith(o.set))).map((s) => s.size);
  };
  // A split DAT's hack zip holds only the files it patches ("centipdd", 1.4 KB, beside "centiped"): a set of its family far smaller.
  const patchZip = (release: ReleaseDraft, size: number, title: string): boolean => {
    const set = release.extra.setName ?? "";
    if (!SPLIT_SOURCES.has(release.source) || set.length < PATCH_FAMILY) return false;
    const family = set.slice(0, PATCH_FAMILY);
    return (titleSets.get(title) ?? []).some((o) => o.set.startsWith(family) && size * PATCH_SHARE < o.size);
  };
  // The original titles by their words run together ("pacman" of "Pac-Man"), where only one title has them.
  const compactTitles = new Map<string, string | null>();
  for (const key of titleSizes.keys()) {
    const compact = key.replace(/ /g, "");
    compactTitles.set(compact, compactTitles.has(compact) && compactTitles.get(compact) !== key ? null : key);
  }
  // The zips of hacks titled as an original title alone ("Pacman (Baby Maze 1)"), by DAT source: one collection packs one board's hacks alike.
  const hackSizes = new Map<string, number[]>();
  releases.forEach((release, i) => {
    const own = ownKeys[i];
    const size = mainSize(release.roms);
    const title = own && (titleSizes.has(own) ? own : compactTitles.get(own.replace(/ /g, "")));
    if (!title || !size || release.kind !== "game" || !reworked(release) || PLAYCHOICE_RE.test(release.name)) return;
    const key = `${release.source}\u0000${title}`;
    hackSizes.set(key, [...(hackSizes.get(key) ?? []), size]);
  });
  // A zip within a quarter of one of the title's programs: a board of the game's, not another game's under its name ("Aliens", HBMAME's 18 KB hack beside Konami's).
  const boardSize = (size: number, title: string): boolean => programSizes(title).some((s) => Math.abs(size - s) <= HACK_BOARD_SHARE * s);
  const out = new Map<string, string>();
  const byTitle = new Map<string, string | null>();
  // Every set name of a game, and the keys of original titles' "A / B" parts ("Strikers 1945 III" of "… / Strikers 1999").
  const gameSets = new Set<string>();
  const partKeys = new Set<string>();
  releases.forEach((release, i) => {
    if (release.kind !== "game") return;
    if (release.extra.setName) gameSets.add(release.extra.setName);
    if (original.has(ownKeys[i] ?? "")) for (const part of slashParts(release.parsed.title)) partKeys.add(titleKey(part));
  });
  // "mk2chal" patches "mk2": the longest set name it extends is one of the title's own ("aliensva" extends HBMAME's "aliensv", not Konami's "aliens").
  const familySet = (release: ReleaseDraft, own: string, title: string): boolean => {
    const set = release.extra.setName ?? "";
    let parent: string | undefined;
    for (let end = set.length - 1; end >= MIN_PARENT_SET && parent === undefined; end--)
      if (gameSets.has(set.slice(0, end))) parent = set.slice(0, end);
    if (parent === undefined || partKeys.has(own)) return false;
    if (out.get(parent) !== title && !(titleSets.get(title) ?? []).some((o) => o.set === parent)) return false;
    return ownWordsExtend(release.parsed.title, title);
  };
  // Each original title's first year and makers, for the homebrew below.
  const titleCredits = new Map<string, { first: number; makers: ReadonlySet<string>[] }>();
  releases.forEach((release, i) => {
    const own = ownKeys[i];
    if (!own || !titleSizes.has(own) || release.kind !== "game" || release.extra.cloneOf || reworked(release)) return;
    const entry = titleCredits.get(own) ?? { first: Number.MAX_SAFE_INTEGER, makers: [] };
    const year = release.credits.year ?? release.extra.releaseYear;
    const maker = companies(release.credits.developer);
    titleCredits.set(own, {
      first: Math.min(entry.first, year ?? entry.first),
      makers: maker.size > 0 ? [...entry.makers, maker] : entry.makers,
    });
  });

  releases.forEach((release, i) => {
    const own = ownKeys[i];
    const set = release.extra.setName;
    const size = mainSize(release.roms);
    if (!own || !set || !size || release.kind !== "game" || !reworked(release) || originals.has(set)) return;
    // "The Killing Blade - Heroes (Hack)": a hack titled after its game's main title and a subtitle of its own.
    const main = mainTitleKey(release.parsed.title);
    const games = main === own ? undefined : byMain.get(main);
    // Titles that differ only in how they write a number ("Bubble Memories: The Story Of Bubble Bobble III" and "… 3") are one.
    const game = games && new Set([...games].map(numeralKey)).size === 1 ? [...games].sort()[0] : undefined;
    // A set its DAT tags a hack names its game by that main title alone, whatever its zip holds.
    const tagged = release.parsed.flags.includes("Hack") && HACK_TAG_RE.test(release.name);
    if (game !== undefined && game !== own && (tagged || near(size, titleSizes.get(game)))) {
      out.set(set, game);
      byTitle.set(own, byTitle.has(own) && byTitle.get(own) !== game ? null : game);
      return;
    }
    // "Tempest Level Man": a hack titled the longest original title its title extends, plus words of its own.
    const spelt = compactTitles.has(own.replace(/ /g, ""));
    const whole =
      PLAYCHOICE_RE.test(release.name) || original.has(own) || spelt ? undefined : longestLeadingTitle(own, titleSizes, compactTitles);
    if (
      whole !== undefined &&
      !systemTitles.has(whole) &&
      (near(size, programSizes(whole)) ||
        patchZip(release, size, whole) ||
        familySet(release, own, whole) ||
        (near(size, hackSizes.get(`${release.source}\u0000${whole}`)) &&
          boardSize(size, whole) &&
          ownWordsExtend(release.parsed.title, whole)))
    ) {
      out.set(set, whole);
      byTitle.set(own, byTitle.has(own) && byTitle.get(own) !== whole ? null : whole);
      return;
    }
    for (let end = set.length - 1; end >= MIN_PARENT_SET; end--) {
      const parent = originals.get(set.slice(0, end));
      if (parent === undefined) continue;
      if (parent.titles.has(own) || !near(size, parent.sizes)) return;
      const title = [...parent.titles].find(([key]) => key.startsWith(`${own} `))?.[1];
      if (title !== undefined) out.set(set, title);
      return;
    }
  });
  // "Donkey Kong Springs Trainer" (dkongst, Sock Master's of 2019): a set no DAT marks, named and titled after an
  // original's, by another maker a decade or more after it, is a hack of it; "dkongst2" then follows "dkongst".
  for (let pass = 0; pass < 2; pass++)
    releases.forEach((release, i) => {
      const own = ownKeys[i];
      const set = release.extra.setName;
      if (!own || !set || out.has(set) || release.kind !== "game" || release.extra.cloneOf || reworked(release)) return;
      if (reworkedGame(release.name) || PLAYCHOICE_RE.test(release.name)) return;
      const year = release.credits.year ?? release.extra.releaseYear;
      const maker = companies(release.credits.developer);
      const size = mainSize(release.roms) ?? 0;
      if (year === undefined || maker.size === 0) return;
      for (const whole of leadingTitles(own, titleSizes, compactTitles)) {
        const credits = titleCredits.get(whole);
        if (credits === undefined || systemTitles.has(whole) || year < credits.first + HOMEBREW_YEARS) continue;
        if (credits.makers.some((m) => makerInCommon(m, maker))) continue;
        // A zip near one of the title's in a collection of its own: the same board ("Turbo Force" is no Turbo, "Samurai Aces" no Samurai).
        const board = (titleSets.get(whole) ?? []).some(
          (o) => o.collections.some((c) => release.collections.includes(c)) && Math.abs(size - o.size) <= HACK_BOARD_SHARE * o.size,
        );
        if (
          board &&
          (familySet(release, own, whole) || (hackCollectionOnly(release, hackCollections) && ownWordsExtend(release.parsed.title, whole)))
        ) {
          out.set(set, whole);
          return;
        }
      }
    });
  // The title says whose it is, so its other copies go too: a split DAT's clone zip is smaller than its program.
  releases.forEach((release, i) => {
    const game = byTitle.get(ownKeys[i] ?? "");
    const set = release.extra.setName;
    if (game && set && release.kind === "game" && reworked(release) && !originals.has(set) && !out.has(set)) out.set(set, game);
  });
  return out;
}

/** Years after an original's first that a set by another maker, titled and named after it, is its homebrew hack. */
const HOMEBREW_YEARS = 10;

/** A sequel's number ("Final Fight 2", "Defender II") or a board test ("Pooyan Tester") after an original title names no hack of it. */
const NO_HACK_WORDS_RE = /^(?:\d{1,2}|i{2,3}|iv|vi{0,3}|ix|x)(?:\s|$)|\b(?:test|tester|diag|diagnostics?)\b/;
/** Letters joined by a hyphen, one word of a title ("Popeye-Man"). */
const HYPHENATED_RE = /(\p{L})-(?=\p{L})/gu;

/**
 * Whether a hack's title adds words of its own to an original title at a word boundary, hyphenated words
 * counted whole ("Popeye-Man", a Pac-Man hack, adds no word to Popeye), and no sequel number or board test.
 */
function ownWordsExtend(title: string, originalKey: string): boolean {
  const own = titleKey(title.replace(HYPHENATED_RE, "$1"));
  const joined = originalKey.replace(/ /g, "");
  const ownWords = own.split(" ");
  for (let n = 1; n < ownWords.length; n++)
    if (ownWords.slice(0, n).join("") === joined) return !NO_HACK_WORDS_RE.test(ownWords.slice(n).join(" "));
  return false;
}

/** The longest of `titles` that `own` extends by whole words ("tempest" of "tempest level man"), if any. */
function longestLeadingTitle(
  own: string,
  titles: ReadonlyMap<string, unknown>,
  compact: ReadonlyMap<string, string | null> = new Map(),
): string | undefined {
  return leadingTitles(own, titles, compact)[0];
}

/** The `titles` that `own` extends by whole words, longest first; a title also counts written as one word ("Pacman 2000" leads with Pac-Man's). */
function leadingTitles(own: string, titles: ReadonlyMap<string, unknown>, compact: ReadonlyMap<string, string | null>): string[] {
  const out: string[] = [];
  for (let end = own.lastIndexOf(" "); end > 0; end = own.lastIndexOf(" ", end - 1)) {
    const lead = own.slice(0, end);
    const spelt = titles.has(lead) ? lead : compact.get(lead.replace(/ /g, ""));
    if (spelt) out.push(spelt);
  }
  return out;
}

/** What each arcade title's own sets credit: parent sets that are no clone, hack or bootleg, and rework no other game. */
function arcadeTitleCredits(releases: readonly ReleaseDraft[], ownKeys: readonly string[]): Map<string, ArcadeTitleCredits> {
  const out = new Map<string, { title: string; developers: string[]; years: number[] }>();
  releases.forEach((release, i) => {
    const own = ownKeys[i];
    // A homebrew collection flags every set a hack (HBMAME's "Multipac 1.4"); its tags and maker still say which are.
    const p = release.parsed;
    const reworkMarked =
      [...p.extra, ...p.flags.filter((f) => f !== "Hack")].some((tag) => REWORK_RE.test(tag)) ||
      REWORK_RE.test(release.credits.developer ?? "");
    if (!own || release.kind !== "game" || release.extra.cloneOf || reworkMarked || reworkedGame(release.name)) return;
    const entry = out.get(own) ?? { title: release.parsed.title, developers: [], years: [] };
    if (release.credits.developer) entry.developers.push(release.credits.developer);
    if (release.credits.year !== undefined) entry.years.push(release.credits.year);
    out.set(own, entry);
  });
  return out;
}

/** A PlayChoice-10 set's DAT name: "Contra (PlayChoice-10)", "PlayChoice-10: Contra". */
const PLAYCHOICE_RE = /\bPlayChoice-10\b/i;
/** The PlayChoice-10 words of a title ("PlayChoice-10: Contra", "Contra (PlayChoice-10)"), left out before they are put back the one way. */
const PLAYCHOICE_TITLE_RE = /^PlayChoice-10:\s*|\s*\(PlayChoice-10\)$/gi;

/**
 * The first grouping's key of each release: its stored title key, and for the second and later of
 * several works that share one title ({@link splitSameTitle}) a part number after it.
 */
function splitTitleGroups(
  releases: readonly ReleaseDraft[],
  keys: readonly string[],
  codes: readonly (string | undefined)[],
  arcade: boolean,
  order: (a: ReleaseDraft, b: ReleaseDraft) => number,
): string[] {
  const byKey = new Map<string, number[]>();
  keys.forEach((key, i) => {
    const list = byKey.get(key);
    if (list) list.push(i);
    else byKey.set(key, [i]);
  });
  const out = [...keys];
  // Sets a MAME or HBMAME entry lists, under whichever name.
  const listedElsewhere = new Set<string>();
  if (arcade)
    for (const release of releases)
      if (release.extra.setName && release.collections.some((c) => c !== "fbneo")) listedElsewhere.add(release.extra.setName);
  for (const [key, list] of byKey) {
    if (list.length < 2) continue;
    list.sort((a, b) => order(releases[a] as ReleaseDraft, releases[b] as ReleaseDraft) || a - b);
    const setSizes = arcade ? list.flatMap((i) => ((releases[i] as ReleaseDraft).extra.setName ? [releases[i] as ReleaseDraft] : [])) : [];
    const parts = splitSameTitle(
      list.map((i) => {
        const release = releases[i] as ReleaseDraft;
        const tosec = release.source === "tosec";
        // An arcade parent set's and a libretro DAT entry's own credits tell two works of one title apart ("Freeze" 1984 and 1996).
        const boardOnly = arcade && fbneoParent(release, listedElsewhere);
        const credited = arcade ? curatedParent(release) || boardOnly : release.source === "dat";
        return {
          code: codes[i],
          publisher: tosec ? release.extra.publisher : credited ? release.credits.developer : undefined,
          year: tosec ? int(release.extra.date?.slice(0, 4), 1950, 2100) : credited ? release.credits.year : undefined,
          contents: arcade ? undefined : multiCartContents(release),
          aftermarket: isAftermarket(release),
          size: mainSize(release.roms),
          ...(arcade && credited && release.extra.setName ? { setName: release.extra.setName } : {}),
          ...(boardOnly ? { boardOnly } : {}),
          ...(arcade &&
          credited &&
          !boardOnly &&
          namesOwnMaker(
            release,
            release.parsed.extra.filter((tag) => !LICENSE_TAG_RE.test(tag)),
          )
            ? { makerTagged: true }
            : {}),
          ...(arcade && splitClone(release, setSizes) ? { cloneZip: true } : {}),
        };
      }),
    );
    // An arcade clone belongs with its parent set, whatever its own credits.
    if (arcade) {
      const partOfSet = new Map<string, (typeof parts)[number]>();
      // A set's credited MAME entry places it; its other collections' entries, which credit no one, follow.
      const ranked = list.map((i, n) => ({ release: releases[i] as ReleaseDraft, n }));
      ranked.sort((a, b) => Number(curatedParent(a.release)) - Number(curatedParent(b.release)));
      for (const { release, n } of ranked) {
        const part = parts[n];
        if (part && release.extra.setName && !release.extra.cloneOf) partOfSet.set(release.extra.setName, part);
      }
      list.forEach((i, n) => {
        const release = releases[i] as ReleaseDraft;
        const part = partOfSet.get(release.extra.cloneOf ?? release.extra.setName ?? "");
        if (part) parts[n] = part;
      });
      // A bootleg older than every original of its title copies another game: a work of its own.
      const early = earlierGameCopies(
        list.map((i) => {
          const release = releases[i] as ReleaseDraft;
          return {
            copy: reworked(release),
            original: !release.extra.cloneOf && !reworked(release) && !reworkedGame(release.name),
            maker: release.credits.developer,
            year: release.credits.year,
            size: mainSize(release.roms),
          };
        }),
      );
      const apart = Math.max(...parts.map((p) => p.weak)) + 1;
      early.forEach((copy, n) => {
        const part = parts[n];
        if (copy && part) parts[n] = { strong: part.strong, weak: apart };
      });
    }
    parts.forEach((part, n) => {
      const i = list[n];
      if (i === undefined) return;
      out[i] =
        `${key}${part.strong > 0 ? `${PART_SEPARATOR}${part.strong}` : ""}${part.weak > 0 ? `${WEAK_PART_SEPARATOR}${part.weak}` : ""}`;
    });
  }
  return out;
}

/** True when a set is another of `sets` plus letters and its zip is smaller: a split DAT's clone zip. */
function splitClone(release: ReleaseDraft, sets: readonly ReleaseDraft[]): boolean {
  const set = release.extra.setName;
  const size = mainSize(release.roms);
  if (set === undefined || size === undefined) return false;
  return sets.some((other) => {
    const name = other.extra.setName;
    const otherSize = mainSize(other.roms);
    return name !== undefined && name.length < set.length && set.startsWith(name) && otherSize !== undefined && otherSize > size;
  });
}

/**
 * The releases only hack collections (HBMAME) ship, under a set name no other collection ships: at
 * all (`originals: "any"`), or other than as a set flagged a hack (`"unflagged"`; FBNeo ships its own
 * hacks under HBMAME's set names).
 */
function hackCollectionSets(
  releases: Iterable<ReleaseDraft>,
  hackCollections: ReadonlySet<string> | undefined,
  originals: "any" | "unflagged",
): ReleaseDraft[] {
  if (hackCollections === undefined || hackCollections.size === 0) return [];
  const list = [...releases];
  const shipped = new Set<string>();
  for (const release of list)
    if (
      release.extra.setName &&
      release.collections.some((c) => !hackCollections.has(c)) &&
      (originals === "any" || !release.parsed.flags.includes("Hack"))
    )
      shipped.add(release.extra.setName);
  return list.filter(
    (release) => hackCollectionOnly(release, hackCollections) && !(release.extra.setName && shipped.has(release.extra.setName)),
  );
}

/** True when only hack collections (HBMAME) list the release: their sets are hacks and homebrew of other games' boards. */
function hackCollectionOnly(release: ReleaseDraft, hackCollections: ReadonlySet<string>): boolean {
  return release.collections.length > 0 && release.collections.every((c) => hackCollections.has(c));
}

/** An aftermarket or homebrew release by its name's flags. */
function isAftermarket(release: ReleaseDraft): boolean {
  return release.parsed.flags.includes("Aftermarket") || release.parsed.flags.includes("Homebrew");
}

/** A multi-cart's product code ("4B-001"), as TOSEC ("[4B-001, 4B-009, 8B-001]") and No-Intro ("(4B-001, …, Sachen)") list them. */
const CART_CODE_RE = /^\[?[0-9A-Z]{1,3}-\d{3}\b/;

/** The games a compilation's name lists by product code, which tell two multi-carts of one name apart; undefined for any other release. */
function multiCartContents(release: ReleaseDraft): string | undefined {
  if (!looksLikeCompilation(release.parsed.title)) return undefined;
  const codes = [...release.parsed.extra, ...release.parsed.flags].filter((tag) => CART_CODE_RE.test(tag));
  return codes.length > 0 ? codes.join(", ").replace(/[[\]]/g, "") : undefined;
}

/** The key a work is stored under: its clean title's key, after its kind unless it is a game. */
export function storedTitleKey(kind: ContentKind, key: string): string {
  return kind === "game" ? key : `${kind}\u0000${key}`;
}

/** The size of a release's largest file: its program, whichever DATs added headered copies or left sizes out. */
function mainSize(roms: readonly DatRom[]): number | undefined {
  let largest: number | undefined;
  for (const rom of roms) if (rom.size !== undefined && (largest === undefined || rom.size > largest)) largest = rom.size;
  return largest;
}

/** Arcade titles name a game and its other-region title at once: "Aero Fighters 2 / Sonic Wings 2". */
function slashParts(title: string): string[] {
  const parts = title.split(" / ").map((p) => p.trim());
  return parts.length > 1 && parts.every((p) => p.length > 1) ? parts : [];
}

/**
 * The other names of a work: the titles of its other title groups (merged dumps, regional
 * titles), with the regions and the most authoritative source of the releases that carry them,
 * and on arcade the parts of an "A / B" title.
 */
function alternateTitles(
  releases: readonly ReleaseDraft[],
  mainKey: string,
  arcade: boolean,
  keyOf: (release: ReleaseDraft) => string,
): AlternateTitle[] {
  const titles = datAlternateTitles(releases, mainKey, arcade, keyOf);
  // A "local name" that is the title in full-width letters adds nothing.
  const known = new Set([mainKey, ...titles.map((t) => titleKey(t.title))]);
  const locals = localAlternateTitles(releases).filter((t) => !known.has(titleKey(t.title)));
  return [...titles.slice(0, MAX_ALTERNATE_TITLES - locals.length), ...locals];
}

/** Native-script names a work keeps at most; the real data's works have one or two. */
const MAX_LOCAL_TITLES = 8;

/** The work's native-script names, each once (NFKC: full- and half-width forms alike), with the regions of the releases that carry them. */
function localAlternateTitles(releases: readonly ReleaseDraft[]): AlternateTitle[] {
  const byName = new Map<string, { title: string; language: string | undefined; source: string; regions: Set<string> }>();
  for (const release of releases) {
    for (const local of release.localNames ?? []) {
      const key = local.title.normalize("NFKC").replace(/\s+/g, "");
      const entry = byName.get(key);
      if (entry) {
        for (const r of release.parsed.regions) entry.regions.add(r);
        entry.language ??= local.language;
      } else
        byName.set(key, { title: local.title, language: local.language, source: local.source, regions: new Set(release.parsed.regions) });
    }
  }
  return [...byName.values()].slice(0, MAX_LOCAL_TITLES).map((e) => ({
    title: e.title,
    ...(e.regions.size > 0 ? { regions: [...e.regions] } : {}),
    source: e.source,
    ...(e.language ? { language: e.language } : {}),
  }));
}

function datAlternateTitles(
  releases: readonly ReleaseDraft[],
  mainKey: string,
  arcade: boolean,
  keyOf: (release: ReleaseDraft) => string,
): AlternateTitle[] {
  const byKey = new Map<string, { title: string; regions: Set<string>; source: string }>();
  const add = (title: string, key: string, release: ReleaseDraft): void => {
    if (!key || key === mainKey) return;
    const entry = byKey.get(key);
    if (entry) {
      for (const r of release.parsed.regions) entry.regions.add(r);
      if (precedence(release.source) < precedence(entry.source)) entry.source = release.source;
    } else byKey.set(key, { title, regions: new Set(release.parsed.regions), source: release.source });
  };
  for (const release of releases) {
    add(release.parsed.title, keyOf(release), release);
    if (arcade) for (const part of slashParts(release.parsed.title)) add(part, titleKey(part), release);
  }
  return [...byKey.values()]
    .map((e) => ({ title: e.title, ...(e.regions.size > 0 ? { regions: [...e.regions] } : {}), source: e.source }))
    .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0))
    .slice(0, MAX_ALTERNATE_TITLES);
}

/**
 * Links each clone-list group's game to the compilations and larger editions (supersets) the group
 * names, both ways: links, never merges. A compilation or edition the catalog does not hold, or one
 * that is the game's own record, links nothing.
 */
function linkRelated(
  games: GameDraft[],
  releases: readonly ReleaseDraft[],
  matches: readonly (readonly CloneMatch[])[],
  retool: RetoolData,
  keys: readonly CloneReleaseKeys[],
): void {
  const gameOf = new Map<ReleaseDraft, number>();
  games.forEach((game, g) => {
    for (const release of game.releases) gameOf.set(release, g);
  });
  const groupGames = new Map<number, Set<number>>();
  matches.forEach((list, i) => {
    const g = gameOf.get(releases[i] as ReleaseDraft);
    if (g === undefined) return;
    for (const m of list) {
      const set = groupGames.get(m.group) ?? new Set<number>();
      set.add(g);
      groupGames.set(m.group, set);
    }
  });
  // The compilations and supersets as groups of their own, to match their titles like any other.
  const targets: { group: number; relation: "in-compilation" | "superset" }[] = [];
  const pseudo = retool.cloneGroups.flatMap((group, g) => [
    ...group.compilations.map((t) => {
      targets.push({ group: g, relation: "in-compilation" });
      return { titles: [t], categories: [] };
    }),
    ...group.supersets.map((t) => {
      targets.push({ group: g, relation: "superset" });
      return { titles: [t], categories: [] };
    }),
  ]);
  if (pseudo.length === 0) return;
  const links = new Map<number, Map<number, RelatedRelation>>();
  const link = (from: number, to: number, relation: RelatedRelation): void => {
    if (from === to) return;
    const map = links.get(from) ?? new Map<number, RelatedRelation>();
    if (!map.has(to)) map.set(to, relation);
    links.set(from, map);
  };
  matchCloneTitles(releases, pseudo, undefined, keys).forEach((list, i) => {
    const holder = gameOf.get(releases[i] as ReleaseDraft);
    if (holder === undefined) return;
    for (const m of list) {
      const target = targets[m.group];
      if (!target) continue;
      for (const g of groupGames.get(target.group) ?? []) {
        link(g, holder, target.relation);
        link(holder, g, target.relation === "in-compilation" ? "compilation-of" : "superset-of");
      }
    }
  });
  for (const [g, map] of links) {
    const game = games[g];
    if (!game) continue;
    const known = game.related ?? [];
    const added = [...map].filter(([work]) => !known.some((r) => r.work === work)).map(([work, relation]) => ({ relation, work }));
    game.related = [...known, ...added].slice(0, MAX_RELATED);
  }
}

/** "Maximum Force Duo": the word an "A / B Duo" board's title puts after its last game. */
const DUO_WORD_RE = /\s+duo$/;

/**
 * Links each arcade board of several games (`boards`: its releases) with the records of the games
 * its "A / B" title names ("Street Smart / Final Fight"; "Area 51 / Maximum Force Duo v2.0", whose
 * parts are "Area 51" and "Maximum Force"), as a compilation and the games it holds.
 */
function linkBoards(games: GameDraft[], boards: ReadonlySet<ReleaseDraft>): void {
  const isBoard = games.map((game) => game.releases.some((r) => boards.has(r)));
  const byKey = new Map<string, number>();
  games.forEach((game, g) => {
    if (!isBoard[g] && game.kind === "game") for (const key of game.titleKeys) if (!byKey.has(key)) byKey.set(key, g);
  });
  const add = (from: number, to: number, relation: RelatedRelation): void => {
    const game = games[from];
    if (!game || from === to || game.related?.some((r) => r.work === to) || (game.related?.length ?? 0) >= MAX_RELATED) return;
    game.related = [...(game.related ?? []), { relation, work: to }];
  };
  games.forEach((game, g) => {
    if (!isBoard[g]) return;
    for (const release of game.releases) {
      if (!boards.has(release)) continue;
      for (const part of slashParts(release.parsed.title)) {
        const key = (versionBaseKey(part) ?? titleKey(part)).replace(DUO_WORD_RE, "");
        const other = byKey.get(key);
        if (other === undefined) continue;
        add(g, other, "compilation-of");
        add(other, g, "in-compilation");
      }
    }
  });
}

/** Links two records both ways (`relation` from `from` to `to`, `back` from `to` to `from`), keeping links already made and at most {@link MAX_RELATED}. */
function addLinks(games: GameDraft[], from: number, to: number, relation: RelatedRelation, back: RelatedRelation): void {
  if (from === to) return;
  for (const [g, work, r] of [
    [from, to, relation],
    [to, from, back],
  ] as const) {
    const game = games[g];
    if (!game) continue;
    const list = game.related ?? [];
    if (list.length >= MAX_RELATED || list.some((x) => x.work === work)) continue;
    game.related = [...list, { relation: r, work }];
  }
}

/**
 * Links each record of bonus discs to the game record its titles name (bonusDiscGameTitles: the
 * title without the bonus words, else the longest part before a separator that is a game's title),
 * `bonus-disc-of` from the disc and `bonus-disc` from the game.
 */
function linkBonusDiscs(games: GameDraft[], bonus: ReadonlySet<ReleaseDraft>): void {
  if (bonus.size === 0) return;
  const byKey = new Map<string, number>();
  games.forEach((game, g) => {
    if (game.kind !== "game" || game.releases.some((r) => bonus.has(r))) return;
    for (const key of game.titleKeys) if (!byKey.has(key)) byKey.set(key, g);
  });
  games.forEach((game, g) => {
    if (game.kind !== "game" || !game.releases.some((r) => bonus.has(r))) return;
    // A title that is a bonus disc's by its own words names its game in full ("Meitantei Conan - Trick Trick Vol. 0 - Meikyuu no Crossroad Special Disc" is no disc of "Meitantei Conan").
    const titles = [
      ...new Set(
        game.releases.flatMap((r) =>
          bonusDiscGameTitles(r.parsed.title, bonusDiscTag(r.parsed) !== undefined || !isBonusDiscTitle(r.parsed.title)),
        ),
      ),
    ].sort((a, b) => b.length - a.length);
    for (const title of titles) {
      const target = byKey.get(titleKey(title));
      if (target === undefined || target === g) continue;
      addLinks(games, g, target, "bonus-disc-of", "bonus-disc");
      return;
    }
  });
}

/** Settles the kinds of each clean title's releases together ({@link settleTitleKinds}), with the serials the DATs and metadata gave. */
function settleStoreKinds(
  releases: readonly ReleaseDraft[],
  keys: readonly string[],
  context: Omit<KindContext, "arcade" | "serial">,
): void {
  // Only titles with an unlock key, an app-serial release or a title-wide tag can change: the others are not grouped at all.
  const app = context.appSerials;
  const wanted = new Set<string>();
  releases.forEach((release, i) => {
    if (
      release.kind === "game"
        ? release.name.includes("(Unlock Key)")
        : release.kind === "application" && ((release.serial && app?.test(release.serial)) || hasTitleWideTag(release.parsed))
    )
      wanted.add(keys[i] ?? "");
  });
  if (wanted.size > 0) {
    const byKey = new Map<string, ReleaseDraft[]>();
    releases.forEach((release, i) => {
      const key = keys[i] ?? "";
      if ((release.kind !== "game" && release.kind !== "application") || !wanted.has(key)) return;
      const list = byKey.get(key);
      if (list) list.push(release);
      else byKey.set(key, [release]);
    });
    for (const list of byKey.values()) settleTitleKinds(list, context);
  }
  // One product code is one item: a title naming it an app ("HandDic - Hand Dictionary", UCKS-45017) makes its shorter-titled twin ("Handdic") one too.
  const appSerials = new Set<string>();
  for (const release of releases) {
    if (release.kind !== "application") continue;
    if (release.serial) appSerials.add(release.serial);
    // A web app's package names its product code, which libretro's own entry of it gives as its serial.
    const web = webAppProductCode(release.roms.flatMap((rom) => (rom.name ? [rom.name] : [])));
    if (web) appSerials.add(web);
  }
  if (appSerials.size === 0) return;
  for (const release of releases)
    if (release.kind === "game" && release.serial && appSerials.has(release.serial)) release.kind = "application";
}

/** A native-script name as shown: its spaces (ideographic ones included) as single spaces. */
function displayName(name: string): string {
  return name.replace(/\s+/gu, " ").trim();
}

/** Each release's clone-list title priority, the best (lowest) of the titles naming it, kept only when above the default. */
function addClonePriorities(releases: readonly ReleaseDraft[], matches: readonly (readonly CloneMatch[])[], retool: RetoolData): void {
  releases.forEach((release, i) => {
    const priorities = (matches[i] ?? []).map((m) => m.priority ?? namingTitle(retool.cloneGroups, m)?.priority ?? 1);
    const best = priorities.length > 0 ? Math.min(...priorities) : 1;
    if (best > 1) release.clonePriority = best;
  });
}

/**
 * Gives each release its native-script names: Retool's metadata for its DAT name, and the local
 * names of the clone-list titles that name it (a filter's only for the regions it names).
 */
function addLocalNames(releases: readonly ReleaseDraft[], matches: readonly (readonly CloneMatch[])[], retool: RetoolData): void {
  releases.forEach((release, i) => {
    const locals: LocalTitle[] = [];
    const meta = retool.localNames.get(release.name);
    if (meta)
      locals.push({ title: displayName(meta.name), language: localNameLanguage(meta.name, meta.languages), source: "retool-metadata" });
    for (const m of matches[i] ?? []) {
      for (const local of namingTitle(retool.cloneGroups, m)?.localNames ?? []) {
        if (local.regions && !local.regions.some((r) => release.parsed.regions.includes(r))) continue;
        locals.push({ title: displayName(local.name), language: languageTag(local.language), source: "retool-clonelist" });
      }
    }
    if (locals.length > 0) release.localNames = locals;
  });
}

/** The titles a TOSEC name says its game is also known as: "[aka Adventures of Tron]". */
function akaTitles(flags: readonly string[]): string[] {
  return flags.flatMap((flag) => {
    const m = /^\[aka ([^\]]+)\]$/i.exec(flag);
    return m?.[1] ? [m[1]] : [];
  });
}

/**
 * Gives a release the metadata keyed by its roms' crc, then by its serials, its serial from that
 * metadata when it has none, and its own date. A function of its own, so that V8 optimises it once
 * rather than each platform's loop over its releases.
 */
function addMetadata(release: ReleaseDraft, metadata: MetadataIndex): void {
  for (const rom of release.roms) {
    const fields = rom.crc ? metadata.byCrc.get(rom.crc) : undefined;
    if (fields) for (const [k, v] of Object.entries(fields) as [keyof MetadataFields, string][]) release.metadata[k] ??= v;
  }
  const serials = [release.serial, ...release.roms.map((r) => r.serial)].filter((s): s is string => Boolean(s));
  for (const serial of serials) {
    const fields = metadata.bySerial.get(serialKey(serial));
    if (fields) for (const [k, v] of Object.entries(fields) as [keyof MetadataFields, string][]) release.metadata[k] ??= v;
  }
  if (release.serial === undefined && release.metadata.serial) {
    release.serial = release.metadata.serial;
    release.serialSource = "metadata";
  }
  const date = releaseDate(release);
  if (date.year !== undefined) release.extra.releaseYear = date.year;
  if (date.month !== undefined) release.extra.releaseMonth = date.month;
}

/** Between a title's key and the clone-list group a filter moved its release to: a title group of its own. */
const MOVED_SEPARATOR = "\u0003";

/** Alternate titles kept on one record; the real data's largest works have about a dozen. */
export const MAX_ALTERNATE_TITLES = 32;

/**
 * Groups one platform's DAT entries into works. Entries with the same DAT name from different
 * collections (e.g. No-Intro's headerless and libretro's headered NES dumps) become one release
 * holding both roms. Releases are then grouped by kind and clean title, and title groups that are
 * one work by strong evidence (the same dump, arcade set name or Nintendo serial code) are joined
 * ({@link groupWorks}): the best release names the work, the other titles become its alternate
 * titles. Add-ons, updates and cosmetic items are linked to their base game ({@link findBaseGames}).
 * Metadata is joined on rom crc, then serial.
 */
export function assembleGames(
  gameDats: readonly GameDatInput[],
  metadata: MetadataIndex,
  options: AssembleOptions = { platform: "" },
): AssembleResult {
  const warnings: string[] = [];
  const releasesByName = new Map<string, ReleaseDraft>();
  /** Further releases under a name already taken: other dumps of that name in one DAT. */
  const sameName = new Map<string, ReleaseDraft[]>();
  /** The DAT each release was first read from. */
  const labelOf = new Map<ReleaseDraft, string>();
  const arcade = options.arcade === true;
  const kindOf = (parsed: ParsedGameName, serial: string | undefined, roms: readonly DatRom[]): ContentKind => {
    const romNames = roms.flatMap((rom) => (rom.name ? [rom.name] : []));
    const kind = releaseKind(parsed, { ...options.kindContext, arcade, ...(serial ? { serial } : {}), romNames });
    return kind === "game" ? (options.defaultKind ?? kind) : kind;
  };
  /** The DAT each arcade clone came from, to name it when its parent set is missing. */
  const cloneLabels = new Map<ReleaseDraft, string>();
  for (const { dat, source, label, collection } of gameDats) {
    const convention = arcade && source === "dat" ? "arcade-libretro" : namingConvention(dat, source);
    const tosecSource = convention === "tosec-libretro" || convention === "tosec" ? "tosec" : source;
    const hack = collection !== undefined && options.hackCollections?.has(collection) === true;
    const formats = new Map<string, number>();
    const malformed: string[] = [];
    const foreign = DEFERS_TO_NO_INTRO.has(source) ? options.foreignDumps : undefined;
    const deferred: string[] = [];
    const newRelease = (entry: ReturnType<typeof releaseEntries>[number]): ReleaseDraft => ({
      name: entry.name,
      source: tosecSource,
      sources: [tosecSource],
      parsed: entry.parsed,
      extra: entry.extra,
      serial: entry.serial,
      ...(entry.serial ? { serialSource: tosecSource } : {}),
      roms: entry.roms,
      metadata: entry.metadata,
      kind: kindOf(entry.parsed, entry.serial, entry.roms),
      collections: collection ? [collection] : [],
      credits: entryCredits(entry.metadata, entry.extra.publisher),
    });
    /** One entry of the DAT: a new release, another dump under a taken name, or more of a release another DAT has. */
    const addEntry = (entry: ReturnType<typeof releaseEntries>[number]): void => {
      if (foreign && entry.roms.length > 0 && entry.roms.every((rom) => rom.sha1 !== undefined && foreign.has(rom.sha1))) {
        deferred.push(entry.name);
        return;
      }
      // A hack collection's set is its own release, even where it reuses a parent's set name; one set
      // under two collections' descriptions stays two releases, so that each DAT's name still matches.
      const key = hack ? `${collection}\u0000${entry.key}` : arcade && entry.extra.setName ? `${entry.key}\u0000${entry.name}` : entry.key;
      const first = releasesByName.get(key);
      // Another dump under the same name in the same DAT ("Tempest (USA) (Proto)", dated 1983 and 1984) is a release of its own.
      const twins = first ? [first, ...(sameName.get(key) ?? [])] : [];
      const makers = companies(entryCredits(entry.metadata, entry.extra.publisher).developer);
      const existing =
        twins.find((r) => sharesDump(r.roms, entry.roms)) ??
        (twins.some((r) => labelOf.get(r) === label && otherDump(r.roms, entry.roms))
          ? undefined
          : twins.some((r) => labelOf.get(r) === label && otherMakers(r, makers, tosecSource))
            ? twins.find((r) => labelOf.get(r) === label && makerInCommon(companies(r.credits.developer), makers))
            : first);
      if (first && !existing) {
        const release = newRelease(entry);
        const list = sameName.get(key) ?? [];
        list.push(release);
        sameName.set(key, list);
        labelOf.set(release, label);
        return;
      }
      if (existing) {
        const shared = sharesDump(existing.roms, entry.roms);
        const known = new Set(existing.roms.map(romKey));
        for (const rom of entry.roms) if (!known.has(romKey(rom))) existing.roms.push(rom);
        for (const [k, v] of Object.entries(entry.metadata) as [keyof MetadataFields, string][]) existing.metadata[k] ??= v;
        const credits = entryCredits(entry.metadata, entry.extra.publisher);
        // A twin naming no one ("Anonymous") leaves the credit to the entry that names its maker.
        if (companies(existing.credits.developer).size === 0 && credits.developer) existing.credits.developer = credits.developer;
        existing.credits.year ??= credits.year;
        // A No-Intro or Redump entry's own serial outranks one another collection gave the same name; a serial
        // of an entry that shares no file with the release is another dump's, borrowed by name.
        const retailEntry = RETAIL_SERIAL_SOURCES.has(tosecSource);
        if (entry.serial && (existing.serial === undefined || (retailEntry && !RETAIL_SERIAL_SOURCES.has(existing.serialSource ?? "")))) {
          existing.serial = entry.serial;
          existing.serialSource = shared || retailEntry ? tosecSource : BORROWED_SERIAL;
        } else if (existing.serial !== undefined && !shared && precedence(tosecSource) < precedence(existing.source))
          existing.serialSource = BORROWED_SERIAL;
        if (!existing.sources.includes(tosecSource)) {
          existing.sources.push(tosecSource);
          existing.sources.sort((a, b) => precedence(a) - precedence(b));
          existing.source = existing.sources[0] ?? existing.source;
        }
        if (collection && !existing.collections.includes(collection)) existing.collections.push(collection);
        return;
      }
      if (tosecSource === "tosec") formats.set(entry.name, (formats.get(entry.name) ?? 0) + 1);
      const release = newRelease(entry);
      releasesByName.set(key, release);
      labelOf.set(release, label);
      if (entry.extra.cloneOf) cloneLabels.set(release, label);
    };
    for (const game of dat.games) {
      const entries = releaseEntries(game, convention, (message) => malformed.push(`line ${game.line}: ${message}`));
      if (entries.length === 0) {
        warnings.push(`${label}:${game.line}: game entry without a name skipped`);
        continue;
      }
      for (const entry of entries) addEntry(entry);
    }
    const multiFormat = [...formats.values()].filter((n) => n > 1).length;
    if (multiFormat > 0) {
      warnings.push(
        `${label}: ${multiFormat} TOSEC names occur with several rom formats (e.g. .dsk and .woz); each format is kept as its own release`,
      );
    }
    if (malformed.length > 0) {
      const shown = malformed.slice(0, 3).join("; ");
      const what =
        convention === "arcade" || convention === "arcade-libretro"
          ? "arcade sets have no description (the human title) and keep their set name as title"
          : "names do not follow the TOSEC convention and are kept whole as titles";
      warnings.push(`${label}: ${malformed.length} ${what}: ${shown}${malformed.length > 3 ? "; …" : ""}`);
    }
    if (deferred.length > 0) {
      const shown = deferred
        .slice(0, 3)
        .map((name) => `"${name}"`)
        .join("; ");
      warnings.push(
        `${label}: ${deferred.length} entries left out: No-Intro lists their dumps on another platform: ${shown}${deferred.length > 3 ? "; …" : ""}`,
      );
    }
  }

  // A hack collection's set is a hack unless another collection ships the same set: HBMAME also ships parent sets.
  for (const release of hackCollectionSets(releasesByName.values(), options.hackCollections, "any"))
    if (!release.parsed.flags.includes("Hack")) release.parsed = { ...release.parsed, flags: [...release.parsed.flags, "Hack"] };
  // FBNeo names its own hack sets' publisher "hack" ("Robotron: 2084 (2012 'wave 201 start' hack)"): a hack like HBMAME's, and no publisher.
  for (const release of releasesByName.values()) {
    if (release.metadata.publisher?.trim().toLowerCase() !== "hack") continue;
    delete release.metadata.publisher;
    if (!release.parsed.flags.includes("Hack")) release.parsed = { ...release.parsed, flags: [...release.parsed.flags, "Hack"] };
  }

  // A set one collection calls a BIOS is a BIOS in every collection ("DECO Cassette System" and "… Bios").
  const biosSets = new Set<string>();
  for (const release of releasesByName.values()) if (release.kind === "bios" && release.extra.setName) biosSets.add(release.extra.setName);
  for (const release of releasesByName.values()) if (release.extra.setName && biosSets.has(release.extra.setName)) release.kind = "bios";

  // A PlayChoice-10 set is the NES cartridge in an arcade cabinet: a port, titled as one, never the arcade game.
  if (arcade)
    for (const release of [...releasesByName.values(), ...[...sameName.values()].flat()])
      if (release.kind === "game" && PLAYCHOICE_RE.test(release.name))
        release.parsed = { ...release.parsed, title: `${release.parsed.title.replace(PLAYCHOICE_TITLE_RE, "")} (PlayChoice-10)` };

  // An arcade clone joins its parent's game: the parent's set name gives the title.
  const titleBySet = new Map<string, string>();
  for (const release of releasesByName.values())
    if (release.extra.setName && !release.extra.cloneOf) titleBySet.set(release.extra.setName, release.parsed.title);
  // A clone whose parent set is in no DAT (a trimmed or hand-made DAT) keeps its own title, and the import says so.
  const orphans = new Map<string, string[]>();
  for (const [release, label] of cloneLabels) {
    const parent = release.extra.cloneOf ?? "";
    if (titleBySet.has(parent)) continue;
    const list = orphans.get(label) ?? [];
    list.push(`${release.extra.setName ?? release.name} (cloneof ${parent})`);
    orphans.set(label, list);
  }
  for (const [label, list] of orphans) {
    const shown = list.slice(0, 3).join("; ");
    warnings.push(
      `${label}: ${list.length} arcade clones name a parent set that no DAT has and are grouped by their own title: ${shown}${list.length > 3 ? "; …" : ""}`,
    );
  }

  const releases = [...releasesByName.values(), ...[...sameName.values()].flat()];
  // A bonus disc named after its game ("Killzone (Europe) (Bonus Disc)") is another work: its tag joins its title.
  const bonus = new Set<ReleaseDraft>();
  for (const release of releases) {
    if (release.kind !== "game") continue;
    const title = bonusDiscTitle(release.parsed);
    if (title !== undefined) release.parsed = { ...release.parsed, title };
    if (title !== undefined || bonusDiscTag(release.parsed) !== undefined || isBonusDiscTitle(release.parsed.title)) bonus.add(release);
  }
  const keys: string[] = [];
  const ownKeys: string[] = [];
  /** Arcade sets grouped under another game's title because they copy it (a bootleg, hack or clone of it). */
  const copies = new Set<ReleaseDraft>();
  /** Hack collections' sets that never title a record: another collection ships their set names only as hacks, if at all. */
  const hackCopies = new Set(arcade ? hackCollectionSets(releases, options.hackCollections, "unflagged") : []);
  for (const release of releases) {
    addMetadata(release, metadata);
    ownKeys.push(titleKey(release.parsed.title));
  }
  if (options.kindContext?.storeTitles) settleStoreKinds(releases, ownKeys, options.kindContext);
  const sets = arcade ? arcadeSetKeys(releases, ownKeys, titleBySet, options.systemTitles, options.hackCollections) : undefined;
  const regional = arcade ? regionalCloneTitles(regionalCloneSets(releases, ownKeys)) : undefined;
  const versionKeys = arcade ? arcadeVersionKeys(arcadeTitleCredits(releases, ownKeys)) : undefined;
  releases.forEach((release, i) => {
    const parentTitle = release.extra.cloneOf ? titleBySet.get(release.extra.cloneOf) : undefined;
    const ownKey = ownKeys[i] ?? "";
    const setKey = release.extra.setName ? sets?.sets.get(release.extra.setName) : undefined;
    const hackOf = release.parsed.flags.includes("Hack") ? sets?.hacks.get(ownKey) : undefined;
    const copied = setKey?.reworks ?? hackOf;
    if (copied !== undefined && copied !== ownKey) copies.add(release);
    const titleGroup = copied ?? (parentTitle === undefined ? ownKey : titleKey(parentTitle));
    const key = versionKeys?.get(titleGroup) ?? titleGroup;
    const board = setKey?.board === true && !looksLikeCompilation(release.parsed.title) ? `${PART_SEPARATOR}board` : "";
    keys.push(`${storedTitleKey(release.kind, key || release.name.toLowerCase())}${board}`);
  });
  // A product code's last two characters name the game within its code space: one title's "DMG-AZLJ",
  // "CGB-AZLJ" and "CGB-BZLJ" (a Game Boy game made Color-only) are one product.
  const codes = releases.map((release) =>
    release.serial && retailSerial(release) ? serialCode(release.serial, options.platform)?.code.slice(-2) : undefined,
  );
  const order = releaseOrder(options.preference);
  const titleOrder = arcade ? releaseOrder(options.preference, datedFirst) : order;
  // MAME's parent set names its game, not a clone's regional title ("Haunted Castle", not "Akuma-Jou Dracula"), whatever regions the names say.
  const regionalTitled = new Set(regional ? releases.filter((_, i) => regional.has(ownKeys[i] ?? "")) : []);
  const moved = new Map<number, string>();
  const cloneKeys = options.retool ? cloneReleaseKeys(releases) : [];
  const cloneMatches = options.retool ? matchCloneTitles(releases, options.retool.cloneGroups, moved, cloneKeys) : [];
  // A release a clone-list filter sends to another group leaves its own title's: to the list's group
  // by the list alone, or to the title a group the list does not hold names (Japan's "MLB 2004" is America's "MLB 2005").
  for (const [i, group] of moved) {
    const release = releases[i];
    if (!release || !titleKey(group)) continue;
    keys[i] =
      (cloneMatches[i]?.length ?? 0) > 0 ? `${keys[i]}${MOVED_SEPARATOR}${titleKey(group)}` : storedTitleKey(release.kind, titleKey(group));
  }
  const groupKeys = splitTitleGroups(releases, keys, codes, arcade, order);
  if (options.retool) {
    addLocalNames(releases, cloneMatches, options.retool);
    addClonePriorities(releases, cloneMatches, options.retool);
    const supported = options.retool.achievementHashes;
    for (const release of releases)
      if (
        release.roms.some((rom) => (rom.sha1 !== undefined && supported.has(rom.sha1)) || (rom.md5 !== undefined && supported.has(rom.md5)))
      )
        release.retroAchievements = true;
  }

  const movedSets = arcade
    ? movedSetNames(
        releases.map((r) => ({
          name: r.name,
          setName: r.parsed.flags.includes("Hack") ? undefined : r.extra.setName,
          collections: r.collections,
          year: r.credits.year ?? r.extra.releaseYear,
          zip: r.roms.length === 1 ? r.roms[0]?.sha1 : undefined,
        })),
      )
    : [];
  const inputs: WorkInput[] = [];
  for (const [i, release] of releases.entries()) {
    inputs.push({
      kind: release.kind,
      groupKey: groupKeys[i] ?? "",
      title: release.parsed.title,
      titleKey: ownKeys[i] ?? "",
      setName: joiningSetName(movedSets[i] ?? release.extra.setName, release.parsed.flags),
      // A board's title names the games it holds, never its own other names.
      titleParts:
        arcade && !(release.extra.setName && sets?.sets.get(release.extra.setName)?.board)
          ? slashParts(release.parsed.title).map(titleKey)
          : [],
      dumpKeys: dumpKeys(release.roms),
      ...(arcade ? { buildDates: buildDates(release.name) } : {}),
      serialCode: release.serial ? serialCode(release.serial, options.platform) : undefined,
      regions: release.parsed.regions,
      languages: release.parsed.languages,
      size: mainSize(release.roms),
      aftermarket: isAftermarket(release),
      retail: retailSerial(release),
      year: int(release.metadata.releaseyear, 1950, 2100),
      developer: release.metadata.developer,
      clone: Boolean(release.extra.cloneOf) || release.parsed.flags.includes("Hack"),
      source: release.source,
      ...(arcade && release.extra.cloneOf ? { parentSet: release.extra.cloneOf } : {}),
      ...(release.credits.developer ? { creditedDeveloper: release.credits.developer } : {}),
      ...(release.extra.releaseYear !== undefined ? { datedYear: release.extra.releaseYear } : {}),
      ...(release.serial && release.serialSource !== BORROWED_SERIAL
        ? { ownSerial: release.serial.replace(/[^A-Za-z0-9]/g, "").toUpperCase() }
        : {}),
      cloneGroups: [...new Set((cloneMatches[i] ?? []).map((m) => m.group))],
      ...(release.metadata.franchise ? { franchise: release.metadata.franchise } : {}),
      akaKeys: akaTitles(release.parsed.flags).map(titleKey),
      ...(regionalTitled.has(release) ? { cloneOfTitle: regional?.get(ownKeys[i] ?? "") } : {}),
      ...(bonus.has(release) ? { bonusDisc: true } : {}),
    });
  }
  const works = groupWorks(inputs);
  /** Arcade boards of several games: by their set's names, or by an "A / B" title whose parts name other works. */
  const boards = new Set<ReleaseDraft>();
  if (arcade) {
    for (const release of releases) if (release.extra.setName && sets?.sets.get(release.extra.setName)?.board) boards.add(release);
    for (const c of works.compilations) {
      const release = releases[c.item];
      if (release) boards.add(release);
    }
  }
  const releaseIndex = new Map<ReleaseDraft, number>();
  releases.forEach((release, i) => {
    releaseIndex.set(release, i);
  });
  const inputOf = new Map<ReleaseDraft, WorkInput>();
  releases.forEach((release, i) => {
    const input = inputs[i];
    if (input) inputOf.set(release, input);
  });

  const stats: AssembleResult["stats"] = {};
  const games: GameDraft[] = [];
  works.groups.forEach((members, w) => {
    const list = members.map((i) => releases[i]).filter((r): r is ReleaseDraft => r !== undefined);
    const collections = new Set(list.flatMap((r) => r.sources));
    for (const release of list) {
      const s = (stats[release.source] ??= { releases: 0, joined: 0, gamesOnly: 0 });
      s.releases++;
      if (release.source !== "no-intro" && collections.has("no-intro")) s.joined++;
    }
    if (collections.size === 1) {
      const only = [...collections][0] ?? "";
      (stats[only] ??= { releases: 0, joined: 0, gamesOnly: 0 }).gamesOnly++;
    }
    // A copy of the game never titles its record ("Astrians", a Swarm bootleg; "Donkey Kong: Pauline Edition"), nor does a
    // hack collection's set that no other collection ships as an original: HBMAME's "Kof'97 (2012.06.28)", unflagged
    // because FBNeo ships a set of its name, its own hack "The King of Fighters '97 (Dream Back, Hack)"; nor does a MAME
    // clone's regional title.
    list.sort(
      (a, b) =>
        Number(copies.has(a)) - Number(copies.has(b)) ||
        Number(hackCopies.has(a)) - Number(hackCopies.has(b)) ||
        Number(regionalTitled.has(a)) - Number(regionalTitled.has(b)) ||
        titleOrder(a, b),
    );
    const best = list[0];
    if (!best) return;
    // The best release's own title group gives the stored key, which no other work has.
    const plainKey = (k: string): string => k.slice(k.indexOf("\u0000") + 1);
    const mainKey = plainKey(inputOf.get(best)?.groupKey ?? "");
    const ownKey = inputOf.get(best)?.titleKey ?? mainKey;
    const keys = [...new Set([ownKey, ...members.map((i) => inputs[i]?.titleKey ?? "")])].filter(Boolean);
    games.push({
      titleKey: storedTitleKey(best.kind, mainKey),
      titleKeys: keys,
      title: best.parsed.title,
      kind: best.kind,
      releases: list,
      metadata: mergeMetadata(list),
      // The title's own key: the stored one may carry a split title's part number.
      // A board's "A / B" title names the games it holds, not its own other titles.
      alternateTitles: alternateTitles(list, ownKey, arcade && !list.some((r) => boards.has(r)), (r) => inputOf.get(r)?.titleKey ?? ""),
      evidence: works.evidence[w] ?? [],
    });
  });
  games.sort((a, b) => (a.titleKey < b.titleKey ? -1 : a.titleKey > b.titleKey ? 1 : 0));
  findBaseGames(games, options.platform);
  const hacks = linkHacks(games);
  if (hacks.unlinked.length > 0) {
    const shown = hacks.unlinked.slice(0, 3).join("; ");
    warnings.push(
      `${options.platform || "hacks"}: ${hacks.unlinked.length} of ${hacks.hacks} hacks are not linked to a base game: ${shown}${hacks.unlinked.length > 3 ? "; …" : ""}`,
    );
  }
  if (arcade) linkBoards(games, boards);
  if (options.retool) linkRelated(games, releases, cloneMatches, options.retool, cloneKeys);
  const workOf = new Map<number, number>();
  games.forEach((game, g) => {
    for (const release of game.releases) {
      const at = releaseIndex.get(release);
      if (at !== undefined) workOf.set(at, g);
    }
  });
  for (const { edition, game } of works.editions) {
    const big = workOf.get(edition);
    const small = workOf.get(game);
    if (big !== undefined && small !== undefined) addLinks(games, big, small, "superset-of", "superset");
  }
  linkBonusDiscs(games, bonus);
  return { games, warnings, stats, unmerged: works.unmerged };
}
