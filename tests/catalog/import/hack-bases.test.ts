import { describe, expect, it } from "vitest";
import { parseDat } from "../../../src/catalog/dat/parse-dat.ts";
import { assembleGames, type GameDatInput, type ReleaseDraft } from "../../../src/catalog/import/assemble-games.ts";
import { createMetadataIndex } from "../../../src/catalog/import/metadata-index.ts";

/**
 * Hacks linked to what they modify, on DATs written as libretro writes them: each hacks-DAT entry
 * names the base dump's file ("Super Metroid (Japan, USA) (En,Ja).sfc") beside the patched file's
 * own hashes. The file name links the base release; a name No-Intro has since changed links the
 * game by its title when one game has it; anything else stays unlinked, and the import says why.
 */

const clr = (blocks: readonly string[]): string => `clrmamepro (\n\tname "Test"\n)\n\n${blocks.map((b) => `game (\n${b}\n)\n`).join("\n")}`;
let seed = 0;
const rom = (file: string): string => {
  seed++;
  const crc = seed.toString(16).padStart(8, "0");
  return `rom ( name "${file}" size 1024 crc ${crc} md5 ${crc.repeat(4)} sha1 ${crc.repeat(5)} )`;
};
const entry = (name: string, ...files: string[]): string => `\tname "${name}"\n${files.map((f) => `\t${rom(f)}`).join("\n")}`;

const noIntro = [
  entry("Super Metroid (Japan, USA) (En,Ja)", "Super Metroid (Japan, USA) (En,Ja).sfc"),
  entry("Chrono Trigger (USA)", "Chrono Trigger (USA).sfc"),
  entry("Contra - Hard Corps (USA, Korea) (En)", "Contra - Hard Corps (USA, Korea) (En).md"),
  entry("Front Mission (Japan)", "Front Mission (Japan).sfc"),
];
const redump = [entry("Asuncia (Japan)", "Asuncia (Japan) (Track 01).bin", "Asuncia (Japan) (Track 02).bin")];
const hacks = [
  entry("Ancient Chozo [Hack by Albert V.]", "Super Metroid (Japan, USA) (En,Ja).sfc"),
  entry("Crimson Echoes [Hack by Kajar Laboratories]", "Chrono Trigger (USA).smc"),
  entry("Asuncia (Japan) [T-En by John Osborne]", "Asuncia (Japan) (Track 01).bin"),
  entry("Contra - Hard Corps Enhancement Hack [Hack by M.I.J.E.T.]", "Contra - Hard Corps (USA, Korea).md"),
  entry("Front Mission (Japan) [T-En by Aeon Genesis]", "Front Mission (Japan).sfc"),
  entry("Pokemon Clover [Hack by Anonymous]", "Pokemon Fire Red (U)(Squirrels).gba)"),
  entry("Nameless Hack [Hack by Nobody]"),
];

function assembled(): ReturnType<typeof assembleGames> {
  const dats: GameDatInput[] = [
    { dat: parseDat(clr(noIntro), "no-intro.dat"), source: "no-intro", label: "no-intro.dat" },
    { dat: parseDat(clr(redump), "redump.dat"), source: "redump", label: "redump.dat" },
    { dat: parseDat(clr(hacks), "hacks.dat"), source: "hacks", label: "hacks.dat" },
  ];
  return assembleGames(dats, createMetadataIndex(), { platform: "snes" });
}

function release(result: ReturnType<typeof assembleGames>, name: string): ReleaseDraft {
  const found = result.games.flatMap((g) => g.releases).find((r) => r.name === name);
  if (!found) throw new Error(`no release ${name}`);
  return found;
}

describe("hack links", () => {
  const result = assembled();
  const base = (name: string): [string | undefined, string | undefined] => {
    const { baseRelease, baseGameRelease } = release(result, name).extra;
    return [baseRelease, baseGameRelease];
  };

  it("links the release whose file the hack names", () => {
    expect(base("Ancient Chozo [Hack by Albert V.]")).toEqual(["Super Metroid (Japan, USA) (En,Ja)", undefined]);
  });

  it("links by the release name when the hack gives the file another extension", () => {
    expect(base("Crimson Echoes [Hack by Kajar Laboratories]")).toEqual(["Chrono Trigger (USA)", undefined]);
  });

  it("links a disc image's track file to the Redump release that has it", () => {
    expect(base("Asuncia (Japan) [T-En by John Osborne]")).toEqual(["Asuncia (Japan)", undefined]);
  });

  it("links a translation grouped with its base game too", () => {
    const frontMission = result.games.find((g) => g.title === "Front Mission");
    expect(frontMission?.releases.map((r) => r.name)).toContain("Front Mission (Japan) [T-En by Aeon Genesis]");
    expect(base("Front Mission (Japan) [T-En by Aeon Genesis]")).toEqual(["Front Mission (Japan)", undefined]);
  });

  it("links only the game when no release has the file's name but one game has its title", () => {
    expect(base("Contra - Hard Corps Enhancement Hack [Hack by M.I.J.E.T.]")).toEqual([undefined, "Contra - Hard Corps (USA, Korea) (En)"]);
  });

  it("leaves unlinked a hack whose file matches nothing or names no file, and says which and why", () => {
    expect(base("Pokemon Clover [Hack by Anonymous]")).toEqual([undefined, undefined]);
    expect(base("Nameless Hack [Hack by Nobody]")).toEqual([undefined, undefined]);
    expect(result.warnings).toEqual([
      'snes: 2 of 7 hacks are not linked to a base game: Nameless Hack [Hack by Nobody] (names no file); Pokemon Clover [Hack by Anonymous] (names "Pokemon Fire Red (U)(Squirrels).gba)", which matches no release or title)',
    ]);
  });

  it("never links by a title two games share", () => {
    // A game and its DLC share the clean title "Twin Title" and are two records.
    const twins = [entry("Twin Title (USA)", "Twin Title (USA).sfc"), entry("Twin Title (USA) (DLC)", "Twin Title (USA) (DLC).sfc")];
    const hack = [entry("Twin Hack [Hack by Someone]", "Twin Title (World).sfc")];
    const twinResult = assembleGames(
      [
        { dat: parseDat(clr(twins), "a.dat"), source: "no-intro", label: "a.dat" },
        { dat: parseDat(clr(hack), "hacks.dat"), source: "hacks", label: "hacks.dat" },
      ],
      createMetadataIndex(),
      { platform: "snes" },
    );
    expect(
      twinResult.games
        .filter((g) => g.title === "Twin Title")
        .map((g) => g.kind)
        .sort(),
    ).toEqual(["addon", "game"]);
    expect(release(twinResult, "Twin Hack [Hack by Someone]").extra).not.toHaveProperty("baseGameRelease");
    expect(twinResult.warnings).toEqual([
      'snes: 1 of 1 hacks are not linked to a base game: Twin Hack [Hack by Someone] (names "Twin Title (World).sfc", a title several games have)',
    ]);
  });
});
