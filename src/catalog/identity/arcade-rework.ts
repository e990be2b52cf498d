import { looksLikeCompilation } from "./dump-keys.ts";

/** "Spanish bootleg of Scramble", "Korean hack of Plump Pop", "clone of Swarm": the game a set reworks, up to the tag's next comma. */
const REWORK_OF_RE = /(?<!\bincludes\s)\b(?:bootleg|hack|clone) of\s+([^,()]+)/i;
/** "Gals Panic 4 re-release": a set sold again under another game's title. */
const RE_RELEASE_RE = /(?:^|,\s*)([^,()]+?)\s+re-?release\b/i;
/** "on Moon Cresta hardware": the board a bootleg runs on, not the game it copies. */
const HARDWARE_RE = /\s+on\s+.+\bhardware\b.*$/i;
/** "includes bootleg of Snow Bros.": a board holding several games, one of them another's bootleg. */
const INCLUDES_RE = /\bincludes\b/i;
/** "Area 51 / Maximum Force Duo": an "A / B" title that calls itself a duo names the two games of one board. */
const DUO_RE = /\s\/\s.*\bDuo\b/i;

/**
 * The title or set name of the game an arcade set's DAT name says the set reworks or re-releases
 * ("Space Trek (Video Game S.A., Spanish bootleg of Scramble)" → "Scramble", "Gals Panic SU (Korea,
 * Gals Panic 4 re-release)" → "Gals Panic 4", "Crazy Otto (hack of ottopz)" → "ottopz"), read from
 * its tags; undefined when its tags name none.
 */
export function reworkedGame(name: string): string | undefined {
  const at = name.indexOf("(");
  if (at < 0) return undefined;
  const tags = name.slice(at);
  const found = REWORK_OF_RE.exec(tags)?.[1] ?? RE_RELEASE_RE.exec(tags.replace(/[()]/g, ", "))?.[1];
  const game = found
    ?.replace(HARDWARE_RE, "")
    .replace(/^['"]|['"]$/g, "")
    .trim();
  return game ? game : undefined;
}

/** "The King of Fighters '97 bootleg": a tag part that puts a title (or a maker: "Falcon bootleg") before "bootleg". */
const TITLE_BOOTLEG_RE = /^(.+?)\s+bootleg$/i;

/**
 * What an arcade set's DAT name puts before "bootleg" in a tag ("King of Gladiator Plus (The King of
 * Fighters '97 bootleg)" → "The King of Fighters '97", "Frog (Falcon bootleg)" → "Falcon"): a game's
 * title or a maker's name, which only the titles of the platform tell apart.
 */
export function bootlegTitle(name: string): string | undefined {
  const at = name.indexOf("(");
  if (at < 0) return undefined;
  for (const tag of name.slice(at).split(/[(),]/)) {
    const found = TITLE_BOOTLEG_RE.exec(tag.trim())?.[1];
    if (found) return found;
  }
  return undefined;
}

/**
 * True when an arcade set's DAT name says it is a board of several games: a compilation's title
 * ("4-in-1 bootleg"), an "A / B Duo" title ("Area 51 / Maximum Force Duo v2.0") or tags that say
 * what it includes ("Puzzle King (includes bootleg of Snow Bros.)").
 */
export function compilationSetName(name: string, title: string): boolean {
  const at = name.indexOf("(");
  return looksLikeCompilation(title) || DUO_RE.test(title) || (at >= 0 && INCLUDES_RE.test(name.slice(at)));
}
