import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readPlatformRecords } from "../../../src/catalog/build/read-platform-records.ts";
import { openCatalogDb } from "../../../src/catalog/db/catalog-db.ts";
import { importCatalog, type ImportSummary } from "../../../src/catalog/import/import-catalog.ts";
import { loadPlatformRegistry } from "../../../src/catalog/platforms/platform-registry.ts";
import type { GameRecord } from "../../../src/catalog/record/game-record.ts";
import { platformsFile } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

const hash = (seed: number, digits: number): string => seed.toString(16).padStart(digits, "0").slice(-digits);
const rom = (name: string, seed: number): string =>
  `rom ( name "${name}" size ${1024 + seed} crc ${hash(seed, 8)} md5 ${hash(seed, 32)} sha1 ${hash(seed, 40)} )`;
const clr = (system: string, games: string[]): string =>
  `clrmamepro (\n\tname "${system}"\n)\n\n${games.map((g) => `game (\n${g}\n)\n`).join("\n")}`;

/** The records of a platform; for an arcade collection's slug, the arcade records with a release that collection lists. */
function records(dbFile: string, slug: string): GameRecord[] {
  const registry = loadPlatformRegistry(platformsFile);
  const platform = registry.lookup(slug);
  if (!platform) throw new Error(`no platform ${slug}`);
  const collection = registry.collection(slug)?.slug;
  const db = openCatalogDb(dbFile, { readonly: true });
  try {
    const all = readPlatformRecords(db, platform);
    return collection ? all.filter((g) => g.releases.some((r) => r.collections?.includes(collection))) : all;
  } finally {
    db.close();
  }
}

describe("a libretro checkout with No-Intro, homebrew, TOSEC and arcade DATs", () => {
  const root = path.join(tempDir(), "libretro-database");
  const dbFile = path.join(tempDir(), "catalog.db");
  let summary: ImportSummary;
  beforeAll(() => {
    for (const dir of ["dat", "metadat/no-intro", "metadat/homebrew", "metadat/tosec", "metadat/mame-split"])
      mkdirSync(path.join(root, dir), { recursive: true });
    const gg = "Sega - Game Gear";
    writeFileSync(
      path.join(root, "metadat/no-intro", `${gg}.dat`),
      clr(gg, [
        `\tname "Aerial Assault (World)"\n\t${rom("Aerial Assault (World).gg", 1)}`,
        `\tname "Homebrew Hero (World) (Aftermarket) (Unl)"\n\t${rom("Homebrew Hero (World) (Aftermarket) (Unl).gg", 2)}`,
      ]),
    );
    writeFileSync(
      path.join(root, "metadat/homebrew", `${gg}.dat`),
      clr(gg, [`\tname "Homebrew Hero (World) (Aftermarket) (Unl)"\n\t${rom("Homebrew Hero (World) (Aftermarket) (Unl).gg", 2)}`]),
    );
    writeFileSync(
      path.join(root, "metadat/tosec", `${gg}.dat`),
      clr(gg, [
        `\tname "Aerial Assault Rev 1"\n\treleaseyear "1992"\n\t${rom("Aerial Assault Rev 1 (1992)(Sega)[h Someone].bin", 3)}`,
        `\tname "Aerial Assault"\n\t${rom("Aerial Assault (1992)(Sega)(Disk 1 of 2)[b].bin", 4)}`,
        `\tname "Twin Formats"\n\t${rom("Twin Formats (1990)(Pub).dsk", 5)}`,
        `\tname "Twin Formats"\n\t${rom("Twin Formats (1990)(Pub).woz", 6)}`,
        `\tname "Mystery"\n\t${rom("ZZZ-UNK-mystery.bin", 7)}`,
      ]),
    );
    writeFileSync(
      path.join(root, "metadat/mame-split", "MAME 2003.dat"),
      clr("MAME 2003", [
        `\tname "Street Fighter II - The World Warrior (World 910522)"\n\treleaseyear "1991"\n\tdeveloper "Capcom"\n\trom ( name sf2.zip size 100 crc 0000abcd )`,
      ]),
    );
    summary = importCatalog({ sources: [root], dbFile, platformsFile });
  });

  it("imports TOSEC as source tosec, joining the No-Intro game of the same title", () => {
    const games = records(dbFile, "game-gear");
    const aerial = games.find((g) => g.title === "Aerial Assault");
    expect(aerial?.releases.map((r) => r.source)).toEqual(["no-intro", "tosec", "tosec"]);
    const hack = aerial?.releases.find((r) => r.name === "Aerial Assault Rev 1 (1992)(Sega)[h Someone]");
    expect(hack).toMatchObject({ version: "Rev 1", publisher: "Sega", date: "1992", status: "release" });
    expect(hack?.flags).toContain("Hack");
    const bad = aerial?.releases.find((r) => r.name.includes("[b]"));
    expect(bad).toMatchObject({ status: "bad", disc: 1, discCount: 2 });
    expect(aerial?.publisher).toBe("Sega");
    expect(summary.sourceStats.tosec).toMatchObject({ joined: 2 });
  });

  it("keeps one TOSEC name in two rom formats as two releases and says so", () => {
    const twin = records(dbFile, "game-gear").find((g) => g.title === "Twin Formats");
    expect(twin?.releases.map((r) => r.roms[0]?.name)).toEqual(["Twin Formats (1990)(Pub).dsk", "Twin Formats (1990)(Pub).woz"]);
    expect(summary.warnings.some((w) => w.includes("1 TOSEC names occur with several rom formats"))).toBe(true);
  });

  it("keeps a malformed TOSEC name whole as the title, with a warning, and does not fail", () => {
    expect(records(dbFile, "game-gear").some((g) => g.title === "ZZZ-UNK-mystery")).toBe(true);
    expect(summary.warnings.some((w) => w.includes("do not follow the TOSEC convention") && w.includes("ZZZ-UNK-mystery"))).toBe(true);
  });

  it("lists every DAT a release appears in", () => {
    const hero = records(dbFile, "game-gear").find((g) => g.title === "Homebrew Hero");
    expect(hero?.releases).toHaveLength(1);
    expect(hero?.releases[0]).toMatchObject({ source: "no-intro", sources: ["no-intro", "homebrew"] });
  });

  it("reads libretro's split arcade sets: title from the name, set name from the zip, year and developer", () => {
    const [sf2] = records(dbFile, "mame-2003");
    expect(sf2).toMatchObject({ title: "Street Fighter II - The World Warrior", developer: "Capcom", releaseYear: 1991 });
    expect(sf2?.releases[0]).toMatchObject({ setName: "sf2", source: "mame-split" });
  });
});

