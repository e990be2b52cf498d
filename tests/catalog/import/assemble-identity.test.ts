import { describe, expect, it } from "vitest";
import { assembleGames, type GameDatInput } from "../../../src/catalog/import/assemble-games.ts";
import { createMetadataIndex } from "../../../src/catalog/import/metadata-index.ts";
import { datFile as dat } from "../../helpers/dat-file.ts";

/** A file of `size` bytes whose hashes are made of `seed`. */
function rom(name: string, seed: string, size = 65536): { name: string; size: number; crc: string; sha1: string } {
  return { name, size, crc: seed.repeat(8).slice(0, 8), sha1: seed.repeat(40).slice(0, 40) };
}

/** The works' release names, each work's sorted, works sorted. */
function works(inputs: GameDatInput[], platform: string, arcade = false): string[][] {
  const { games } = assembleGames(inputs, createMetadataIndex(), { platform, arcade });
  return games.map((g) => g.releases.map((r) => r.name).sort()).sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

describe("arcade works by their own credits", () => {
  it("keeps MAME parent sets of one title apart when their makers differ and their years are more than two apart, never a hack", () => {
    const mame = dat([
      { name: "Freeze", fields: { developer: "Cinematronics", releaseyear: "1984" }, roms: [rom("freeze.zip", "a")] },
      { name: "Freeze (Atari) (prototype)", fields: { developer: "Atari", releaseyear: "1996" }, roms: [rom("freezeat.zip", "b")] },
      { name: "Road Runner (rev 2)", fields: { developer: "Atari Games", releaseyear: "1985" }, roms: [rom("roadrunn.zip", "c")] },
      { name: "Road Runner (rev 1)", fields: { developer: "Atari Games", releaseyear: "1985" }, roms: [rom("roadrun1.zip", "d")] },
    ]);
    // FBNeo's DAT names the maker `publisher`; MAME lists the set too.
    const fbneo = dat([{ name: "Squash (Itisa)", fields: { publisher: "Itisa", releaseyear: "1984" }, roms: [rom("squaitsa.zip", "e")] }]);
    const hack = dat([
      { name: "Road Runner (Turbo, Hack)", fields: { publisher: "Someone", releaseyear: "2015" }, roms: [rom("roadrunt.zip", "9")] },
      { name: "Road Runner (Remix)", fields: { publisher: "Someone Else", releaseyear: "2016" }, roms: [rom("roadrunr.zip", "8")] },
    ]);
    const mame2 = dat([
      { name: "Squash (Ver. 1.0)", fields: { developer: "Gaelco", releaseyear: "1992" }, roms: [rom("squash.zip", "f")] },
    ]);
    expect(
      works(
        [
          { dat: mame, source: "mame-split", label: "mame.dat", collection: "mame-2010" },
          { dat: fbneo, source: "fbneo-split", label: "fbneo.dat", collection: "fbneo" },
          { dat: mame2, source: "mame-split", label: "mame2.dat", collection: "mame-2010" },
          { dat: fbneo, source: "mame-split", label: "mame3.dat", collection: "mame-2010" },
          { dat: hack, source: "fbneo-split", label: "fbneo-hacks.dat", collection: "fbneo" },
        ],
        "arcade",
        true,
      ),
    ).toEqual([
      ["Freeze"],
      ["Freeze (Atari) (prototype)"],
      ["Road Runner (Remix)", "Road Runner (Turbo, Hack)", "Road Runner (rev 1)", "Road Runner (rev 2)"],
      ["Squash (Itisa)"],
      ["Squash (Ver. 1.0)"],
    ]);
  });

  it("keeps a PlayChoice-10 set, under either collection's name, apart from the arcade game of its title", () => {
    const mame2010 = dat([
      { name: "Contra (US / Asia, set 1)", fields: { developer: "Konami", releaseyear: "1987" }, roms: [rom("contra.zip", "1")] },
      { name: "Contra (PlayChoice-10)", fields: { developer: "Konami", releaseyear: "1988" }, roms: [rom("pc_cntra.zip", "2")] },
    ]);
    const mame2003 = dat([
      { name: "PlayChoice-10: Contra", fields: { developer: "Konami", releaseyear: "1988" }, roms: [rom("pc_cntra.zip", "2")] },
    ]);
    expect(
      works(
        [
          { dat: mame2010, source: "mame-split", label: "2010.dat", collection: "mame-2010" },
          { dat: mame2003, source: "mame-split", label: "2003.dat", collection: "mame-2003" },
        ],
        "arcade",
        true,
      ),
    ).toEqual([["Contra (PlayChoice-10)", "PlayChoice-10: Contra"], ["Contra (US / Asia, set 1)"]]);
  });
});

describe("one title on DOS, several programs", () => {
  it("splits programs with no developer in common years apart and keeps a re-release with its developer", () => {
    const dos = dat([
      {
        name: "Super Tetris (1991)",
        fields: { developer: "Spectrum HoloByte, Inc.", releaseyear: "1991" },
        roms: [rom("TETRIS.EXE", "1")],
      },
      { name: "Super Tetris (1995)", fields: { developer: "Dominique Vidal", releaseyear: "1995" }, roms: [rom("STETRIS.EXE", "2")] },
      { name: "Xenon 2- Megablast (1990)", fields: { developer: "Image Works", releaseyear: "1990" }, roms: [rom("XENON2.EXE", "3")] },
      {
        name: "Xenon 2- Megablast (1995)",
        fields: { developer: "Futura Games, Image Works", releaseyear: "1995" },
        roms: [rom("XENON2.EXE", "4", 70000)],
      },
    ]);
    expect(works([{ dat: dos, source: "dat", label: "DOS.dat" }], "dos")).toEqual([
      ["Super Tetris (1991)"],
      ["Super Tetris (1995)"],
      ["Xenon 2- Megablast (1990)", "Xenon 2- Megablast (1995)"],
    ]);
  });

  it("joins a name with a stray last letter to the title of the same developer", () => {
    const dos = dat([
      {
        name: "Descent (1994)",
        fields: { developer: "Interplay Productions, Inc.", releaseyear: "1994" },
        roms: [rom("DESCENT.EXE", "5")],
      },
      {
        name: "Descenta (1995)",
        fields: { developer: "Interplay Productions, Inc.", releaseyear: "1995" },
        roms: [rom("DESCENT.EXE", "6")],
      },
    ]);
    expect(works([{ dat: dos, source: "dat", label: "DOS.dat" }], "dos")).toEqual([["Descent (1994)", "Descenta (1995)"]]);
  });

  it("keeps entries of one name crediting other makers as releases of their own, and gives a release the credit that names someone", () => {
    const dos = dat([
      {
        name: "Monopoly (1985)",
        fields: { developer: "Don Phillip Gibson", releaseyear: "1985" },
        roms: [rom("MONOPOLY.COM", "1", 12206)],
      },
      { name: "Monopoly (1986)", fields: { developer: "Hoops Software", releaseyear: "1986" }, roms: [rom("MONOPOLY.EXE", "2", 109312)] },
      { name: "Monopoly (1986)", fields: { developer: "Anonymous", releaseyear: "1986" }, roms: [rom("MONOPOLY.EXE", "3", 71994)] },
      { name: "Monopoly (1986)", fields: { developer: "Don Phillip Gibson", releaseyear: "1986" }, roms: [rom("MONOPOL.COM", "4", 12247)] },
      {
        name: "Monopoly (1986)",
        fields: { developer: "Don Phillip Gibson", releaseyear: "1986" },
        roms: [rom("MONOPOLY.COM", "5", 12612)],
      },
      { name: "Chess (2001)", fields: { developer: "Anonymous", releaseyear: "2001" }, roms: [rom("CHESS.EXE", "6", 30000)] },
      { name: "Chess (2001)", fields: { developer: "EduGateway", releaseyear: "2001" }, roms: [rom("EDUCHESS.EXE", "7", 40000)] },
    ]);
    const { games } = assembleGames([{ dat: dos, source: "dat", label: "DOS.dat" }], createMetadataIndex(), { platform: "dos" });
    const releases = games.flatMap((g) => g.releases).filter((r) => r.name === "Monopoly (1986)");
    expect(releases.map((r) => [r.credits.developer, r.roms.length]).sort()).toEqual([
      ["Don Phillip Gibson", 2],
      ["Hoops Software", 2],
    ]);
    const chess = games.flatMap((g) => g.releases).filter((r) => r.name === "Chess (2001)");
    expect(chess.map((r) => r.credits.developer)).toEqual(["EduGateway"]);
  });
});

describe("serials as evidence", () => {
  const noIntro = dat([
    { name: "Splashy Duck (Europe)", roms: [rom("Splashy Duck (Europe).app", "7")] },
    { name: "Spikey Walls (USA)", fields: { serial: "BWLE" }, roms: [rom("Spikey Walls (USA).app", "8")] },
  ]);

  it("takes no product code from another collection's entry of the same name that shares no file", () => {
    const libretro = dat([{ name: "Splashy Duck (Europe)", fields: { serial: "BWLP" }, roms: [rom("splashy.app", "9")] }]);
    expect(
      works(
        [
          { dat: noIntro, source: "no-intro", label: "ni.dat" },
          { dat: libretro, source: "dat", label: "lr.dat" },
        ],
        "wii-u",
      ),
    ).toEqual([["Spikey Walls (USA)"], ["Splashy Duck (Europe)"]]);
  });

  it("takes the code of an entry that lists the same file", () => {
    const libretro = dat([{ name: "Splashy Duck (Europe)", fields: { serial: "BWLP" }, roms: [rom("Splashy Duck (Europe).app", "7")] }]);
    expect(
      works(
        [
          { dat: noIntro, source: "no-intro", label: "ni.dat" },
          { dat: libretro, source: "dat", label: "lr.dat" },
        ],
        "wii-u",
      ),
    ).toEqual([["Spikey Walls (USA)", "Splashy Duck (Europe)"]]);
  });
});
