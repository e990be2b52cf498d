import type { GameRecord, ReleaseRecord } from "../record/game-record.ts";
import type { GameSummary } from "./game-summary.ts";

/**
 * A game's search prior: how likely a search means this record rather than another of the same
 * text relevance, from what the catalog knows of it (docs/api.md, "Ranking"). The build scores
 * each record's own evidence ({@link recordEvidence}), then adds how many platforms have a retail
 * record of the same title ({@link combinePrior}); the index keeps the result as one byte per game.
 */

/** Bit of an evidence word: the record has a retail dump (no-intro, redump or an arcade set, released, not a hack, pirate or re-release). */
export const RETAIL_EVIDENCE = 0x100;
/**
 * Bit of an evidence word: the record is a home computer's catalogue entry (TOSEC's, libretro's DOS
 * DAT). No-Intro and Redump dump few computer programs, so such a record counts as a known game
 * ({@link KNOWN_PRIOR}) though no retail dump says so.
 */
export const COMPUTER_EVIDENCE = 0x200;
/** The prior of a record the catalog knows as a released game: about what a retail dump alone gives. */
export const KNOWN_PRIOR = 64;
/** Largest local score of an evidence word (its low byte); the title's spread adds up to {@link PRIOR_MAX}. */
const LOCAL_MAX = 200;
export const PRIOR_MAX = 255;

/** The DAT collections whose entries are dumps of retail media or boards (not TOSEC's or the homebrew DATs' catalogues). */
const RETAIL_SOURCES = new Set(["no-intro", "redump", "mame-split", "fbneo-split"]);
/** Flags of a release that is not the retail original: modified, unofficial, or a download re-release of another platform's game. */
const NOT_RETAIL_FLAGS = new Set(["Hack", "Pirate", "Aftermarket", "Unl", "Translation", "Cracked", "Trained", "Virtual Console"]);

/** Weights of the local evidence, out of {@link LOCAL_MAX}. */
const WEIGHTS = {
  retail: 70,
  retroAchievements: 35,
  maker: 12,
  year: 12,
  genres: 12,
  franchise: 12,
  rating: 25,
  regions: 12,
  releases: 10,
} as const;

/** True when the release is a retail dump: released, from a retail DAT, unmodified, not only an arcade homebrew collection's. */
function isRetail(release: ReleaseRecord): boolean {
  if (release.status !== "release") return false;
  if (!(release.sources ?? [release.source]).some((s) => RETAIL_SOURCES.has(s))) return false;
  if (release.flags.some((f) => NOT_RETAIL_FLAGS.has(f))) return false;
  if (release.hackOf !== undefined) return false;
  return release.collections === undefined || release.collections.some((c) => c !== "hbmame");
}

/**
 * The evidence word of a record: {@link RETAIL_EVIDENCE} and a local score (low byte) from its
 * retail dumps, RetroAchievements support, metadata (maker, year, genres, franchise), an age
 * rating or review, the regions of its retail releases and its release count.
 */
export function recordEvidence(record: GameRecord, computer = false): number {
  const retail = record.releases.filter(isRetail);
  const regions = new Set(retail.flatMap((r) => r.regions));
  // A "World" release is sold in every region.
  const regionCount = regions.has("World") ? 3 : regions.size;
  const local = localScore({
    retail: retail.length > 0,
    retroAchievements: record.releases.some((r) => r.retroAchievements === true),
    maker: record.developer !== undefined || record.publisher !== undefined,
    year: record.releaseYear !== undefined,
    genres: (record.genres?.length ?? 0) > 0,
    franchise: record.franchise !== undefined,
    rating:
      record.esrbRating !== undefined ||
      record.bbfcRating !== undefined ||
      record.elspaRating !== undefined ||
      (record.reviews?.length ?? 0) > 0,
    regionCount,
    releases: record.releases.length,
  });
  return (retail.length > 0 ? RETAIL_EVIDENCE : 0) | (computer ? COMPUTER_EVIDENCE : 0) | local;
}

/**
 * The evidence word of a summary, for an index made from summaries alone (tests, the offline
 * matcher): summaries do not say which dumps are retail, so every game counts as retail.
 */
export function summaryEvidence(summary: GameSummary): number {
  return (
    RETAIL_EVIDENCE |
    localScore({
      retail: true,
      retroAchievements: summary.retroAchievements === true,
      maker: summary.developer !== undefined || summary.publisher !== undefined,
      year: summary.releaseYear !== undefined,
      genres: (summary.genres?.length ?? 0) > 0,
      franchise: false,
      rating: false,
      regionCount: summary.regions.includes("World") ? 3 : summary.regions.length,
      releases: summary.releaseCount,
    })
  );
}

interface Evidence {
  readonly retail: boolean;
  readonly retroAchievements: boolean;
  readonly maker: boolean;
  readonly year: boolean;
  readonly genres: boolean;
  readonly franchise: boolean;
  readonly rating: boolean;
  readonly regionCount: number;
  readonly releases: number;
}

function localScore(e: Evidence): number {
  const score =
    (e.retail ? WEIGHTS.retail : 0) +
    (e.retroAchievements ? WEIGHTS.retroAchievements : 0) +
    (e.maker ? WEIGHTS.maker : 0) +
    (e.year ? WEIGHTS.year : 0) +
    (e.genres ? WEIGHTS.genres : 0) +
    (e.franchise ? WEIGHTS.franchise : 0) +
    (e.rating ? WEIGHTS.rating : 0) +
    (WEIGHTS.regions * Math.min(e.regionCount, 3)) / 3 +
    // Release counts are inflated by revisions and collection extracts: a small, saturating share.
    WEIGHTS.releases * Math.min(1, Math.log2(Math.max(e.releases, 1)) / 4);
  return Math.min(LOCAL_MAX, Math.round(score));
}

/**
 * The prior byte of a game: its local score, plus up to 55 for the number of platforms with a
 * retail record of its title key (`spread`, this one included): a title released on many
 * platforms is a franchise's title people search for. Saturates at 8 platforms.
 */
export function combinePrior(evidence: number, spread: number): number {
  const local = evidence & 0xff;
  const wide = spread <= 1 ? 0 : Math.min(1, Math.log2(spread) / 3);
  const prior = Math.min(PRIOR_MAX, Math.round(local + (PRIOR_MAX - LOCAL_MAX) * wide));
  return evidence & COMPUTER_EVIDENCE ? Math.max(prior, KNOWN_PRIOR) : prior;
}
