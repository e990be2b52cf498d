import { readFileSync } from "node:fs";
import path from "node:path";
import type { ShardIndex } from "../build/manifest.ts";
import type { GameRecord } from "../record/game-record.ts";
import { changeKinds, type ChangeKind, type GameChange } from "./change-types.ts";

/** Members of a record that are not metadata: compared on their own, or not at all (`updatedAt`). */
const structural = new Set(["id", "title", "system", "systemName", "releases", "artwork", "updatedAt"]);

function metadataOf(record: Record<string, unknown>): string {
  return JSON.stringify(Object.entries(record).filter(([key]) => !structural.has(key)));
}

/** Which parts of a game record differ between two versions of it. */
export function changeKindsOf(before: GameRecord, after: GameRecord): ChangeKind[] {
  const kinds: ChangeKind[] = [];
  if (before.title !== after.title) kinds.push("title");
  if (before.system !== after.system) kinds.push("system");
  const releases = (r: GameRecord): string => JSON.stringify(r.releases.map(({ roms: _roms, ...release }) => release));
  if (releases(before) !== releases(after)) kinds.push("releases");
  const roms = (r: GameRecord): string => JSON.stringify(r.releases.map((release) => release.roms));
  if (roms(before) !== roms(after)) kinds.push("roms");
  if (JSON.stringify(before.artwork) !== JSON.stringify(after.artwork)) kinds.push("artwork");
  if (metadataOf(before as unknown as Record<string, unknown>) !== metadataOf(after as unknown as Record<string, unknown>))
    kinds.push("metadata");
  return kinds;
}

/** Where a record's JSON is in a shard file of the build folder. */
export interface StoredRecord {
  readonly shard: string;
  readonly offset: number;
  readonly length: number;
}

/**
 * One platform's change before the platforms are put together ({@link combineChanges}): an
 * addition on one platform and a removal on another may be one game that moved. Plain data, so
 * that a platform built on a worker thread hands its changes over as they are.
 */
export interface PlatformChange extends GameChange {
  /** For `added`, the new record in the new shard; for `removed`, the old one in the previous shard. */
  readonly stored?: StoredRecord;
}

/** Where the record in `slot` of a shard's index is in the shard. */
function storedAt(
  shard: string,
  index: { readonly offsets: readonly number[]; readonly lengths: readonly number[] },
  slot: number,
): StoredRecord {
  return { shard, offset: index.offsets[slot] ?? 0, length: index.lengths[slot] ?? 0 };
}

/** Reads records back from the shards of a build folder (each shard read once, on first use). */
export function storedRecordReader(buildDir: string): (stored: StoredRecord | undefined) => GameRecord | undefined {
  const shards = new Map<string, Buffer>();
  return (stored) => {
    if (!stored) return undefined;
    try {
      let shard = shards.get(stored.shard);
      if (!shard) {
        shard = readFileSync(path.join(buildDir, stored.shard));
        shards.set(stored.shard, shard);
      }
      return JSON.parse(shard.subarray(stored.offset, stored.offset + stored.length).toString("utf8")) as GameRecord;
    } catch {
      return undefined;
    }
  };
}

export interface PlatformChangesInput {
  readonly buildDir: string;
  readonly system: string;
  /** The previous build's shard and index of this platform (absent for a new platform). */
  readonly previousShard: string | undefined;
  readonly previousIndex: ShardIndex | undefined;
  /** The new records, and for each id whether its content changed since the previous build. */
  readonly records: readonly GameRecord[];
  readonly contentChanged: (id: number) => boolean;
  /** The new shard, and where each of `records` (in the same order) is in it. */
  readonly shard: string;
  readonly offsets: readonly number[];
  readonly lengths: readonly number[];
}

/**
 * The change log entries of one rebuilt platform against its previous build (a new platform has
 * none: every game is added): games added, removed, and changed with the kinds of change (the old
 * record read back from the old shard, which the garbage collection keeps until the new manifest
 * is written).
 */
export function platformChanges(input: PlatformChangesInput): PlatformChange[] {
  const { previousIndex: old, system } = input;
  const out: PlatformChange[] = [];
  const oldSlot = new Map<number, number>();
  old?.ids.forEach((id, i) => {
    oldSlot.set(id, i);
  });
  const read = storedRecordReader(input.buildDir);
  const oldStored = (slot: number): StoredRecord | undefined =>
    input.previousShard && old ? storedAt(input.previousShard, old, slot) : undefined;
  const kept = new Set<number>();
  input.records.forEach((record, i) => {
    kept.add(record.id);
    const slot = oldSlot.get(record.id);
    if (slot === undefined) {
      out.push({ id: record.id, system, title: record.title, change: "added", stored: storedAt(input.shard, input, i) });
    } else if (input.contentChanged(record.id)) {
      const before = read(oldStored(slot));
      const kinds = before ? changeKindsOf(before, record) : changeKinds.filter((k) => k !== "system");
      if (kinds.length > 0) out.push({ id: record.id, system, title: record.title, change: "changed", kinds });
    }
  });
  old?.ids.forEach((id, i) => {
    if (kept.has(id)) return;
    const stored = oldStored(i);
    out.push({ id, system, title: old.summaries[i]?.title ?? "", change: "removed", ...(stored ? { stored } : {}) });
  });
  return out;
}

