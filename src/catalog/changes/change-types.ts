/**
 * What about a game changed between two builds: its clean title, its platform (a game that moved,
 * keeping its id), its releases (names, tags), their roms (hashes, sizes), its artwork links, or
 * the rest of the record (metadata, attribution).
 */
export const changeKinds = ["title", "system", "releases", "roms", "artwork", "metadata"] as const;
export type ChangeKind = (typeof changeKinds)[number];

/** `merged`: the id is no longer a record of its own but answers as the game it joined (`into`). */
export const changeTypes = ["added", "removed", "changed", "merged"] as const;
export type ChangeType = (typeof changeTypes)[number];

/** One game's change in one build's log (`changes/<catalogVersion>.json`). */
export interface GameChange {
  readonly id: number;
  readonly system: string;
  readonly title: string;
  readonly change: ChangeType;
  /** For `changed` only: which parts of the record changed. */
  readonly kinds?: readonly ChangeKind[];
  /** For `merged` only: the id of the game it joined. */
  readonly into?: number;
  /** For `added` only: the record it was split off (a wrongly merged record taken apart), which keeps its id. */
  readonly splitFrom?: number;
}

/** One build's log against its predecessor; written once, never rewritten. */
export interface ChangeLogFile {
  readonly from: string;
  readonly to: string;
  readonly builtAt: string;
  /** The review of the import this build published, relative to the build folder (as in {@link ChangeHistoryEntry.review}). */
  readonly review?: string;
  readonly changes: readonly GameChange[];
}

/**
 * One build in the kept history (in the manifest, oldest first). The oldest entry is the base:
 * it has no log of its own, and a client at that version can still follow every later log.
 */
export interface ChangeHistoryEntry {
  readonly catalogVersion: string;
  readonly builtAt: string;
  /** `changes/<catalogVersion>.json`, relative to the build folder; null for the base. */
  readonly file: string | null;
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
  /** Absent in the history of builds before merges were logged. */
  readonly merged?: number;
  /** `reviews/<catalogVersion>.json`: the review of the import this build published (src/catalog/import/import-review.ts); absent when none. */
  readonly review?: string;
}

/** How much history a build keeps: at least this many builds, and every build of this many days. */
export const KEEP_BUILDS = 50;
export const KEEP_DAYS = 180;
