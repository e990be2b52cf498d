import { describe, expect, it } from "vitest";
import { type RegionalCloneSet, regionalCloneTitles } from "../../../src/catalog/identity/regional-clones.ts";
import { arcadeDats, arcadeRecordTitles, arcadeRom as rom, arcadeWorks as works } from "../../helpers/arcade-works.ts";
import { datFile as dat } from "../../helpers/dat-file.ts";

function set(setName: string, titleKey: string, developer: string, year: number, size: number, curated = true): RegionalCloneSet {
  return { setName, titleKey, developer, year, size, curated };
}

describe("regionalCloneTitles", () => {
  it("names the parent title of a title whose curated sets are its parent's set names plus letters, of its year and maker, with smaller zips", () => {
    const titles = regionalCloneTitles([
      set("rygar", "rygar", "Tecmo", 1986, 231574),
      set("rygarj", "argus no senshi", "Tecmo", 1986, 55534),
      set("hcastle", "haunted castle", "Konami", 1988, 944996),
      set("hcastlej", "akuma jou dracula", "Konami", 1988, 48422),
      set("hcastlek", "haunted castle", "Konami", 1988, 40000),
      set("commando", "commando", "Capcom", 1985, 135332),
      set("commandoj", "senjou no ookami", "Capcom", 1985, 37053),
      // MAME 2003's name for the same set extends no other: it agrees with the clone's year and maker.
      set("commandj", "senjou no ookami", "Capcom", 1985, 37053),
      set("dkongjr", "donkey kong junior", "Nintendo of America", 1982, 30515),
      set("dkongjrj", "donkey kong jr", "Nintendo", 1982, 22638),
    ]);
    expect(Object.fromEntries(titles)).toEqual({
      "argus no senshi": "rygar",
      "akuma jou dracula": "haunted castle",
      "senjou no ookami": "commando",
      "donkey kong jr": "donkey kong junior",
    });
  });

  it("reads a set extending one of its own title as saying nothing, and a clone of a clone by its maker and year whatever the two zips' sizes", () => {
    const titles = regionalCloneTitles([
      set("rygar", "rygar", "Tecmo", 1986, 231574),
      set("rygarj", "argus no senshi", "Tecmo", 1986, 55534),
      set("rygarj2", "argus no senshi", "Tecmo", 1986, 55600),
      set("vendetta", "vendetta", "Konami", 1991, 2807028),
      set("vendetta2p", "vendetta", "Konami", 1991, 149755),
      set("vendetta2pp", "crime fighters 2", "Konami", 1991, 150010),
      set("vendettan", "crime fighters 2", "Konami", 1991, 148970),
    ]);
    expect(Object.fromEntries(titles)).toEqual({ "argus no senshi": "rygar", "crime fighters 2": "vendetta" });
  });

  it("leaves sequels, spin-offs, installments, other years, other makers, larger zips and titles with another game's sets where they are", () => {
    const titles = regionalCloneTitles([
      set("jchan", "jackie chan the kung fu master", "Kaneko", 1995, 9000000),
      set("jchan2", "jackie chan in fists of fire", "Kaneko", 1995, 8000000),
      set("hangon", "hang on", "Sega", 1985, 388693),
      set("hangonjr", "hang on jr", "Sega", 1985, 78120),
      set("ikari", "ikari warriors", "SNK", 1986, 196226),
      set("ikari3", "ikari iii the rescue", "SNK", 1989, 90000),
      set("gradius", "gradius", "Konami", 1985, 100000),
      set("gradiusb", "gradius ii", "Konami", 1988, 50000),
      set("alpha", "alpha one", "Vision", 1988, 100000),
      set("alphab", "alpha mission", "SNK", 1988, 50000),
      set("big", "big game", "Maker", 1990, 1000),
      set("bigj", "big game japan", "Maker", 1990, 5000),
      set("duo", "duo", "Maker", 1990, 9000),
      set("duoj", "shared title", "Maker", 1990, 3000),
      set("other", "shared title", "Someone Else", 1984, 9000),
      set("pbobble2", "puzzle bobble 2", "Taito", 1995, 5124851),
      set("pbobble2x", "puzzle bobble 2x", "Taito", 1995, 428442),
      set("hackj", "hack title", "Maker", 1990, 3000, false),
      set("hack", "hack original", "Maker", 1990, 9000),
    ]);
    expect(titles.size).toBe(0);
  });

  it("follows a clone of a clone to the first game's title", () => {
    const titles = regionalCloneTitles([
      set("game", "game", "Maker", 1990, 9000),
      set("gamej", "game japan title", "Maker", 1990, 5000),
      set("gameja", "game korea title", "Maker", 1990, 3000),
    ]);
    expect(titles.get("game korea title")).toBe("game");
    expect(titles.get("game japan title")).toBe("game");
  });
});

