import { attachedKinds, type ContentKind } from "../identity/content-kind.ts";
import { serialCode } from "../identity/serial-code.ts";
import { titleKey } from "../names/title-key.ts";

/** What the linking reads of a work (a GameDraft). */
export interface LinkableWork {
  readonly kind: ContentKind;
  readonly title: string;
  readonly titleKeys: readonly string[];
  readonly alternateTitles: readonly { readonly title: string }[];
  readonly releases: readonly { readonly serial: string | undefined }[];
  baseGame?: number;
}

/** A joined title key that ends in a sequel number ("rockband2"), and the title before it. */
const SEQUEL_RE = /^(.+?)\d+$/;
/** Numbered sequels that make a title a series: with one, "Everybody's Golf" and "Everybody's Golf 6" may be one game's two names. */
const MIN_SEQUELS = 2;

/** A prefix this short ("Star Wars", "Rock Band") names a series more often than a game; shorter ones never link. */
const MIN_PREFIX_WORDS = 2;

/** Where a title names its parts: "Dead or Alive - Dimensions - Pack 1", "Falcon: Mission Disk". */
const SEPARATOR_RE = /\s+[-–—:]\s+|:\s+/g;

/** A title's keys cut at its separators, of any length: a separator marks where a game's title ends ("Falcon - Mission Disk"). */
function separatorPrefixes(title: string): string[] {
  const out: string[] = [];
  for (const m of title.matchAll(SEPARATOR_RE)) if (m.index !== undefined && m.index > 0) out.push(titleKey(title.slice(0, m.index)));
  return out;
}

/** A title key without its spaces: "BulletWitch" and "Bullet Witch" are one title. */
function joined(key: string): string {
  return key.replaceAll(" ", "");
}

/** The word prefixes of a title key, longest first, down to {@link MIN_PREFIX_WORDS} words ("a b c d" → "a b c", "a b"). */
function wordPrefixes(key: string): string[] {
  const words = key.split(" ");
  const out: string[] = [];
  for (let n = words.length - 1; n >= MIN_PREFIX_WORDS; n--) out.push(words.slice(0, n).join(" "));
  return out;
}

/** Sets `key → value`, or null when another value holds the key already: an ambiguous key names no one. */
function claim(map: Map<string, number | null>, key: string, value: number): void {
  map.set(key, map.has(key) && map.get(key) !== value ? null : value);
}

/**
 * Links each add-on, update and cosmetic work to its base game on the same platform, by the
 * strongest evidence the DAT gives: the same region-free serial code (3DS `CTR-M-ABEP` is an
 * add-on of `CTR-P-ABEP`), else the same clean title ("New Super Mario Bros. 2 (DLC)"), spaces
 * ignored ("BulletWitch - …" of "Bullet Witch"), else the longest prefix that is a game's title or
 * alternate title: of at least two words, or of any length before a separator ("Dead or Alive -
 * Dimensions - Pack 1", "Battlefield - Bad Company Conquest", "Falcon - Mission Disk"), else the one game whose title starts with the item's
 * ("Dragon Quest X (DLC)" of "Dragon Quest X - Mezameshi …"). Sets {@link LinkableWork.baseGame};
 * an item without such evidence stays unlinked.
 */
export function findBaseGames(games: LinkableWork[], platform: string): void {
  // Most platforms have nothing to link; their titles are not indexed.
  if (!games.some((game) => attachedKinds.has(game.kind))) return;
  const byCode = new Map<string, number | null>();
  const byTitle = new Map<string, number | null>();
  /** A game's word prefixes, to the game; null where several games share one. */
  const byPrefix = new Map<string, number | null>();
  games.forEach((game, i) => {
    if (game.kind !== "game") return;
    for (const key of new Set([...game.titleKeys, ...game.alternateTitles.map((a) => titleKey(a.title))])) {
      claim(byTitle, joined(key), i);
      for (const prefix of wordPrefixes(key)) claim(byPrefix, joined(prefix), i);
    }
    for (const release of game.releases) {
      const code = release.serial ? serialCode(release.serial, platform)?.code : undefined;
      if (code) claim(byCode, code, i);
    }
  });
  /** Titles that two or more other games continue with a number ("rock band" of "Rock Band 2" and "Rock Band 3"): the name of a series. */
  const sequels = new Map<string, number>();
  for (const title of byTitle.keys()) {
    const m = SEQUEL_RE.exec(title);
    if (m?.[1]) sequels.set(m[1], (sequels.get(m[1]) ?? 0) + 1);
  }
  const numbered = new Set([...sequels].filter(([, n]) => n >= MIN_SEQUELS).map(([title]) => title));
  const found = (value: number | null | undefined): number | undefined => (typeof value === "number" ? value : undefined);
  for (const game of games) {
    if (!attachedKinds.has(game.kind)) continue;
    let base: number | undefined;
    for (const release of game.releases) {
      const code = release.serial ? serialCode(release.serial, platform)?.code : undefined;
      base = code ? found(byCode.get(code)) : undefined;
      if (base !== undefined) break;
    }
    const key = titleKey(game.title);
    const parts = separatorPrefixes(game.title);
    // "Rock Band - 3 Doors Down": a number that opens a part of the title names that part, not a sequel of the game before it.
    const opensPart = (candidate: string): boolean => {
      const words = candidate.split(" ");
      return /^\d+$/.test(words.at(-1) ?? "") && parts.includes(words.slice(0, -1).join(" "));
    };
    const candidates = [...new Set([key, ...wordPrefixes(key).filter((p) => !opensPart(p)), ...parts])].sort((a, b) => b.length - a.length);
    for (const candidate of candidates) {
      // The longest title that names a game decides, even when it names two: a shorter one would be a guess.
      if (base !== undefined || byTitle.has(joined(candidate))) {
        // "Rock Band - <song>" where Rock Band 2 and 3 are games too names the series, not one of its games.
        if (base === undefined && candidate === parts[0] && candidate !== key && numbered.has(joined(candidate))) break;
        base ??= found(byTitle.get(joined(candidate)));
        break;
      }
    }
    base ??= key.split(" ").length >= MIN_PREFIX_WORDS ? found(byPrefix.get(joined(key))) : undefined;
    if (base !== undefined) game.baseGame = base;
  }
}
