import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { recordFile } from "../../src/catalog/build/build-catalog.ts";
import { beforeAll, describe, expect, it } from "vitest";
import type { GameRecord } from "../../src/catalog/record/game-record.ts";
import { ludex } from "../helpers/ludex-cli.ts";
import { projectRoot, realSource } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const x32 = "Sega - 32X";
const artworkBase = "https://thumbnails.example";

const sha = (seed: number): string => seed.toString(16).padStart(40, "0");
const game = (name: string, seed: number): string =>
  `game (\n\tname "${name}"\n\trom ( name "${name}.32x" size ${4096 + seed} crc ${sha(seed).slice(-8)} sha1 ${sha(seed)} )\n)\n`;

/** The record of a game, as the last build wrote it. */
function builtRecord(dbFile: string, buildDir: string, title: string): GameRecord {
  const db = new Database(dbFile, { readonly: true });
  const id = db.prepare<[string], number>("SELECT id FROM games WHERE platform = '32x' AND title = ?").pluck().get(title);
  db.close();
  if (id === undefined) throw new Error(`no 32x game "${title}"`);
  return JSON.parse(readFileSync(path.join(buildDir, recordFile(id)), "utf8")) as GameRecord;
}

describe("ludex thumbnails", () => {
  const work = tempDir("ludex-thumbnails-cli-");
  const dbFile = path.join(work, "catalog.db");
  const buildDir = path.join(work, "build");
  const listing = path.join(work, "listings", `${x32}.txt`);
  const unused = path.join(work, "listings", "Nintendo - Virtual Boy.txt");
  const env = {
    LUDEX_CATALOG_DB: dbFile,
    LUDEX_BUILD_DIR: buildDir,
    LUDEX_MEMBERS_DB: path.join(work, "members.db"),
    LUDEX_ARTWORK_BASE_URL: artworkBase,
    PUBLIC_BASE_URL: "http://127.0.0.1:9",
  };
  const run = (args: string[]): { status: number | null; stdout: string; stderr: string } => ludex(args, env);

  beforeAll(() => {
    const dat = path.join(work, `${x32}.dat`);
    writeFileSync(
      dat,
      `clrmamepro (\n\tname "${x32}"\n)\n\n${[
        game("Knuckles' Chaotix (Japan, USA)", 1),
        game("Doom (USA)", 2),
        game("Zaxxon's Motherbase 2000 (Japan, USA)", 3),
      ].join("\n")}`,
    );
    mkdirSync(path.dirname(listing), { recursive: true });
    writeFileSync(
      listing,
      [
        "README.md",
        "Named_Boxarts/Knuckles' Chaotix (Japan, USA).png",
        "Named_Snaps/Knuckles' Chaotix (Japan, USA).png",
        "Named_Boxarts/Doom (Europe).png",
        "",
      ].join("\n"),
    );
    writeFileSync(unused, "Named_Boxarts/V-Tetris (Japan).png\n");
    const imported = run(["import", dat]);
    expect(imported.status, imported.stderr).toBe(0);
  });

  it("refuses a catalog that was never imported, and a call without sources, --list or --remove", () => {
    const missing = run(["thumbnails", "--db", path.join(work, "none.db"), listing]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/none\.db does not exist; run `ludex import <source>` first/);
    expect(existsSync(path.join(work, "none.db"))).toBe(false);
    expect(run(["thumbnails"]).status).toBe(2);
    expect(run(["thumbnails", "--list", listing]).status).toBe(2);
  });

  it("imports a listing, skips one of a folder no platform uses, and prints box art coverage per platform", () => {
    const result = run(["thumbnails", listing, unused]);
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(`skipped: ${unused} ("Nintendo - Virtual Boy": no imported platform uses this folder)`);
    expect(lines[1]).toBe(`${x32}: 3 files from ${listing} (1 other paths ignored)`);
    expect(lines[2]).toMatch(/^ {2}platform +folder +games +box art before +box art now +snap +title +logo$/);
    // Doom (USA) has no box art of its own name: the listed "Doom (Europe)" of its title counts only now.
    expect(lines[3]?.trim().split(/ {2,}/)).toEqual(["32x", x32, "3", "1 (33.3%)", "2 (66.7%)", "1", "0", "0"]);
    expect(lines[4]).toBe("imported 1 thumbnail listings; run `ludex build` to use them");
    expect(lines).toHaveLength(5);
  });

  it("answers only listings of unused folders with an error naming them, and stores nothing for them", () => {
    const result = run(["thumbnails", unused]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `ludex thumbnails: No thumbnail listings: no imported platform uses the thumbnails folder of ${unused}`,
    );
    const list = JSON.parse(run(["thumbnails", "--list", "--json"]).stdout) as { listings: { folder: string }[] };
    expect(list.listings.map((l) => l.folder)).toEqual([x32]);
  });

  it("prints the imported, skipped and coverage members with --json", () => {
    const result = run(["thumbnails", "--json", listing, unused]);
    expect(result.status, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(["imported", "skipped", "coverage"]);
    expect(json.imported).toEqual([
      { folder: x32, source: listing, files: 3, digest: expect.stringMatching(/^[\w-]{22}$/), importedAt: expect.any(String), ignored: 1 },
    ]);
    expect(json.skipped).toEqual([{ folder: "Nintendo - Virtual Boy", source: unused }]);
    expect(json.coverage).toEqual([
      { platform: "32x", folder: x32, games: 3, boxartBefore: 1, boxartNow: 2, now: { boxart: 2, snap: 1, title: 0, logo: 0 } },
    ]);
  });

  it("lists the imported listings with --list, as text and as JSON", () => {
    const text = run(["thumbnails", "--list"]);
    expect(text.status).toBe(0);
    const [first = ""] = text.stdout.split("\n");
    const prefix = `${x32}: 3 files, from ${listing}, `;
    expect(first.slice(0, prefix.length)).toBe(prefix);
    expect(new Date(first.slice(prefix.length)).toISOString()).toBe(first.slice(prefix.length));
    expect(text.stdout).toMatch(/^ {2}32x +Sega - 32X +3 +1 \(33\.3%\) +2 \(66\.7%\)/m);
    const json = JSON.parse(run(["thumbnails", "--list", "--json"]).stdout) as { listings: unknown[]; coverage: unknown[] };
    expect(json.listings).toEqual([expect.objectContaining({ folder: x32, source: listing, files: 3 })]);
    expect(json.coverage).toHaveLength(1);
  });

  it("links only listed artwork at the next build, and unverified candidates again after --remove", { timeout: 600_000 }, () => {
    const first = run(["build"]);
    expect(first.status, first.stderr).toBe(0);
    const doom = builtRecord(dbFile, buildDir, "Doom");
    expect(doom.artwork?.verified).toBe(true);
    expect(doom.artwork?.boxart?.url).toBe(`${artworkBase}/Sega%20-%2032X/Named_Boxarts/Doom%20(Europe).png`);
    expect(doom.artwork?.snap).toBeUndefined();
    const chaotix = builtRecord(dbFile, buildDir, "Knuckles' Chaotix");
    expect(chaotix.artwork?.snap?.url).toBe(`${artworkBase}/Sega%20-%2032X/Named_Snaps/Knuckles'%20Chaotix%20(Japan%2C%20USA).png`);
    expect(builtRecord(dbFile, buildDir, "Zaxxon's Motherbase 2000").artwork).toEqual({ verified: true });

    const again = run(["build"]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/ 0 platforms rebuilt, 1 reused;/);

    // A listing that gains the game's own name: the platform is rebuilt for the new digest alone.
    const changed = path.join(work, "changed", `${x32}.txt`);
    mkdirSync(path.dirname(changed), { recursive: true });
    writeFileSync(changed, `${readFileSync(listing, "utf8")}Named_Boxarts/Doom (USA).png\n`);
    expect(run(["thumbnails", changed]).status).toBe(0);
    const afterChange = run(["build"]);
    expect(afterChange.status, afterChange.stderr).toBe(0);
    expect(afterChange.stdout).toMatch(/ 1 platforms rebuilt, 0 reused;/);
    expect(builtRecord(dbFile, buildDir, "Doom").artwork?.boxart).toEqual({
      url: `${artworkBase}/Sega%20-%2032X/Named_Boxarts/Doom%20(USA).png`,
      candidates: [`${artworkBase}/Sega%20-%2032X/Named_Boxarts/Doom%20(Europe).png`],
    });

    const removed = run(["thumbnails", "--remove", x32]);
    expect(removed.status).toBe(0);
    expect(removed.stdout.trim()).toBe(`removed the listing of ${x32}`);
    const none = run(["thumbnails", "--remove", x32]);
    expect(none.status).toBe(1);
    expect(none.stdout.trim()).toBe(`no listing of ${x32} was imported`);
    expect(run(["thumbnails", "--list"]).stdout.trim()).toBe("no thumbnail listings imported: every artwork link is unverified");

    const rebuilt = run(["build"]);
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toMatch(/ 1 platforms rebuilt, 0 reused;/);
    const unverified = builtRecord(dbFile, buildDir, "Doom").artwork;
    expect(unverified?.verified).toBe(false);
    expect(unverified?.boxart?.url).toBe(`${artworkBase}/Sega%20-%2032X/Named_Boxarts/Doom%20(USA).png`);
  });
});

/** The libretro-thumbnails listings beside the project; the test skips without them. */
const realThumbnails = path.resolve(projectRoot, "..", "shared", "libretro-thumbnails");
const realDats = ["Sega - 32X", "Nintendo - Virtual Boy"].map((system) => path.join(realSource, "metadat", "no-intro", `${system}.dat`));
const hasRealListings = existsSync(path.join(realThumbnails, "Sega - 32X.txt")) && realDats.every((dat) => existsSync(dat));

const skipReason = `real data absent: ${realThumbnails} or the 32X and Virtual Boy DATs not found, test skipped`;

describe.skipIf(!hasRealListings)(`ludex thumbnails on the shared listings (${hasRealListings ? "present" : skipReason})`, () => {
  it("imports the 32X and Virtual Boy listings, and candidates never lose a box art the DAT name had", () => {
    const work = tempDir("ludex-thumbnails-real-");
    const env = { LUDEX_CATALOG_DB: path.join(work, "catalog.db") };
    const imported = ludex(["import", ...realDats], env);
    expect(imported.status, imported.stderr).toBe(0);
    const result = ludex(["thumbnails", "--json", realThumbnails], env);
    expect(result.status, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as {
      imported: { folder: string; files: number }[];
      skipped: unknown[];
      coverage: { platform: string; folder: string; games: number; boxartBefore: number; boxartNow: number }[];
    };
    const named = (folder: string): number =>
      readFileSync(path.join(realThumbnails, `${folder}.txt`), "utf8")
        .split("\n")
        .filter((line) => line.startsWith("Named_")).length;
    expect(json.imported.map((l) => [l.folder, l.files])).toEqual([
      ["Nintendo - Virtual Boy", named("Nintendo - Virtual Boy")],
      ["Sega - 32X", named("Sega - 32X")],
    ]);
    expect(json.skipped).toEqual([]);
    expect(json.coverage.map((c) => c.platform)).toEqual(["32x", "virtual-boy"]);
    for (const c of json.coverage) {
      expect(c.games, c.platform).toBeGreaterThan(20);
      expect(c.boxartBefore, c.platform).toBeGreaterThan(0);
      expect(c.boxartNow, c.platform).toBeGreaterThanOrEqual(c.boxartBefore);
      expect(c.boxartNow, c.platform).toBeLessThanOrEqual(c.games);
    }
  });
});
