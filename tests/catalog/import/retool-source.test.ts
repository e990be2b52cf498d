import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { auditCatalogFile } from "../../../src/catalog/audit/audit-catalog.ts";
import { findRetoolFiles, isRetoolFolder, retoolSystemName } from "../../../src/catalog/import/find-retool.ts";
import { findSources } from "../../../src/catalog/import/find-sources.ts";
import { importCatalog } from "../../../src/catalog/import/import-catalog.ts";
import { loadPlatformRegistry } from "../../../src/catalog/platforms/platform-registry.ts";
import { Problem } from "../../../src/core/problem.ts";
import {
  hasRealData,
  hasRealRetool,
  platformsFile,
  realDataSkipReason,
  realRetool,
  realRetoolSkipReason,
  realSource,
} from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

const rom = (name: string, crc: string, sha1: string): string => `rom ( name "${name}.nes" size 40976 crc ${crc} sha1 ${sha1} )`;

/** A small NES DAT: a game under its US and Japanese titles, a demo of it, and an unrelated game. */
function writeDat(dir: string, extra = ""): void {
  mkdirSync(path.join(dir, "dat"), { recursive: true });
  mkdirSync(path.join(dir, "metadat", "no-intro"), { recursive: true });
  const game = (name: string, crc: string, sha1: string): string => `game (\n\tname "${name}"\n\t${rom(name, crc, sha1)}\n)\n`;
  writeFileSync(
    path.join(dir, "metadat", "no-intro", "Nintendo - Nintendo Entertainment System.dat"),
    `clrmamepro (\n\tname "Nintendo - Nintendo Entertainment System"\n)\n\n${[
      game("Blue Bomber (USA)", "00000001", "a".repeat(40)),
      game("Aoi Bomber (Japan)", "00000002", "b".repeat(40)),
      game("Aoi Bomber (Japan) (Demo)", "00000003", "c".repeat(40)),
      game("Aoi Bomber Taikenban (Japan)", "00000005", "e".repeat(40)),
      game("Other Game (USA)", "00000004", "d".repeat(40)),
      game("Bomber Pack - Blue Bomber + Other Game (USA)", "00000006", "f".repeat(40)),
      extra,
    ].join("\n")}`,
  );
}

function writeRetool(dir: string, groups: unknown[]): void {
  for (const folder of ["clonelists", "metadata", "retroachievements"]) mkdirSync(path.join(dir, folder), { recursive: true });
  writeFileSync(
    path.join(dir, "clonelists", "Nintendo - Nintendo Entertainment System (No-Intro).json"),
    JSON.stringify({ description: { name: "test" }, variants: groups }),
  );
  writeFileSync(path.join(dir, "clonelists", "hash.json"), "{}");
  writeFileSync(
    path.join(dir, "metadata", "Nintendo - Nintendo Entertainment System (No-Intro).json"),
    JSON.stringify({ "Aoi Bomber (Japan)": { languages: ["Ja"], localName: "青いボンバー" } }),
  );
  writeFileSync(
    path.join(dir, "retroachievements", "Nintendo - Nintendo Entertainment System.json"),
    JSON.stringify({ retroachievements: [{ name: "Blue Bomber (USA)", crc: "00000001", md5: "0".repeat(32), sha1: "A".repeat(40) }] }),
  );
  writeFileSync(
    path.join(dir, "clonelists", "Acme - Nothing Here (No-Intro).json"),
    JSON.stringify({ variants: [{ group: "X", titles: [{ searchTerm: "X" }] }] }),
  );
}

const titles = (dbFile: string): string[] => {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare<[], string>("SELECT title FROM games WHERE platform = 'nes' ORDER BY title").pluck().all();
  } finally {
    db.close();
  }
};

