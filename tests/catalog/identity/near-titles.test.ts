import { describe, expect, it } from "vitest";
import { companies, noCompanyInCommon, personKey, sameMaker } from "../../../src/catalog/identity/company-word.ts";
import { groupWorks } from "../../../src/catalog/identity/group-works.ts";
import { buildSuffixKey, spellingKey, strayLetterKey } from "../../../src/catalog/identity/near-titles.ts";
import { splitSameTitle } from "../../../src/catalog/identity/same-title.ts";
import { titleKey } from "../../../src/catalog/names/title-key.ts";
import { workInput as input } from "../../helpers/work-input.ts";

/** The titles grouped together, each work's titles sorted, works sorted. */
function works(items: Parameters<typeof input>[0][]): string[][] {
  const inputs = items.map(input);
  return groupWorks(inputs)
    .groups.map((g) => g.map((i) => inputs[i]?.title ?? "").sort())
    .sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

describe("credits", () => {
  it("names each company of a credit once, and no company for DAT placeholders", () => {
    expect(companies("Futura Games, U.S. Gold Ltd./Kixx")).toEqual(new Set(["futura", "u", "kixx"]));
    expect(companies("ImagiSOFT, Inc.")).toEqual(new Set(["imagisoft"]));
    expect(companies("demo")).toEqual(new Set());
    expect(companies("bootleg")).toEqual(new Set());
    expect(noCompanyInCommon(companies("Image Works"), companies("Futura Games, Image Works"))).toBe(false);
    expect(noCompanyInCommon(companies("Paul Levy"), companies("Dynamo Software"))).toBe(true);
    expect(noCompanyInCommon(companies("Paul Levy"), companies("Anonymous"))).toBe(false);
  });

  it("reads a person's name by first and last name, so that a first name alone is no maker in common", () => {
    expect(companies("Pete Ridley, Richard Kaapke")).toEqual(new Set(["pete ridley", "richard kaapke"]));
    expect(noCompanyInCommon(companies("Pete Ridley, Richard Kaapke"), companies("Richard Tom"))).toBe(true);
    expect(noCompanyInCommon(companies("Bob Fritz"), companies("Bob Sorem"))).toBe(true);
    expect(personKey("J. T. Chisholm")).toBe("j chisholm");
    expect(personKey("Ed T. Toton III")).toBe("ed toton");
    expect(personKey("Brooks deForest")).toBe("brooks forest");
    expect(personKey("Unique Software")).toBeUndefined();
    expect(personKey("Epic MegaGames")).toBeUndefined();
    expect(personKey("Infodisc")).toBeUndefined();
    // A leading "The" is no maker's word: "The Two Nice Guys" credits someone.
    expect(companies("The Two Nice Guys").size).toBe(1);
  });

  it("matches one person written two ways, and a person with a company named after them", () => {
    expect(sameMaker("mike stephenson", "m stephenson")).toBe(true);
    expect(noCompanyInCommon(companies("Thomas Scheels"), companies("Thomas Schels"))).toBe(false);
    expect(noCompanyInCommon(companies("William Soleau"), companies("Soleau Software, Inc."))).toBe(false);
    expect(noCompanyInCommon(companies("Electronic Arts"), companies("Electronic Arts, Inc."))).toBe(false);
    expect(noCompanyInCommon(companies("Square Enix"), companies("Square Co., Ltd."))).toBe(false);
    expect(noCompanyInCommon(companies("Don Phillip Gibson"), companies("Hoops Software"))).toBe(true);
    expect(sameMaker("thomas scheels", "thomas scheer")).toBe(false);
  });
});

describe("one title, several works by their credits", () => {
  const release = (publisher: string | undefined, year: number | undefined) => ({ code: undefined, publisher, year, contents: undefined });

  it("splits releases with no company in common more than two years apart, and keeps a re-release with its developer", () => {
    const parts = splitSameTitle([
      release("Spectrum HoloByte, Inc.", 1991),
      release("Dominique Vidal", 1995),
      release("Image Works", 1990),
      release("Futura Games, Image Works", 1996),
    ]);
    expect(parts.map((p) => p.weak)).toEqual([0, 1, 0, 0]);
  });

  it("keeps releases two years apart, or without credits, in one work", () => {
    expect(splitSameTitle([release("Sensible Software", 1992), release("Renegade Software", 1993)]).map((p) => p.weak)).toEqual([0, 0]);
    expect(splitSameTitle([release("Mark Neri", 1991), release("WestWorld Computer Services", 1992)]).map((p) => p.weak)).toEqual([0, 0]);
    expect(splitSameTitle([release("Paul Levy", 1984), release(undefined, 1998)]).map((p) => p.weak)).toEqual([0, 0]);
  });

  it("splits programs credited to different people alone, whatever their years, and keeps one author's", () => {
    expect(splitSameTitle([release("Paul Levy", 1984), release("Gregg Minkow", 1986)]).map((p) => p.weak)).toEqual([0, 1]);
    expect(
      splitSameTitle([release("Glencoe Computing", 1988), release("Scott L. Cox", 1988), release("Paul Warner", 1990)]).map((p) => p.weak),
    ).toEqual([0, 0, 1]);
    expect(splitSameTitle([release("Thomas Scheels", 1991), release("Thomas Schels", 1992)]).map((p) => p.weak)).toEqual([0, 0]);
  });
});

describe("spelling variants", () => {
  it("reads titles as their spellings meet", () => {
    expect(spellingKey(titleKey("BlazBlue - Chronophantasma Extend"))).toBe(spellingKey(titleKey("BlazBlue - Chrono Phantasma Extend")));
    expect(spellingKey(titleKey("Rose to Tasogare no Kojou"))).toBe(spellingKey(titleKey("Rose to Tasogare no Kojo")));
    expect(spellingKey(titleKey("Rui wa Tomo wo Yobu"))).toBe(spellingKey(titleKey("Rui wa Tomo o Yobu")));
    expect(titleKey("Kane &amp; Lynch: Dead Men")).toBe(titleKey("Kane & Lynch - Dead Men"));
    expect(strayLetterKey(titleKey("Descenta"))).toBe("descent");
    expect(strayLetterKey(titleKey("Wolfenstein 3Dg"))).toBe("wolfenstein3d");
    expect(strayLetterKey(titleKey("Kessen III"))).toBeUndefined();
    expect(strayLetterKey(titleKey("Dragcity U.S.A.E"), "Dragcity U.S.A.E")).toBe(spellingKey(titleKey("Dragcity U.S.A")));
    expect(buildSuffixKey(titleKey("Commander Keen in Keen Dreams EGA"))).toBe(spellingKey(titleKey("Commander Keen in Keen Dreams")));
    expect(buildSuffixKey(titleKey("Lands of Lore- The Throne of Chaos vF1.20"))).toBe(
      spellingKey(titleKey("Lands of Lore- The Throne of Chaos")),
    );
    expect(buildSuffixKey(titleKey("Final Fantasy V"))).toBeUndefined();
    expect(strayLetterKey(titleKey("聖少女戰隊III"))).toBeUndefined();
    expect(strayLetterKey(titleKey("Wolfenstein 3Dc"))).toBe("wolfenstein3d");
    expect(spellingKey(titleKey("Xbox Demo Disc Version 1.3"))).not.toBe(spellingKey(titleKey("Xbox Demo Disc Version 13")));
    expect(spellingKey(titleKey("20,000 Avant J.C"))).toBe(spellingKey(titleKey("20000 Avant J.C.")));
    expect(spellingKey(titleKey("1,000 Miles"))).toBe(spellingKey(titleKey("1000 Miles")));
    expect(spellingKey(titleKey("NHL Hitz 20-02"))).toBe(spellingKey(titleKey("NHL Hitz 2002")));
    expect(spellingKey(titleKey("Thema 1-3"))).not.toBe(spellingKey(titleKey("Thema 13")));
  });

  it("reads a dotted version and a numeral glued to a CJK title as numbers, not as spellings or stray letters", () => {
    expect(
      works([
        { title: "Xbox Demo Disc Version 1.3", source: "redump", regions: ["USA"] },
        { title: "Xbox Demo Disk Version 13", source: "redump", regions: ["Europe"] },
        { title: "Demo Collection Version 1.3", regions: ["USA"] },
        { title: "DemoCollection Version 13", regions: ["USA"] },
        { title: "聖少女戰隊II", source: "dat", datedYear: 1995, creditedDeveloper: "Kuo Kuang" },
        { title: "聖少女戰隊III", source: "dat", datedYear: 1996, creditedDeveloper: "Kuo Kuang" },
        { title: "Xbox Demo Disc Version 1.4", source: "redump", regions: ["USA"] },
        { title: "Xbox Demo Disk Version 1.4", source: "redump", regions: ["Europe"] },
      ]),
    ).toEqual([
      ["Demo Collection Version 1.3"],
      ["DemoCollection Version 13"],
      ["Xbox Demo Disc Version 1.3"],
      ["Xbox Demo Disc Version 1.4", "Xbox Demo Disk Version 1.4"],
      ["Xbox Demo Disk Version 13"],
      ["聖少女戰隊II"],
      ["聖少女戰隊III"],
    ]);
  });

  it("takes no maker in common as proof of a letter ending a short word, and no regions as proof of a stray letter years apart", () => {
    expect(
      works([
        { title: "Rect Demo / Moon", source: "dat", developer: "Nesbox" },
        { title: "Rectb Demo / Moon", source: "dat", developer: "Nesbox" },
        { title: "Space Demo Moon", source: "no-intro", regions: ["USA"] },
        { title: "Spacex Demo Moon", source: "no-intro", regions: ["Japan"] },
        { title: "Soul Blade", regions: ["USA"], datedYear: 1997 },
        { title: "Soul Blader", regions: ["Japan"], datedYear: 1992 },
        { title: "Star Blade", regions: ["USA"], datedYear: 1992 },
        { title: "Star Blader", regions: ["Japan"], datedYear: 1993 },
      ]),
    ).toEqual([
      ["Rect Demo / Moon"],
      ["Rectb Demo / Moon"],
      ["Soul Blade"],
      ["Soul Blader"],
      ["Space Demo Moon", "Spacex Demo Moon"],
      ["Star Blade", "Star Blader"],
    ]);
  });

  it("joins a spelling variant unless its facts disagree", () => {
    expect(
      works([
        { title: "Akiba Strip 2", regions: ["Korea"] },
        { title: "Akiba's Trip 2", regions: ["Japan"] },
        { title: "Pac Man", developer: "Namco" },
        { title: "PacMan", developer: "Eric Davidson" },
      ]),
    ).toEqual([["Akiba Strip 2", "Akiba's Trip 2"], ["Pac Man"], ["PacMan"]]);
  });

  it("joins a stray last letter when both releases credit one developer, whatever their years", () => {
    expect(
      works([
        { title: "Descent", developer: "Interplay Productions", creditedDeveloper: "Interplay Productions", year: 1994 },
        { title: "Descenta", developer: "Interplay Productions", creditedDeveloper: "Interplay Productions", year: 1995 },
        { title: "PC-FasType", developer: "Trendtech Corporation, Inc.", year: 1987 },
        { title: "PC-FasTypea", developer: "Trendtech Corporation, Inc.", year: 1991 },
        { title: "Hunter", developer: "HVB Software", creditedDeveloper: "HVB Software", year: 1991 },
        { title: "Hunterd", developer: "Weazel", creditedDeveloper: "Weazel", year: 2002 },
      ]),
    ).toEqual([["Descent", "Descenta"], ["Hunter"], ["Hunterd"], ["PC-FasType", "PC-FasTypea"]]);
  });

  it("tests two spellings of one title by the spelling join alone, where a maker both credit vouches across years", () => {
    expect(
      works([
        { title: "Mille Bornes", developer: "Pete Ridley, Richard Kaapke", creditedDeveloper: "Pete Ridley, Richard Kaapke", year: 1984 },
        { title: "MilleBornes", developer: "Richard Tom", creditedDeveloper: "Richard Tom", year: 1989 },
        { title: "MilleBornesb", developer: "Richard Tom", creditedDeveloper: "Richard Tom", year: 1989 },
        { title: "Star Trek", developer: "Bob Fritz", creditedDeveloper: "Bob Fritz", year: 1981 },
        { title: "Startrek", developer: "Bob Sorem", creditedDeveloper: "Bob Sorem", year: 2000 },
        { title: "Moto Roader", developer: "Hudson Soft", regions: ["Japan"], year: 2014 },
        { title: "MOTOROADER", developer: "Hudson Soft", regions: ["USA"], year: 2017 },
      ]),
    ).toEqual([["Mille Bornes"], ["MilleBornes", "MilleBornesb"], ["MOTOROADER", "Moto Roader"], ["Star Trek"], ["Startrek"]]);
  });

  it("does not take one year for both as proof of another first letter", () => {
    expect(
      works([
        { title: "Follow the Reader", source: "dat", developer: "Walt Disney Computer Software, Inc.", datedYear: 1993 },
        { title: "Follow the Leader", source: "dat", datedYear: 1993 },
        { title: "Fatal Inertia EX", source: "dat", datedYear: 2014 },
        { title: "Fatal Intertia EX", source: "dat", datedYear: 2014 },
      ]),
    ).toEqual([["Fatal Inertia EX", "Fatal Intertia EX"], ["Follow the Leader"], ["Follow the Reader"]]);
  });

  it("joins a stray last letter without credits dated one year, or of two regions, but not a plural's s or a letter after a number", () => {
    expect(
      works([
        { title: "Gabriel Knight- Sins of the Fathers", datedYear: 1993 },
        { title: "Gabriel Knight- Sins of the Fathersa", datedYear: 1993 },
        { title: "Sub Attack", datedYear: 1987 },
        { title: "Sub Attackb", datedYear: 1991 },
        { title: "Rocket Ranger", datedYear: 1990 },
        { title: "Rocket Rangers", datedYear: 1990 },
        { title: "Special Edition", regions: ["Europe"] },
        { title: "Special Editions", regions: ["USA"] },
        { title: "Euro Demo 08", regions: ["Europe"] },
        { title: "Euro Demo 08b", regions: ["Germany"] },
      ]),
    ).toEqual([
      ["Euro Demo 08"],
      ["Euro Demo 08b"],
      ["Gabriel Knight- Sins of the Fathers", "Gabriel Knight- Sins of the Fathersa"],
      ["Rocket Ranger"],
      ["Rocket Rangers"],
      ["Special Edition", "Special Editions"],
      ["Sub Attack"],
      ["Sub Attackb"],
    ]);
  });

  it("joins a letter glued to closing punctuation, and a DOS build suffix, when the facts agree", () => {
    expect(
      works([
        { title: "Leisure Suit Larry 6- Shape Up or Slip Out!", datedYear: 1993 },
        { title: "Leisure Suit Larry 6- Shape Up or Slip Out!A", datedYear: 1993 },
        { title: "Commander Keen in Keen Dreams CGA", developer: "Softdisk Publishing", datedYear: 1993 },
        { title: "Commander Keen in Keen Dreams EGA", developer: "Softdisk, Inc.", datedYear: 1991 },
        { title: "Lands of Lore- The Throne of Chaos vE1.20", developer: "Virgin Games, Ltd.", datedYear: 1993 },
        { title: "Lands of Lore- The Throne of Chaos vF1.20", developer: "Europe", datedYear: 1993 },
        { title: "Digger VGA", developer: "Windmill Software", datedYear: 1983 },
        { title: "Digger", developer: "Digger Remastered Team", datedYear: 1998 },
      ]),
    ).toEqual([
      ["Commander Keen in Keen Dreams CGA", "Commander Keen in Keen Dreams EGA"],
      ["Digger"],
      ["Digger VGA"],
      ["Lands of Lore- The Throne of Chaos vE1.20", "Lands of Lore- The Throne of Chaos vF1.20"],
      ["Leisure Suit Larry 6- Shape Up or Slip Out!", "Leisure Suit Larry 6- Shape Up or Slip Out!A"],
    ]);
  });

  it("vouches for a slip by a company the DAT entry credits, an own serial, swapped letters and one year in a long word", () => {
    expect(
      works([
        { title: "Star Trek - The Kobayashi Alternative", source: "tosec", creditedDeveloper: "Simon & Schuster Interactive" },
        { title: "Star Trek - The Kobyashi Alternative", source: "tosec", creditedDeveloper: "Simon & Schuster Interactive" },
        { title: "Sword Art Online - Last Song", source: "dat", regions: ["Japan"], ownSerial: "BLJS10312" },
        { title: "Sword Art Online - Lost Song", source: "dat", regions: ["Japan"], ownSerial: "BLJS10312" },
        { title: "Blast Factor - Multiplayer Pack", source: "no-intro", regions: ["USA"] },
        { title: "Blast Factor - Mutliplayer Pack", source: "dat" },
        { title: "Fatal Inertia EX", source: "dat", datedYear: 2014 },
        { title: "Fatal Intertia EX", source: "dat", datedYear: 2014 },
        { title: "cIOS installer", source: "dat", datedYear: 2014 },
        { title: "cIOSx installer", source: "dat", datedYear: 2014 },
        { title: "Tower of Hanoi", source: "dat", developer: "Dale B. Klipstein" },
        { title: "Towers of Hanoi", source: "dat", developer: "Dale B. Klipstein" },
        { title: "Disney Extreme Skate Adventure", regions: ["Europe"] },
        { title: "Disney's Extreme Skate Adventure", regions: ["USA"] },
      ]),
    ).toEqual([
      ["Blast Factor - Multiplayer Pack", "Blast Factor - Mutliplayer Pack"],
      ["cIOS installer"],
      ["cIOSx installer"],
      ["Disney Extreme Skate Adventure", "Disney's Extreme Skate Adventure"],
      ["Fatal Inertia EX", "Fatal Intertia EX"],
      ["Star Trek - The Kobayashi Alternative", "Star Trek - The Kobyashi Alternative"],
      ["Sword Art Online - Last Song", "Sword Art Online - Lost Song"],
      ["Tower of Hanoi"],
      ["Towers of Hanoi"],
    ]);
  });

  it("reads a credit that names a region or a build as no credit", () => {
    expect(companies("Europe")).toEqual(new Set());
    expect(companies("English Demo Version")).toEqual(new Set());
    expect(companies("English Software")).toEqual(new Set(["english"]));
  });

  it("joins a capital glued to the last word without credits", () => {
    expect(works([{ title: "Pirates of PestulonS" }, { title: "Pirates of PestulonU" }])).toEqual([
      ["Pirates of PestulonS", "Pirates of PestulonU"],
    ]);
  });

  it("joins a one-letter slip named by two collections or two regions, not two titles of one collection", () => {
    expect(
      works([
        { title: "Spy vs. Spy III - Arctic Antics", source: "tosec" },
        { title: "Spy vs. Spy III - Artic Antics", source: "no-intro" },
        { title: "Flash Gordon", source: "dat" },
        { title: "Flush Gordon", source: "dat" },
        { title: "Tech Saturn Jul. 1997", source: "redump", regions: ["Japan"] },
        { title: "Tech Saturn Jun. 1997", source: "tosec", regions: ["Japan"] },
      ]),
    ).toEqual([
      ["Flash Gordon"],
      ["Flush Gordon"],
      ["Spy vs. Spy III - Arctic Antics", "Spy vs. Spy III - Artic Antics"],
      ["Tech Saturn Jul. 1997"],
      ["Tech Saturn Jun. 1997"],
    ]);
  });

  it("takes no two regions as proof of a slip when the two titles' largest files lie more than four times apart", () => {
    expect(
      works([
        { title: "Fire Ball!!", source: "redump", regions: ["Japan"], size: 61_269_600 },
        { title: "Firewall", source: "redump", regions: ["Korea"], size: 674_722_944 },
        { title: "Mega Bomberman Special", source: "redump", regions: ["Japan"], size: 61_269_600 },
        { title: "Mega Bomberman Spetial", source: "redump", regions: ["Korea"], size: 122_539_200 },
        // A DLC's size varies between regions: only retail games' sizes are read.
        { title: "Derby Dogs", kind: "addon", source: "no-intro", regions: ["USA"], size: 165_408 },
        { title: "Derby Dog", kind: "addon", source: "no-intro", regions: ["Japan"], size: 3_320 },
        // Nor a store entry's 512-byte licence.
        { title: "Antiquia Lost", source: "no-intro", regions: ["USA"], size: 512 },
        { title: "Antiqua Lost", source: "no-intro", regions: ["Japan"], size: 275_976_016 },
      ]),
    ).toEqual([
      ["Antiqua Lost", "Antiquia Lost"],
      ["Derby Dog", "Derby Dogs"],
      ["Fire Ball!!"],
      ["Firewall"],
      ["Mega Bomberman Special", "Mega Bomberman Spetial"],
    ]);
  });

  it("joins a variant to one part of a title split by its credits, not to several", () => {
    const parts = works([
      { title: "Tetris", groupKey: "tetris", year: 1986, developer: "A. Pajitnov, V. Gerasimov" },
      { title: "Tetris", groupKey: "tetris\u00021", year: 1990, developer: "Matt Plavcan" },
      { title: "TetrisN", year: 1988, developer: "Anonymous" },
    ]);
    expect(parts).toHaveLength(2);
    expect(parts.map((p) => p.length).sort()).toEqual([1, 2]);
  });

  it("never joins two parts of one title split on purpose", () => {
    expect(
      works([
        { title: "Super Tetris", groupKey: "super tetris", year: 1991, developer: "Spectrum HoloByte" },
        { title: "SuperTetris", groupKey: "super tetris\u00021", year: 1995, developer: "Dominique Vidal" },
      ]),
    ).toEqual([["Super Tetris"], ["SuperTetris"]]);
  });
});

describe("arcade A / B titles", () => {
  const arcade = (title: string, over: Partial<Parameters<typeof input>[0]> = {}): Parameters<typeof input>[0] => ({
    title,
    titleParts: title.includes(" / ") ? title.split(" / ").map(titleKey) : [],
    ...over,
  });

  it("joins one game's two titles, and no part of a board of two games whose makers differ", () => {
    const inputs = [
      arcade("Aero Fighters 2 / Sonic Wings 2", { developer: "Video System", year: 1994 }),
      arcade("Aero Fighters 2", { developer: "Video System", year: 1994 }),
      arcade("Sonic Wings 2", { developer: "Video System", year: 1994 }),
      arcade("Street Smart / Final Fight", { developer: "bootleg", year: 1989 }),
      arcade("Street Smart", { developer: "SNK", year: 1989 }),
      arcade("Final Fight", { developer: "Capcom", year: 1989 }),
    ].map(input);
    const result = groupWorks(inputs);
    const titles = result.groups.map((g) => g.map((i) => inputs[i]?.title).sort());
    expect(titles).toContainEqual(["Aero Fighters 2", "Aero Fighters 2 / Sonic Wings 2", "Sonic Wings 2"]);
    expect(titles).toContainEqual(["Street Smart / Final Fight"]);
    expect(result.compilations.map((c) => inputs[c.item]?.title)).toEqual(["Street Smart / Final Fight"]);
  });

  it("joins no part whose credits or years disagree", () => {
    expect(
      works([
        arcade("Super Dodge Ball / Kunio no Nekketsu Toukyuu Densetsu", { developer: "Technos Japan", year: 1996 }),
        arcade("Super Dodge Ball", { developer: "Technos Japan", year: 1987 }),
        arcade("Alpha Fighter / Head On", { developer: "Data East Corporation" }),
        arcade("Head On", { developer: "Gremlin", year: 1979 }),
      ]),
    ).toEqual([["Alpha Fighter / Head On"], ["Head On"], ["Super Dodge Ball"], ["Super Dodge Ball / Kunio no Nekketsu Toukyuu Densetsu"]]);
  });

  it("keeps a board dated years after both games it names, crediting neither maker, apart from them; joins a set of their years or their maker's port", () => {
    const inputs = [
      arcade("Tetris / Bloxeed", { developer: "bootleg (ISG)", year: 2006, setName: "tetrbx" }),
      arcade("Tetris", { developer: "Sega", year: 1988, setName: "tetris" }),
      arcade("Bloxeed", { developer: "Sega / Elorg", year: 1989, setName: "bloxeed" }),
      arcade("Bloxeed", { developer: "Sega / Elorg", year: 2008, setName: "blox16b" }),
      arcade("Black Tiger / Black Dragon", { developer: "bootleg", year: 1987, setName: "blktigerb3" }),
      arcade("Black Tiger", { developer: "Capcom", year: 1987, setName: "blktiger" }),
      arcade("Black Dragon", { developer: "Capcom", year: 1987, setName: "blkdrgon" }),
      arcade("Puzzle Bobble 2 / Bust-A-Move Again", { developer: "Taito (SNK license)", year: 1999, setName: "pbobbl2n" }),
      arcade("Puzzle Bobble 2", { developer: "Taito Corporation Japan", year: 1995, setName: "pbobble2" }),
      arcade("Bust-A-Move Again", { developer: "Taito Corporation Japan", year: 1995, setName: "pbobble2u" }),
    ].map(input);
    const result = groupWorks(inputs);
    const titles = result.groups.map((g) => g.map((i) => inputs[i]?.title).sort());
    expect(titles).toContainEqual(["Tetris / Bloxeed"]);
    expect(titles).toContainEqual(["Tetris"]);
    expect(titles).toContainEqual(["Black Dragon", "Black Tiger", "Black Tiger / Black Dragon"]);
    expect(titles).toContainEqual(["Bust-A-Move Again", "Puzzle Bobble 2", "Puzzle Bobble 2 / Bust-A-Move Again"]);
    expect(result.compilations.map((c) => inputs[c.item]?.title)).toEqual(["Tetris / Bloxeed"]);
  });

  it("joins a part whose sets are clones of the A / B set, though that part names a game of its own", () => {
    expect(
      works([
        arcade("Wild Fang / Tecmo Knight", { setName: "wildfang" }),
        arcade("Tecmo Knight", { setName: "tknight", parentSet: "wildfang", clone: true }),
        arcade("Wild Fang", { setName: "wildfangs", parentSet: "wildfang", clone: true }),
      ]).length,
    ).toBe(1);
  });
});
