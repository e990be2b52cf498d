import { CHAR } from "../../core/char-codes.ts";
import { splitTitleVersion } from "./title-version.ts";

const { CLOSE_BRACKET, CLOSE_PAREN, OPEN_BRACKET, OPEN_PAREN } = CHAR;

/**
 * Parser for No-Intro / Redump / TOSEC-style game names as they appear in libretro-database DATs,
 * e.g. `Legend of Zelda, The - A Link to the Past (USA) (Rev 1)` or `Addams Family, The (Ocean)(GB)[h Attus]`.
 *
 * @see https://wiki.no-intro.org/index.php?title=Naming_Convention
 * @see https://www.tosecdev.org/tosec-naming-convention
 */

/** Development status of a dump; "release" when the name carries no status tag; "bad" for a TOSEC bad, over- or underdump. */
export type DevStatus = "release" | "beta" | "proto" | "demo" | "sample" | "preview" | "alpha" | "bad";

/** Structured view of one DAT game name. Arrays keep the order in which tags appear and hold no duplicates. */
export interface ParsedGameName {
  /** Display title without tags, with a postponed article moved back to the front of its segment. */
  readonly title: string;
  /** Region names as No-Intro spells them ("USA", "Europe"); TOSEC/GameTDB country codes are mapped to those names. */
  readonly regions: readonly string[];
  /** Language codes as written ("En", "Pt-BR"); TOSEC lower-case codes are capitalised ("nl" -> "Nl"). */
  readonly languages: readonly string[];
  /** First version tag, verbatim ("Rev 1", "v1.02", "Version 2"). */
  readonly version?: string;
  /** Status from the first status tag; qualified or numbered status tags ("Beta 2", "Kiosk Demo") are also kept in `extra`. */
  readonly status: DevStatus;
  /** Normalised known flags ("Unl", "Alt 2", "Virtual Console", "Side A", "BIOS"), then bracket tags verbatim with brackets ("[b]"). */
  readonly flags: readonly string[];
  /** Disc number from "(Disc 2)", "(Disc 2 of 3)", "(Disk 1)", "(Disc B)" (letters count from A = 1). */
  readonly disc?: number;
  /** First date-like tag, verbatim: "1993-12-17", "1993-12", "1993", "19xx". */
  readonly date?: string;
  /** Every other parenthesised tag (or unrecognised item of a comma list), verbatim and without parentheses. */
  readonly extra: readonly string[];
}

const EMPTY: readonly string[] = Object.freeze([]);

const REGION_NAMES: ReadonlySet<string> = new Set([
  "World",
  "USA",
  "Europe",
  "Japan",
  "Asia",
  "Australia",
  "Brazil",
  "Canada",
  "China",
  "France",
  "Germany",
  "Hong Kong",
  "Italy",
  "Korea",
  "Netherlands",
  "Spain",
  "Sweden",
  "Taiwan",
  "UK",
  "United Kingdom",
  "Russia",
  "Scandinavia",
  "Latin America",
  "Greece",
  "Poland",
  "Portugal",
  "Denmark",
  "Finland",
  "Norway",
  "Mexico",
  "Argentina",
  "India",
  "Ireland",
  "Belgium",
  "Switzerland",
  "Austria",
  "New Zealand",
  "South Africa",
  "Unknown",
  "Czech",
  "Czech Republic",
  "Turkey",
  "Israel",
  "Croatia",
  "Hungary",
  "Bulgaria",
  "Romania",
  "Slovakia",
  "Slovenia",
  "Serbia",
  "Ukraine",
  "Iceland",
  "Luxembourg",
  "Estonia",
  "Latvia",
  "Lithuania",
  "Peru",
  "Chile",
  "Colombia",
  "United Arab Emirates",
  "Saudi Arabia",
  "Middle East",
  "Singapore",
  "Thailand",
  "Indonesia",
  "Malaysia",
  "Philippines",
  "Vietnam",
  "Macau",
  "South Korea",
  "North America",
  "Benelux",
]);

