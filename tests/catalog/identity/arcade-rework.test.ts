import { describe, expect, it } from "vitest";
import { bootlegTitle, compilationSetName, reworkedGame } from "../../../src/catalog/identity/arcade-rework.ts";
import { assembleGames } from "../../../src/catalog/import/assemble-games.ts";
import { createMetadataIndex } from "../../../src/catalog/import/metadata-index.ts";
import { arcadeDats, arcadeRecordTitles, arcadeRom as rom, arcadeWorks as works } from "../../helpers/arcade-works.ts";
import { datFile as dat } from "../../helpers/dat-file.ts";

describe("what an arcade set's DAT name says it reworks", () => {
  it("reads the game of a bootleg, hack or clone tag and of an 'X re-release', never a compilation's contents or a board", () => {
    expect(reworkedGame("Space Trek (Video Game S.A., Spanish bootleg of Scramble)")).toBe("Scramble");
    expect(reworkedGame("Jumping Pop (Nics, Korean hack of Plump Pop)")).toBe("Plump Pop");
    expect(reworkedGame("Gals Panic SU (Korea, Gals Panic 4 re-release)")).toBe("Gals Panic 4");
    expect(reworkedGame("Amigo (bootleg of Amidar, set 1)")).toBe("Amidar");
    expect(reworkedGame("Galaxian Part X (hack of 'Moon Alien')")).toBe("Moon Alien");
    expect(reworkedGame("Aracnis (bootleg of Scorpion on Moon Cresta hardware)")).toBe("Scorpion");
    expect(reworkedGame("Crazy Otto - The Original Ms Pacman (hack of ottopz)")).toBe("ottopz");
    expect(reworkedGame("Puzzle King (includes bootleg of Snow Bros.)")).toBeUndefined();
    expect(reworkedGame("Gals Panic SU (Korea)")).toBeUndefined();
    expect(reworkedGame("Bay Route (Japan, re-release)")).toBeUndefined();
    expect(reworkedGame("Head On 2 (bootleg)")).toBeUndefined();
  });

  it("calls a set a board of several games by its title or by what its tags say it includes", () => {
    expect(compilationSetName("Puzzle King (includes bootleg of Snow Bros.)", "Puzzle King")).toBe(true);
    expect(compilationSetName("4-in-1 bootleg", "4-in-1 bootleg")).toBe(true);
    expect(compilationSetName("Puzzle King (Dance & Puzzle)", "Puzzle King")).toBe(false);
  });

  it("reads what a tag puts before 'bootleg', a title or a maker, and nothing from a tag that names neither", () => {
    expect(bootlegTitle("King of Gladiator Plus (The King of Fighters '97 bootleg)")).toBe("The King of Fighters '97");
    expect(bootlegTitle("Crouching Tiger Hidden Dragon 2003 (The King of Fighters 2001 bootleg, set 2)")).toBe("The King of Fighters 2001");
    expect(bootlegTitle("Frog (Falcon bootleg)")).toBe("Falcon");
    expect(bootlegTitle("Head On 2 (bootleg)")).toBeUndefined();
    expect(bootlegTitle("Space Trek (Video Game S.A., Spanish bootleg of Scramble)")).toBeUndefined();
  });
});

