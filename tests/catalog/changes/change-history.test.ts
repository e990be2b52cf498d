import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { BuildManifest } from "../../../src/catalog/build/manifest.ts";
import { KEEP_BUILDS, type GameChange } from "../../../src/catalog/changes/change-types.ts";
import { changesSince } from "../../../src/catalog/changes/changes-feed.ts";
import { recordChangeLog } from "../../../src/catalog/changes/write-change-log.ts";
import { Problem } from "../../../src/core/problem.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

const base = "https://ludex.test";

/** Runs a sequence of builds through recordChangeLog, each with its changes and time; returns the last manifest. */
function builds(buildDir: string, steps: readonly { changes: GameChange[]; at: string }[]): BuildManifest[] {
  const manifests: BuildManifest[] = [];
  steps.forEach((step, i) => {
    const previous = manifests.at(-1);
    const catalogVersion = `v${String(i).padStart(15, "0")}`;
    const { history } = recordChangeLog({
      buildDir,
      previous,
      catalogVersion,
      builtAt: step.at,
      changes: step.changes,
      publicBaseUrl: base,
    });
    manifests.push({ catalogVersion, builtAt: step.at, changeHistory: history } as unknown as BuildManifest);
  });
  return manifests;
}

const game = (id: number, change: GameChange["change"], kinds?: GameChange["kinds"]): GameChange => ({
  id,
  system: "snes",
  title: `Game ${id}`,
  change,
  ...(kinds ? { kinds } : {}),
});
const merge = (id: number, into: number): GameChange => ({ id, system: "snes", title: `Game ${id}`, change: "merged", into });
const day = (n: number): string => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();

describe("change history", () => {
  it("folds several builds into one entry per game", () => {
    const dir = tempDir();
    const manifests = builds(dir, [
      { changes: [], at: day(0) },
      { changes: [game(1, "added"), game(2, "changed", ["roms"]), game(3, "removed"), game(4, "changed", ["title"])], at: day(1) },
      {
        changes: [game(1, "removed"), game(2, "changed", ["metadata"]), game(3, "added"), game(4, "removed"), game(5, "added")],
        at: day(2),
      },
      { changes: [game(5, "changed", ["releases"])], at: day(3) },
    ]);
    const last = manifests.at(-1) as BuildManifest;
    const page = changesSince(last, dir, base, { since: manifests[0]?.catalogVersion ?? "", limit: 100, offset: 0 }, Date.parse(day(4)));
    expect(page.changes.map((c) => [c.id, c.change, c.kinds])).toEqual([
      [2, "changed", ["roms", "metadata"]],
      [3, "changed", ["title", "system", "releases", "roms", "artwork", "metadata"]],
      [4, "removed", undefined],
      [5, "added", undefined],
    ]);
    expect(page.changes.find((c) => c.id === 5)?.updatedAt).toBe(day(3));
    const fromMiddle = changesSince(
      last,
      dir,
      base,
      { since: manifests[2]?.catalogVersion ?? "", limit: 100, offset: 0 },
      Date.parse(day(4)),
    );
    expect(fromMiddle.changes.map((c) => [c.id, c.change])).toEqual([[5, "changed"]]);
  });

  it("folds merges: the record to read is the last game joined, an id added and merged since is left out, a merge undone by a removal is a removal", () => {
    const dir = tempDir();
    const manifests = builds(dir, [
      { changes: [], at: day(0) },
      { changes: [merge(1, 2), game(2, "changed", ["releases"]), game(7, "added"), merge(8, 9)], at: day(1) },
      {
        changes: [merge(2, 3), game(3, "changed", ["releases"]), merge(7, 3), game(8, "removed"), game(5, "changed", ["roms"])],
        at: day(2),
      },
      { changes: [merge(5, 6)], at: day(3) },
    ]);
    const last = manifests.at(-1) as BuildManifest;
    const page = changesSince(last, dir, base, { since: manifests[0]?.catalogVersion ?? "", limit: 100, offset: 0 }, Date.parse(day(4)));
    expect(page.changes.map((c) => [c.id, c.change, c.into, c.url])).toEqual([
      [1, "merged", 3, `${base}/api/v1/games/?id=3`],
      [2, "merged", 3, `${base}/api/v1/games/?id=3`],
      [3, "changed", undefined, `${base}/api/v1/games/?id=3`],
      [5, "merged", 6, `${base}/api/v1/games/?id=6`],
      [8, "removed", undefined, null],
    ]);
    expect(page.counts).toEqual({ added: 0, removed: 1, changed: 1, merged: 3 });
    expect(last.changeHistory?.map((entry) => entry.merged)).toEqual([0, 2, 2, 1]);
    // From the middle, 1 joined 2 before `since`: only 2's merge (and the others) are news.
    const fromMiddle = changesSince(
      last,
      dir,
      base,
      { since: manifests[1]?.catalogVersion ?? "", limit: 100, offset: 0 },
      Date.parse(day(4)),
    );
    expect(fromMiddle.changes.map((c) => [c.id, c.change, c.into])).toEqual([
      [2, "merged", 3],
      [3, "changed", undefined],
      [5, "merged", 6],
      [7, "merged", 3],
      [8, "removed", undefined],
    ]);
  });

  it(`keeps at least the last ${KEEP_BUILDS} builds, or every build of the last 180 days, and deletes older logs`, () => {
    const dir = tempDir();
    // One build a week for 80 weeks: 180 days reach back about 26 builds, so the 50-build rule decides.
    const weekly = builds(
      dir,
      Array.from({ length: 80 }, (_, i) => ({ changes: [game(i + 1, "added")], at: day(i * 7) })),
    );
    const last = weekly.at(-1) as BuildManifest;
    const history = last.changeHistory ?? [];
    expect(history).toHaveLength(KEEP_BUILDS + 1);
    expect(history[0]?.file).toBeNull();
    expect(readdirSync(path.join(dir, "changes"))).toHaveLength(KEEP_BUILDS + 1);
    const oldest = history[0]?.catalogVersion ?? "";
    expect(changesSince(last, dir, base, { since: oldest, limit: 1000, offset: 0 }, Date.parse(day(600))).total).toBe(KEEP_BUILDS);
    expect(() => changesSince(last, dir, base, { since: weekly[10]?.catalogVersion ?? "", limit: 10, offset: 0 })).toThrow(Problem);

    // Builds every hour: the last 180 days hold far more than 50 builds, and all are kept.
    const hourly = builds(
      tempDir(),
      Array.from({ length: 120 }, (_, i) => ({
        changes: [game(i + 1, "added")],
        at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
      })),
    );
    expect(hourly.at(-1)?.changeHistory).toHaveLength(120);
  });

  it("adds nothing for a build that changed nothing served", () => {
    const dir = tempDir();
    const [first] = builds(dir, [{ changes: [], at: day(0) }]);
    const again = recordChangeLog({
      buildDir: dir,
      previous: first,
      catalogVersion: first?.catalogVersion ?? "",
      builtAt: day(1),
      changes: [],
      publicBaseUrl: base,
    });
    expect(again.history).toEqual(first?.changeHistory);
    expect(JSON.parse(String(again.document.body))).toMatchObject({ builtAt: day(0) });
    expect(existsSync(path.join(dir, "changes"))).toBe(false);
  });
});