// TOSEC country codes and GameTDB-style region ids. Two-letter tags that mean something else in the DATs
// ("NP" Nintendo Power, "DS", "CD", "PC", "PD") are deliberately absent.
const REGION_CODES: ReadonlyMap<string, string> = new Map([
  ["US", "USA"],
  ["EU", "Europe"],
  ["JP", "Japan"],
  ["AS", "Asia"],
  ["AU", "Australia"],
  ["BR", "Brazil"],
  ["CA", "Canada"],
  ["CN", "China"],
  ["FR", "France"],
  ["DE", "Germany"],
  ["HK", "Hong Kong"],
  ["IT", "Italy"],
  ["KR", "Korea"],
  ["NL", "Netherlands"],
  ["ES", "Spain"],
  ["SE", "Sweden"],
  ["TW", "Taiwan"],
  ["GB", "UK"],
  ["RU", "Russia"],
  ["GR", "Greece"],
  ["PL", "Poland"],
  ["PT", "Portugal"],
  ["DK", "Denmark"],
  ["FI", "Finland"],
  ["NO", "Norway"],
  ["MX", "Mexico"],
  ["AR", "Argentina"],
  ["IN", "India"],
  ["IE", "Ireland"],
  ["BE", "Belgium"],
  ["CH", "Switzerland"],
  ["AT", "Austria"],
  ["NZ", "New Zealand"],
  ["ZA", "South Africa"],
  ["CZ", "Czech"],
  ["HU", "Hungary"],
  ["TR", "Turkey"],
  ["IL", "Israel"],
  ["HR", "Croatia"],
  ["NTSC-U", "USA"],
  ["NTSC-J", "Japan"],
  ["NTSC-K", "Korea"],
]);

// ISO 639-1 codes seen in game DATs. "Yi", "In", "Ni", "Ge" are left out: in the DATs they are disc or volume names.
const LANGUAGE_CODES: ReadonlySet<string> = new Set([
  "en",
  "ja",
  "fr",
  "de",
  "es",
  "it",
  "nl",
  "pt",
  "sv",
  "no",
  "nb",
  "nn",
  "da",
  "fi",
  "zh",
  "ko",
  "pl",
  "ru",
  "cs",
  "tr",
  "el",
  "hu",
  "ar",
  "hi",
  "he",
  "is",
  "hr",
  "ro",
  "th",
  "sl",
  "ca",
  "bg",
  "sk",
  "gd",
  "eu",
  "uk",
  "af",
  "gl",
  "kw",
  "ta",
  "pa",
  "uz",
  "ms",
  "id",
  "vi",
  "fa",
  "sr",
  "lt",
  "lv",
  "et",
  "ga",
  "cy",
  "mt",
  "bs",
  "mk",
  "sq",
  "hy",
  "ka",
  "kk",
  "mn",
  "ne",
  "bn",
  "ur",
  "sw",
  "tl",
]);

const FLAG_NAMES: ReadonlyMap<string, string> = new Map([
  ["unl", "Unl"],
  ["unlicensed", "Unl"],
  ["aftermarket", "Aftermarket"],
  ["pirate", "Pirate"],
  ["alt", "Alt"],
  ["hack", "Hack"],
  ["homebrew", "Homebrew"],
  ["virtual console", "Virtual Console"],
  ["switch online", "Switch Online"],
  ["classic mini", "Classic Mini"],
  ["collector's edition", "Collector's Edition"],
  ["program", "Program"],
  ["bios", "BIOS"],
]);

const BARE_STATUS: ReadonlySet<string> = new Set(["beta", "proto", "prototype", "demo", "sample", "preview", "alpha"]);

const STATUS_BY_KEYWORD: ReadonlyMap<string, DevStatus> = new Map<string, DevStatus>([
  ["beta", "beta"],
  ["proto", "proto"],
  ["prototype", "proto"],
  ["demo", "demo"],
  ["trial", "demo"],
  ["taikenban", "demo"],
  ["kiosk", "demo"],
  ["sample", "sample"],
  ["preview", "preview"],
  ["pre-release", "preview"],
  ["alpha", "alpha"],
]);