describe("arcade sets whose DAT names say whose they are", () => {
  it("puts a bootleg or hack of another title with that title's game, and keeps the same-titled game apart", () => {
    const mame = dat([
      { name: "Jumping Pop", fields: { developer: "ESD", releaseyear: "2001" }, roms: [rom("jumppop.zip", "1")] },
      {
        name: "Jumping Pop (Nics, Korean bootleg of Plump Pop)",
        fields: { developer: "bootleg (Nics)", releaseyear: "1992" },
        roms: [rom("jpopnics.zip", "2")],
      },
      { name: "Plump Pop (Japan)", fields: { developer: "Taito Corporation", releaseyear: "1987" }, roms: [rom("plumppop.zip", "3")] },
      { name: "Space Trek (cocktail)", fields: { developer: "Sega", releaseyear: "1980" }, roms: [rom("sptrekct.zip", "4")] },
      { name: "Scramble", fields: { developer: "Konami", releaseyear: "1981" }, roms: [rom("scramble.zip", "5")] },
    ]);
    const fbneo = dat([
      {
        name: "Jumping Pop (Nics, Korean hack of Plump Pop)",
        fields: { publisher: "bootleg (Nics)", releaseyear: "1992" },
        roms: [rom("jpopnics.zip", "2")],
      },
      {
        name: "Space Trek (Video Game S.A., Spanish bootleg of Scramble)",
        fields: { publisher: "bootleg", releaseyear: "1981" },
        roms: [rom("spctrek.zip", "6")],
      },
      { name: "Gals Panic 4 (Japan)", fields: { publisher: "Kaneko", releaseyear: "1996" }, roms: [rom("galpani4.zip", "7")] },
      { name: "Gals Panic SU (Korea)", fields: { publisher: "Kaneko", releaseyear: "1999" }, roms: [rom("galpansua.zip", "8")] },
      {
        name: "Gals Panic SU (Korea, Gals Panic 4 re-release)",
        fields: { publisher: "Kaneko", releaseyear: "2000" },
        roms: [rom("galpanisu.zip", "9")],
      },
    ]);
    expect(works(arcadeDats({ mame, fbneo }))).toEqual([
      ["Gals Panic 4 (Japan)", "Gals Panic SU (Korea, Gals Panic 4 re-release)"],
      ["Gals Panic SU (Korea)"],
      ["Jumping Pop"],
      ["Jumping Pop (Nics, Korean bootleg of Plump Pop)", "Jumping Pop (Nics, Korean hack of Plump Pop)", "Plump Pop (Japan)"],
      ["Scramble", "Space Trek (Video Game S.A., Spanish bootleg of Scramble)"],
      ["Space Trek (cocktail)"],
    ]);
  });

  it("titles a record after its game, never after a bootleg or hack of it that sorts first", () => {
    const mame = dat([
      { name: "Swarm (bootleg?)", fields: { developer: "Subelectro", releaseyear: "1979" }, roms: [rom("swarm.zip", "1")] },
      {
        name: "Astrians (clone of Swarm)",
        fields: { developer: "bootleg (BGV Ltd.)", releaseyear: "1980" },
        roms: [rom("astrians.zip", "2")],
      },
      { name: "Rescue", fields: { developer: "Stern Electronics", releaseyear: "1982" }, roms: [rom("rescue.zip", "3")] },
      {
        name: "Apocaljpse Now (bootleg of Rescue)",
        fields: { developer: "bootleg (ADJ)", releaseyear: "1982" },
        roms: [rom("aponow.zip", "4")],
      },
    ]);
    expect(arcadeRecordTitles(arcadeDats({ mame }))).toEqual([
      { title: "Rescue", first: "Rescue" },
      { title: "Swarm", first: "Swarm (bootleg?)" },
    ]);
  });

  it("titles a record after its game, never after a hack collection's set that FBNeo ships only as a hack, nor after a later-dated copy", () => {
    const imitation = "Imitation Playstation final improved version 2016-10-29";
    const fbneo = dat([
      { name: "The King of Fighters '97 (NGM-2320)", fields: { publisher: "SNK", releaseyear: "1997" }, roms: [rom("kof97.zip", "1")] },
      {
        name: "The King of Fighters '97 (Dream Back, Hack)",
        fields: { publisher: "hack", releaseyear: "2013" },
        roms: [rom("kof97m.zip", "2")],
      },
      {
        name: `The King of Fighters '97 (${imitation})`,
        fields: { publisher: "Eddids", releaseyear: "1997" },
        roms: [rom("kof97ps.zip", "3")],
      },
    ]);
    // HBMAME ships the parent set too, and its DAT ranks before FBNeo's.
    const hbmame = dat([
      { name: "The King of Fighters '97 (NGM-2320)", fields: { developer: "SNK", releaseyear: "1997" }, roms: [rom("kof97.zip", "1")] },
      { name: "Kof'97 (2012.06.28)", fields: { developer: "simaguang66666", releaseyear: "2012" }, roms: [rom("kof97m.zip", "2")] },
      { name: `Kof'97 (${imitation})`, fields: { developer: "Eddids", releaseyear: "2016" }, roms: [rom("kof97ps.zip", "3")] },
    ]);
    expect(arcadeRecordTitles(arcadeDats({ fbneo, hbmame }))).toEqual([
      { title: "The King of Fighters '97", first: "The King of Fighters '97 (NGM-2320)" },
    ]);
  });

  it("puts the hacks of a title whose only other sets rework another game with that game, never the hacks of a title with a game of its own", () => {
    const mame = dat([
      {
        name: "The King of Fighters 2001 (NGM-262?)",
        fields: { developer: "Eolith / SNK", releaseyear: "2001" },
        roms: [rom("kof2001.zip", "1")],
      },
      {
        name: "Crouching Tiger Hidden Dragon 2003 (hack of The King of Fighters 2001)",
        fields: { developer: "bootleg", releaseyear: "2003" },
        roms: [rom("cthd2003.zip", "2")],
      },
      { name: "Jumping Pop", fields: { developer: "ESD", releaseyear: "2001" }, roms: [rom("jumppop.zip", "3")] },
      {
        name: "Jumping Pop (Nics, Korean bootleg of Plump Pop)",
        fields: { developer: "bootleg (Nics)", releaseyear: "1992" },
        roms: [rom("jpopnics.zip", "4")],
      },
      { name: "Plump Pop (Japan)", fields: { developer: "Taito Corporation", releaseyear: "1987" }, roms: [rom("plumppop.zip", "5")] },
    ]);
    const hbmame = dat([
      {
        name: "Crouching Tiger Hidden Dragon 2003 (Simplified 2016-03-15)",
        fields: { developer: "hack", releaseyear: "2016" },
        roms: [rom("ct2k3spi.zip", "6")],
      },
      { name: "Jumping Pop (Easy Mode)", fields: { developer: "hack", releaseyear: "2019" }, roms: [rom("jumppope.zip", "7")] },
    ]);
    expect(works(arcadeDats({ mame, hbmame }))).toEqual([
      [
        "Crouching Tiger Hidden Dragon 2003 (Simplified 2016-03-15)",
        "Crouching Tiger Hidden Dragon 2003 (hack of The King of Fighters 2001)",
        "The King of Fighters 2001 (NGM-262?)",
      ],
      ["Jumping Pop", "Jumping Pop (Easy Mode)"],
      ["Jumping Pop (Nics, Korean bootleg of Plump Pop)", "Plump Pop (Japan)"],
    ]);
  });

  it("keeps a board of several games apart from a game of the board's title, under every collection's name of the board", () => {
    const mame = dat([{ name: "4-in-1 bootleg", fields: { releaseyear: "2002" }, roms: [rom("4in1boot.zip", "1")] }]);
    const mame2010 = dat([
      {
        name: "Puzzle King (includes bootleg of Snow Bros.)",
        fields: { developer: "K1 Soft", releaseyear: "2002" },
        roms: [rom("4in1boot.zip", "1")],
      },
    ]);
    const fbneo = dat([
      {
        name: "Puzzle King (PacMan 2, Tetris, HyperMan 2, Snow Bros.)",
        fields: { publisher: "K1 Soft", releaseyear: "2002" },
        roms: [rom("4in1boot.zip", "1")],
      },
      { name: "Puzzle King (Dance & Puzzle)", fields: { publisher: "Eolith", releaseyear: "1998" }, roms: [rom("puzzlekg.zip", "2")] },
    ]);
    expect(
      works([
        { dat: mame, source: "mame-split", label: "2003.dat", collection: "mame-2003" },
        { dat: mame2010, source: "mame-split", label: "2010.dat", collection: "mame-2010" },
        { dat: fbneo, source: "fbneo-split", label: "fbneo.dat", collection: "fbneo" },
      ]),
    ).toEqual([
      ["4-in-1 bootleg", "Puzzle King (PacMan 2, Tetris, HyperMan 2, Snow Bros.)", "Puzzle King (includes bootleg of Snow Bros.)"],
      ["Puzzle King (Dance & Puzzle)"],
    ]);
  });

  it("keeps a set whose MAME credits split it from a same-titled game there, when another collection lists it uncredited", () => {
    const mame = dat([
      { name: "Judge Dredd (rev LA1, prototype)", fields: { developer: "Midway", releaseyear: "1993" }, roms: [rom("jdreddp.zip", "1")] },
      { name: "Judge Dredd (Rev C Dec. 17 1997)", fields: { developer: "Acclaim", releaseyear: "1996" }, roms: [rom("jdredd.zip", "2")] },
    ]);
    const fbneo = dat([
      { name: "Judge Dredd (rev TA1 7/12/92, location test)", fields: { releaseyear: "1993" }, roms: [rom("jdreddp.zip", "1")] },
    ]);
    expect(works(arcadeDats({ fbneo, mame }))).toEqual([
      ["Judge Dredd (Rev C Dec. 17 1997)"],
      ["Judge Dredd (rev LA1, prototype)", "Judge Dredd (rev TA1 7/12/92, location test)"],
    ]);
  });

  it("reads an escaped '<unknown>' maker as no one, so it does not split a title from the sets that name their maker", () => {
    const mame = dat([
      {
        name: "Witch Card (Spanish, witch game, set 2)",
        fields: { developer: "&lt;unknown&gt;", releaseyear: "1991" },
        roms: [rom("witchcdb.zip", "1")],
      },
      {
        name: "Witch Card (English, witch game, lamps)",
        fields: { developer: "PlayMan", releaseyear: "1985" },
        roms: [rom("witchcdf.zip", "2")],
      },
    ]);
    const { games } = assembleGames(arcadeDats({ mame }), createMetadataIndex(), {
      platform: "arcade",
      arcade: true,
    });
    expect(games.map((g) => g.releases.map((r) => r.name).sort())).toEqual([
      ["Witch Card (English, witch game, lamps)", "Witch Card (Spanish, witch game, set 2)"],
    ]);
  });

  it("keeps a two-game board whose 'A / B Duo' title names both games apart from each, under each of its versions, and links it with both", () => {
    const mame = dat([
      {
        name: "Area 51 / Maximum Force Duo v2.0",
        fields: { developer: "Atari Games", releaseyear: "1998" },
        roms: [rom("area51mx.zip", "1")],
      },
      {
        name: "Area 51 / Maximum Force Duo (R3000)",
        fields: { developer: "Atari Games", releaseyear: "1998" },
        roms: [rom("a51mxr3k.zip", "2")],
      },
      { name: "Area 51 (R3000)", fields: { developer: "Atari Games", releaseyear: "1996" }, roms: [rom("area51.zip", "3")] },
      { name: "Maximum Force v1.05", fields: { developer: "Atari Games", releaseyear: "1996" }, roms: [rom("maxforce.zip", "4")] },
    ]);
    const inputs = arcadeDats({ mame });
    const { games } = assembleGames(inputs, createMetadataIndex(), { platform: "arcade", arcade: true });
    const links = games.map((g) => [g.title, ...(g.related ?? []).map((r) => `${r.relation} ${games[r.work]?.title}`).sort()]);
    expect(links.sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""))).toEqual([
      ["Area 51", "in-compilation Area 51 / Maximum Force Duo"],
      ["Area 51 / Maximum Force Duo", "compilation-of Area 51", "compilation-of Maximum Force"],
      ["Maximum Force", "in-compilation Area 51 / Maximum Force Duo"],
    ]);
    expect(works(inputs)).toEqual([
      ["Area 51 (R3000)"],
      ["Area 51 / Maximum Force Duo (R3000)", "Area 51 / Maximum Force Duo v2.0"],
      ["Maximum Force v1.05"],
    ]);
  });

  it("joins an entry by the set its name has in a collection that gave its set name to another game of another year", () => {
    const mame2003 = dat([
      {
        name: "New Atomic Punk - Global Quest (US)",
        fields: { developer: "Irem America", releaseyear: "1992" },
        roms: [rom("atompunk.zip", "1")],
      },
      { name: "Sen Jin - Guardian Storm (Korea)", fields: { developer: "Afega", releaseyear: "1998" }, roms: [rom("grdnstrm.zip", "2")] },
    ]);
    const mame2010 = dat([
      { name: "Atomic Punk (US)", fields: { developer: "Irem America", releaseyear: "1991" }, roms: [rom("atompunk.zip", "3")] },
      {
        name: "New Atomic Punk - Global Quest (US)",
        fields: { developer: "Irem America", releaseyear: "1992" },
        roms: [rom("newapunk.zip", "4")],
      },
      { name: "Guardian Storm", fields: { developer: "Afega", releaseyear: "1998" }, roms: [rom("grdnstrm.zip", "5")] },
      { name: "Sen Jin - Guardian Storm (Korea)", fields: { developer: "Afega", releaseyear: "1998" }, roms: [rom("grdnstrmk.zip", "6")] },
    ]);
    expect(
      works([
        { dat: mame2003, source: "mame-split", label: "2003.dat", collection: "mame-2003" },
        { dat: mame2010, source: "mame-split", label: "2010.dat", collection: "mame-2010" },
      ]),
    ).toEqual([
      ["Atomic Punk (US)"],
      ["Guardian Storm", "Sen Jin - Guardian Storm (Korea)", "Sen Jin - Guardian Storm (Korea)"],
      ["New Atomic Punk - Global Quest (US)", "New Atomic Punk - Global Quest (US)"],
    ]);
  });

  it("keeps a bootleg older than every original of its title, on a board a fraction of their size, apart from them", () => {
    const mame = dat([
      { name: "Star Fighter", fields: { developer: "bootleg (Jeutel)", releaseyear: "1979" }, roms: [rom("starfght.zip", "1", 11073)] },
      { name: "Quiz (Revision 2)", fields: { developer: "bootleg", releaseyear: "1986" }, roms: [rom("quiz.zip", "2", 53387)] },
      { name: "Quiz (Revision 2.11)", fields: { developer: "Elettronolo", releaseyear: "1991" }, roms: [rom("quiz211.zip", "3", 53546)] },
      { name: "Double Dragon (bootleg)", fields: { developer: "bootleg", releaseyear: "1987" }, roms: [rom("ddragonb.zip", "4", 55315)] },
      { name: "Double Dragon (Japan)", fields: { developer: "Technos", releaseyear: "1987" }, roms: [rom("ddragon.zip", "5", 300000)] },
      { name: "Double Dragon (Neo-Geo)", fields: { developer: "Technos", releaseyear: "1995" }, roms: [rom("doubledr.zip", "6", 9565151)] },
    ]);
    const fbneo = dat([
      { name: "Star Fighter (v1)", fields: { publisher: "SunA", releaseyear: "1990" }, roms: [rom("starfigh.zip", "7", 341018)] },
    ]);
    expect(works(arcadeDats({ mame, fbneo }))).toEqual([
      ["Double Dragon (Japan)", "Double Dragon (Neo-Geo)", "Double Dragon (bootleg)"],
      ["Quiz (Revision 2)", "Quiz (Revision 2.11)"],
      ["Star Fighter"],
      ["Star Fighter (v1)"],
    ]);
  });

  it("follows a hack of a hack to the first game, and reads a game named by one part of its 'A / B' title", () => {
    const mame2010 = dat([
      { name: "Galaxian (Namco set 2)", fields: { developer: "Namco", releaseyear: "1979" }, roms: [rom("galaxiana.zip", "1", 10000)] },
      {
        name: "Super Galaxians (galaxiana hack)",
        fields: { developer: "hack", releaseyear: "1979" },
        roms: [rom("superg.zip", "2", 10139)],
      },
      { name: "Galaxian Turbo (superg hack)", fields: { developer: "hack", releaseyear: "1979" }, roms: [rom("galturbo.zip", "3", 10316)] },
    ]);
    const fbneo = dat([
      {
        name: "Super Galaxians (hack of 'Galaxian (Namco set 2)')",
        fields: { publisher: "hack", releaseyear: "1979" },
        roms: [rom("superg.zip", "2", 10139)],
      },
      {
        name: "Galaxian Turbo (hack of 'Super Galaxians')",
        fields: { publisher: "hack", releaseyear: "1979" },
        roms: [rom("galturbo.zip", "3", 10316)],
      },
      {
        name: "Knights of Valour Super Heroes Plus / Sanguo Zhan Ji Luanshi Xiaoxiong (ver. 101)",
        fields: { publisher: "IGS", releaseyear: "2004" },
        roms: [rom("kovshp.zip", "4", 22565439)],
      },
      {
        name: "Luan Shi Quan Huang Te Bie Ban (bootleg of Knights of Valour Super Heroes Plus, V112CN)",
        fields: { publisher: "bootleg", releaseyear: "2009" },
        roms: [rom("kovlsqho.zip", "5", 38698920)],
      },
    ]);
    expect(
      works([
        { dat: mame2010, source: "mame-split", label: "mame.dat", collection: "mame-2010" },
        { dat: fbneo, source: "fbneo-split", label: "fbneo.dat", collection: "fbneo" },
      ]),
    ).toEqual([
      [
        "Galaxian (Namco set 2)",
        "Galaxian Turbo (hack of 'Super Galaxians')",
        "Galaxian Turbo (superg hack)",
        "Super Galaxians (galaxiana hack)",
        "Super Galaxians (hack of 'Galaxian (Namco set 2)')",
      ],
      [
        "Knights of Valour Super Heroes Plus / Sanguo Zhan Ji Luanshi Xiaoxiong (ver. 101)",
        "Luan Shi Quan Huang Te Bie Ban (bootleg of Knights of Valour Super Heroes Plus, V112CN)",
      ],
    ]);
  });

  it("keeps apart one title's games by makers with nothing in common, years apart or undated, on boards of other sizes, and a clone's small zip together", () => {
    const mame = dat([
      { name: "Digger", fields: { developer: "Sega", releaseyear: "1980" }, roms: [rom("digger.zip", "1", 7457)] },
      { name: "Digger (CVS)", fields: { developer: "Century Electronics", releaseyear: "1982" }, roms: [rom("diggerc.zip", "2", 22772)] },
      { name: "Super Poker", fields: { developer: "Greyhound Electronics", releaseyear: "1987" }, roms: [rom("suprpokr.zip", "3", 19252)] },
      { name: "Super Poker (v116IT)", fields: { developer: "IGS" }, roms: [rom("spk116it.zip", "4", 484012)] },
      {
        name: "Thunder Strike (set 1)",
        fields: { developer: "East Coast Coin Company (Melbourne)", releaseyear: "1991" },
        roms: [rom("tstrike.zip", "5", 306292)],
      },
      { name: "Thunder Strike (set 2, older)", fields: { developer: "Game Room" }, roms: [rom("tstrikea.zip", "6", 21647)] },
      { name: "Space Invaders", fields: { developer: "Midway", releaseyear: "1978" }, roms: [rom("invaders.zip", "7", 5388)] },
      { name: "Space Invaders (TV Version)", fields: { developer: "Taito", releaseyear: "1978" }, roms: [rom("sitv.zip", "8", 6032)] },
    ]);
    expect(works(arcadeDats({ mame }))).toEqual([
      ["Digger"],
      ["Digger (CVS)"],
      ["Space Invaders", "Space Invaders (TV Version)"],
      ["Super Poker"],
      ["Super Poker (v116IT)"],
      ["Thunder Strike (set 1)", "Thunder Strike (set 2, older)"],
    ]);
  });

  it("keeps apart a set whose name tags its own maker, or any curated parent set, from another company's game of its title two years apart, and a licensee's or a bootleg's sets, or a stranger's of the next year, with their game", () => {
    const mame = dat([
      { name: "Argus", fields: { developer: "NMK (Jaleco license)", releaseyear: "1986" }, roms: [rom("argus.zip", "1", 160182)] },
      {
        name: "Argus (Gottlieb, prototype)",
        fields: { developer: "Gottlieb", releaseyear: "1984" },
        roms: [rom("argusg.zip", "2", 40849)],
      },
      { name: "D-Day", fields: { developer: "Olympia", releaseyear: "1982" }, roms: [rom("dday.zip", "3", 18079)] },
      {
        name: "D-Day (Centuri)",
        fields: { developer: "Olympia (Centuri license)", releaseyear: "1982" },
        roms: [rom("ddayc.zip", "4", 14408)],
      },
      { name: "D-Day (Jaleco set 2)", fields: { developer: "Jaleco", releaseyear: "1984" }, roms: [rom("ddayjlca.zip", "5", 4995)] },
      { name: "D-Day (Jaleco set 1)", fields: { developer: "Jaleco", releaseyear: "1984" }, roms: [rom("ddayjlc.zip", "6", 48630)] },
      { name: "Shark Party (Italy, v1.3)", fields: { developer: "Subsino", releaseyear: "1996" }, roms: [rom("sharkpy.zip", "7", 180697)] },
      {
        name: "Shark Party (English, Alpha license)",
        fields: { developer: "American Alpha", releaseyear: "1994" },
        roms: [rom("sharkpye.zip", "8", 107061)],
      },
      { name: "Phoenix (Amstar)", fields: { developer: "Amstar", releaseyear: "1980" }, roms: [rom("phoenix.zip", "9", 16359)] },
      {
        name: "Phoenix (Irecsa / G.G.I Corp)",
        fields: { developer: "bootleg? (Irecsa / G.G.I Corp)", releaseyear: "1982" },
        roms: [rom("phoenixc.zip", "a", 11452)],
      },
      { name: "Speed Ball (prototype)", fields: { developer: "Williams", releaseyear: "1985" }, roms: [rom("spdball.zip", "b", 36149)] },
      {
        name: "Speed Ball (set 1)",
        fields: { developer: "Tecfri / Desystem S.A.", releaseyear: "1987" },
        roms: [rom("speedbal.zip", "c", 76662)],
      },
      {
        name: "Speed Ball (set 2)",
        fields: { developer: "Tecfri / Desystem S.A.", releaseyear: "1987" },
        roms: [rom("speedbala.zip", "d", 23840)],
      },
      { name: "Space Attack", fields: { developer: "Video Games GmbH", releaseyear: "1978" }, roms: [rom("spaceatt.zip", "e", 5590)] },
      { name: "Space Attack (upright)", fields: { developer: "Sega", releaseyear: "1979" }, roms: [rom("sspaceat.zip", "f", 7373)] },
    ]);
    expect(works(arcadeDats({ mame }))).toEqual([
      ["Argus"],
      ["Argus (Gottlieb, prototype)"],
      ["D-Day", "D-Day (Centuri)"],
      ["D-Day (Jaleco set 1)", "D-Day (Jaleco set 2)"],
      ["Phoenix (Amstar)", "Phoenix (Irecsa / G.G.I Corp)"],
      ["Shark Party (English, Alpha license)", "Shark Party (Italy, v1.3)"],
      ["Space Attack", "Space Attack (upright)"],
      ["Speed Ball (prototype)"],
      ["Speed Ball (set 1)", "Speed Ball (set 2)"],
    ]);
  });

  it("puts a hack named after the set it patches, under a title leading its game's and of its size, with that game, its title's other hacks with it, and no other", () => {
    const mame = dat([
      {
        name: "Voltage Fighter - Gowcaizer / Choujin Gakuen Gowcaizer",
        fields: { developer: "Technos Japan", releaseyear: "1995" },
        roms: [rom("gowcaizr.zip", "1", 8000000)],
      },
      { name: "Knights of Valour", fields: { developer: "IGS", releaseyear: "1999" }, roms: [rom("kov.zip", "2", 20000000)] },
      {
        name: "Knights of Valour Plus (ver. 119)",
        fields: { developer: "IGS", releaseyear: "1999" },
        roms: [rom("kovplus.zip", "a", 20020000)],
      },
      { name: "Ninja Gaiden (US)", fields: { developer: "Tecmo", releaseyear: "1988" }, roms: [rom("ninja.zip", "3", 600000)] },
      { name: "The Killing Blade", fields: { developer: "IGS", releaseyear: "1998" }, roms: [rom("killbld.zip", "4", 700000)] },
    ]);
    const hbmame = dat([
      { name: "Voltage Fighter (Add Hidden Characters V2)", fields: { developer: "hack" }, roms: [rom("gowcaizrbs.zip", "5", 8000100)] },
      { name: "Voltage Fighter (Bigger Rom)", fields: { developer: "hack" }, roms: [rom("gowcaizrx.zip", "6", 12000000)] },
      { name: "Knights of Valour Plus (Boss Edition)", fields: { developer: "hack" }, roms: [rom("kovph9.zip", "7", 20010000)] },
      { name: "Ninja Master's (Easy Mode)", fields: { developer: "hack" }, roms: [rom("ninjamase.zip", "8", 600000)] },
      { name: "The Killing Blade - Heroes (Hack)", fields: { developer: "hack" }, roms: [rom("killbldh.zip", "9", 700500)] },
    ]);
    expect(works(arcadeDats({ mame, hbmame }))).toEqual([
      ["Knights of Valour"],
      ["Knights of Valour Plus (Boss Edition)", "Knights of Valour Plus (ver. 119)"],
      ["Ninja Gaiden (US)"],
      ["Ninja Master's (Easy Mode)"],
      ["The Killing Blade", "The Killing Blade - Heroes (Hack)"],
      [
        "Voltage Fighter (Add Hidden Characters V2)",
        "Voltage Fighter (Bigger Rom)",
        "Voltage Fighter - Gowcaizer / Choujin Gakuen Gowcaizer",
      ],
    ]);
  });

  it("puts a set tagged a hack under its game's main title and a subtitle with that game whatever its zip, one of titles that write a number alike", () => {
    const mame = dat([
      {
        name: "Martial Masters (ver. 104, 102, 102US)",
        fields: { developer: "IGS", releaseyear: "2001" },
        roms: [rom("martmast.zip", "1", 28525018)],
      },
      {
        name: "Bubble Memories - The Story Of Bubble Bobble 3 (World)",
        fields: { developer: "Taito Corporation", releaseyear: "1995" },
        roms: [rom("bubblem.zip", "2", 5904301)],
      },
      {
        name: "Bubble Memories: The Story Of Bubble Bobble III (Ver 2.3J 1996/02/07)",
        fields: { developer: "Taito Corporation", releaseyear: "1995" },
        roms: [rom("bubblemj.zip", "3", 374151)],
      },
    ]);
    const fbneo = dat([
      { name: "Martial Masters - Community Patch (Hack)", fields: { publisher: "hack" }, roms: [rom("marmatcp.zip", "5", 1275076)] },
      { name: "Bubble Memories: Black Edition (Hack)", fields: { publisher: "hack" }, roms: [rom("bubblembe.zip", "6", 372112)] },
    ]);
    expect(works(arcadeDats({ mame, fbneo }))).toEqual([
      [
        "Bubble Memories - The Story Of Bubble Bobble 3 (World)",
        "Bubble Memories: Black Edition (Hack)",
        "Bubble Memories: The Story Of Bubble Bobble III (Ver 2.3J 1996/02/07)",
      ],
      ["Martial Masters (ver. 104, 102, 102US)", "Martial Masters - Community Patch (Hack)"],
    ]);
  });

  it("moves a hack under an original's title to the game it patches, leaving that title's game alone", () => {
    const mame = dat([
      { name: "Golden Axe (set 6, US)", fields: { developer: "Sega", releaseyear: "1989" }, roms: [rom("goldnaxe.zip", "1", 1162043)] },
      {
        name: "Golden Axe - The Duel (JUETL 950117 V1.000)",
        fields: { developer: "Sega", releaseyear: "1994" },
        roms: [rom("gaxeduel.zip", "2", 16986738)],
      },
    ]);
    const hbmame = dat([
      { name: "Golden Axe (Enable Hidden Characters)", fields: { developer: "hack" }, roms: [rom("gaxeduels01.zip", "3", 16986758)] },
    ]);
    expect(works(arcadeDats({ mame, hbmame }))).toEqual([
      ["Golden Axe (Enable Hidden Characters)", "Golden Axe - The Duel (JUETL 950117 V1.000)"],
      ["Golden Axe (set 6, US)"],
    ]);
  });

  it("puts every copy of a title named after one original's main title and a subtitle with that game, and a title of hacks alone whole", () => {
    const mame = dat([
      { name: "Sangokushi II (Asia 921005)", fields: { developer: "Capcom", releaseyear: "1992" }, roms: [rom("sgyxz.zip", "1", 2000000)] },
      {
        name: "Sangokushi II: Sheng Jian (Chinese bootleg, set 1)",
        fields: { developer: "bootleg", releaseyear: "1992" },
        roms: [rom("wofsj.zip", "2", 2010000)],
      },
      {
        name: "Sangokushi II: Sheng Jian (Chinese bootleg, set 2)",
        fields: { developer: "bootleg", releaseyear: "1992" },
        roms: [rom("wofsja.zip", "3", 400000)],
      },
      {
        name: "Pink Sweets: Ibara Sorekara (2006/04/06 MASTER VER.)",
        fields: { developer: "Cave", releaseyear: "2006" },
        roms: [rom("pinkswts.zip", "4", 120000000)],
      },
      {
        name: "Samurai Shodown IV - Amakusa's Revenge / Samurai Spirits - Amakusa Kourin (NGM-222)(NGH-222)",
        fields: { developer: "SNK", releaseyear: "1996" },
        roms: [rom("samsho4.zip", "5", 40000000)],
      },
    ]);
    const fbneo = dat([
      {
        name: "Pink Sweets: Suicide Club (2017/10/31 SUICIDECLUB VER., bootleg)",
        fields: { publisher: "bootleg", releaseyear: "2017" },
        roms: [rom("pinkswtssc.zip", "6", 121000000)],
      },
    ]);
    const hbmame = dat([
      { name: "Samurai Shodown IV (Evil Amakusa)", fields: { developer: "hack" }, roms: [rom("samsho4ev.zip", "7", 40000000)] },
      { name: "Samurai Shodown IV (Boss Fixes Ver 1.00)", fields: { developer: "hack" }, roms: [rom("samsho4ps.zip", "8", 52000000)] },
    ]);
    expect(works(arcadeDats({ mame, fbneo, hbmame }))).toEqual([
      ["Pink Sweets: Ibara Sorekara (2006/04/06 MASTER VER.)", "Pink Sweets: Suicide Club (2017/10/31 SUICIDECLUB VER., bootleg)"],
      [
        "Samurai Shodown IV (Boss Fixes Ver 1.00)",
        "Samurai Shodown IV (Evil Amakusa)",
        "Samurai Shodown IV - Amakusa's Revenge / Samurai Spirits - Amakusa Kourin (NGM-222)(NGH-222)",
      ],
      [
        "Sangokushi II (Asia 921005)",
        "Sangokushi II: Sheng Jian (Chinese bootleg, set 1)",
        "Sangokushi II: Sheng Jian (Chinese bootleg, set 2)",
      ],
    ]);
  });

  it("puts a hack titled an original's whole title plus words of its own with that game when its zip is near one of its programs or a split DAT's patch of one", () => {
    const mame = dat([
      { name: "Tempest (rev 3)", fields: { developer: "Atari", releaseyear: "1980" }, roms: [rom("tempest.zip", "1", 20581)] },
      { name: "Neo-Geo", fields: { developer: "SNK", releaseyear: "1990" }, roms: [rom("neogeo.zip", "2", 1859335)] },
      {
        name: "Poker (Version 50.02 ICB, set 1)",
        fields: { developer: "Greyhound Electronics", releaseyear: "1984" },
        roms: [rom("gepoker.zip", "3", 27489)],
      },
      {
        name: "Poker (Version 50.02 ICB, set 3)",
        fields: { developer: "Greyhound Electronics", releaseyear: "1984" },
        roms: [rom("gepoker2.zip", "4", 17062)],
      },
      { name: "Poker De Win", fields: { developer: "bootleg", releaseyear: "1990" }, roms: [rom("pkrdewin.zip", "5", 16754)] },
      { name: "Centipede (revision 3)", fields: { developer: "Atari", releaseyear: "1980" }, roms: [rom("centiped.zip", "b", 8584)] },
      { name: "Centipede Dux (hack)", fields: { developer: "hack", releaseyear: "1980" }, roms: [rom("centipdd.zip", "c", 1375)] },
      { name: "Popeye (revision D)", fields: { developer: "Nintendo", releaseyear: "1982" }, roms: [rom("popeye.zip", "d", 23907)] },
      { name: "Popeye-Man", fields: { developer: "hack", releaseyear: "2002" }, roms: [rom("popeyeman.zip", "e", 14954)] },
      { name: "Island (050713)", fields: { developer: "Igrosoft", releaseyear: "2005" }, roms: [rom("island.zip", "6", 1400000)] },
      { name: "Island 2 (060529)", fields: { developer: "Igrosoft", releaseyear: "2006" }, roms: [rom("island2.zip", "7", 1410000)] },
      {
        name: "Island 2 (060529, banking address hack)",
        fields: { developer: "bootleg", releaseyear: "2006" },
        roms: [rom("island2a.zip", "8", 1405000)],
      },
    ]);
    const hbmame = dat([
      { name: "Tempest Level Man", fields: { developer: "hack", releaseyear: "2000" }, roms: [rom("temptlm.zip", "9", 21480)] },
      { name: "Neo Geo Sound Test", fields: { developer: "BEY", releaseyear: "2013" }, roms: [rom("neotest.zip", "a", 1895762)] },
    ]);
    expect(works(arcadeDats({ mame, hbmame }), new Set(["neo geo"]))).toEqual([
      ["Centipede (revision 3)", "Centipede Dux (hack)"],
      ["Island (050713)"],
      ["Island 2 (060529)", "Island 2 (060529, banking address hack)"],
      ["Neo Geo Sound Test"],
      ["Neo-Geo"],
      ["Poker (Version 50.02 ICB, set 1)", "Poker (Version 50.02 ICB, set 3)"],
      ["Poker De Win"],
      ["Popeye (revision D)"],
      ["Popeye-Man"],
      ["Tempest (rev 3)", "Tempest Level Man"],
    ]);
  });

  it("puts a hack titled an original's title plus words with that game when its set name extends one of that title's sets, never a sequel, a board test or a hyphenated word", () => {
    const mame = dat([
      { name: "Mortal Kombat II (rev L3.1)", fields: { developer: "Midway", releaseyear: "1993" }, roms: [rom("mk2.zip", "1", 13634904)] },
      {
        name: "Mortal Kombat II Challenger (hack)",
        fields: { developer: "hack", releaseyear: "1993" },
        roms: [rom("mk2chal.zip", "2", 377694)],
      },
      { name: "Final Fight (World, set 1)", fields: { developer: "Capcom", releaseyear: "1989" }, roms: [rom("ffight.zip", "3", 2300000)] },
      {
        name: "Final Fight 2 (SNES bootleg)",
        fields: { developer: "bootleg", releaseyear: "1996" },
        roms: [rom("ffight2b.zip", "4", 821200)],
      },
      { name: "Pooyan", fields: { developer: "Konami", releaseyear: "1982" }, roms: [rom("pooyan.zip", "5", 34710)] },
      { name: "Popeye (revision D)", fields: { developer: "Nintendo", releaseyear: "1982" }, roms: [rom("popeye.zip", "6", 23907)] },
      { name: "Popeye-Man", fields: { developer: "hack", releaseyear: "2002" }, roms: [rom("popeyeman.zip", "7", 14954)] },
    ]);
    const fbneo = dat([
      {
        name: "Ultimate Mortal Kombat 3 (rev 1.2)",
        fields: { publisher: "Midway", releaseyear: "1994" },
        roms: [rom("umk3.zip", "8", 22108635)],
      },
      {
        name: "Ultimate Mortal Kombat 3 Uk (FBNeo, Ver. 2021-07-20)",
        fields: { publisher: "hack", releaseyear: "2021" },
        roms: [rom("umk3uk.zip", "9", 15784690)],
      },
    ]);
    const hbmame = dat([
      { name: "Pooyan Tester", fields: { developer: "Shoestring", releaseyear: "2017" }, roms: [rom("pooyandiag.zip", "a", 31991)] },
    ]);
    expect(works(arcadeDats({ mame, fbneo, hbmame }))).toEqual([
      ["Final Fight (World, set 1)"],
      ["Final Fight 2 (SNES bootleg)"],
      ["Mortal Kombat II (rev L3.1)", "Mortal Kombat II Challenger (hack)"],
      ["Pooyan"],
      ["Pooyan Tester"],
      ["Popeye (revision D)"],
      ["Popeye-Man"],
      ["Ultimate Mortal Kombat 3 (rev 1.2)", "Ultimate Mortal Kombat 3 Uk (FBNeo, Ver. 2021-07-20)"],
    ]);
  });

  it("reads an original title written as one word in a hack's title, and a zip near the hacks its collection titles that game alone", () => {
    const mame = dat([
      {
        name: "Pac-Man (Midway)",
        fields: { developer: "Namco (Midway license)", releaseyear: "1980" },
        roms: [rom("pacman.zip", "1", 13519)],
      },
      {
        name: "Pac-Man Plus",
        fields: { developer: "Namco (Midway license)", releaseyear: "1982" },
        roms: [rom("pacplus.zip", "2", 18348)],
      },
      { name: "Aliens (World set 1)", fields: { developer: "Konami", releaseyear: "1990" }, roms: [rom("aliens.zip", "3", 1506389)] },
      { name: "Aliens (US)", fields: { developer: "Konami", releaseyear: "1990" }, roms: [rom("aliensu.zip", "4", 116058)] },
    ]);
    const hbmame = dat([
      { name: "Pacman (Baby Maze 1)", fields: { developer: "Blue Justice", releaseyear: "2000" }, roms: [rom("pacbaby.zip", "5", 14182)] },
      { name: "Pac Man 1000", fields: { developer: "Blue Justice", releaseyear: "2001" }, roms: [rom("pm1000.zip", "6", 14251)] },
      {
        name: "Pacman Plus (Unencrypted) [c]",
        fields: { developer: "Midway", releaseyear: "1982" },
        roms: [rom("pacplusc.zip", "7", 14168)],
      },
      { name: "Aliens", fields: { developer: "Atari", releaseyear: "1980" }, roms: [rom("aliensv.zip", "8", 18398)] },
      { name: "Aliens alt version", fields: { developer: "Atari", releaseyear: "1980" }, roms: [rom("aliensva.zip", "9", 18400)] },
    ]);
    const records = works(arcadeDats({ mame, hbmame }));
    expect(records).toContainEqual(["Pac Man 1000", "Pac-Man (Midway)", "Pacman (Baby Maze 1)"]);
    expect(records).toContainEqual(["Pac-Man Plus", "Pacman Plus (Unencrypted) [c]"]);
    expect(records.find((w) => w.includes("Aliens alt version"))).not.toContain("Aliens (World set 1)");
  });

  it("puts a set no DAT marks, named and titled after an original, by another maker a decade on, on a board of its size, with that game", () => {
    const mame = dat([
      { name: "Donkey Kong (US set 1)", fields: { developer: "Nintendo", releaseyear: "1981" }, roms: [rom("dkong.zip", "1", 22302)] },
      { name: "Donkey Kong Junior (US)", fields: { developer: "Nintendo", releaseyear: "1982" }, roms: [rom("dkongjr.zip", "2", 30515)] },
      { name: "Turbo (program 1513-1515)", fields: { developer: "Sega", releaseyear: "1981" }, roms: [rom("turbo.zip", "3", 41000)] },
    ]);
    const fbneo = dat([
      {
        name: "Donkey Kong (Japan set 3)",
        fields: { publisher: "Nintendo", releaseyear: "1981" },
        roms: [rom("dkongjo1.zip", "4", 13914)],
      },
      {
        name: "Donkey Kong Springs Trainer",
        fields: { publisher: "Sock Master", releaseyear: "2019" },
        roms: [rom("dkongst.zip", "5", 12455)],
      },
      {
        name: "Donkey Kong Springs Trainer 2",
        fields: { publisher: "Sock Master", releaseyear: "2020" },
        roms: [rom("dkongst2.zip", "6", 12497)],
      },
      {
        name: "Turbo Force (World, set 1)",
        fields: { publisher: "Video System Co.", releaseyear: "1991" },
        roms: [rom("turbofrc.zip", "7", 1200000)],
      },
    ]);
    expect(works(arcadeDats({ mame, fbneo }))).toEqual([
      ["Donkey Kong (Japan set 3)", "Donkey Kong (US set 1)", "Donkey Kong Springs Trainer", "Donkey Kong Springs Trainer 2"],
      ["Donkey Kong Junior (US)"],
      ["Turbo (program 1513-1515)"],
      ["Turbo Force (World, set 1)"],
    ]);
  });

  it("puts a hack collection's own set titled an original plus words of its own, by another maker a decade on, on its board, with that game whatever its set name", () => {
    const mame = dat([
      { name: "Donkey Kong (US set 1)", fields: { developer: "Nintendo", releaseyear: "1981" }, roms: [rom("dkong.zip", "1", 22302)] },
    ]);
    const hbmame = dat([
      { name: "Donkey Kong (US set 1)", fields: { developer: "Nintendo", releaseyear: "1981" }, roms: [rom("dkong.zip", "1", 22302)] },
      {
        name: "Donkey Kong Freerun Edition",
        fields: { developer: "Paul Goes", releaseyear: "2019" },
        roms: [rom("dkfreerun.zip", "2", 21000)],
      },
      { name: "Donkey Kong Adventure", fields: { developer: "Someone", releaseyear: "2015" }, roms: [rom("dkadv.zip", "3", 400000)] },
    ]);
    const fbneo = dat([
      {
        name: "Donkey Kong Freerun Edition",
        fields: { publisher: "Paul Goes", releaseyear: "2019" },
        roms: [rom("dkfreerun.zip", "2", 21000)],
      },
      { name: "Donkey Kong Adventure", fields: { publisher: "Someone", releaseyear: "2015" }, roms: [rom("dkadv.zip", "3", 400000)] },
      // FBNeo's own set, which no hack collection lists, needs a set name of the game's family.
      {
        name: "Donkey Kong Crazy Barrels Edition",
        fields: { publisher: "Paul Goes", releaseyear: "2019" },
        roms: [rom("dkcbarrel.zip", "4", 21500)],
      },
    ]);
    expect(works(arcadeDats({ mame, hbmame, fbneo }))).toEqual([
      ["Donkey Kong (US set 1)", "Donkey Kong (US set 1)", "Donkey Kong Freerun Edition", "Donkey Kong Freerun Edition"],
      ["Donkey Kong Adventure", "Donkey Kong Adventure"],
      ["Donkey Kong Crazy Barrels Edition"],
    ]);
  });

  it("puts a set whose tag names an original's title before 'bootleg' with that game, and its title's hacks with it, never a maker's name", () => {
    const mame = dat([
      {
        name: "The King of Fighters '97 (set 1)",
        fields: { developer: "SNK", releaseyear: "1997" },
        roms: [rom("kof97.zip", "1", 28745764)],
      },
      { name: "Phoenix (Amstar)", fields: { developer: "Amstar", releaseyear: "1980" }, roms: [rom("phoenix.zip", "2", 16000)] },
      {
        name: "Falcon (bootleg of Phoenix) (8085A CPU)",
        fields: { developer: "bootleg", releaseyear: "1980" },
        roms: [rom("falcon.zip", "3", 16100)],
      },
      {
        name: "Frog (Falcon bootleg)",
        fields: { developer: "bootleg (Falcon)", releaseyear: "1981" },
        roms: [rom("frogf.zip", "4", 9000)],
      },
    ]);
    const fbneo = dat([
      {
        name: "King of Gladiator Plus (The King of Fighters '97 bootleg)",
        fields: { publisher: "bootleg", releaseyear: "1997" },
        roms: [rom("kogplus.zip", "5", 19107575)],
      },
    ]);
    const hbmame = dat([
      { name: "King of Gladiator Plus (Fixed Edition)", fields: { developer: "hack" }, roms: [rom("kogplusf.zip", "6", 30635150)] },
    ]);
    expect(works(arcadeDats({ mame, fbneo, hbmame }))).toEqual([
      ["Falcon (bootleg of Phoenix) (8085A CPU)", "Phoenix (Amstar)"],
      ["Frog (Falcon bootleg)"],
      [
        "King of Gladiator Plus (Fixed Edition)",
        "King of Gladiator Plus (The King of Fighters '97 bootleg)",
        "The King of Fighters '97 (set 1)",
      ],
    ]);
  });

  it("splits an FBNeo set whose tag names its maker from another maker's game of its title by board size, and keeps a clone zip and an unnamed author's set together", () => {
    const mame = dat([
      { name: "Sea Wolf", fields: { developer: "Midway", releaseyear: "1976" }, roms: [rom("seawolf.zip", "1", 3600)] },
      { name: "Lock-On (rev. E)", fields: { developer: "Tatsumi", releaseyear: "1986" }, roms: [rom("lockon.zip", "2", 784668)] },
      { name: "Lock-On (rev. C)", fields: { developer: "Tatsumi", releaseyear: "1986" }, roms: [rom("lockonc.zip", "3", 38604)] },
      {
        name: "Street Fighter III 3rd Strike: Fight for the Future (Japan 990512)",
        fields: { developer: "Capcom", releaseyear: "1999" },
        roms: [rom("sfiii3.zip", "4", 8375077)],
      },
    ]);
    const fbneo = dat([
      { name: "Sea Wolf (Tecfri)", fields: { publisher: "Tecfri", releaseyear: "1987" }, roms: [rom("seawolft.zip", "5", 89186)] },
      { name: "Lock On (Philko)", fields: { publisher: "Philko", releaseyear: "1991" }, roms: [rom("lockonph.zip", "6", 833837)] },
      {
        name: "Street Fighter III 3rd Strike: Fight for the Future (Widescreen 20220908)",
        fields: { publisher: "Bank Bank", releaseyear: "2022" },
        roms: [rom("sfiii3ws.zip", "7", 1200000)],
      },
    ]);
    expect(works(arcadeDats({ mame, fbneo }))).toEqual([
      ["Lock On (Philko)", "Lock-On (rev. C)", "Lock-On (rev. E)"],
      ["Sea Wolf"],
      ["Sea Wolf (Tecfri)"],
      [
        "Street Fighter III 3rd Strike: Fight for the Future (Japan 990512)",
        "Street Fighter III 3rd Strike: Fight for the Future (Widescreen 20220908)",
      ],
    ]);
  });
});