describe("Logiqx and clrmamepro arcade DATs and original TOSEC DATs", () => {
  const dir = tempDir();
  const dbFile = path.join(tempDir(), "catalog.db");
  let summary: ImportSummary;
  beforeAll(() => {
    writeFileSync(
      path.join(dir, "MAME 2010.xml"),
      `<?xml version="1.0"?>
<datafile>
  <header><name>MAME 2010</name></header>
  <machine name="sf2"><description>Street Fighter II: The World Warrior (World 910522)</description><year>1991</year><manufacturer>Capcom</manufacturer>
    <rom name="sf2e_30g.11e" size="131072" crc="fe39ee33" sha1="${hash(11, 40)}"/></machine>
  <machine name="sf2ua" cloneof="sf2" romof="sf2"><description>Street Fighter II: The World Warrior (USA 910206)</description><year>1991</year><manufacturer>Capcom</manufacturer>
    <rom name="sf2u_30a.11e" size="131072" crc="08beb861" sha1="${hash(12, 40)}"/></machine>
  <machine name="sf2hack" cloneof="sf2"><description>Street Fighter II: Rainbow (hack)</description><year>1992</year><manufacturer>bootleg</manufacturer>
    <rom name="sf2h.11e" size="131072" crc="08beb862" sha1="${hash(13, 40)}"/></machine>
</datafile>`,
    );
    writeFileSync(
      path.join(dir, "MAME 2003.dat"),
      `clrmamepro (\n\tname "MAME 2003"\n)\n\ngame (\n\tname pacman\n\tdescription "Pac-Man (Midway)"\n\tyear 1980\n\tmanufacturer "Namco (Midway license)"\n\trom ( name pacman.6e size 4096 crc c1e6ab10 )\n)\n\ngame (\n\tname puckman\n\tdescription "PuckMan (Japan set 1)"\n\tcloneof pacman\n\tyear 1980\n\tmanufacturer "Namco"\n\trom ( name pm1_prg1.6e size 2048 crc f36e88ab )\n)\n`,
    );
    writeFileSync(
      path.join(dir, "Atari - 7800.dat"),
      `<?xml version="1.0"?>
<datafile><header><name>Atari 7800 - Games</name><category>TOSEC</category><url>www.tosecdev.org</url></header>
<game name="Ace of Aces (1988)(Atari)(NTSC)[a]"><description>Ace of Aces (1988)(Atari)(NTSC)[a]</description><rom name="Ace of Aces (1988)(Atari)(NTSC)[a].a78" size="131200" crc="e682c28f"/></game>
<game name="Not A Tosec Name"><description>Not A Tosec Name</description><rom name="x.a78" size="10" crc="00000001"/></game>
</datafile>`,
    );
    summary = importCatalog({ sources: [dir], dbFile, platformsFile });
  });

  it("takes the title from description, keeps the set name, year and manufacturer, and groups clones under the parent", () => {
    const games = records(dbFile, "mame-2010");
    expect(games).toHaveLength(1);
    const [sf2] = games;
    expect(sf2).toMatchObject({ title: "Street Fighter II: The World Warrior", developer: "Capcom", releaseYear: 1991 });
    expect(sf2?.releases.map((r) => [r.setName, r.cloneOf])).toEqual([
      ["sf2", undefined],
      ["sf2ua", "sf2"],
      ["sf2hack", "sf2"],
    ]);
  });

  it("reads clrmamepro arcade DATs by the same convention", () => {
    const games = records(dbFile, "mame-2003");
    expect(games.map((g) => g.title)).toEqual(["Pac-Man"]);
    expect(games[0]?.releases.map((r) => r.setName)).toEqual(["pacman", "puckman"]);
  });

  it("reads an original TOSEC DAT by its header and keeps malformed names whole with a warning", () => {
    const games = records(dbFile, "atari-7800");
    const ace = games.find((g) => g.title === "Ace of Aces");
    expect(ace?.releases[0]).toMatchObject({ source: "tosec", publisher: "Atari", video: "NTSC", flags: ["Alt", "[a]"] });
    expect(games.some((g) => g.title === "Not A Tosec Name")).toBe(true);
    expect(summary.warnings.some((w) => w.includes("Not A Tosec Name"))).toBe(true);
  });
});

