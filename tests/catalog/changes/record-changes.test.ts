import { describe, expect, it } from "vitest";
import { changeKindsOf, combineChanges, type PlatformChange, type StoredRecord } from "../../../src/catalog/changes/record-changes.ts";
import { attribution } from "../../../src/catalog/record/attribution.ts";
import type { GameRecord, ReleaseRecord } from "../../../src/catalog/record/game-record.ts";

/**
 * changeKindsOf names what changed in a record between two builds, which the change feed passes
 * on as `kinds`: each kind alone, several at once, none for an identical record or one whose only
 * difference is `updatedAt` (the stamp of the build, not content).
 */

const release = (over: Partial<ReleaseRecord> = {}): ReleaseRecord => ({
  name: "Legend of Starfall, The (USA)",
  regions: ["USA"],
  languages: ["en"],
  status: "release",
  flags: [],
  source: "no-intro",
  roms: [{ name: "Legend of Starfall, The (USA).sfc", size: 1_048_576, crc: "0badf00d", sha1: "a".repeat(40) }],
  ...over,
});

const record = (over: Partial<GameRecord> = {}): GameRecord => ({
  id: 7,
  title: "The Legend of Starfall",
  system: "snes",
  systemName: "Super Nintendo Entertainment System",
  kind: "game",
  developer: "Lumen Works",
  genres: ["Action RPG"],
  releaseYear: 1994,
  releases: [release()],
  attribution,
  updatedAt: "2026-01-01T00:00:00Z",
  ...over,
});

describe("changeKindsOf", () => {
  it("finds nothing in an identical record, nor in one whose only difference is updatedAt", () => {
    expect(changeKindsOf(record(), record())).toEqual([]);
    expect(changeKindsOf(record(), record({ updatedAt: "2026-02-01T00:00:00Z" }))).toEqual([]);
  });

  it("names a new clean title as title only", () => {
    expect(changeKindsOf(record(), record({ title: "Legend of Starfall" }))).toEqual(["title"]);
  });

  it("names a release's new name, tags, flags or serial as releases, not roms", () => {
    for (const changed of [
      release({ name: "Legend of Starfall, The (USA) (Rev 1)" }),
      release({ regions: ["USA", "Canada"] }),
      release({ flags: ["Virtual Console"] }),
      release({ serial: "SNS-LS-USA" }),
    ])
      expect(changeKindsOf(record(), record({ releases: [changed] })), JSON.stringify(changed)).toEqual(["releases"]);
    // A release added with its files changes both: the releases and the rom list.
    const added = release({ name: "Starfall (Japan)", roms: [{ name: "Starfall (Japan).sfc", size: 1_048_576, crc: "1dec0ded" }] });
    expect(changeKindsOf(record(), record({ releases: [release(), added] }))).toEqual(["releases", "roms"]);
  });

  it("names a changed hash, size or file list as roms, not releases", () => {
    const rom = release().roms[0];
    if (!rom) throw new Error("fixture release has no rom");
    for (const roms of [[{ ...rom, crc: "1dec0ded" }], [{ ...rom, size: 2_097_152 }], [rom, { name: "Track 02.bin", size: 10 }], []])
      expect(changeKindsOf(record(), record({ releases: [release({ roms })] })), JSON.stringify(roms)).toEqual(["roms"]);
  });

  it("names developer, publisher, genres, year and attribution changes as metadata, added or removed", () => {
    expect(changeKindsOf(record(), record({ publisher: "Comet Soft" }))).toEqual(["metadata"]);
    expect(changeKindsOf(record(), record({ developer: "Lumen" }))).toEqual(["metadata"]);
    expect(changeKindsOf(record(), record({ genres: ["RPG"] }))).toEqual(["metadata"]);
    expect(changeKindsOf(record(), record({ releaseYear: 1995 }))).toEqual(["metadata"]);
    const { developer: _developer, ...withoutDeveloper } = record();
    expect(changeKindsOf(record(), withoutDeveloper)).toEqual(["metadata"]);
    expect(changeKindsOf(record(), record({ attribution: { ...attribution, license: "CC BY-SA 5.0" } }))).toEqual(["metadata"]);
    const art = { verified: false, boxart: { url: "https://t.example/X/Named_Boxarts/A.png", candidates: [] } };
    expect(changeKindsOf(record({ artwork: art }), record({ artwork: { ...art, verified: true } }))).toEqual(["artwork"]);
    expect(changeKindsOf(record(), record({ artwork: art }))).toEqual(["artwork"]);
  });

  it("names a move to another platform as system, not metadata (systemName goes with it)", () => {
    expect(changeKindsOf(record(), record({ system: "arcade", systemName: "Arcade" }))).toEqual(["system"]);
    expect(changeKindsOf(record(), record({ system: "arcade", systemName: "Arcade", title: "Starfall" }))).toEqual(["title", "system"]);
  });

  it("lists several kinds at once, in the feed's order (title, releases, roms, metadata)", () => {
    const rom = release().roms[0];
    if (!rom) throw new Error("fixture release has no rom");
    const after = record({
      title: "Starfall",
      releases: [release({ name: "Starfall (USA)", roms: [{ ...rom, crc: "1dec0ded" }] })],
      franchise: "Starfall",
    });
    expect(changeKindsOf(record(), after)).toEqual(["title", "releases", "roms", "metadata"]);
    expect(changeKindsOf(after, record())).toEqual(["title", "releases", "roms", "metadata"]);
  });
});

