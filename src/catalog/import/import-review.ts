import type { DatSkippedBlock } from "../dat/dat-types.ts";
import type { CatalogDb } from "../db/catalog-db.ts";
import type { MergedGame } from "./assign-game-ids.ts";

/** The review's format version: bumped when a field changes meaning or goes away. */
export const REVIEW_FORMAT_VERSION = 1;

/** Examples kept per list in a review; the totals count everything. */
export const REVIEW_EXAMPLES = 50;

/** Default share of a platform's games that may go (or change title) in one update before it is held, in percent. */
export const DEFAULT_REVIEW_THRESHOLD = 5;

/** A share over the threshold is an anomaly only from this many games: one game fixed upstream never holds an update. */
export const REVIEW_MIN_GAMES = 2;

/** A bounded list: how many there are, and the first {@link REVIEW_EXAMPLES} of them. */
export interface Sample<T> {
  readonly total: number;
  readonly examples: readonly T[];
}

export interface ReviewGame {
  readonly id: number;
  readonly title: string;
}

/** What holds an update back until the maintainer accepts it. */
export type ReviewAnomaly =
  | { readonly type: "platform-gone"; readonly system: string; readonly games: number }
  | { readonly type: "platform-shrank"; readonly system: string; readonly before: number; readonly lost: number; readonly percent: number }
  | { readonly type: "mass-rename"; readonly system: string; readonly before: number; readonly renamed: number; readonly percent: number }
  | { readonly type: "empty-source"; readonly system: string; readonly file: string; readonly entriesBefore: number | null }
  | {
      readonly type: "malformed-source";
      readonly system: string;
      readonly file: string;
      readonly skipped: number;
      readonly blocks: number;
      readonly percent: number;
    };

/** One platform's changes in one import. */
export interface PlatformReview {
  /** `added`: the platform is new; `gone`: no source lists it any more. */
  readonly status: "added" | "changed" | "gone";
  readonly gamesBefore: number;
  readonly gamesAfter: number;
  readonly added: Sample<ReviewGame>;
  readonly removed: Sample<ReviewGame>;
  /** Same id, new title. */
  readonly renamed: Sample<{ readonly id: number; readonly from: string; readonly to: string }>;
  /** Ids that joined another game ("one work, one record"): they redirect to `into`. */
  readonly merged: Sample<ReviewGame & { readonly into: number }>;
  readonly kindChanged: Sample<ReviewGame & { readonly from: string; readonly to: string }>;
  /** Games whose metadata (developer, genres, release date, ...) changed, with the fields that did. */
  readonly metadataChanged: Sample<ReviewGame & { readonly fields: readonly string[] }>;
  /** Release names (a release is one DAT entry). */
  readonly releasesAdded: Sample<string>;
  readonly releasesRemoved: Sample<string>;
  /** Roms by hash (sha1, else md5, else crc and size): a rom renamed but not re-dumped is neither. */
  readonly romsAdded: Sample<string>;
  readonly romsRemoved: Sample<string>;
  /** DAT blocks the parser could not read and left out, as `file:line: message ("name")`. */
  readonly skippedBlocks: Sample<string>;
}

/** The review of one import against the catalog it replaced. */
export interface ImportReview {
  readonly importedAt: string;
  /** The data version before the import; null for the first import, which has nothing to compare with. */
  readonly fromDataVersion: string | null;
  readonly toDataVersion: string;
  /** The threshold used, in percent of a platform's games. */
  readonly threshold: number;
  readonly anomalies: readonly ReviewAnomaly[];
  readonly totals: {
    readonly platformsChanged: number;
    readonly gamesAdded: number;
    readonly gamesRemoved: number;
    readonly renamed: number;
    readonly merged: number;
    readonly kindChanged: number;
    readonly metadataChanged: number;
    readonly releasesAdded: number;
    readonly releasesRemoved: number;
    readonly romsAdded: number;
    readonly romsRemoved: number;
    readonly skippedBlocks: number;
    readonly newWarnings: number;
  };
  /** Changed platforms only, by slug. */
  readonly platforms: Readonly<Record<string, PlatformReview>>;
  /** Warnings no earlier import gave (line and column numbers left out of the comparison). */
  readonly newWarnings: Sample<string>;
}

interface GameState {
  readonly title: string;
  readonly kind: string;
  readonly metadata: string;
}

