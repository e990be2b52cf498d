import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { findSources } from "../../../src/catalog/import/find-sources.ts";
import { importCatalog, type ImportSummary } from "../../../src/catalog/import/import-catalog.ts";
import { Problem } from "../../../src/core/problem.ts";
import { platformsFile, sampleSource } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

const nesDat = path.join(sampleSource, "dat", "Nintendo - Nintendo Entertainment System.dat");
const snesDat = path.join(sampleSource, "metadat", "no-intro", "Nintendo - Super Nintendo Entertainment System.dat");

function run(sources: string[], dbFile: string): ImportSummary {
  return importCatalog({ sources, dbFile, platformsFile });
}

/** Every catalog record, in stored order; source files by their path below `root`. */
function catalogRecords(dbFile: string, root: string): Record<string, unknown[]> {
  const db = new Database(dbFile, { readonly: true });
  try {
    const all = (sql: string): unknown[] => db.prepare(sql).all();
    return {
      platforms: all("SELECT * FROM platforms ORDER BY slug"),
      games: all("SELECT * FROM games ORDER BY id"),
      releases: all("SELECT * FROM releases ORDER BY id"),
      roms: all("SELECT * FROM roms ORDER BY rowid"),
      sourceFiles: db
        .prepare<[], { path: string; platform: string; role: string; sha256: string; entries: number }>(
          "SELECT * FROM source_files ORDER BY path",
        )
        .all()
        .map((row) => ({ ...row, path: path.relative(root, row.path) })),
    };
  } finally {
    db.close();
  }
}

/** The counts of a summary, without the parts that differ from run to run. */
function counts(summary: ImportSummary): Record<string, unknown> {
  const { platforms, games, kinds, releases, roms, added, removed, changedPlatforms, sourceStats } = summary;
  return { platforms, games, kinds, releases, roms, added, removed, changedPlatforms, sourceStats };
}

