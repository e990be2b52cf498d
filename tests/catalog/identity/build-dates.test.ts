import { describe, expect, it } from "vitest";
import { buildDates, sharedBuildPairs } from "../../../src/catalog/identity/build-dates.ts";
import { arcadeDats, arcadeRecordTitles, arcadeRom as rom, arcadeWorks as works } from "../../helpers/arcade-works.ts";
import { datFile as dat } from "../../helpers/dat-file.ts";

describe("arcade build dates", () => {
  it("reads a region and a YYMMDD date from one tag, and nothing else", () => {
    expect(buildDates("Street Fighter Alpha: Warriors' Dreams (Euro 950727)")).toEqual(["950727 euro"]);
    expect(buildDates("Red Earth (Asia 961121, NO CD)")).toEqual(["961121 asia"]);
    expect(buildDates("Street Fighter Zero (CPS Changer, Japan 951020)")).toEqual(["951020 japan"]);
    expect(buildDates("Red Earth (Euro, 961121)")).toEqual([]);
    expect(buildDates("Metal Slug 5 (Revised Version Mix 1.2 [2019-12-03])")).toEqual([]);
    expect(buildDates("Game (Japan 951345)")).toEqual([]);
  });

  it("pairs titles that share two builds under other regions, or one when they date no build in a region in common; never a build of one region", () => {
    const groups = new Map([
      [0, ["950727 euro", "950627 usa"]],
      [1, ["950727 brazil", "950627 japan"]],
      [2, ["910910 world"]],
      [3, ["910910 world", "950627 usa", "950727 brazil"]],
      [4, ["000406 usa", "000406 asia"]],
      [5, ["000406 japan"]],
      [6, ["910910 japan", "910805 world"]],
    ]);
    expect(sharedBuildPairs(groups)).toEqual([
      [0, 1],
      [4, 5],
    ]);
  });
});

describe("arcade regional titles by their builds", () => {
  it("joins two titles of one maker that ship two builds under other regions, and not two games of one release day", () => {
    const mame = dat([
      {
        name: "Street Fighter Alpha: Warriors' Dreams (Euro 950727)",
        fields: { developer: "Capcom", releaseyear: "1995" },
        roms: [rom("sfa.zip", "1")],
      },
      {
        name: "Street Fighter Alpha: Warriors' Dreams (USA 950627)",
        fields: { developer: "Capcom", releaseyear: "1995" },
        roms: [rom("sfau.zip", "2")],
      },
      { name: "Street Fighter Zero (Brazil 950727)", fields: { developer: "Capcom", releaseyear: "1995" }, roms: [rom("sfzbr.zip", "3")] },
      { name: "Street Fighter Zero (Japan 950627)", fields: { developer: "Capcom", releaseyear: "1995" }, roms: [rom("sfz.zip", "4")] },
      { name: "Block Block (World 910910)", fields: { developer: "Capcom", releaseyear: "1991" }, roms: [rom("block.zip", "5")] },
      { name: "The King of Dragons (World 910805)", fields: { developer: "Capcom", releaseyear: "1991" }, roms: [rom("kod.zip", "6")] },
      { name: "The King of Dragons (Japan 910910)", fields: { developer: "Capcom", releaseyear: "1991" }, roms: [rom("kodj.zip", "7")] },
    ]);
    expect(works(arcadeDats({ mame }))).toEqual([
      ["Block Block (World 910910)"],
      [
        "Street Fighter Alpha: Warriors' Dreams (Euro 950727)",
        "Street Fighter Alpha: Warriors' Dreams (USA 950627)",
        "Street Fighter Zero (Brazil 950727)",
        "Street Fighter Zero (Japan 950627)",
      ],
      ["The King of Dragons (Japan 910910)", "The King of Dragons (World 910805)"],
    ]);
  });

  it("titles the game by its set of the preferred region, which the region in a dated tag names", () => {
    const mame = dat([
      { name: "Justice Gakuen (Japan 971117)", fields: { developer: "Capcom", releaseyear: "1997" }, roms: [rom("jgakuen.zip", "1")] },
      {
        name: "Rival Schools: United By Fate (Asia 971117)",
        fields: { developer: "Capcom", releaseyear: "1997" },
        roms: [rom("rvschoola.zip", "2")],
      },
      {
        name: "Rival Schools: United By Fate (USA 971117)",
        fields: { developer: "Capcom", releaseyear: "1997" },
        roms: [rom("rvschool.zip", "3")],
      },
    ]);
    expect(arcadeRecordTitles(arcadeDats({ mame }))).toEqual([
      { title: "Rival Schools: United By Fate", first: "Rival Schools: United By Fate (USA 971117)" },
    ]);
  });
});
