/**
 * A version written in the title itself names a release, not the game, so it becomes the
 * release's version. The same rule serves every naming convention (No-Intro, TOSEC, arcade
 * descriptions), so one game's revisions group together. The forms, all seen in the DATs
 * libretro-database ships:
 * - `v` and a number, with whatever suffix the publisher used: "v1.5", "v1.0b5", "v1B", "v.2",
 *   "v2.3-126" (Scott Adams' SAGA builds), "v94-1.01", "v2-alpha" (TOSEC's `vX.Y` and its
 *   free-form variants, tosecdev.org naming convention "Version").
 * - Upper-case `V` only with a dotted or suffixed number ("V1.0", "V8.3X", "V2-00"): a bare
 *   "V2", "V3", "V8" is part of the name far more often than a version ("NBA Street V3",
 *   "Custom Robo V2", "Sniper Elite V2", "Twin Turbo V8", "Kamen Rider V3").
 * - `Rev` (any case, with or without a dot, or `Revision`) and a token with a digit or a single
 *   capital: "Rev 1", "Rev A", "Rev PRG0", "rev. 2", "Rev 8.41", and Sega's dated beta builds
 *   "Rev 0111-19950112-0936" and "Rev 19941207-B".
 * A name that still ends in a file extension ("Custom v2.iso") is not read as a version ending in it.
 * "Ver."/"Version" stay in titles: arcade and disc titles name distinct products by them ("Guilty
 * Gear X ver. 1.5", "Pokemon - Black Version 2", "Interactive Multi-Game Demo Disc - Version 9").
 */
const TRAILING_VERSION_RE =
  / ((?:v\.?\d[\w.+-]*)|(?:V\.?\d+[.A-Za-z-][\w.+-]*)|(?:(?:[Rr]ev|REV)(?:ision)?\.? (?:[A-Z]{0,3}\d[\w.-]*|[A-Z])))(?<!\.[a-z]{3,4})$/;

export function splitTitleVersion(title: string): { title: string; version?: string } {
  const m = TRAILING_VERSION_RE.exec(title);
  if (!m || m.index === 0) return { title };
  const rest = title.slice(0, m.index).trimEnd();
  // Something must remain that reads as a name ("v2" alone stays a title).
  if (!/[\p{L}\p{N}]/u.test(rest)) return { title };
  return { title: rest, version: m[1] ?? "" };
}