describe("regional clone titles in assembled arcade records", () => {
  it("joins a regional title's sets, and its other collections' sets, with their game under the parent's title, and keeps a spin-off apart", () => {
    const mame = dat([
      { name: "Rygar (US set 1)", fields: { developer: "Tecmo", releaseyear: "1986" }, roms: [rom("rygar.zip", "1", 231574)] },
      { name: "Argus no Senshi (Japan)", fields: { developer: "Tecmo", releaseyear: "1986" }, roms: [rom("rygarj.zip", "2", 55534)] },
      { name: "Haunted Castle (version M)", fields: { developer: "Konami", releaseyear: "1988" }, roms: [rom("hcastle.zip", "3", 944996)] },
      {
        name: "Akuma-Jou Dracula (Japan version P)",
        fields: { developer: "Konami", releaseyear: "1988" },
        roms: [rom("hcastlej.zip", "4", 48422)],
      },
      { name: "Hang-On (Rev A)", fields: { developer: "Sega", releaseyear: "1985" }, roms: [rom("hangon.zip", "5", 388693)] },
      { name: "Hang-On Jr.", fields: { developer: "Sega", releaseyear: "1985" }, roms: [rom("hangonjr.zip", "6", 78120)] },
    ]);
    const fbneo = dat([
      {
        name: "Argus no Senshi (Japan set 2)",
        fields: { publisher: "Tecmo", releaseyear: "1986" },
        roms: [rom("rygarj2.zip", "7", 55247)],
      },
    ]);
    expect(works(arcadeDats({ mame, fbneo }))).toEqual([
      ["Akuma-Jou Dracula (Japan version P)", "Haunted Castle (version M)"],
      ["Argus no Senshi (Japan set 2)", "Argus no Senshi (Japan)", "Rygar (US set 1)"],
      ["Hang-On (Rev A)"],
      ["Hang-On Jr."],
    ]);
    expect(arcadeRecordTitles(arcadeDats({ mame, fbneo })).map((r) => r.title)).toEqual([
      "Hang-On",
      "Hang-On Jr.",
      "Haunted Castle",
      "Rygar",
    ]);
  });

  it("reads FBNeo's own sets as curated where no other collection lists the set, and a MAME set's FBNeo entry not at all", () => {
    const mame = dat([
      { name: "Bang!", fields: { developer: "Gaelco", releaseyear: "1998" }, roms: [rom("bang.zip", "1", 2483047)] },
      { name: "Gun Gabacho (Japan)", fields: { developer: "Gaelco", releaseyear: "1998" }, roms: [rom("bangj.zip", "2", 1162846)] },
    ]);
    const fbneo = dat([
      { name: "FixEight (Europe)", fields: { publisher: "Toaplan", releaseyear: "1992" }, roms: [rom("fixeight.zip", "3", 1900000)] },
      {
        name: "FixEight - Jigoku no Eiyuu Densetsu (Japan)",
        fields: { publisher: "Toaplan", releaseyear: "1992" },
        roms: [rom("fixeightj.zip", "4", 60000)],
      },
      {
        name: "Gun Gabacho (Japan, version 2, checksum C6BB)",
        fields: { publisher: "Gaelco / Bit Managers (GM Shoji license)", releaseyear: "1999" },
        roms: [rom("bangj.zip", "5", 1162870)],
      },
    ]);
    expect(works(arcadeDats({ fbneo, mame }))).toEqual([
      ["Bang!", "Gun Gabacho (Japan)", "Gun Gabacho (Japan, version 2, checksum C6BB)"],
      ["FixEight (Europe)", "FixEight - Jigoku no Eiyuu Densetsu (Japan)"],
    ]);
  });
});
