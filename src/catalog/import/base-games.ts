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

/** Where an add-on's title may end its base game's title: "Dead or Alive - Dimensions - Pack 1". */
const SEPARATOR_RE = /\s+[-–—:]\s+|:\s+/g;

/** The prefixes of a title at its separators, longest first ("A - B - C" → "A - B", "A"). */
function titlePrefixes(title: string): string[] {
  const out: string[] = [];
  for (const m of title.matchAll(SEPARATOR_RE)) if (m.index !== undefined && m.index > 0) out.push(title.slice(0, m.index));
  return out.reverse();
}

/**
 * Links each add-on, update and cosmetic work to its base game on the same platform, by the
 * strongest evidence the DAT gives: the same region-free serial code (3DS `CTR-M-ABEP` is an
 * add-on of `CTR-P-ABEP`), else the same clean title ("New Super Mario Bros. 2 (DLC)"), else the
 * longest title prefix at a separator that is a game's title or alternate title, else the one game
 * whose title starts with the item's title at a separator. Sets
 * {@link LinkableWork.baseGame}; an item without such evidence stays unlinked.
 */
export function findBaseGames(games: LinkableWork[], platform: string): void {
  const byCode = new Map<string, number | null>();
  const byTitle = new Map<string, number>();
  /** A game's title prefixes at separators, to the game; null where several games share one. */
  const byPrefix = new Map<string, number | null>();
  games.forEach((game, i) => {
    if (game.kind !== "game") return;
    for (const key of [...game.titleKeys, ...game.alternateTitles.map((a) => titleKey(a.title))])
      if (!byTitle.has(key)) byTitle.set(key, i);
    for (const prefix of titlePrefixes(game.title)) {
      const key = titleKey(prefix);
      byPrefix.set(key, byPrefix.has(key) && byPrefix.get(key) !== i ? null : i);
    }
    for (const release of game.releases) {
      const code = release.serial ? serialCode(release.serial, platform)?.code : undefined;
      // A code two games carry names neither.
      if (code) byCode.set(code, byCode.has(code) && byCode.get(code) !== i ? null : i);
    }
  });
  for (const game of games) {
    if (!attachedKinds.has(game.kind)) continue;
    let base: number | undefined;
    for (const release of game.releases) {
      const code = release.serial ? serialCode(release.serial, platform)?.code : undefined;
      const found = code ? byCode.get(code) : undefined;
      if (typeof found === "number") {
        base = found;
        break;
      }
    }
    if (base === undefined) {
      for (const title of [game.title, ...titlePrefixes(game.title)]) {
        base = byTitle.get(titleKey(title));
        if (base !== undefined) break;
      }
    }
    if (base === undefined) {
      // The item names its game shorter than the game does ("Dragon Quest X (DLC)" of "Dragon Quest X - Mezameshi …").
      const found = byPrefix.get(titleKey(game.title));
      if (typeof found === "number") base = found;
    }
    if (base !== undefined) game.baseGame = base;
  }
}
