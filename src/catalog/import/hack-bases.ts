import path from "node:path";
import { parseGameName } from "../names/parse-game-name.ts";
import { titleKey } from "../names/title-key.ts";

/** What the linking reads of a release (a ReleaseDraft). */
export interface HackLinkable {
  readonly name: string;
  readonly source: string;
  readonly parsed: { readonly title: string };
  readonly roms: readonly { readonly name?: string | undefined }[];
  readonly extra: { baseRelease?: string; baseGameRelease?: string };
}

/** What {@link linkHacks} found: the hacks, those linked to a release, those linked to a game only, and the rest with why. */
export interface HackLinks {
  readonly hacks: number;
  readonly toRelease: number;
  readonly toGame: number;
  readonly unlinked: readonly string[];
}

function fileNames(release: HackLinkable): string[] {
  return release.roms.map((r) => r.name).filter((n): n is string => n !== undefined && n !== "");
}

function withoutExtension(file: string): string {
  const base = path.basename(file);
  return base.slice(0, base.length - path.extname(base).length);
}

/**
 * Links each release of the hacks DAT to what it modifies, in a platform's works. The hacks DAT
 * gives a hack the rom name of the dump it patches ("Super Metroid (Japan, USA) (En,Ja).sfc")
 * beside the patched file's own hashes, so that name is the only evidence:
 * - it names the base release when it is the file name of another collection's release (Redump's
 *   "(Track 01).bin"), or, without its extension, the release's DAT name (No-Intro's ".sfc" where
 *   the hack says ".smc"), compared without case: `baseRelease`;
 * - else, as No-Intro renames dumps after the hacks DAT names them ("(USA, Korea)" became
 *   "(USA, Korea) (En)"), the clean title of the name links the game when exactly one work has a
 *   release of another collection with that title: `baseGameRelease` names that work's best release.
 * A name that neither finds (a GoodTools name, the hack's own file, a title two works share)
 * leaves the hack unlinked, and the result says why.
 */
export function linkHacks(games: readonly { readonly releases: readonly HackLinkable[] }[]): HackLinks {
  // Most platforms have no hacks DAT: the indexes below would cost a pass over every rom for nothing.
  if (!games.some((game) => game.releases.some((r) => r.source === "hacks"))) return { hacks: 0, toRelease: 0, toGame: 0, unlinked: [] };
  const byFile = new Map<string, HackLinkable>();
  const byName = new Map<string, HackLinkable>();
  /** Per clean title key, the works with a release of another collection by that title (at most two kept: one is all that links). */
  const byTitle = new Map<string, HackLinkable[]>();
  for (const game of games) {
    const best = game.releases.find((r) => r.source !== "hacks");
    if (best === undefined) continue;
    for (const release of game.releases) {
      if (release.source === "hacks") continue;
      const name = release.name.toLowerCase();
      if (!byName.has(name)) byName.set(name, release);
      for (const file of fileNames(release)) if (!byFile.has(file.toLowerCase())) byFile.set(file.toLowerCase(), release);
      const key = titleKey(release.parsed.title);
      if (key === "") continue;
      const works = byTitle.get(key);
      if (works === undefined) byTitle.set(key, [best]);
      else if (works.length < 2 && !works.includes(best)) works.push(best);
    }
  }
  let hacks = 0;
  let toRelease = 0;
  let toGame = 0;
  const unlinked: string[] = [];
  for (const game of games) {
    for (const release of game.releases) {
      if (release.source !== "hacks") continue;
      hacks++;
      const files = fileNames(release);
      const exact = files
        .map((file) => byFile.get(file.toLowerCase()) ?? byName.get(withoutExtension(file).toLowerCase()))
        .find((base) => base !== undefined);
      if (exact) {
        release.extra.baseRelease = exact.name;
        toRelease++;
        continue;
      }
      const titled = files.map((file) => {
        const key = titleKey(parseGameName(withoutExtension(file)).title);
        return key === "" ? undefined : byTitle.get(key);
      });
      const one = titled.find((works) => works?.length === 1)?.[0];
      if (one) {
        release.extra.baseGameRelease = one.name;
        toGame++;
        continue;
      }
      const why =
        files.length === 0
          ? "names no file"
          : titled.some((works) => works !== undefined)
            ? `names ${files.map((f) => `"${f}"`).join(", ")}, a title several games have`
            : `names ${files.map((f) => `"${f}"`).join(", ")}, which matches no release or title`;
      unlinked.push(`${release.name} (${why})`);
    }
  }
  return { hacks, toRelease, toGame, unlinked };
}
