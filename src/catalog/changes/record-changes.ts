import { readFileSync } from "node:fs";
import path from "node:path";
import type { ShardIndex } from "../build/manifest.ts";
import type { GameRecord } from "../record/game-record.ts";
import type { ChangeKind, GameChange } from "./change-types.ts";

/** Members of a record that are not metadata: compared on their own, or not at all (`updatedAt`). */
const structural = new Set(["id", "title", "system", "systemName", "releases", "updatedAt"]);

function metadataOf(record: Record<string, unknown>): string {
  return JSON.stringify(Object.entries(record).filter(([key]) => !structural.has(key)));
}

/** Which parts of a game record differ between two versions of it. */
export function changeKindsOf(before: GameRecord, after: GameRecord): ChangeKind[] {
  const kinds: ChangeKind[] = [];
  if (before.title !== after.title) kinds.push("title");
  const releases = (r: GameRecord): string => JSON.stringify(r.releases.map(({ roms: _roms, ...release }) => release));
  if (releases(before) !== releases(after)) kinds.push("releases");
  const roms = (r: GameRecord): string => JSON.stringify(r.releases.map((release) => release.roms));
  if (roms(before) !== roms(after)) kinds.push("roms");
  if (metadataOf(before as unknown as Record<string, unknown>) !== metadataOf(after as unknown as Record<string, unknown>))
    kinds.push("metadata");
  return kinds;
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
}

/**
 * The change log entries of one rebuilt platform against its previous build: games added,
 * removed, and changed with the kinds of change (the old record read back from the old shard,
 * which the garbage collection keeps until the new manifest is written).
 */
export function platformChanges(input: PlatformChangesInput): GameChange[] {
  const { previousIndex: old, system } = input;
  const out: GameChange[] = [];
  const oldSlot = new Map<number, number>();
  old?.ids.forEach((id, i) => {
    oldSlot.set(id, i);
  });
  let shard: Buffer | undefined;
  const oldRecord = (slot: number): GameRecord | undefined => {
    if (!input.previousShard || !old) return undefined;
    try {
      shard ??= readFileSync(path.join(input.buildDir, input.previousShard));
      const offset = old.offsets[slot] ?? 0;
      return JSON.parse(shard.subarray(offset, offset + (old.lengths[slot] ?? 0)).toString("utf8")) as GameRecord;
    } catch {
      return undefined;
    }
  };
  const kept = new Set<number>();
  for (const record of input.records) {
    kept.add(record.id);
    const slot = oldSlot.get(record.id);
    if (slot === undefined) {
      out.push({ id: record.id, system, title: record.title, change: "added" });
    } else if (input.contentChanged(record.id)) {
      const before = oldRecord(slot);
      const kinds = before ? changeKindsOf(before, record) : (["title", "releases", "roms", "metadata"] as ChangeKind[]);
      if (kinds.length > 0) out.push({ id: record.id, system, title: record.title, change: "changed", kinds });
    }
  }
  old?.ids.forEach((id, i) => {
    if (!kept.has(id)) out.push({ id, system, title: old.summaries[i]?.title ?? "", change: "removed" });
  });
  return out;
}

/** Every game of a platform that is gone from the build, as removals. */
export function removedPlatformChanges(system: string, index: ShardIndex | undefined): GameChange[] {
  return (index?.ids ?? []).map((id, i) => ({ id, system, title: index?.summaries[i]?.title ?? "", change: "removed" as const }));
}
