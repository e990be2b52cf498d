/** What the split reads of one release of a title group. */
export interface SameTitleRelease {
  /** Region-free Nintendo product code of a retail release (serial-code.ts). */
  readonly code: string | undefined;
  /** TOSEC publisher and year, from the name ("Labyrinth (1982)(Broderbund)"). */
  readonly publisher: string | undefined;
  readonly year: number | undefined;
  /** For a compilation, the tags that list its contents ("4B-002, 4B-004, 8B-002, Sachen"): multi-carts of one name differ by them. */
  readonly contents: string | undefined;
}

/** TOSEC re-releases by budget labels come a few years later; a longer gap and another publisher is another game. */
const REISSUE_YEARS = 2;

function publisherWord(publisher: string): string {
  return publisher.toLowerCase().match(/[a-z0-9]+/)?.[0] ?? "";
}

/** True when two releases of one title are different products. */
function conflicts(a: SameTitleRelease, b: SameTitleRelease): boolean {
  if (a.code !== undefined && b.code !== undefined && a.code !== b.code) return true;
  if (a.contents !== undefined && b.contents !== undefined && a.contents !== b.contents) return true;
  if (a.publisher === undefined || b.publisher === undefined || a.year === undefined || b.year === undefined) return false;
  return publisherWord(a.publisher) !== publisherWord(b.publisher) && Math.abs(a.year - b.year) > REISSUE_YEARS;
}

/**
 * Splits one title group (releases with the same kind and clean title, best first) into the
 * different works that share the title: two retail releases with different Nintendo product codes
 * ("Disney Sports - Football", American football in the USA and soccer in Europe), two
 * compilations of one name whose tags list other contents (Sachen's "4 in 1 + 8 in 1"), or two TOSEC
 * releases by different publishers years apart ("Labyrinth (1982)(Broderbund)" and "Labyrinth
 * (1986)(Activision)"). Returns each release's part, 0 for the first (the best release's) part;
 * releases without such facts join the first part they do not conflict with.
 */
export function splitSameTitle(releases: readonly SameTitleRelease[]): number[] {
  const parts: SameTitleRelease[][] = [];
  return releases.map((release) => {
    let at = parts.findIndex((members) => !members.some((m) => conflicts(release, m)));
    if (at < 0) {
      at = parts.length;
      parts.push([]);
    }
    parts[at]?.push(release);
    return at;
  });
}