// An optional one-word qualifier ("Kiosk Demo", "Tentou-you Taikenban"), the keyword, then an optional number or
// letter ("Beta 2", "Proto A") or a generic noun ("Trial Version"). A publisher such as "Alpha Software" does not match.
const STATUS_RE =
  /^(?:([A-Za-z][\w'-]*) )?(beta|proto|prototype|demo|trial|taikenban|kiosk|sample|preview|pre-release|alpha|demo-[a-z]+)(?: (?:\d[\w.]*|[A-Z]|Version|Edition|Disc|Disk|Build|Movie))?$/i;
const VERSION_RE = /^(?:(?:[Rr]ev|REV)(?:ision)?[ -]?(?:\d[\w.]*|[A-Z]\d?)|[vV] ?\d+[a-z]?(?:\.\w+)*|Version \d[\w.]*|Ver\.? ?\d[\w.]*)$/;
const DATE_RE = /^(?:19|20)[\dxX]{2}(?:-[\dxX]{1,2}(?:-[\dxX]{1,2})?)?$/;
const DISC_RE = /^(?:Dis[ck][ -]?|CD ?)(\d{1,3}|[A-Z])(?: of \d{1,3})?$/;
const SIDE_RE = /^Side [A-Z0-9]$/;
const ALT_RE = /^[Aa]lt ?(\d{1,3})$/;
const LANGUAGE_RE = /^([A-Z][a-z])(?:-(?:[A-Z]{2}|[A-Z][a-z]{3}|XL|\d{3}))?$/;
const TOSEC_LANGUAGES_RE = /^[a-z]{2}(?:-[a-z]{2})*$/;
const ANY_SPACE_RE = /\s+/g;
const WORDLIKE_RE = /[\p{L}\p{N}]/u;

const ARTICLE_RE =
  /, (The|An|A|Le|La|Les|L'|L’|El|Los|Las|Il|Lo|Gli|I|Der|Die|Das|De|Het|Un|Une|Una|Uno|Ein|Eine|O|Os|As)(?=[!?]?(?:$| ?- |: ))/g;

/** What one parenthesised tag contributes; cached per distinct tag text because tags repeat heavily. */
interface TagInfo {
  readonly regions: readonly string[];
  /** Regions from bare country codes, only trusted when no named region came before. */
  readonly codeRegions: readonly string[];
  readonly languages: readonly string[];
  readonly version: string | undefined;
  readonly status: DevStatus | undefined;
  readonly disc: number | undefined;
  readonly discText: string | undefined;
  readonly date: string | undefined;
  readonly flags: readonly string[];
  readonly extra: readonly string[];
}

interface MutableTagInfo {
  regions: readonly string[];
  codeRegions: readonly string[];
  languages: readonly string[];
  version: string | undefined;
  status: DevStatus | undefined;
  disc: number | undefined;
  discText: string | undefined;
  date: string | undefined;
  flags: string[];
  extra: string[];
}

const TAG_CACHE_LIMIT = 50_000;
const tagCache = new Map<string, TagInfo>();

// Scratch buffers for the group scan; parseGameName is synchronous, so one set is enough.
const groupStart: number[] = [];
const groupEnd: number[] = [];
const groupContentEnd: number[] = [];
const groupOpen: number[] = [];

function emptyInfo(): MutableTagInfo {
  return {
    regions: EMPTY,
    codeRegions: EMPTY,
    languages: EMPTY,
    version: undefined,
    status: undefined,
    disc: undefined,
    discText: undefined,
    date: undefined,
    flags: [],
    extra: [],
  };
}

function isSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0;
}

function splitTrimmed(text: string, separator: string): string[] {
  const parts = text.split(separator);
  for (let i = 0; i < parts.length; i++) parts[i] = (parts[i] ?? "").trim();
  return parts;
}

function asRegions(content: string): readonly string[] | undefined {
  if (!content.includes(",")) return REGION_NAMES.has(content) ? [content] : undefined;
  const items = splitTrimmed(content, ",");
  for (const item of items) if (!REGION_NAMES.has(item)) return undefined;
  return items;
}

/** Region words of arcade set descriptions (MAME, FBNeo) that are not DAT region names. */
const ARCADE_REGION_WORDS: ReadonlyMap<string, string> = new Map([
  ["US", "USA"],
  ["Euro", "Europe"],
  ["Hispanic", "Latin America"],
]);

/** "Euro", "USA 971117": an arcade set's region, alone or with the YYMMDD date of its build, as CPS sets name both in one tag. */
const ARCADE_REGION_RE = /^([A-Z][A-Za-z ]*?)(?: (\d{6}))?$/;

/**
 * The region of a tag that holds only a region word and maybe a build date ("(Euro 950727)",
 * "(Hispanic)"), and whether it dates a build, which then stays among the extra tags.
 */
function asArcadeRegion(content: string): { region: string; dated: boolean } | undefined {
  const m = ARCADE_REGION_RE.exec(content);
  if (m === null) return undefined;
  const word = m[1] ?? "";
  const region = REGION_NAMES.has(word) ? word : ARCADE_REGION_WORDS.get(word);
  return region === undefined ? undefined : { region, dated: m[2] !== undefined };
}

function asCodeRegions(content: string): readonly string[] | undefined {
  const whole = REGION_CODES.get(content);
  if (whole !== undefined) return [whole];
  if (content.length < 5 || content.length > 40) return undefined;
  const items = content.split(/[-,] ?/);
  const out: string[] = [];
  for (const item of items) {
    const region = REGION_CODES.get(item);
    if (region === undefined || item.length !== 2) return undefined;
    if (!out.includes(region)) out.push(region);
  }
  return out;
}

function asLanguages(content: string): readonly string[] | undefined {
  if (TOSEC_LANGUAGES_RE.test(content)) {
    const out: string[] = [];
    for (const code of content.split("-")) {
      if (!LANGUAGE_CODES.has(code)) return undefined;
      out.push(code.charAt(0).toUpperCase() + code.charAt(1));
    }
    return out;
  }
  const items = content.includes(",") ? splitTrimmed(content, ",") : [content];
  for (const item of items) {
    const m = LANGUAGE_RE.exec(item);
    if (m === null || !LANGUAGE_CODES.has((m[1] ?? "").toLowerCase())) return undefined;
  }
  return items;
}

function discNumber(token: string): number {
  const code = token.charCodeAt(0);
  return code >= 0x41 && code <= 0x5a && token.length === 1 ? code - 0x40 : Number.parseInt(token, 10);
}

/** Classifies one item of a tag into `info`; returns false when the item is not a known kind. */
function classifyItem(item: string, info: MutableTagInfo): boolean {
  const lower = item.toLowerCase();
  const flag = FLAG_NAMES.get(lower);
  if (flag !== undefined) {
    info.flags.push(flag);
    return true;
  }
  if (lower.endsWith("virtual console")) {
    info.flags.push("Virtual Console");
    info.extra.push(item);
    return true;
  }
  const alt = ALT_RE.exec(item);
  if (alt !== null) {
    info.flags.push(`Alt ${alt[1] ?? ""}`);
    return true;
  }
  if (SIDE_RE.test(item)) {
    info.flags.push(item);
    return true;
  }
  if (VERSION_RE.test(item)) {
    if (info.version === undefined) info.version = item;
    else info.extra.push(item);
    return true;
  }
  if (DATE_RE.test(item)) {
    if (info.date === undefined) info.date = item;
    else info.extra.push(item);
    return true;
  }
  const disc = DISC_RE.exec(item);
  if (disc !== null) {
    if (info.disc === undefined) {
      info.disc = discNumber(disc[1] ?? "");
      info.discText = item;
    } else info.extra.push(item);
    return true;
  }
  const status = STATUS_RE.exec(item);
  if (status !== null) {
    const keyword = (status[2] ?? "").toLowerCase();
    const value = STATUS_BY_KEYWORD.get(keyword) ?? (keyword.startsWith("demo-") ? "demo" : undefined);
    if (value !== undefined) {
      if (info.status === undefined) info.status = value;
      // A bare keyword says nothing beyond the status; "Beta 2" or "Kiosk Demo" would lose information.
      if (status[1] !== undefined || lower !== keyword || !BARE_STATUS.has(keyword)) info.extra.push(item);
      return true;
    }
  }
  return false;
}

function classifyTag(content: string): TagInfo {
  const info = emptyInfo();
  const regions = asRegions(content);
  if (regions !== undefined) {
    info.regions = regions;
    return info;
  }
  const languages = asLanguages(content);
  if (languages !== undefined) {
    info.languages = languages;
    return info;
  }
  const codes = asCodeRegions(content);
  if (codes !== undefined) {
    info.codeRegions = codes;
    return info;
  }
  const arcade = asArcadeRegion(content);
  if (arcade !== undefined) {
    info.regions = [arcade.region];
    if (arcade.dated) info.extra.push(content);
    return info;
  }
  if (!content.includes(", ")) {
    if (!classifyItem(content, info)) info.extra.push(content);
    return info;
  }
  // No-Intro packs several tags into one group ("Virtual Console, Switch Online", "v1.0.5, 2008-12"). Split only
  // when at least one item is known; otherwise the whole group is a phrase and stays verbatim.
  const items = splitTrimmed(content, ", ");
  const unknown: string[] = [];
  let known = 0;
  for (const item of items) {
    if (classifyItem(item, info)) known++;
    else unknown.push(item);
  }
  if (known === 0) {
    info.extra.push(content);
    return info;
  }
  for (const item of unknown) info.extra.push(item);
  return info;
}

function tagInfo(content: string): TagInfo {
  let info = tagCache.get(content);
  if (info === undefined) {
    info = classifyTag(content);
    if (tagCache.size >= TAG_CACHE_LIMIT) tagCache.clear();
    tagCache.set(content, info);
  }
  return info;
}

function pushUnique(target: string[], values: readonly string[]): void {
  for (const v of values) if (!target.includes(v)) target.push(v);
}

/**
 * Moves postponed articles back to the front of their title segment: "Legend of Zelda, The - A Link to the Past"
 * becomes "The Legend of Zelda - A Link to the Past", "Abbaye des Morts, L'" becomes "L'Abbaye des Morts".
 * Segments are separated by " - ", TOSEC's "- " (a replaced colon) and ": ".
 */
export function restoreArticles(title: string): string {
  if (!title.includes(", ")) return title;
  ARTICLE_RE.lastIndex = 0;
  let out = "";
  let cursor = 0;
  for (let m = ARTICLE_RE.exec(title); m !== null; m = ARTICLE_RE.exec(title)) {
    let segStart = cursor;
    for (let j = m.index - 1; j >= cursor; j--) {
      const c = title.charCodeAt(j);
      if ((c === 0x2d || c === 0x3a) && title.charCodeAt(j + 1) === 0x20) {
        segStart = j + 2;
        break;
      }
    }
    const article = m[1] ?? "";
    const joiner = article.endsWith("'") || article.endsWith("’") ? "" : " ";
    out += title.slice(cursor, segStart) + article + joiner + title.slice(segStart, m.index);
    cursor = m.index + m[0].length;
  }
  return cursor === 0 ? title : out + title.slice(cursor);
}

/**
 * Whitespace squeezed, a version written in the title split off, then the postponed article moved
 * back. The version goes first: in "Curse of Talon, The v1.0b5" the article only ends its segment
 * once the version is gone.
 */
function tidyTitle(title: string): { title: string; version?: string } {
  const messy = title.includes("  ") || title.includes("\t") || title.includes("\u00a0");
  const split = splitTitleVersion(messy ? title.replace(ANY_SPACE_RE, " ").trim() : title);
  const restored = restoreArticles(split.title);
  return split.version === undefined ? { title: restored } : { title: restored, version: split.version };
}

/** Records the top-level (possibly nested) bracket groups of `s` into the scratch buffers; returns their count. */
function scanGroups(s: string): number {
  let count = 0;
  let from = 0;
  while (from < s.length) {
    let depth = 0;
    let outer = 0;
    let start = 0;
    // Bit d set = the opener at depth d is a bracket; names never nest anywhere near 31 deep.
    let kinds = 0;
    for (let i = from; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === OPEN_PAREN || c === OPEN_BRACKET) {
        if (depth === 0) {
          start = i;
          outer = c;
        }
        if (depth < 31) kinds = c === OPEN_BRACKET ? kinds | (1 << depth) : kinds & ~(1 << depth);
        depth++;
      } else if ((c === CLOSE_PAREN || c === CLOSE_BRACKET) && depth > 0) {
        const topIsBracket = depth <= 31 && ((kinds >>> (depth - 1)) & 1) === 1;
        const matches = topIsBracket === (c === CLOSE_BRACKET);
        // A mismatched closer still ends an outermost group ("[T-En by X 1.3)" is a typo in a real DAT).
        if (matches || depth === 1) {
          depth--;
          if (depth === 0) {
            groupStart[count] = start;
            groupEnd[count] = i + 1;
            groupContentEnd[count] = i;
            groupOpen[count] = outer;
            count++;
          }
        }
      }
    }
    if (depth === 0) break;
    // An unclosed group ("(PSP the Best (Japan)"): its own text up to the first nested opener becomes one tag and
    // scanning resumes there, so the nested groups still count as tags.
    let j = start + 1;
    while (j < s.length && s.charCodeAt(j) !== OPEN_PAREN && s.charCodeAt(j) !== OPEN_BRACKET) j++;
    groupStart[count] = start;
    groupEnd[count] = j;
    groupContentEnd[count] = j;
    groupOpen[count] = outer;
    count++;
    from = j;
  }
  return count;
}

/** True when s[from, to) holds only whitespace and stray closing brackets. */
function onlyGap(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (!isSpace(c) && c !== CLOSE_PAREN && c !== CLOSE_BRACKET) return false;
  }
  return true;
}

/** Drops a 1-4 character extension that directly follows a closing bracket: "X (Japan).cue" -> "X (Japan)". */
function stripFileExtension(s: string): string {
  let dot = -1;
  for (let i = s.length - 2; i >= 1 && i >= s.length - 5; i--) {
    if (s.charCodeAt(i) === 0x2e) {
      dot = i;
      break;
    }
  }
  if (dot < 0) return s;
  const before = s.charCodeAt(dot - 1);
  if (before !== CLOSE_PAREN && before !== CLOSE_BRACKET) return s;
  for (let i = dot + 1; i < s.length; i++) {
    const c = s.charCodeAt(i) | 0x20;
    if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39))) return s;
  }
  return s.slice(0, dot);
}