describe("malformed arcade entries never fail the import", () => {
  const dir = tempDir();
  const dbFile = path.join(tempDir(), "catalog.db");
  let summary: ImportSummary;
  beforeAll(() => {
    // A Logiqx MAME DAT trimmed by hand: one set lost its description, one clone's parent is gone.
    writeFileSync(
      path.join(dir, "MAME 2010.xml"),
      `<?xml version="1.0"?>
<datafile>
  <header><name>MAME 2010</name></header>
  <machine name="pacman"><description>Pac-Man (Midway)</description><year>1980</year><manufacturer>Namco (Midway license)</manufacturer>
    <rom name="pacman.6e" size="4096" crc="c1e6ab10"/></machine>
  <machine name="mspacman"><year>1981</year><manufacturer>Midway / General Computer Corporation</manufacturer>
    <rom name="pacman.6e" size="4096" crc="c1e6ab11"/></machine>
  <machine name="sf2ua" cloneof="sf2" romof="sf2"><description>Street Fighter II: The World Warrior (USA 910206)</description><year>1991</year><manufacturer>Capcom</manufacturer>
    <rom name="sf2u_30a.11e" size="131072" crc="08beb861"/></machine>
</datafile>`,
    );
    // The same in clrmamepro text: a set whose description is only its set name again.
    writeFileSync(
      path.join(dir, "MAME 2003.dat"),
      `clrmamepro (\n\tname "MAME 2003"\n)\n\ngame (\n\tname pacman\n\tdescription "Pac-Man (Midway)"\n\trom ( name pacman.6e size 4096 crc c1e6ab10 )\n)\n\ngame (\n\tname galaga\n\tdescription galaga\n\trom ( name gg1_1b.3p size 4096 crc a3a0f743 )\n)\n`,
    );
    // A homebrew name that looks like a set name ("2048") in a No-Intro-style DAT is just a title.
    writeFileSync(path.join(dir, "Nintendo - Game Boy.dat"), clr("Nintendo - Game Boy", [`\tname "2048"\n\t${rom("2048.gb", 21)}`]));
    summary = importCatalog({ sources: [dir], dbFile, platformsFile });
  });

  it("keeps the set name as the title of a set without a description, matchable as a set, and warns", () => {
    const games = records(dbFile, "mame-2010");
    const ms = games.find((g) => g.title === "mspacman");
    expect(ms?.releases[0]).toMatchObject({ name: "mspacman", setName: "mspacman", source: "file" });
    expect(ms).toMatchObject({ releaseYear: 1981, developer: "Midway / General Computer Corporation" });
    expect(records(dbFile, "mame-2003").map((g) => g.title)).toEqual(["galaga", "Pac-Man"]);
    expect(summary.warnings).toContainEqual(expect.stringMatching(/MAME 2010\.xml: 1 arcade sets have no description .*"mspacman"/));
    expect(summary.warnings).toContainEqual(expect.stringMatching(/MAME 2003\.dat: 1 arcade sets have no description .*"galaga"/));
  });

  it("keeps a clone whose parent set is missing under its own title, and warns naming both sets", () => {
    const sf2 = records(dbFile, "mame-2010").find((g) => g.releases.some((r) => r.setName === "sf2ua"));
    expect(sf2?.title).toBe("Street Fighter II: The World Warrior");
    expect(sf2?.releases[0]).toMatchObject({ setName: "sf2ua", cloneOf: "sf2" });
    expect(summary.warnings).toContainEqual(
      expect.stringMatching(/MAME 2010\.xml: 1 arcade clones name a parent set .*sf2ua \(cloneof sf2\)/),
    );
  });

  it("reads a DAT without clone links or set names beside descriptions by No-Intro's convention, without warnings", () => {
    expect(records(dbFile, "gb").map((g) => g.title)).toEqual(["2048"]);
    expect(summary.warnings.filter((w) => w.includes("Game Boy"))).toEqual([]);
  });
});
