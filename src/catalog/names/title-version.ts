/**
 * A version written in the title itself ("Aerial Assault Rev 1", TOSEC's "Cross Snake v1.0",
 * "Rev PRG0"): it names a release, not the game, so it becomes the release's version. The same
 * rule serves every naming convention, so one game's revisions group together.
 */
const TRAILING_VERSION_RE = / ((?:[vV]\d+(?:\.\d+)*[a-z]?)|(?:Rev(?:ision)? (?:[A-Z]{0,3}\d+[a-z]?|[A-Z])))$/;

export function splitTitleVersion(title: string): { title: string; version?: string } {
  const m = TRAILING_VERSION_RE.exec(title);
  if (!m || m.index === 0) return { title };
  const rest = title.slice(0, m.index).trimEnd();
  // Something must remain that reads as a name ("v2" alone stays a title).
  if (!/[\p{L}\p{N}]/u.test(rest)) return { title };
  return { title: rest, version: m[1] ?? "" };
}