describe("a Retool folder as an import source", () => {
  const root = tempDir();
  const dats = path.join(root, "libretro");
  const retool = path.join(root, "retool");
  writeDat(dats);
  writeRetool(retool, [
    {
      group: "Blue Bomber",
      titles: [{ searchTerm: "Blue Bomber" }, { searchTerm: "Aoi Bomber" }],
      compilations: [{ searchTerm: "Bomber Pack - Blue Bomber + Other Game" }],
    },
  ]);

  it("is recognised by its folders, and its files name their DAT system", () => {
    expect(isRetoolFolder(retool)).toBe(true);
    expect(isRetoolFolder(dats)).toBe(false);
    expect(retoolSystemName("Sega - Saturn (CHD).json")).toBe("Sega - Saturn");
    expect(findRetoolFiles(retool, "retool").map((f) => [f.role, f.systemName])).toEqual([
      ["clonelist", "Acme - Nothing Here"],
      ["clonelist", "Nintendo - Nintendo Entertainment System"],
      ["metadata", "Nintendo - Nintendo Entertainment System"],
      ["retroachievements", "Nintendo - Nintendo Entertainment System"],
    ]);
    // Beside the DATs it adds no DAT, and on its own it is no catalog.
    expect(findSources([dats, retool]).map((f) => path.basename(f.path))).toEqual(["Nintendo - Nintendo Entertainment System.dat"]);
    expect(() => findSources([retool])).toThrow(Problem);
  });

  it("joins a clone-list group's titles into one record, keeps the demo and trial apart, and imports as before without it", () => {
    const without = path.join(root, "without.db");
    importCatalog({ sources: [dats], dbFile: without, platformsFile });
    expect(titles(without)).toEqual([
      "Aoi Bomber",
      "Aoi Bomber Taikenban",
      "Blue Bomber",
      "Bomber Pack - Blue Bomber + Other Game",
      "Other Game",
    ]);
    const withRetool = path.join(root, "with.db");
    const summary = importCatalog({ sources: [dats, retool], dbFile: withRetool, platformsFile });
    expect(summary.changedPlatforms).toEqual(["nes"]);
    // The demo keeps its title group's record, which the US title now names; the trial is its own record.
    expect(titles(withRetool)).toEqual(["Aoi Bomber Taikenban", "Blue Bomber", "Bomber Pack - Blue Bomber + Other Game", "Other Game"]);
    const db = new Database(withRetool, { readonly: true });
    try {
      // The compilation is a link both ways, not a merge; the Japanese title's local name is an alternate title with its language.
      const row = (title: string) =>
        db
          .prepare<[string], { id: number; related: string | null; alternates: string | null }>(
            "SELECT id, related_json AS related, alternate_titles_json AS alternates FROM games WHERE title = ?",
          )
          .get(title);
      const game = row("Blue Bomber");
      const pack = row("Bomber Pack - Blue Bomber + Other Game");
      expect(JSON.parse(game?.related ?? "null")).toEqual([{ relation: "in-compilation", id: pack?.id }]);
      expect(JSON.parse(pack?.related ?? "null")).toEqual([{ relation: "compilation-of", id: game?.id }]);
      expect(JSON.parse(game?.alternates ?? "null")).toEqual([
        { title: "Aoi Bomber", regions: ["Japan"], source: "no-intro" },
        { title: "青いボンバー", regions: ["Japan"], source: "retool-metadata", language: "ja" },
      ]);
      const roles = db.prepare<[], string>("SELECT role FROM source_files ORDER BY role").pluck().all();
      expect(roles).toEqual(["games", "retool-clonelist", "retool-metadata", "retool-retroachievements"]);
      // RetroAchievements supports the US dump (its SHA-1, in any case), and no other.
      const flagged = db
        .prepare<[], string>("SELECT name FROM releases WHERE extra_json LIKE '%\"retroAchievements\":true%'")
        .pluck()
        .all();
      expect(flagged).toEqual(["Blue Bomber (USA)"]);
    } finally {
      db.close();
    }
    const audit = auditCatalogFile(withRetool);
    expect(audit.cloneLists).toMatchObject({ groupsHeld: 1, oneRecord: 1, multiTitleHeld: 1, multiTitleOneRecord: 1 });
  });

  it("makes the platform's Retool files part of its fingerprint: a changed clone list re-imports that platform alone", () => {
    const dbFile = path.join(root, "update.db");
    importCatalog({ sources: [dats, retool], dbFile, platformsFile });
    expect(importCatalog({ sources: [dats, retool], dbFile, platformsFile }).changed).toBe(false);
    const moved = path.join(root, "retool-2");
    writeRetool(moved, [{ group: "Blue Bomber", titles: [{ searchTerm: "Blue Bomber" }] }]);
    const summary = importCatalog({ sources: [dats, moved], dbFile, platformsFile });
    expect(summary.changedPlatforms).toEqual(["nes"]);
    expect(titles(dbFile)).toEqual([
      "Aoi Bomber",
      "Aoi Bomber Taikenban",
      "Blue Bomber",
      "Bomber Pack - Blue Bomber + Other Game",
      "Other Game",
    ]);
  });

  it("merges the stored records a clone list joins: the joined id is kept as a merged id of the record it joined", () => {
    const dbFile = path.join(root, "merge.db");
    importCatalog({ sources: [dats], dbFile, platformsFile });
    const before = new Database(dbFile, { readonly: true });
    const idOf = (db: Database.Database, title: string): number | undefined =>
      db.prepare<[string], number>("SELECT id FROM games WHERE title = ?").pluck().get(title);
    const aoi = idOf(before, "Aoi Bomber");
    const blue = idOf(before, "Blue Bomber");
    before.close();
    const summary = importCatalog({ sources: [dats, retool], dbFile, platformsFile });
    // The stored game holding most of the work's releases keeps its id (assign-game-ids.ts): Aoi Bomber, with its demo.
    expect(summary.merged).toContainEqual(expect.objectContaining({ id: blue, into: aoi }));
    const after = new Database(dbFile, { readonly: true });
    try {
      expect(idOf(after, "Blue Bomber")).toBe(aoi);
      expect(after.prepare("SELECT into_id FROM game_merges WHERE id = ?").pluck().get(blue)).toBe(aoi);
    } finally {
      after.close();
    }
  });

  it("fails with the file's name when a clone list is not one", () => {
    const bad = path.join(root, "retool-bad");
    writeRetool(bad, []);
    writeFileSync(
      path.join(bad, "clonelists", "Nintendo - Nintendo Entertainment System (No-Intro).json"),
      '{"variants": [{"titles": 3}]}',
    );
    expect(() => importCatalog({ sources: [dats, bad], dbFile: path.join(root, "bad.db"), platformsFile })).toThrow(
      /Nintendo - Nintendo Entertainment System \(No-Intro\)\.json/,
    );
  });
});

