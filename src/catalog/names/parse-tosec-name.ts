/**
 * Parser for TOSEC names, by the TOSEC Naming Convention:
 * `Title version (demo) (date)(publisher)(system)(video)(country)(language)(copyright)(devstatus)(media type)(media label)`
 * then dump flags `[cr][f][h][m][p][t][tr][o][u][v][b][a][!]` and `[more info]`.
 *
 * @see https://www.tosecdev.org/tosec-naming-convention
 */
import type { DevStatus, ParsedGameName } from "./parse-game-name.ts";
import { restoreArticles } from "./parse-game-name.ts";
import { splitTitleVersion } from "./title-version.ts";

/** A TOSEC name split into its fields; `parsed` is the same name in the shape every convention shares. */
export interface TosecName {
  readonly parsed: ParsedGameName;
  /** "(-)" (unknown) is left out. */
  readonly publisher?: string;
  /** The date as written: "1987", "198x", "1992-05-12". */
  readonly date?: string;
  readonly system?: string;
  readonly video?: string;
  /** Total count of "(Disk 2 of 4)". */
  readonly discCount?: number;
  /** Media label, "(Program Disk)". */
  readonly mediaLabel?: string;
}

const DATE_RE = /^(?:19|20)[\dx]{2}(?:-(?:0[1-9]|1[0-2]|xx)(?:-(?:[0-2]\d|3[01]|xx))?)?$/i;
const DEMO_RE = /^demo(?:-(?:kiosk|playable|rolling|slideshow))?$/i;
const VIDEO: ReadonlySet<string> = new Set([
  "CGA",
  "EGA",
  "HGC",
  "MCGA",
  "MDA",
  "NTSC",
  "NTSC-PAL",
  "PAL",
  "PAL-60",
  "PAL-NTSC",
  "SVGA",
  "VGA",
  "XGA",
]);
const COPYRIGHT: ReadonlySet<string> = new Set(["CW", "CW-R", "FW", "GW", "GW-R", "LW", "PD", "SW", "SW-R"]);
const DEVSTATUS: ReadonlyMap<string, DevStatus> = new Map([
  ["alpha", "alpha"],
  ["beta", "beta"],
  ["preview", "preview"],
  ["pre-release", "preview"],
  ["proto", "proto"],
]);
const MEDIA_RE = /^(Disc|Disk|File|Part|Side|Tape) ([\dA-Z]{1,3})(?: of ([\dA-Z]{1,3}))?$/;
/** The system tags of the convention (machine models); others in the data are kept as extra. */
const SYSTEMS: ReadonlySet<string> = new Set([
  "+2",
  "+2a",
  "+3",
  "130XE",
  "A1000",
  "A1200",
  "A1200-A4000",
  "A2000",
  "A2500",
  "A3000",
  "A3000UX",
  "A4000",
  "A4000T",
  "A500",
  "A500+",
  "A500-A1000-A2000",
  "A500-A1000-A2000-CDTV",
  "A500-A1200",
  "A500-A1200-A2000-A4000",
  "A500-A2000",
  "A500-A600-A2000",
  "A570",
  "A600",
  "A600HD",
  "AGA",
  "AGA-CD32",
  "Aladdin Deck Enhancer",
  "CD32",
  "CDTV",
  "Computrainer",
  "Doctor PC Jr.",
  "ECS",
  "ECS-AGA",
  "Executive",
  "Mega ST",
  "Mega-STE",
  "OCS",
  "OCS-AGA",
  "ORCH80",
  "Osbourne 1",
  "PIANO90",
  "PlayChoice-10",
  "Plus4",
  "Primo-A",
  "Primo-A64",
  "Primo-B",
  "Primo-B64",
  "Pro-Primo",
  "ST",
  "STE",
  "STE-Falcon",
  "TT",
  "TURBO-R GT",
  "TURBO-R ST",
  "VS DualSystem",
  "VS UniSystem",
  "II",
  "II+",
  "IIe",
  "IIE",
  "IIc",
  "IIgs",
  "MSX2",
  "MSX2+",
]);
const COUNTRIES: ReadonlyMap<string, string> = new Map([
  ["AE", "United Arab Emirates"],
  ["AL", "Albania"],
  ["AS", "Asia"],
  ["AT", "Austria"],
  ["AU", "Australia"],
  ["BA", "Bosnia"],
  ["BE", "Belgium"],
  ["BG", "Bulgaria"],
  ["BR", "Brazil"],
  ["CA", "Canada"],
  ["CH", "Switzerland"],
  ["CL", "Chile"],
  ["CN", "China"],
  ["CS", "Serbia"],
  ["CY", "Cyprus"],
  ["CZ", "Czech"],
  ["DE", "Germany"],
  ["DK", "Denmark"],
  ["EE", "Estonia"],
  ["EG", "Egypt"],
  ["ES", "Spain"],
  ["EU", "Europe"],
  ["FI", "Finland"],
  ["FR", "France"],
  ["GB", "UK"],
  ["GR", "Greece"],
  ["HK", "Hong Kong"],
  ["HR", "Croatia"],
  ["HU", "Hungary"],
  ["ID", "Indonesia"],
  ["IE", "Ireland"],
  ["IL", "Israel"],
  ["IN", "India"],
  ["IR", "Iran"],
  ["IS", "Iceland"],
  ["IT", "Italy"],
  ["JO", "Jordan"],
  ["JP", "Japan"],
  ["KR", "Korea"],
  ["LT", "Lithuania"],
  ["LU", "Luxembourg"],
  ["LV", "Latvia"],
  ["MN", "Mongolia"],
  ["MX", "Mexico"],
  ["MY", "Malaysia"],
  ["NL", "Netherlands"],
  ["NO", "Norway"],
  ["NP", "Nepal"],
  ["NZ", "New Zealand"],
  ["OM", "Oman"],
  ["PE", "Peru"],
  ["PH", "Philippines"],
  ["PL", "Poland"],
  ["PT", "Portugal"],
  ["QA", "Qatar"],
  ["RO", "Romania"],
  ["RU", "Russia"],
  ["SE", "Sweden"],
  ["SG", "Singapore"],
  ["SI", "Slovenia"],
  ["SK", "Slovakia"],
  ["TH", "Thailand"],
  ["TR", "Turkey"],
  ["TW", "Taiwan"],
  ["US", "USA"],
  ["VN", "Vietnam"],
  ["YU", "Yugoslavia"],
  ["ZA", "South Africa"],
]);
const LANGUAGE_RE = /^(?:[a-z]{2}(?:-[a-z]{2})*|M\d)$/;
/** Dump flags, in the convention's order, with the name ludex gives each. */
const DUMP_FLAGS: readonly (readonly [code: string, flag: string])[] = [
  ["cr", "Cracked"],
  ["tr", "Translation"],
  ["f", "Fixed"],
  ["h", "Hack"],
  ["m", "Modified"],
  ["p", "Pirate"],
  ["t", "Trained"],
  ["o", "Overdump"],
  ["u", "Underdump"],
  ["v", "Virus"],
  ["b", "Bad Dump"],
  ["a", "Alt"],
  ["!", "Verified"],
];
/** Dumps that are not a faithful copy of the medium. */
const BAD_FLAGS: ReadonlySet<string> = new Set(["b", "o", "u"]);

