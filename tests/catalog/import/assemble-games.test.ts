import { describe, expect, it } from "vitest";
import type { DatGame } from "../../../src/catalog/dat/dat-types.ts";
import { assembleGames } from "../../../src/catalog/import/assemble-games.ts";
import { addMetadataDat, createMetadataIndex } from "../../../src/catalog/import/metadata-index.ts";
import { datFile as dat } from "../../helpers/dat-file.ts";

describe("assembleGames metadata join", () => {
  const games = dat([
    { name: "Sky Lark (USA)", roms: [{ name: "Sky Lark (USA).sfc", size: 1024, crc: "aaaa0001" }] },
    { name: "Sky Lark (Japan)", roms: [{ name: "Sky Lark (Japan).sfc", size: 1024, crc: "aaaa0002" }] },
    {
      name: "Disc Dancer (USA)",
      fields: { serial: "SLUS-00001" },
      roms: [{ name: "Disc Dancer (USA).bin", size: 4096, crc: "bbbb0001", serial: "SLUS-00001" }],
    },
    { name: "Name Only (USA)", roms: [{ name: "Name Only (USA).sfc", size: 1024, crc: "cccc0001" }] },
  ]);

  it("joins on rom crc, then on serial, and never on names", () => {
    const metadata = createMetadataIndex();
    addMetadataDat(metadata, dat([{ comment: "Sky Lark (Japan)", fields: { developer: "Lark Soft" }, roms: [{ crc: "aaaa0002" }] }]));
    addMetadataDat(
      metadata,
      dat([{ comment: "Sky Lark (USA)", fields: { releaseyear: "1994", genre: "Shooter" }, roms: [{ crc: "aaaa0001" }] }]),
    );
    addMetadataDat(metadata, dat([{ comment: "Disc Dancer (US)", fields: { esrb_rating: "E" }, roms: [{ serial: "SLUS-00001" }] }]));
    addMetadataDat(metadata, dat([{ comment: "Name Only (USA)", fields: { developer: "Nobody" }, roms: [{ crc: "ffff0000" }] }]));
    const { games: drafts, warnings } = assembleGames([{ dat: games, source: "no-intro", label: "test.dat" }], metadata);
    expect(warnings).toEqual([]);
    const byTitle = new Map(drafts.map((g) => [g.title, g]));
    expect(byTitle.get("Sky Lark")?.metadata).toEqual({ developer: "Lark Soft", releaseYear: 1994, genres: ["Shooter"] });
    expect(byTitle.get("Sky Lark")?.releases.map((r) => r.name)).toEqual(["Sky Lark (USA)", "Sky Lark (Japan)"]);
    expect(byTitle.get("Disc Dancer")?.metadata).toEqual({ esrbRating: "E" });
    expect(byTitle.get("Name Only")?.metadata).toEqual({});
  });

  it("adds a serial from a crc-keyed serial DAT to the release", () => {
    const metadata = createMetadataIndex();
    addMetadataDat(metadata, dat([{ comment: "Sky Lark (USA)", fields: { serial: "SNS-LK-USA" }, roms: [{ crc: "aaaa0001" }] }]));
    const { games: drafts } = assembleGames([{ dat: games, source: "no-intro", label: "test.dat" }], metadata);
    const usa = drafts.find((g) => g.title === "Sky Lark")?.releases.find((r) => r.name === "Sky Lark (USA)");
    expect(usa?.serial).toBe("SNS-LK-USA");
  });

  it("merges entries with the same DAT name from two collections into one release", () => {
    const headered = dat([{ name: "Sky Lark (USA)", roms: [{ name: "Sky Lark (USA).sfc", size: 1536, crc: "dddd0001" }] }]);
    const { games: drafts } = assembleGames(
      [
        { dat: games, source: "no-intro", label: "a.dat" },
        { dat: headered, source: "dat", label: "b.dat" },
      ],
      createMetadataIndex(),
    );
    const usa = drafts.find((g) => g.title === "Sky Lark")?.releases.find((r) => r.name === "Sky Lark (USA)");
    expect(usa?.roms.map((r) => r.crc)).toEqual(["aaaa0001", "dddd0001"]);
  });

  it("skips a nameless entry with a warning naming file and line", () => {
    const { games: drafts, warnings } = assembleGames(
      [{ dat: dat([{ roms: [{ crc: "00000000" }] }]), source: "dat", label: "x.dat" }],
      createMetadataIndex(),
    );
    expect(drafts).toEqual([]);
    expect(warnings).toEqual(["x.dat:1: game entry without a name skipped"]);
  });
});