describe("findSources through symbolic links", () => {
  it("imports a `cp -as` staging of the sample exactly as the sample itself", () => {
    const dir = tempDir();
    const staged = path.join(dir, "sample");
    execFileSync("cp", ["-as", sampleSource, staged]);
    const realDb = path.join(dir, "real.db");
    const stagedDb = path.join(dir, "staged.db");

    const real = run([sampleSource], realDb);
    const viaLinks = run([staged], stagedDb);

    expect(viaLinks.warnings).toEqual([]);
    expect(counts(viaLinks)).toEqual(counts(real));
    expect(viaLinks.games).toBe(43);
    expect(catalogRecords(stagedDb, staged)).toEqual(catalogRecords(realDb, sampleSource));
    // Same files, same content: importing the staged tree over the real one changes nothing.
    expect(run([staged], realDb).changed).toBe(false);
  });

  it("follows a link given as the source and links to folders and files at any depth", () => {
    const dir = tempDir();
    const tree = path.join(dir, "tree");
    mkdirSync(path.join(tree, "deep", "er"), { recursive: true });
    symlinkSync(path.join(sampleSource, "metadat", "no-intro"), path.join(tree, "deep", "er", "no-intro"));
    symlinkSync(nesDat, path.join(tree, "deep", "nes.dat"));
    symlinkSync(tree, path.join(dir, "link-to-tree"));

    const warnings: string[] = [];
    const labels = findSources([path.join(dir, "link-to-tree")], warnings).map((file) => path.relative(dir, file.label));
    expect(warnings).toEqual([]);
    expect(labels).toEqual([
      "link-to-tree/deep/er/no-intro/Nintendo - Game Boy Advance.dat",
      "link-to-tree/deep/er/no-intro/Nintendo - Game Boy.xml",
      "link-to-tree/deep/er/no-intro/Nintendo - Nintendo Entertainment System.dat",
      "link-to-tree/deep/er/no-intro/Nintendo - Super Nintendo Entertainment System.dat",
      "link-to-tree/deep/er/no-intro/Sega - Mega Drive - Genesis.dat",
      "link-to-tree/deep/nes.dat",
    ]);
  });

  it("reports a folder link back to an ancestor once, does not follow it, and imports the rest", () => {
    const dir = tempDir();
    const tree = path.join(dir, "tree");
    mkdirSync(path.join(tree, "sub"), { recursive: true });
    symlinkSync(snesDat, path.join(tree, "sub", "snes.dat"));
    symlinkSync("..", path.join(tree, "sub", "up"));

    const summary = run([tree], path.join(dir, "catalog.db"));
    expect(summary.warnings).toEqual([`${tree}/sub/up: link loop (leads back to ${tree}, a folder it is inside); not followed`]);
    expect(summary.changedPlatforms).toEqual(["snes"]);
  });

  it("reports each of two links that lead to each other and imports the rest", () => {
    const dir = tempDir();
    const tree = path.join(dir, "tree");
    mkdirSync(tree);
    symlinkSync("b", path.join(tree, "a"));
    symlinkSync("a", path.join(tree, "b"));
    symlinkSync(nesDat, path.join(tree, "nes.dat"));

    const summary = run([tree], path.join(dir, "catalog.db"));
    const loop = "link loop (the links lead to each other, never to a file or folder); not followed";
    expect(summary.warnings).toEqual([`${tree}/a: ${loop}`, `${tree}/b: ${loop}`]);
    expect(summary.changedPlatforms).toEqual(["nes"]);
  });

  it("names a broken link and skips it", () => {
    const dir = tempDir();
    const tree = path.join(dir, "tree");
    mkdirSync(tree);
    symlinkSync("gone.dat", path.join(tree, "broken.dat"));
    symlinkSync(nesDat, path.join(tree, "nes.dat"));

    const summary = run([tree], path.join(dir, "catalog.db"));
    expect(summary.warnings).toEqual([`${tree}/broken.dat: broken link to gone.dat (nothing there); skipped`]);
    expect(summary.changedPlatforms).toEqual(["nes"]);
  });

  it("names a broken link or a link loop given as the source", () => {
    const dir = tempDir();
    symlinkSync(path.join(dir, "gone"), path.join(dir, "broken"));
    symlinkSync("loop-b", path.join(dir, "loop-a"));
    symlinkSync("loop-a", path.join(dir, "loop-b"));
    const problemOf = (source: string): unknown => {
      try {
        findSources([source]);
      } catch (error) {
        return error;
      }
      return undefined;
    };

    const broken = problemOf(path.join(dir, "broken"));
    expect(broken).toBeInstanceOf(Problem);
    expect(broken).toMatchObject({ type: "source-not-found", detail: `${dir}/broken: broken link to ${dir}/gone (nothing there)` });
    expect(problemOf(path.join(dir, "loop-a"))).toMatchObject({
      type: "source-not-found",
      detail: `${dir}/loop-a: link loop (the links lead to each other, never to a file or folder)`,
    });
  });

  it("reads a folder reached through two links once", () => {
    const dir = tempDir();
    const tree = path.join(dir, "tree");
    const shared = path.join(dir, "shared");
    mkdirSync(tree);
    cpSync(path.join(sampleSource, "metadat", "no-intro"), shared, { recursive: true });
    symlinkSync(shared, path.join(tree, "first"));
    symlinkSync(shared, path.join(tree, "second"));
    symlinkSync(path.join(shared, "Nintendo - Game Boy.xml"), path.join(tree, "third.xml"));

    const warnings: string[] = [];
    const files = findSources([tree], warnings);
    expect(warnings).toEqual([]);
    expect(files).toHaveLength(5);
    expect(files.every((file) => file.label.startsWith(`${tree}/first/`))).toBe(true);

    const once = run([shared], path.join(dir, "once.db"));
    const twice = run([tree], path.join(dir, "twice.db"));
    expect(counts(twice)).toEqual(counts(once));
  });

  it("follows links to the collection folders and DAT files of a libretro-database checkout", () => {
    const dir = tempDir();
    const checkout = path.join(dir, "checkout");
    mkdirSync(path.join(checkout, "dat"), { recursive: true });
    mkdirSync(path.join(checkout, "metadat"));
    symlinkSync(nesDat, path.join(checkout, "dat", path.basename(nesDat)));
    symlinkSync(path.join(sampleSource, "metadat", "redump"), path.join(checkout, "metadat", "redump"));
    symlinkSync(path.join(dir, "gone"), path.join(checkout, "metadat", "developer"));

    const warnings: string[] = [];
    const files = findSources([checkout], warnings).map((file) => ({ label: path.relative(dir, file.label), role: file.role }));
    expect(warnings).toEqual([`${checkout}/metadat/developer: broken link to ${dir}/gone (nothing there); skipped`]);
    expect(files).toEqual([
      { label: "checkout/dat/Nintendo - Nintendo Entertainment System.dat", role: "games" },
      { label: "checkout/metadat/redump/Sony - PlayStation.dat", role: "games" },
    ]);
  });
});