interface PlatformState {
  readonly games: Map<number, GameState>;
  readonly releases: Map<string, number>;
  readonly roms: Map<string, number>;
  /** A readable name per rom key, for the examples. */
  readonly romNames: Map<string, string>;
}

class Bounded<T> {
  total = 0;
  readonly examples: T[] = [];
  push(item: T): void {
    this.total++;
    if (this.examples.length < REVIEW_EXAMPLES) this.examples.push(item);
  }
  done(): Sample<T> {
    return { total: this.total, examples: this.examples };
  }
}

function increment(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** Keys of the multiset `a` that `b` holds fewer times, each once per missing copy. */
function missing(
  a: ReadonlyMap<string, number>,
  b: ReadonlyMap<string, number>,
  out: Bounded<string>,
  name = (k: string): string => k,
): void {
  for (const [key, n] of a) for (let i = b.get(key) ?? 0; i < n; i++) out.push(name(key));
}

function changedFields(before: string, after: string): string[] {
  const a = JSON.parse(before) as Record<string, unknown>;
  const b = JSON.parse(after) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
}

/** A warning without its line and column, so that an edit above it does not make it new. */
function warningKey(warning: string): string {
  return warning.replace(/:\d+:\d+:/g, ":");
}

const WARNINGS_KEY = "review_warnings";
/** Warnings remembered for the next import's comparison. */
const KEPT_WARNINGS = 20_000;

/**
 * Collects an import's review while it runs, inside its transaction: each changed platform's
 * games, releases and roms are read before the import rewrites them and after, and compared.
 * Only the platforms the import reads are compared, so a one-platform update costs one platform.
 */
export class ImportReviewer {
  private readonly db: CatalogDb;
  private readonly threshold: number;
  private readonly first: boolean;
  private readonly fromDataVersion: string | null;
  private readonly previousEntries: Map<string, number>;
  private readonly before = new Map<string, PlatformState>();
  private readonly platforms: Record<string, PlatformReview> = {};
  private readonly anomalies: ReviewAnomaly[] = [];
  /** Per platform, the blocks its files left out, until its review is written. */
  private readonly skipped = new Map<string, Bounded<string>>();

  constructor(db: CatalogDb, threshold: number) {
    this.db = db;
    this.threshold = threshold;
    this.first = (db.prepare("SELECT count(*) FROM platforms").pluck().get() as number) === 0;
    this.fromDataVersion = this.first
      ? null
      : ((db.prepare("SELECT value FROM meta WHERE key = 'data_version'").pluck().get() as string | undefined) ?? null);
    this.previousEntries = new Map(
      db
        .prepare<[], { path: string; entries: number }>("SELECT path, entries FROM source_files")
        .all()
        .map((r) => [r.path, r.entries]),
    );
  }

  private read(platforms: readonly string[]): PlatformState {
    const marks = platforms.map(() => "?").join(", ");
    const games = new Map<number, GameState>();
    for (const row of this.db
      .prepare<string[], { id: number; title: string; kind: string; metadata_json: string }>(
        `SELECT id, title, kind, metadata_json FROM games WHERE platform IN (${marks})`,
      )
      .iterate(...platforms))
      games.set(row.id, { title: row.title, kind: row.kind, metadata: row.metadata_json });
    const releases = new Map<string, number>();
    for (const name of this.db
      .prepare<string[], string>(`SELECT r.name FROM releases r JOIN games g ON g.id = r.game_id WHERE g.platform IN (${marks})`)
      .pluck()
      .iterate(...platforms))
      increment(releases, name);
    const roms = new Map<string, number>();
    const romNames = new Map<string, string>();
    for (const row of this.db
      .prepare<string[], { key: string | null; name: string | null }>(
        `SELECT coalesce(ro.sha1, ro.md5, ro.crc || ':' || ro.size, ro.crc, ro.name) AS key, ro.name FROM roms ro
         JOIN releases r ON r.id = ro.release_id JOIN games g ON g.id = r.game_id WHERE g.platform IN (${marks})`,
      )
      .iterate(...platforms)) {
      if (row.key === null) continue;
      increment(roms, row.key);
      if (row.name !== null && !romNames.has(row.key)) romNames.set(row.key, row.name);
    }
    return { games, releases, roms, romNames };
  }

  /** Before a platform is rewritten: its stored state, with that of the platforms handing it their games. */
  beforePlatform(slug: string, former: readonly string[]): void {
    if (!this.first) this.before.set(slug, this.read([slug, ...former]));
  }

  /**
   * A source file was parsed. One that gave nothing, and gave something before (or is new), is an
   * anomaly; so is one that left out more than the threshold's share of its blocks (at least
   * {@link REVIEW_MIN_GAMES}), because they could not be read.
   */
  sourceParsed(slug: string, file: string, label: string, entries: number, skipped: readonly DatSkippedBlock[] = []): void {
    if (skipped.length > 0) {
      let list = this.skipped.get(slug);
      if (!list) this.skipped.set(slug, (list = new Bounded<string>()));
      for (const b of skipped) list.push(`${label}:${b.line}: ${b.message}${b.name ? ` ("${b.name}")` : ""}`);
    }
    if (this.first) return;
    const blocks = entries + skipped.length;
    if (skipped.length >= REVIEW_MIN_GAMES && (skipped.length / blocks) * 100 > this.threshold)
      this.anomalies.push({
        type: "malformed-source",
        system: slug,
        file: label,
        skipped: skipped.length,
        blocks,
        percent: Math.round((skipped.length / blocks) * 1000) / 10,
      });
    if (entries > 0) return;
    const before = this.previousEntries.get(file);
    if (before === 0) return;
    this.anomalies.push({ type: "empty-source", system: slug, file: label, entriesBefore: before ?? null });
  }

  /** After a platform was rewritten: compares it with its state before. */
  afterPlatform(slug: string, merged: readonly MergedGame[]): void {
    const before = this.before.get(slug);
    if (!before) return;
    this.before.delete(slug);
    const after = this.read([slug]);
    const added = new Bounded<ReviewGame>();
    const removed = new Bounded<ReviewGame>();
    const renamed = new Bounded<{ id: number; from: string; to: string }>();
    const mergedOut = new Bounded<ReviewGame & { into: number }>();
    const kindChanged = new Bounded<ReviewGame & { from: string; to: string }>();
    const metadataChanged = new Bounded<ReviewGame & { fields: readonly string[] }>();
    const mergedIds = new Map(merged.map((m) => [m.id, m]));
    for (const [id, game] of [...after.games].sort(([a], [b]) => a - b)) {
      const old = before.games.get(id);
      if (!old) {
        added.push({ id, title: game.title });
        continue;
      }
      if (old.title !== game.title) renamed.push({ id, from: old.title, to: game.title });
      if (old.kind !== game.kind) kindChanged.push({ id, title: game.title, from: old.kind, to: game.kind });
      if (old.metadata !== game.metadata)
        metadataChanged.push({ id, title: game.title, fields: changedFields(old.metadata, game.metadata) });
    }
    for (const [id, game] of [...before.games].sort(([a], [b]) => a - b)) {
      if (after.games.has(id)) continue;
      const into = mergedIds.get(id)?.into;
      if (into === undefined) removed.push({ id, title: game.title });
      else mergedOut.push({ id, title: game.title, into });
    }
    const releasesAdded = new Bounded<string>();
    const releasesRemoved = new Bounded<string>();
    missing(after.releases, before.releases, releasesAdded);
    missing(before.releases, after.releases, releasesRemoved);
    const romsAdded = new Bounded<string>();
    const romsRemoved = new Bounded<string>();
    const skippedBlocks = this.skipped.get(slug) ?? new Bounded<string>();
    this.skipped.delete(slug);
    missing(after.roms, before.roms, romsAdded, (k) => after.romNames.get(k) ?? k);
    missing(before.roms, after.roms, romsRemoved, (k) => before.romNames.get(k) ?? k);
    const gamesBefore = before.games.size;
    const lists = [
      added,
      removed,
      renamed,
      mergedOut,
      kindChanged,
      metadataChanged,
      releasesAdded,
      releasesRemoved,
      romsAdded,
      romsRemoved,
      skippedBlocks,
    ];
    // A platform read again whose records came out the same (a DAT's header or order changed) is not listed.
    if (lists.every((list) => list.total === 0)) return;
    this.platforms[slug] = {
      status: gamesBefore === 0 && before.releases.size === 0 ? "added" : "changed",
      gamesBefore,
      gamesAfter: after.games.size,
      added: added.done(),
      removed: removed.done(),
      renamed: renamed.done(),
      merged: mergedOut.done(),
      kindChanged: kindChanged.done(),
      metadataChanged: metadataChanged.done(),
      releasesAdded: releasesAdded.done(),
      releasesRemoved: releasesRemoved.done(),
      romsAdded: romsAdded.done(),
      romsRemoved: romsRemoved.done(),
      skippedBlocks: skippedBlocks.done(),
    };
    if (gamesBefore > 0) {
      const percent = (n: number): number => Math.round((n / gamesBefore) * 1000) / 10;
      if (removed.total >= REVIEW_MIN_GAMES && (removed.total / gamesBefore) * 100 > this.threshold)
        this.anomalies.push({
          type: "platform-shrank",
          system: slug,
          before: gamesBefore,
          lost: removed.total,
          percent: percent(removed.total),
        });
      if (renamed.total >= REVIEW_MIN_GAMES && (renamed.total / gamesBefore) * 100 > this.threshold)
        this.anomalies.push({
          type: "mass-rename",
          system: slug,
          before: gamesBefore,
          renamed: renamed.total,
          percent: percent(renamed.total),
        });
    }
  }

  /** A platform no source lists any more, with the games it still held (those that did not move to another platform): an anomaly when there are any. */
  platformGone(slug: string, games: readonly ReviewGame[]): void {
    if (this.first) return;
    const state = this.read([slug]);
    const removed = new Bounded<ReviewGame>();
    for (const game of games) removed.push(game);
    const releases = new Bounded<string>();
    missing(state.releases, new Map(), releases);
    const roms = new Bounded<string>();
    missing(state.roms, new Map(), roms, (k) => state.romNames.get(k) ?? k);
    const none = (): Sample<never> => ({ total: 0, examples: [] });
    this.platforms[slug] = {
      status: "gone",
      gamesBefore: games.length,
      gamesAfter: 0,
      added: none(),
      removed: removed.done(),
      renamed: none(),
      merged: none(),
      kindChanged: none(),
      metadataChanged: none(),
      releasesAdded: none(),
      releasesRemoved: releases.done(),
      romsAdded: none(),
      romsRemoved: roms.done(),
      skippedBlocks: none(),
    };
    // A platform whose games all moved to another one (keeping their ids) lost nothing.
    if (games.length > 0) this.anomalies.push({ type: "platform-gone", system: slug, games: games.length });
  }

  /** The review, once every platform is written; remembers this import's warnings for the next one. */
  finish(warnings: readonly string[], toDataVersion: string): ImportReview {
    const stored = this.db.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(WARNINGS_KEY) as string | undefined;
    const known = new Set<string>(stored ? (JSON.parse(stored) as string[]) : []);
    const newWarnings = new Bounded<string>();
    const current = new Set<string>();
    for (const warning of warnings) {
      const key = warningKey(warning);
      if (current.has(key)) continue;
      current.add(key);
      if (!this.first && !known.has(key)) newWarnings.push(warning);
    }
    const remembered = [...new Set([...current, ...known])].slice(0, KEPT_WARNINGS);
    this.db
      .prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
      .run(WARNINGS_KEY, JSON.stringify(remembered));
    const all = Object.values(this.platforms);
    const sum = (pick: (p: PlatformReview) => Sample<unknown>): number => all.reduce((n, p) => n + pick(p).total, 0);
    return {
      importedAt: new Date().toISOString(),
      fromDataVersion: this.fromDataVersion,
      toDataVersion,
      threshold: this.threshold,
      anomalies: this.anomalies,
      totals: {
        platformsChanged: all.length,
        gamesAdded: sum((p) => p.added),
        gamesRemoved: sum((p) => p.removed),
        renamed: sum((p) => p.renamed),
        merged: sum((p) => p.merged),
        kindChanged: sum((p) => p.kindChanged),
        metadataChanged: sum((p) => p.metadataChanged),
        releasesAdded: sum((p) => p.releasesAdded),
        releasesRemoved: sum((p) => p.releasesRemoved),
        romsAdded: sum((p) => p.romsAdded),
        romsRemoved: sum((p) => p.romsRemoved),
        skippedBlocks: sum((p) => p.skippedBlocks),
        newWarnings: newWarnings.total,
      },
      platforms: Object.fromEntries(Object.entries(this.platforms).sort(([a], [b]) => a.localeCompare(b))),
      newWarnings: newWarnings.done(),
    };
  }
}