/** Why a name is not a TOSEC name, for the import warning. */
export class TosecNameError extends Error {}

interface Group {
  readonly bracket: boolean;
  readonly content: string;
}

/** The trailing `(…)` and `[…]` groups of a name, and where they start; undefined when brackets do not balance. */
function splitGroups(name: string, from: number): Group[] | undefined {
  const groups: Group[] = [];
  let i = from;
  while (i < name.length) {
    const c = name[i];
    if (c === " ") {
      i++;
      continue;
    }
    const close = c === "(" ? ")" : c === "[" ? "]" : undefined;
    if (close === undefined) return undefined;
    let depth = 0;
    let j = i;
    for (; j < name.length; j++) {
      if (name[j] === c) depth++;
      else if (name[j] === close && --depth === 0) break;
    }
    if (j >= name.length) return undefined;
    groups.push({ bracket: c === "[", content: name.slice(i + 1, j).trim() });
    i = j + 1;
  }
  return groups;
}

function dumpFlag(content: string): { code: string; flag: string; alt?: number } | undefined {
  for (const [code, flag] of DUMP_FLAGS) {
    if (content === code || content.startsWith(`${code} `)) return { code, flag };
    if (code === "a" || code === "b" || code === "o" || code === "f" || code === "h" || code === "t" || code === "cr" || code === "p") {
      const m = new RegExp(`^${code}(\\d{1,3})(?: |$)`).exec(content);
      if (m) return { code, flag, alt: Number(m[1]) };
    }
  }
  return undefined;
}

/**
 * Parses a TOSEC name (a file name's extension, if any, is dropped). The date group is
 * mandatory: a name without one throws {@link TosecNameError}, and the importer then keeps the
 * raw name as the title with a warning.
 */
