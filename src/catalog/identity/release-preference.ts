import type { ParsedGameName } from "../names/parse-game-name.ts";

/**
 * What a release is, in the order a one-game-one-ROM tool prefers them: a retail release first,
 * then an unlicensed one, a re-release (a collection's extract, a Virtual Console or online
 * service's copy), aftermarket, pirate, hacked or translated copies, prototypes, betas, demos,
 * and bad dumps last.
 */
export const releaseClasses = [
  "retail",
  "unlicensed",
  "re-release",
  "aftermarket",
  "pirate",
  "modified",
  "proto",
  "beta",
  "demo",
  "bad",
] as const;
export type ReleaseClass = (typeof releaseClasses)[number];

/** Regions and languages a record's first release is chosen by, most wanted first (LUDEX_REGION_ORDER, LUDEX_LANGUAGE_ORDER). */
export interface ReleasePreference {
  readonly regions: readonly string[];
  readonly languages: readonly string[];
}

/** USA and World first, as Retool's default order; Japan before the rest, since most games of the catalog are Japanese first. */
export const DEFAULT_RELEASE_PREFERENCE: ReleasePreference = {
  regions: ["USA", "World", "Europe", "Japan"],
  languages: ["En"],
};

/** The preference the settings give, the default for what they leave unset. */
export function releasePreference(regions: readonly string[] | undefined, languages: readonly string[] | undefined): ReleasePreference {
  return { regions: regions ?? DEFAULT_RELEASE_PREFERENCE.regions, languages: languages ?? DEFAULT_RELEASE_PREFERENCE.languages };
}

/** Tags of a copy re-released in a collection, on a later console, or by an online service ("Mega Man Legacy Collection", "Switch Online"). */
const RE_RELEASE_RE =
  /collection|collector's series|anniversary|evercade|capcom town|classic mini|classics\b|mega drive mini|genesis mini|playstation classic|\bmini\b|switch online|virtual console|arcade archives|\bsteam\b|\bgog\b|retro-bit|limited run|iam8bit|namco museum|\bcompilation\b|lodgenet|\bwii u?\b|\b3ds\b|\bgamecube\b|\bswitch\b|\bpsn\b|eshop|re-?release|\bdigital\b|\bconsole\b/i;

/** TOSEC dump flags of a changed copy: cracked, fixed, hacked, modified, pirated, trained, translated, over- or underdumped, virus. */
const MODIFIED_FLAG_RE = /^\[(?:cr|f|h|m|p|t|tr|o|u|v)(?:\d|\s|\]|[A-Z+-])/;

/** Arcade tags of a copy made by someone else: "bootleg of Head On", "Sidam bootleg, set 1". */
const BOOTLEG_TAG_RE = /\bbootleg\b/i;
/** Arcade tags of a changed copy of another game: "Korean hack of Plump Pop". */
const HACK_OF_TAG_RE = /\bhack of\b/i;

/** What the release's name says it is ({@link releaseClasses}). */
export function releaseClass(parsed: Pick<ParsedGameName, "status" | "flags" | "extra">): ReleaseClass {
  const { status, flags, extra } = parsed;
  if (status === "bad" || flags.some((f) => f.startsWith("[b"))) return "bad";
  if (status === "demo" || status === "sample" || status === "preview") return "demo";
  if (status === "beta" || status === "alpha") return "beta";
  if (status === "proto") return "proto";
  if (
    flags.includes("Hack") ||
    flags.some((f) => MODIFIED_FLAG_RE.test(f)) ||
    extra.some((t) => /^(?:T[+-]|Translat|Hack\b)/i.test(t) || HACK_OF_TAG_RE.test(t))
  )
    return "modified";
  if (flags.includes("Pirate") || extra.some((t) => BOOTLEG_TAG_RE.test(t))) return "pirate";
  if (flags.includes("Aftermarket") || flags.includes("Homebrew")) return "aftermarket";
  if (
    flags.some((f) => f === "Virtual Console" || f === "Switch Online" || f === "Classic Mini") ||
    extra.some((t) => RE_RELEASE_RE.test(t))
  )
    return "re-release";
  if (flags.includes("Unl")) return "unlicensed";
  return "retail";
}

/** Position of the release's best region in the preference; unlisted regions after the listed ones, no region last. */
function regionRank(regions: readonly string[], preference: ReleasePreference): number {
  if (regions.length === 0) return preference.regions.length + 1;
  let best = preference.regions.length;
  for (const region of regions) {
    const i = preference.regions.indexOf(region);
    if (i >= 0 && i < best) best = i;
  }
  return best;
}

/** 0 when the release has a wanted language (or names none, so its region's is implied), else 1. */
function languageRank(languages: readonly string[], preference: ReleasePreference): number {
  if (languages.length === 0 || preference.languages.length === 0) return 0;
  return languages.some((l) => preference.languages.includes(l.slice(0, 2))) ? 0 : 1;
}

/** The numbers of a version tag ("Rev 2" → [2], "v1.02" → [1, 2], "Rev A" → [1]); none for no version. */
export function versionNumbers(version: string | undefined): number[] {
  if (!version) return [];
  const letter = /\b(?:rev|revision)[ -]?([A-Z])\b/i.exec(version);
  if (letter?.[1] && !/\d/.test(version)) return [letter[1].toUpperCase().charCodeAt(0) - 64];
  return (version.match(/\d+/g) ?? []).map(Number);
}

/** Negative when revision `a` is newer than `b`: the newest revision ranks first, the original (no version) after any revision. */
function compareVersions(a: string | undefined, b: string | undefined): number {
  const x = versionNumbers(a);
  const y = versionNumbers(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (y[i] ?? -1) - (x[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/** What ranking reads of a release. */
export interface RankedRelease {
  readonly parsed: Pick<ParsedGameName, "status" | "flags" | "extra" | "regions" | "languages" | "version">;
  /** Later in the authority order of collections (TOSEC, arcade sets after No-Intro and Redump), or an arcade clone set. */
  readonly secondary: number;
  /** The clone list's priority of the title that names the release: 1 (the default) first, as Retool ranks titles of one region. */
  readonly priority?: number;
}

/**
 * Orders two releases of one record as a one-game-one-ROM tool picks: by {@link releaseClass},
 * then the collection's authority, then the region and language preference, then the clone list's
 * title priority, then the newest revision. Negative when `a` comes first.
 * @see https://github.com/unexpectedpanda/retool/blob/main/docs/contribute-clone-lists-variants-titles.md (priority: "only taken into account for titles in the same region")
 */
export function compareReleases(a: RankedRelease, b: RankedRelease, preference: ReleasePreference = DEFAULT_RELEASE_PREFERENCE): number {
  return (
    releaseClasses.indexOf(releaseClass(a.parsed)) - releaseClasses.indexOf(releaseClass(b.parsed)) ||
    a.secondary - b.secondary ||
    regionRank(a.parsed.regions, preference) - regionRank(b.parsed.regions, preference) ||
    languageRank(a.parsed.languages, preference) - languageRank(b.parsed.languages, preference) ||
    (a.priority ?? 1) - (b.priority ?? 1) ||
    compareVersions(a.parsed.version, b.parsed.version) ||
    a.parsed.flags.length - b.parsed.flags.length
  );
}
