import { parseGameName } from "../names/parse-game-name.ts";
import { shortName, thumbnailName } from "./thumbnail-name.ts";

/** What the candidate names are made from: a release's DAT name, and an arcade clone's parent set. */
export interface ArtworkRelease {
  readonly name: string;
  readonly cloneOf?: string | undefined;
}

/** Regions and disc as the name says them: read alike from a record and from a match table. */
interface Placed {
  readonly release: ArtworkRelease;
  readonly regions: readonly string[];
  readonly disc: number | undefined;
}

function placed(release: ArtworkRelease): Placed {
  const parsed = parseGameName(release.name);
  return { release, regions: parsed.regions, disc: parsed.disc };
}

function sameRegions(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((region) => b.includes(region));
}

/**
 * How close another release's picture is to the chosen one's: the same regions and disc first,
 * then the same regions' "(Disc 1)" (a multi-disc game's art is usually filed under its first
 * disc), then the other revisions and regions, the same disc and disc 1 before the rest.
 */
function closeness(chosen: Placed, other: Placed): number {
  const region = sameRegions(chosen.regions, other.regions);
  const disc = other.disc === chosen.disc ? 0 : other.disc === 1 ? 1 : 2;
  if (region && disc === 0) return 0;
  if (region && disc === 1) return 1;
  return 2 + disc;
}

/**
 * The thumbnail file names to try for a game, best first, as RetroArch would look them up and
 * wider: the chosen release's DAT name (the matched release, or the best one), the game's other
 * releases (closest first, see {@link closeness}, then in record order), the short names of those
 * (tags cut off), and for an arcade clone its parent set's DAT name and short name. Scrubbed
 * with {@link thumbnailName} and without repeats; unbounded (the caller keeps what exists, then
 * bounds). `parentName` gives the DAT name of an arcade set of the platform.
 * @see https://github.com/libretro/RetroArch/blob/master/gfx/gfx_thumbnail_path.c
 */
export function artworkCandidates(
  releases: readonly ArtworkRelease[],
  chosen: number,
  parentName: (setName: string) => string | undefined = () => undefined,
): string[] {
  const chosenRelease = releases[chosen] ?? releases[0];
  if (!chosenRelease) return [];
  let ordered: readonly ArtworkRelease[] = releases;
  // One release needs no order, nor its name parsed: most games of the catalog.
  if (releases.length > 1) {
    const first = placed(chosenRelease);
    const others = releases
      .filter((release) => release !== chosenRelease)
      .map((release, order) => ({ release, order, rank: closeness(first, placed(release)) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ release }) => release);
    ordered = [chosenRelease, ...others];
  }
  const names = new Set<string>();
  const add = (name: string | undefined): void => {
    if (name !== undefined) names.add(thumbnailName(name));
  };
  for (const release of ordered) add(release.name);
  for (const release of ordered) add(shortName(release.name));
  for (const release of ordered) {
    const parent = release.cloneOf === undefined ? undefined : parentName(release.cloneOf);
    add(parent);
    if (parent !== undefined) add(shortName(parent));
  }
  return [...names];
}
