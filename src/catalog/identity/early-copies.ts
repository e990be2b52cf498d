import { companies, makerInCommon } from "./company-word.ts";

/** One arcade set of a title group, as {@link earlierGameCopies} reads it. */
export interface TitleSet {
  /** A bootleg or hack by its tags or maker: its credits are the copier's. */
  readonly copy: boolean;
  /** A set of the title's own game: no clone, bootleg or hack. */
  readonly original: boolean;
  readonly maker: string | undefined;
  readonly year: number | undefined;
  /** Bytes of the set's largest file. */
  readonly size: number | undefined;
}

/** A copy dated more than this many years before every original of its title cannot copy any of them. */
const COPY_YEARS = 2;
/** A board of a later era holds more than this many times an earlier board's program. */
const ERA_SIZE_RATIO = 4;

/**
 * Which sets of one arcade title are copies of another, earlier game: a bootleg or hack dated more
 * than two years before every original set of the title, crediting none of their makers, whose file
 * the originals' largest is more than four times. A copy cannot predate the game it copies, and a
 * later era's board holds several times the program ("Star Fighter", Jeutel's 1979 11 KB Galaxian
 * bootleg, beside SunA's 1990 341 KB "Star Fighter"); two revisions of one program keep its size
 * ("Quiz", a 1986 bootleg's Revision 2 and Elettronolo's 1991 Revision 2.11, both 53 KB).
 */
export function earlierGameCopies(sets: readonly TitleSet[]): boolean[] {
  const originals = sets.filter((s) => s.original && s.year !== undefined);
  if (originals.length === 0) return sets.map(() => false);
  const first = Math.min(...originals.map((s) => s.year ?? 0));
  const largest = Math.max(...originals.map((s) => s.size ?? 0));
  const makers = new Set<string>();
  for (const s of originals) for (const m of companies(s.maker)) makers.add(m);
  return sets.map(
    (s) =>
      s.copy &&
      !s.original &&
      s.year !== undefined &&
      s.year < first - COPY_YEARS &&
      s.size !== undefined &&
      s.size > 0 &&
      largest > ERA_SIZE_RATIO * s.size &&
      !makerInCommon(companies(s.maker), makers),
  );
}