/** Every game of a platform that is gone from the build, as removals. */
export function removedPlatformChanges(system: string, previousShard: string | undefined, index: ShardIndex | undefined): PlatformChange[] {
  return (index?.ids ?? []).map((id, i) => ({
    id,
    system,
    title: index?.summaries[i]?.title ?? "",
    change: "removed" as const,
    ...(previousShard && index ? { stored: storedAt(previousShard, index, i) } : {}),
  }));
}

/** A merged id as the build lists it (src/catalog/build/merged-ids.ts): the id, the game it joined, and what it was. */
export interface MergedIdEntry {
  readonly id: number;
  readonly into: number;
  /** The platform it was on (an arcade collection's slug for a game that moved to arcade). */
  readonly system: string;
  readonly title: string;
}

export interface CombineInput {
  /** Every rebuilt or removed platform's changes ({@link platformChanges}, {@link removedPlatformChanges}). */
  readonly changes: readonly PlatformChange[];
  /** The merged ids of this build and of the previous one. */
  readonly merged: readonly MergedIdEntry[];
  readonly previousMerged: readonly MergedIdEntry[];
  /** Whether an id is a record of this build. */
  readonly isRecord: (id: number) => boolean;
  /** Reads a change's stored record ({@link storedRecordReader}). */
  readonly read: (stored: StoredRecord | undefined) => GameRecord | undefined;
  /** New records split off a record that kept its id: id → that record's id (src/catalog/build/split-ids.ts). */
  readonly splits?: ReadonlyMap<number, number>;
}

/**
 * One build's change log from its platforms' changes. A game that left one platform and is on
 * another (same id: an arcade collection's game now on `arcade`) is `changed`, with `system`
 * among its kinds, never removed and added. A record that is gone because it joined another game
 * is `merged` with the id it joined, and so is an earlier merged id whose game joined a third one;
 * an earlier merged id that no longer answers (the game it joined was removed) is `removed`. A
 * new record split off one that kept its id is `added` with the id it came from.
 */
export function combineChanges(input: CombineInput): GameChange[] {
  const added = new Map<number, PlatformChange>();
  for (const c of input.changes) if (c.change === "added") added.set(c.id, c);
  const merged = new Map(input.merged.map((m) => [m.id, m]));
  const out: GameChange[] = [];
  const logged = new Set<number>();
  for (const c of input.changes) {
    if (c.change === "removed") {
      const now = added.get(c.id);
      if (now) {
        const before = input.read(c.stored);
        const after = input.read(now.stored);
        // Two platforms' records always differ in `system`; an unreadable one counts as changed in every way.
        const kinds = before && after ? changeKindsOf(before, after) : [...changeKinds];
        out.push({ id: c.id, system: now.system, title: now.title, change: "changed", kinds });
        added.delete(c.id);
      } else {
        const into = merged.get(c.id)?.into;
        out.push(into === undefined ? strip(c) : { id: c.id, system: c.system, title: c.title, change: "merged", into });
      }
      logged.add(c.id);
    } else if (c.change === "changed") {
      out.push(strip(c));
      logged.add(c.id);
    }
  }
  for (const c of added.values()) {
    const from = input.splits?.get(c.id);
    out.push(from === undefined ? strip(c) : { ...strip(c), splitFrom: from });
    logged.add(c.id);
  }
  const before = new Map(input.previousMerged.map((m) => [m.id, m]));
  for (const m of input.merged) {
    const was = before.get(m.id);
    if (!logged.has(m.id) && was !== undefined && was.into !== m.into)
      out.push({ id: m.id, system: m.system, title: m.title, change: "merged", into: m.into });
  }
  for (const m of input.previousMerged) {
    if (!merged.has(m.id) && !logged.has(m.id) && !input.isRecord(m.id))
      out.push({ id: m.id, system: m.system, title: m.title, change: "removed" });
  }
  return out;
}

function strip(c: PlatformChange): GameChange {
  const { stored: _stored, ...change } = c;
  return change;
}