export function parseTosecName(input: string): TosecName {
  const name = input
    .trim()
    .replace(/([)\]])\.[a-z0-9]{1,8}$/i, "$1")
    .replace(/\.[a-z0-9]{1,4}$/i, "");
  // The title ends where the first group that is a date (or "(demo…)" then a date) begins.
  let start = -1;
  const re = / \(([^()]*)\)/g;
  for (let m = re.exec(name); m; m = re.exec(name)) {
    const content = m[1] ?? "";
    if (DATE_RE.test(content) || DEMO_RE.test(content)) {
      start = m.index;
      break;
    }
  }
  if (start <= 0) throw new TosecNameError("no date group");
  const groups = splitGroups(name, start + 1);
  if (!groups) throw new TosecNameError("unbalanced brackets after the date");
  const { title: rawTitle, version } = splitTitleVersion(name.slice(0, start).trim());
  const title = restoreArticles(rawTitle);
  if (title === "") throw new TosecNameError("empty title");

  let status: DevStatus = "release";
  let g = 0;
  const first = groups[g];
  if (first && !first.bracket && DEMO_RE.test(first.content)) {
    status = "demo";
    g++;
  }
  const dateGroup = groups[g];
  if (!dateGroup || dateGroup.bracket || !DATE_RE.test(dateGroup.content)) throw new TosecNameError("no date group");
  const date = dateGroup.content;
  g++;
  let publisher: string | undefined;
  const pub = groups[g];
  if (pub && !pub.bracket) {
    if (pub.content !== "-" && pub.content !== "") publisher = pub.content;
    g++;
  }

  const regions: string[] = [];
  const languages: string[] = [];
  const flags: string[] = [];
  const brackets: string[] = [];
  const extra: string[] = [];
  let system: string | undefined;
  let video: string | undefined;
  let disc: number | undefined;
  let discCount: number | undefined;
  let mediaLabel: string | undefined;
  let bad = false;
  let altSeen = false;

  for (; g < groups.length; g++) {
    const group = groups[g];
    if (!group) continue;
    const { bracket, content } = group;
    if (content === "") continue;
    if (bracket) {
      const dump = dumpFlag(content);
      if (dump) {
        if (dump.code === "a") {
          if (!altSeen) flags.push(dump.alt ? `Alt ${dump.alt}` : "Alt");
          altSeen = true;
        } else if (!flags.includes(dump.flag)) flags.push(dump.flag);
        if (BAD_FLAGS.has(dump.code)) bad = true;
      }
      brackets.push(`[${content}]`);
      continue;
    }
    const countries = content.split("-");
    const media = MEDIA_RE.exec(content);
    if (system === undefined && SYSTEMS.has(content)) system = content;
    else if (video === undefined && VIDEO.has(content)) video = content;
    else if (countries.every((c) => COUNTRIES.has(c))) {
      for (const c of countries) {
        const region = COUNTRIES.get(c);
        if (region !== undefined && !regions.includes(region)) regions.push(region);
      }
    } else if (LANGUAGE_RE.test(content)) {
      for (const l of content.split("-")) languages.push(l.length === 2 ? l.charAt(0).toUpperCase() + l.charAt(1) : l);
    } else if (COPYRIGHT.has(content)) extra.push(content);
    else if (DEVSTATUS.has(content.toLowerCase())) {
      if (status === "release") status = DEVSTATUS.get(content.toLowerCase()) ?? status;
    } else if (media) {
      const [, kind, n, of] = media;
      if (kind === "Side") flags.push(`Side ${n}`);
      else if (disc === undefined && /^\d+$/.test(n ?? "")) {
        disc = Number(n);
        if (of && /^\d+$/.test(of)) discCount = Number(of);
      } else extra.push(content);
    } else if (mediaLabel === undefined && g === groups.length - 1 - countBrackets(groups, g)) mediaLabel = content;
    else extra.push(content);
  }
  if (bad) status = "bad";
  if (mediaLabel !== undefined) extra.push(mediaLabel);
  flags.push(...brackets);

  const parsed: ParsedGameName = {
    title,
    regions,
    languages,
    ...(version !== undefined ? { version } : {}),
    status,
    flags,
    ...(disc !== undefined ? { disc } : {}),
    date,
    extra,
  };
  return {
    parsed,
    ...(publisher !== undefined ? { publisher } : {}),
    date,
    ...(system !== undefined ? { system } : {}),
    ...(video !== undefined ? { video } : {}),
    ...(discCount !== undefined ? { discCount } : {}),
    ...(mediaLabel !== undefined ? { mediaLabel } : {}),
  };
}

/** How many bracket groups follow index `g`: a media label is the last parenthesised group. */
function countBrackets(groups: readonly Group[], g: number): number {
  let n = 0;
  for (let i = g + 1; i < groups.length; i++) if (groups[i]?.bracket) n++;
  return n;
}