describe.skipIf(!hasRealData || !hasRealRetool)("the platform table against the real libretro and Retool folders", () => {
  it(
    !hasRealData
      ? realDataSkipReason
      : !hasRealRetool
        ? realRetoolSkipReason
        : "maps every Retool system the libretro data has to exactly one platform",
    () => {
      const registry = loadPlatformRegistry(platformsFile);
      const libretro = new Map<string, string>();
      for (const file of findSources([realSource])) {
        const platform = registry.lookup(file.systemName);
        if (platform && file.collection !== "tosec") libretro.set(file.systemName, platform.slug);
      }
      const slugs = new Set(libretro.values());
      const unmapped: string[] = [];
      const mapped = new Map<string, string>();
      for (const file of findRetoolFiles(realRetool, "retool")) {
        const platform = registry.forRetool(file.systemName);
        if (platform && slugs.has(platform.slug)) mapped.set(file.systemName, platform.slug);
        else unmapped.push(file.systemName);
      }
      // Every libretro system name that Retool also uses resolves to the libretro system's own platform.
      for (const [name, slug] of libretro) if (mapped.has(name)) expect(mapped.get(name), name).toBe(slug);
      // Hand-mapped names (Retool's "Atari - Atari 2600" is libretro's "Atari - 2600").
      expect(mapped.get("Atari - Atari 2600")).toBe("atari-2600");
      expect(mapped.get("Panasonic - 3DO Interactive Multiplayer")).toBe("3do");
      expect(mapped.get("Unofficial - Sony - PlayStation Portable (UMD Video)")).toBe("psp-umd-video");
      // A Retool system left unmapped has no libretro DAT of the same name.
      for (const name of unmapped) expect(libretro.has(name), name).toBe(false);
      expect(mapped.size).toBeGreaterThan(100);
      expect(readdirSync(path.join(realRetool, "clonelists")).length).toBeGreaterThan(0);
    },
  );
});