/**
 * combineChanges puts the rebuilt and removed platforms' changes together: a game removed from one
 * platform and added to another under the same id moved, a removed record that merged into
 * another game is `merged`, and the merged ids of the previous build are followed.
 */
describe("combineChanges", () => {
  /** Records "stored" by name: the shard names them, as a build's shard files would hold them. */
  const stored = new Map<string, GameRecord>();
  const read = (s: StoredRecord | undefined): GameRecord | undefined => (s ? stored.get(s.shard) : undefined);
  const change = (id: number, kind: PlatformChange["change"], system: string, rec?: GameRecord): PlatformChange => {
    const shard = `${system}/${id}`;
    if (rec) stored.set(shard, rec);
    return { id, system, title: rec?.title ?? `Game ${id}`, change: kind, ...(rec ? { stored: { shard, offset: 0, length: 0 } } : {}) };
  };

  it("makes a removal and an addition of one id on two platforms one change, with system among its kinds", () => {
    const before = record({ id: 7, system: "mame-2003", systemName: "MAME 2003" });
    const after = record({ id: 7, system: "arcade", systemName: "Arcade", developer: "Lumen" });
    const out = combineChanges({
      changes: [change(7, "added", "arcade", after), change(8, "added", "arcade"), change(7, "removed", "mame-2003", before)],
      merged: [],
      previousMerged: [],
      isRecord: () => true,
      read,
    });
    expect(out).toEqual([
      { id: 7, system: "arcade", title: "The Legend of Starfall", change: "changed", kinds: ["system", "metadata"] },
      { id: 8, system: "arcade", title: "Game 8", change: "added" },
    ]);
    // An old record that cannot be read back: every kind.
    const unread = combineChanges({
      changes: [change(7, "added", "arcade", after), change(7, "removed", "mame-2003")],
      merged: [],
      previousMerged: [],
      isRecord: () => true,
      read,
    });
    expect(unread[0]?.kinds).toEqual(["title", "system", "releases", "roms", "artwork", "metadata"]);
  });

  it("logs a removed record that joined another game as merged, and a merged id whose game is gone as removed", () => {
    const out = combineChanges({
      changes: [change(3, "removed", "snes"), change(4, "removed", "snes"), change(2, "changed", "snes")],
      merged: [
        { id: 3, into: 2, system: "snes", title: "Game 3" },
        { id: 1, into: 5, system: "snes", title: "Game 1" },
        { id: 9, into: 2, system: "snes", title: "Game 9" },
      ],
      previousMerged: [
        { id: 1, into: 3, system: "snes", title: "Game 1" },
        { id: 6, into: 4, system: "snes", title: "Game 6" },
        { id: 9, into: 2, system: "snes", title: "Game 9" },
      ],
      isRecord: (id) => id === 2 || id === 5,
      read,
    });
    expect(out).toEqual([
      { id: 3, system: "snes", title: "Game 3", change: "merged", into: 2 },
      { id: 4, system: "snes", title: "Game 4", change: "removed" },
      { id: 2, system: "snes", title: "Game 2", change: "changed" },
      // Its game joined another: it answers as that one now.
      { id: 1, system: "snes", title: "Game 1", change: "merged", into: 5 },
      // The game it joined was removed: it answers nothing now.
      { id: 6, system: "snes", title: "Game 6", change: "removed" },
    ]);
  });
});