describe("one DAT entry, one release", () => {
  const entry = (name: string, rom: string, crc: string, size = 16384): Partial<DatGame> => ({
    name,
    roms: [{ name: rom, size, crc, sha1: crc.repeat(5) }],
  });

  it("keeps two dumps under one name in one DAT as two releases, and a TOSEC file of one of them joins that record", () => {
    const noIntro = dat([
      entry("Tempest (USA) (Proto)", "Tempest (USA) (Proto) (1983-12-29).a52", "1187342f"),
      entry("Tempest (USA) (Proto)", "Tempest (USA) (Proto) (1984-03-15).a52", "eb5b5c64"),
    ]);
    const tosec = dat([entry("Tempest (USA) (Proto)[CX5220]", "Tempest (1983)(Atari)(US)(proto)[CX5220].bin", "1187342f")]);
    const { games } = assembleGames(
      [
        { dat: noIntro, source: "no-intro", label: "no-intro.dat" },
        { dat: tosec, source: "tosec", label: "tosec.dat" },
      ],
      createMetadataIndex(),
    );
    expect(games).toHaveLength(1);
    const releases = games[0]?.releases ?? [];
    expect(releases.filter((r) => r.name === "Tempest (USA) (Proto)").map((r) => r.roms.map((m) => m.crc))).toEqual([
      ["1187342f"],
      ["eb5b5c64"],
    ]);
  });

  it("joins entries of one name that are the parts of one multi-file set, and the same entry in another DAT", () => {
    const parts = dat([
      entry("Disc Dancer (USA)", "Disc Dancer (USA) (Track 1).bin", "00000001", 4096),
      entry("Disc Dancer (USA)", "Disc Dancer (USA) (Track 2).bin", "00000002", 8192),
    ]);
    const headered = dat([entry("Disc Dancer (USA)", "Disc Dancer (USA) (Track 1).bin", "00000001", 4096)]);
    const { games } = assembleGames(
      [
        { dat: parts, source: "redump", label: "redump.dat" },
        { dat: headered, source: "dat", label: "libretro.dat" },
      ],
      createMetadataIndex(),
    );
    expect(games[0]?.releases.map((r) => r.roms.length)).toEqual([2]);
  });
});

describe("assembleGames bonus discs", () => {
  it("keeps a disc tagged as its game's bonus disc in a record of its own, with its other entry, linked to the game both ways", () => {
    const starry = dat([
      { name: "Starry Sky - After Winter Portable (Japan)", roms: [{ name: "a.iso", size: 1_782_349_824, sha1: "a".repeat(40) }] },
      {
        name: "Starry Sky - After Winter Portable (Japan) (Extra Disc)",
        roms: [{ name: "b.iso", size: 596_410_368, sha1: "b".repeat(40) }],
      },
      {
        name: "Starry Sky - After Winter Portable - Etsuran Shite Please - Etsu Plea 2 (Japan)",
        roms: [{ name: "c.iso", size: 596_410_368, sha1: "b".repeat(40) }],
      },
      { name: "Eve - The Lost One (Japan) (Disc 1)", roms: [{ name: "d.bin", size: 584_570_784, sha1: "d".repeat(40) }] },
      { name: "Eve - The Lost One (Japan) (Disc 4) (Premium Disc)", roms: [{ name: "e.bin", size: 565_787_712, sha1: "e".repeat(40) }] },
    ]);
    const { games } = assembleGames([{ dat: starry, source: "redump", label: "psp.dat" }], createMetadataIndex());
    const names = games.map((g) => g.releases.map((r) => r.name).sort());
    expect(names).toContainEqual(["Starry Sky - After Winter Portable (Japan)"]);
    expect(names).toContainEqual([
      "Starry Sky - After Winter Portable (Japan) (Extra Disc)",
      "Starry Sky - After Winter Portable - Etsuran Shite Please - Etsu Plea 2 (Japan)",
    ]);
    // A numbered disc of the game's set is the game's own disc.
    expect(names).toContainEqual(["Eve - The Lost One (Japan) (Disc 1)", "Eve - The Lost One (Japan) (Disc 4) (Premium Disc)"]);
    const game = games.findIndex((g) => g.title === "Starry Sky - After Winter Portable");
    const disc = games.findIndex((g) => g.releases.some((r) => r.name.includes("(Extra Disc)")));
    expect(games[game]?.related).toEqual([{ relation: "bonus-disc", work: disc }]);
    expect(games[disc]?.related).toEqual([{ relation: "bonus-disc-of", work: game }]);
  });
});