function plain(title: string, flags: readonly string[]): ParsedGameName {
  return { title, regions: EMPTY, languages: EMPTY, status: "release", flags, extra: EMPTY };
}

function parse(input: string): ParsedGameName {
  let s = input.trim();
  if (s === "") return plain("", EMPTY);
  let flags: string[] | undefined;
  if (s.length > 6 && s.startsWith("[BIOS]")) {
    flags = ["BIOS"];
    s = s.slice(6).trimStart();
  }
  // ROM file names sometimes stand in for game names in the DATs ("X (Japan).cue").
  s = stripFileExtension(s);

  const count = scanGroups(s);
  // The tags are the trailing run of groups; groups followed by more words belong to the title
  // ("GS (Ghost Sweeper) Mikami (Japan)", "Euro Demo (Future) 108 (Europe)").
  let first = count;
  let pos = s.length;
  for (let g = count - 1; g >= 0; g--) {
    if (!onlyGap(s, groupEnd[g] ?? 0, pos)) break;
    first = g;
    pos = groupStart[g] ?? 0;
  }
  while (first < count) {
    const st = groupStart[first] ?? 0;
    const prev = st > 0 ? s.charCodeAt(st - 1) : -1;
    // A bracket glued to the title is part of it ("Exe-Late[st]", "Tenkaichi 2[ALPHA][CUSTOM]"); a glued paren is
    // a tag ("Super Paper Mario(CN)").
    const glued = prev !== -1 && !isSpace(prev);
    if (st === 0 || (glued && groupOpen[first] === OPEN_BRACKET)) first++;
    else break;
  }
  if (first >= count) {
    const bare = tidyTitle(s);
    const result = plain(bare.title, flags ?? EMPTY);
    return bare.version === undefined ? result : { ...result, version: bare.version };
  }

  const split = tidyTitle(s.slice(0, groupStart[first]).trimEnd());
  const title = split.title;
  // Whatever is left before the tags must look like a name; "((((" or "- (USA)" do not.
  if (!WORDLIKE_RE.test(title)) return plain(input.trim(), EMPTY);

  const regions: string[] = [];
  const languages: string[] = [];
  const extra: string[] = [];
  flags ??= [];
  const brackets: string[] = [];
  let version: string | undefined = split.version;
  let status: DevStatus = "release";
  let disc: number | undefined;
  let date: string | undefined;

  for (let g = first; g < count; g++) {
    const content = s.slice((groupStart[g] ?? 0) + 1, groupContentEnd[g]).trim();
    if (content === "" || content === "-") continue;
    if (groupOpen[g] === OPEN_BRACKET) {
      if (content === "BIOS") pushUnique(flags, ["BIOS"]);
      else if (content === "Hack" || content.startsWith("Hack ")) pushUnique(flags, ["Hack"]);
      brackets.push(`[${content}]`);
      continue;
    }
    const info = tagInfo(content);
    if (info.regions.length > 0) pushUnique(regions, info.regions);
    else if (info.codeRegions.length > 0) {
      if (regions.length === 0) pushUnique(regions, info.codeRegions);
      else extra.push(content);
    }
    if (info.languages.length > 0) pushUnique(languages, info.languages);
    if (info.version !== undefined) {
      if (version === undefined) version = info.version;
      else if (version === split.version) version = `${split.version} ${info.version}`;
      else extra.push(info.version);
    }
    if (info.status !== undefined && status === "release") status = info.status;
    if (info.disc !== undefined) {
      if (disc === undefined) disc = info.disc;
      else if (info.discText !== undefined) extra.push(info.discText);
    }
    if (info.date !== undefined) {
      if (date === undefined) date = info.date;
      else extra.push(info.date);
    }
    if (info.flags.length > 0) pushUnique(flags, info.flags);
    if (info.extra.length > 0) pushUnique(extra, info.extra);
  }
  pushUnique(flags, brackets);

  const result: {
    title: string;
    regions: readonly string[];
    languages: readonly string[];
    version?: string;
    status: DevStatus;
    flags: readonly string[];
    disc?: number;
    date?: string;
    extra: readonly string[];
  } = {
    title,
    regions: regions.length > 0 ? regions : EMPTY,
    languages: languages.length > 0 ? languages : EMPTY,
    status,
    flags: flags.length > 0 ? flags : EMPTY,
    extra: extra.length > 0 ? extra : EMPTY,
  };
  if (version !== undefined) result.version = version;
  if (disc !== undefined && Number.isFinite(disc)) result.disc = disc;
  if (date !== undefined) result.date = date;
  return result;
}

/**
 * Splits a DAT game name into a clean title and its tags. Never throws: for an empty or unparseable name the title
 * is the trimmed input and every tag list is empty.
 */
export function parseGameName(name: string): ParsedGameName {
  const input = typeof name === "string" ? name : String(name ?? "");
  try {
    return parse(input);
  } catch {
    // Defensive only: the importer must keep going on any DAT line, however malformed.
    return plain(input.trim(), EMPTY);
  }
}
