import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { AssembledPlatform, PlatformFiles } from "../../../src/catalog/import/assemble-platform.ts";
import { assemblePlatforms } from "../../../src/catalog/import/assemble-pool.ts";
import { findSources } from "../../../src/catalog/import/find-sources.ts";
import { importCatalog, type ImportSummary } from "../../../src/catalog/import/import-catalog.ts";
import { loadPlatformRegistry } from "../../../src/catalog/platforms/platform-registry.ts";
import { Problem } from "../../../src/core/problem.ts";
import { platformsFile, sampleSource } from "../../helpers/paths.ts";
import { copyOf, tempDir } from "../../helpers/temp-dir.ts";

/** Every row of the tables an import writes, in stored order. */
function tables(dbFile: string): Record<string, unknown[]> {
  const db = new Database(dbFile, { readonly: true });
  try {
    const out: Record<string, unknown[]> = {};
    for (const table of ["platforms", "source_files", "games", "releases", "roms", "game_merges"])
      out[table] = db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).raw().all();
    return out;
  } finally {
    db.close();
  }
}

/** Systems of data/platforms.json, one DAT each. */
const systems = [
  "Nintendo - Game Boy",
  "Nintendo - Game Boy Color",
  "Nintendo - Virtual Boy",
  "Sega - Master System - Mark III",
  "Sega - Game Gear",
  "Atari - 2600",
];

/**
 * A folder of `platforms` No-Intro-style DATs of `games` games each, large enough that the main
 * thread is still busy when the worker thread has started.
 */
function syntheticSource(platforms: number, games: number): string {
  const dir = path.join(tempDir(), "no-intro");
  mkdirSync(dir, { recursive: true });
  for (const [p, system] of systems.slice(0, platforms).entries()) {
    const blocks: string[] = [`clrmamepro (\n\tname "${system}"\n)\n`];
    for (let g = 0; g < games; g++) {
      const n = p * 1_000_000 + g;
      const crc = n.toString(16).padStart(8, "0");
      const name = `Synthetic Title ${g} (${g % 3 === 0 ? "Japan" : "USA"})${g % 7 === 0 ? " (Rev 1)" : ""}`;
      blocks.push(
        `game (\n\tname "${name}"\n\trom ( name "${name}.bin" size ${1024 + g} crc ${crc} md5 ${crc.repeat(4)} sha1 ${crc.repeat(5)} )\n)\n`,
      );
    }
    writeFileSync(path.join(dir, `${system}.dat`), blocks.join(""));
  }
  return dir;
}

const importWith = (sources: string[], dbFile: string, workerMinBytes: number): ImportSummary =>
  importCatalog({ sources, dbFile, platformsFile, workerMinBytes });

describe("the import on two threads", () => {
  it("writes the same database when a worker thread parses and groups its share of the platforms", () => {
    const alone = path.join(tempDir(), "alone.db");
    const shared = path.join(tempDir(), "shared.db");
    const sources = [sampleSource, syntheticSource(6, 4000)];
    const one = importWith(sources, alone, Number.POSITIVE_INFINITY);
    const two = importWith(sources, shared, 0);
    expect(two.games).toBe(one.games);
    expect(two.changedPlatforms).toEqual(one.changedPlatforms);
    expect(two.warnings).toEqual(one.warnings);
    expect(two.sourceStats).toEqual(one.sourceStats);
    const rows = tables(shared);
    expect(rows.games?.length).toBe(one.games);
    expect(rows).toEqual(tables(alone));
  });

  it("hands every platform to the writer once, in the order of the jobs, with the worker assembling its share", () => {
    const source = syntheticSource(6, 6000);
    const registry = loadPlatformRegistry(platformsFile);
    const jobs: PlatformFiles[] = findSources([source], []).map((file) => ({
      platform: registry.lookup(file.systemName) ?? registry.forSystem(file.systemName),
      files: [{ source: file, sha256: "" }],
    }));
    expect(jobs).toHaveLength(6);
    const written: number[] = [];
    const works: number[] = [];
    // A slow writer, as the database is: the worker has started long before this thread could assemble everything.
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const byWorker = assemblePlatforms(
      jobs,
      0,
      (index: number, result: AssembledPlatform) => {
        written.push(index);
        works.push(result.rows.titleKey.length);
        Atomics.wait(pause, 0, 0, 400);
      },
      0,
    );
    expect(written).toEqual([0, 1, 2, 3, 4, 5]);
    expect(works).toEqual([6000, 6000, 6000, 6000, 6000, 6000]);
    expect(byWorker).toBeGreaterThan(0);
    expect(byWorker).toBeLessThan(6);
  });

  it("fails with the same problem when the worker meets a file that is not a DAT, and leaves no database behind", () => {
    const source = copyOf(sampleSource);
    writeFileSync(path.join(source, "metadat/no-intro/Nintendo - Super Nintendo Entertainment System.dat"), "not a DAT\n");
    const problems = [Number.POSITIVE_INFINITY, 0].map((workerMinBytes) => {
      const dbFile = path.join(tempDir(), "catalog.db");
      let thrown: unknown;
      try {
        importWith([source], dbFile, workerMinBytes);
      } catch (error) {
        thrown = error;
      }
      expect(existsSync(dbFile)).toBe(false);
      expect(thrown).toBeInstanceOf(Problem);
      return { type: (thrown as Problem).type, detail: (thrown as Problem).detail, line: (thrown as Problem).extensions.line };
    });
    expect(problems[0]?.type).toBe("dat-syntax");
    expect(problems[1]).toEqual(problems[0]);
  });
});
