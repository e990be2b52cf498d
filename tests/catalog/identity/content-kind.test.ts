import { describe, expect, it } from "vitest";
import {
  type KindContext,
  releaseKind,
  settleTitleKinds,
  type TitleMember,
  webAppProductCode,
} from "../../../src/catalog/identity/content-kind.ts";
import { releaseStatus } from "../../../src/catalog/identity/release-status.ts";
import { assembleGames } from "../../../src/catalog/import/assemble-games.ts";
import { createMetadataIndex } from "../../../src/catalog/import/metadata-index.ts";
import { parseGameName } from "../../../src/catalog/names/parse-game-name.ts";
import { datFile as dat } from "../../helpers/dat-file.ts";

const store: KindContext = { storeTitles: true };
const kindOf = (name: string, context: KindContext = store): string => releaseKind(parseGameName(name), context);

describe("releaseKind on platforms whose DATs list store downloads", () => {
  it("reads firmware, system software and update discs as bios, kiosk and demo-unit discs as applications", () => {
    expect(kindOf("Fall Refresh 2011 - 3.70 IDU FW Update (USA)")).toBe("bios");
    expect(kindOf("Firmware 3.73 (Europe)")).toBe("bios");
    expect(kindOf("PlayStation 3 System Software Update (Version 2.0) (USA)")).toBe("bios");
    expect(kindOf("PSP Update Disc 1.00 (Japan)")).toBe("bios");
    expect(kindOf("IOS 13 (World) (Virtual Wii)")).toBe("bios");
    expect(kindOf("Experience Disc Version 4.1, The (USA)")).toBe("application");
    expect(kindOf("PSP System Kiosk Disc 1 (USA)")).toBe("application");
    expect(kindOf("PS3 IDU - 2014 Holiday Refresh (USA)")).toBe("application");
  });

  it("reads themes, guides, players, tools, streaming apps and the platform holder's services", () => {
    expect(kindOf("Smobile Themes - Akako Ekittie")).toBe("cosmetic");
    expect(kindOf("Tales of Graces f Theme")).toBe("cosmetic");
    expect(kindOf("LocoRoco - Midnight Carnival - Koushiki Guide Book (Japan) (PSN)")).toBe("application");
    expect(kindOf("Wii Menu Electronic Manual (USA)")).toBe("application");
    expect(kindOf("myNotebook - Carbon (USA)")).toBe("application");
    expect(kindOf("NAX Music Player (Japan)")).toBe("application");
    expect(kindOf("Reader (Japan)")).toBe("application");
    expect(kindOf("Homebrew Browser")).toBe("application");
    expect(kindOf("cIOS PatchMii Installer")).toBe("application");
    expect(kindOf("Snes9x: Super Nintendo Emulator")).toBe("application");
    expect(kindOf("Amazon Prime Video (Europe)")).toBe("application");
    expect(kindOf("Sky NowTV (Europe)")).toBe("application");
    expect(kindOf("MLB.TV Premium (USA)")).toBe("application");
    expect(kindOf("TV3 (Europe)")).toBe("application");
    expect(kindOf("PlayStation Now (World) (Beta)")).toBe("application");
    expect(kindOf("PlayStation Store (World) (v1.15)")).toBe("application");
    expect(kindOf("Nintendo DSi Camera (USA) (Rev 4)")).toBe("application");
  });

  it("reads homebrew names that fuse a tool word, dictionaries and pre-order bonuses", () => {
    expect(kindOf("NWC24Editor")).toBe("application");
    expect(kindOf("Priibootergui")).toBe("application");
    expect(kindOf("GeckoOS")).toBe("application");
    expect(kindOf("WiiSX")).toBe("application");
    expect(kindOf("PunEmu (USA)")).toBe("application");
    expect(kindOf("Postloader")).toBe("application");
    expect(kindOf("WiiXplorer")).toBe("application");
    expect(kindOf("Dictionary 6 in 1 with Camera Function (Europe, Australia) (En,Fr,De,Es,It) (Rev 1)")).toBe("application");
    expect(kindOf("HandDic - Hand Dictionary (Korea)")).toBe("application");
    expect(kindOf("FIFA 13 - EA Sports Football Club Pre-Order (Europe)")).toBe("addon");
    expect(kindOf("Destiny - Pre-Order")).toBe("addon");
  });

  it("reads streaming and media service brands as the whole title or before a service word or subtitle", () => {
    expect(kindOf("YouTube (USA) (Rev 2) (eShop)")).toBe("application");
    expect(kindOf("Netflix (USA) (v8.09)")).toBe("application");
    expect(kindOf("Netflix Instant Streaming Disc (USA)")).toBe("application");
    expect(kindOf("Hulu Plus on Xbox 360 (World) (XBLA)")).toBe("application");
    expect(kindOf("VUDU Movies (World) (GOD)")).toBe("application");
    expect(kindOf("Amazon - LOVEFiLM (Europe)")).toBe("application");
    expect(kindOf("IGN for PlayStation (Europe)")).toBe("application");
    expect(kindOf("Qello HD Concerts (USA)")).toBe("application");
    expect(kindOf("Rakuten Showtime (Japan)")).toBe("application");
    expect(kindOf("Sky Italia (Europe)")).toBe("application");
  });

  it("keeps games that start with or hold a service brand games", () => {
    expect(kindOf("Showtime Championship Boxing (USA)")).toBe("game");
    expect(kindOf("Sky Force Anniversary (USA)")).toBe("game");
    expect(kindOf("Sky Diving (Europe)")).toBe("game");
    expect(kindOf("Space Invaders - Infinity Gene (USA)")).toBe("game");
    expect(kindOf("Pandora's Tower (USA)")).toBe("game");
    expect(kindOf("ESPN Sports Connection (USA)")).toBe("game");
    expect(kindOf("Madden NFL 13 (USA)")).toBe("game");
    expect(kindOf("Red Bull X-Fighters (USA)")).toBe("game");
    expect(kindOf("Twitch Live Arena (USA)")).toBe("game");
  });

  it("reads numbered episodes of store video magazines as video, and leaves their demos and compilations games", () => {
    expect(kindOf("FirstPlay Episode 020 (Europe)")).toBe("video");
    expect(kindOf("Qore 40 - September 2011 (USA)")).toBe("video");
    expect(kindOf("Qore Episode 26 - July 2010 (USA)")).toBe("video");
    expect(kindOf("Qore 06 - November 2008 (USA) (Annual Subscription)")).toBe("video");
    expect(kindOf("Qore Ultimate Arqade (USA)")).toBe("game");
    expect(kindOf("Wipeout HD (USA) (Qore Demo)")).toBe("game");
  });

  it("reads named homebrew loaders and emulators, and leaves games that share an emulator's name", () => {
    expect(kindOf("Nintendont")).toBe("application");
    expect(kindOf("WiiFlow Banner Downloader")).toBe("application");
    expect(kindOf("DIOS MIOS Booter")).toBe("application");
    expect(kindOf("Priiloader HacksDen Edition")).toBe("application");
    expect(kindOf("Snes9x TX (Europe)")).toBe("application");
    expect(kindOf("Wii Stella")).toBe("application");
    expect(kindOf("Sega: Genesis Plus GX")).toBe("application");
    expect(kindOf("Stella Glow (USA)")).toBe("game");
    expect(kindOf("Strania - The Stella Machina (World) (XBLA)")).toBe("game");
    expect(kindOf("Knobswitch (USA)")).toBe("game");
  });

  it("leaves one-word titles that only end like a tool word, and spaced titles, to the other rules", () => {
    expect(kindOf("Chaos (Japan)")).toBe("game");
    expect(kindOf("CHAOS")).toBe("game");
    expect(kindOf("Kairos (USA)")).toBe("game");
    expect(kindOf("Thanatos")).toBe("game");
    expect(kindOf("Overlord (USA)")).toBe("game");
    expect(kindOf("Downloader Adventure Saga (USA)")).toBe("game");
    expect(kindOf("Xbox 360 - The Official Xbox Magazine Issue 85 - May 2012 (Europe)")).toBe("game");
  });

  it("reads update data and content named after its game twice", () => {
    expect(kindOf("Durarara!! 3Way Standoff - Update Data (Japan)")).toBe("update");
    expect(kindOf("Senran Kagura - Shinovi Versus - Senran Kagura - Shinovi Versus - Battle Ticket (USA)")).toBe("addon");
    expect(kindOf("Ratchet & Clank - QForce - Ratchet & Clank - QForce (USA)")).toBe("game");
  });

  it("leaves games whose titles only hold such a word alone", () => {
    expect(kindOf("Moshi Monsters - Moshlings Theme Park (USA)")).toBe("game");
    expect(kindOf("Avatar - The Last Airbender (USA)")).toBe("game");
    expect(kindOf("Buzz! Quiz TV (USA)")).toBe("game");
    expect(kindOf("ATV Offroad Fury Pro (USA)")).toBe("game");
    expect(kindOf("MTV Pimp My Ride (USA)")).toBe("game");
    expect(kindOf("Killzone 3 - Single Player")).toBe("game");
    expect(kindOf("Reader Rabbit - 2nd Grade (USA) (En,Fr,Es)")).toBe("game");
    expect(kindOf("Hitchhiker's Guide to the Galaxy, The (USA)")).toBe("game");
    expect(kindOf("Devil Survivor - Over Clock (USA)")).toBe("game");
    expect(kindOf("Grande LEGO Aventure - La Le Jeu Video (France)")).toBe("game");
    expect(kindOf("PlayStation Network Collection - Power Pack (Europe)")).toBe("game");
  });

  it('reads the words on store platforms only: a computer\'s "Disk Loader" or "Theme" stays a game', () => {
    expect(kindOf("Disc Loader", {})).toBe("game");
    expect(kindOf("Theme Hospital (Europe)", {})).toBe("game");
    expect(kindOf("Smobile Themes - Akako Ekittie", {})).toBe("game");
  });

  it("reads the platform holder's app serials, and the DATs' (Channel), (Title Update), (Static Theme) and (DLCTrial) tags anywhere", () => {
    const wii: KindContext = { storeTitles: true, appSerials: /^H[ABCF][A-Z0-9][A-Z]$/ };
    expect(releaseKind(parseGameName("Watchever"), { ...wii, serial: "HC2D" })).toBe("application");
    expect(releaseKind(parseGameName("Harder Super Mario Bros. Wii"), { ...wii, serial: "HSMP01" })).toBe("game");
    expect(releaseKind(parseGameName("Dr. Mario & Germ Buster"), { ...wii, serial: "HDME" })).toBe("game");
    expect(kindOf("YouTube (USA) (Channel)", {})).toBe("application");
    expect(kindOf("Kinect Fun Labs - Build a Buddy (World) (v1) (Title Update)", {})).toBe("update");
    expect(kindOf("Disruptive Publishers - Beach Sampler (USA) (Static Theme)", {})).toBe("cosmetic");
    expect(kindOf("Little Big Planet 2 (Europe) (Dynamic Theme)", {})).toBe("cosmetic");
    expect(kindOf("Star Wars Pinball - Rogue One (Europe) (DLCTrial)", {})).toBe("addon");
  });

  it("reads tool words and emulator names on a homebrew collection's programs only, never on its games or other serials", () => {
    const wii: KindContext = { storeTitles: true, homebrewSerials: /^D[A-Z0-9]{3}$/ };
    const homebrew = (title: string, serial = "DXXA"): string => releaseKind(parseGameName(title), { ...wii, serial });
    for (const tool of [
      "Multi Mod Manager",
      "Homebrew Filter",
      "MyMenuify",
      "Multiboot",
      "Superdump",
      "Strobe Alarm Clock",
      "GxGeo",
      "HuGo-GX",
      "cIOSFix",
      "Wii2600",
      "MPlayer CE",
    ])
      expect(homebrew(tool), tool).toBe("application");
    for (const game of ["BlisterBall", "Quakegx", "Abuse Wii", "SuperTux Wii", "Sqrxz 2", "Tick Tock Car Race", "Wii Donut"])
      expect(homebrew(game), game).toBe("game");
    expect(homebrew("Superdump", "RSBE01")).toBe("game");
    expect(kindOf("Multi Mod Manager", store)).toBe("game");
    expect(kindOf("Sciifii", store)).toBe("application");
  });

  it("reads a PSN package whose content id names the WebMAF web-app framework as an application, on store platforms only", () => {
    const ps3: KindContext = { storeTitles: true, appSerials: /^NP[A-Z][OP]\d{5}$/ };
    const minBio = ["EP8811-NPEB02345_00-WEBMAF0000MINBIO_bg_1_5ad28ebad24007cc53ced6a895767cf43746cd78.pkg"];
    expect(releaseKind(parseGameName("Min Bio (Europe)"), { ...ps3, romNames: minBio })).toBe("application");
    expect(releaseKind(parseGameName("Min Bio (Europe)"), { romNames: minBio })).toBe("game");
    const game = ["EP0001-NPEB00001_00-MINBIOGAME000000_bg_1_0000000000000000000000000000000000000000.pkg"];
    expect(releaseKind(parseGameName("Min Bio (Europe)"), { ...ps3, romNames: game })).toBe("game");
    expect(webAppProductCode(minBio)).toBe("NPEB02345");
  });

  it('reads a fantasy console\'s "(Update N)" cart as a version of a whole game, and a patch elsewhere', () => {
    expect(kindOf("Again! (Update 3)", { wholeCarts: true })).toBe("game");
    expect(kindOf("Again! (Update 3)", {})).toBe("update");
    expect(kindOf("Again! (Update 3) (DLC)", { wholeCarts: true })).toBe("addon");
  });
});

describe("settleTitleKinds: the releases of one clean title together", () => {
  const member = (name: string, context: KindContext, serial?: string): TitleMember => {
    const parsed = parseGameName(name);
    return { kind: releaseKind(parsed, { ...context, ...(serial ? { serial } : {}) }), parsed, ...(serial ? { serial } : {}) };
  };
  const ps3: KindContext = { storeTitles: true, appSerials: /^NP[A-Z][OP]\d{5}$/ };

  it("makes a title of unlock keys alone an add-on, and leaves a key beside its game's trial in the game", () => {
    const keys = [
      member("Zen Pinball 2 - Portal Pinball (USA) (Unlock Key)", ps3),
      member("Zen Pinball 2 - Portal Pinball (Europe) (Unlock Key)", ps3),
    ];
    settleTitleKinds(keys, ps3);
    expect(keys.map((m) => m.kind)).toEqual(["addon", "addon"]);
    const game = [member("Trine 2 (USA) (Unlock Key)", ps3), member("Trine 2 (USA) (Trial)", ps3), member("Trine 2", ps3, "NPUB30626")];
    settleTitleKinds(game, ps3);
    expect(game.map((m) => m.kind)).toEqual(["game", "game", "game"]);
    const elsewhere = [member("Zen Pinball 2 - Mars (USA) (Unlock Key)", {})];
    settleTitleKinds(elsewhere, {});
    expect(elsewhere.map((m) => m.kind)).toEqual(["game"]);
  });

  it("makes a title whose serials are all app serials an application, its releases without a serial too", () => {
    // A made-up title: a real app's name ("NHL GameCenter") is a service brand, an application by its title alone.
    const nhl = [member("Sports Hub (USA)", ps3), member("Sports Hub", ps3, "NPUO00008")];
    expect(nhl.map((m) => m.kind)).toEqual(["game", "application"]);
    settleTitleKinds(nhl, ps3);
    expect(nhl.map((m) => m.kind)).toEqual(["application", "application"]);
  });

  it("gives a title's untagged releases the kind of a release tagged for the whole title (Web TV, Map Software)", () => {
    const psp: KindContext = { storeTitles: true };
    const webTv = [member("AXN (Bulgaria) (Web TV)", ps3), member("AXN", ps3), member("AXN (Poland) (Web TV)", ps3)];
    settleTitleKinds(webTv, ps3);
    expect(webTv.map((m) => m.kind)).toEqual(["application", "application", "application"]);
    const maps = [
      member("Passport to Paris (Europe) (En,Fr,De,Es,It) (v1.01) (Map Software)", psp),
      member("Passport to... Paris (Europe) (En,Fr,De,Es,It)", psp),
    ];
    settleTitleKinds(maps, psp);
    expect(maps.map((m) => m.kind)).toEqual(["application", "application"]);
  });

  it("keeps a title with a game's serial a game, its app-serial release a store item of it", () => {
    const destiny = [member("Destiny", ps3, "NPUP00071"), member("Destiny", ps3, "NPUB31154"), member("Destiny (USA)", ps3)];
    settleTitleKinds(destiny, ps3);
    expect(destiny.map((m) => m.kind)).toEqual(["game", "game", "game"]);
  });

  it("keeps an app-serial release an application where the title's own names call it an app", () => {
    const wii: KindContext = { storeTitles: true, appSerials: /^H[ABCF][A-Z0-9][A-Z]$/ };
    const photoHub = [
      member("Photo Hub (USA) (Channel)", wii),
      member("Photo Hub (Europe)", wii, "HCLP"),
      member("Photo Hub (USA) (Rev 3)", wii, "RVL-SNTE-USA-B3"),
    ];
    settleTitleKinds(photoHub, wii);
    expect(photoHub.map((m) => m.kind)).toEqual(["application", "application", "game"]);
  });
});

describe("releaseStatus", () => {
  it("is demo for the parser's demo statuses and for qualified demo, trial and kiosk tags", () => {
    expect(releaseStatus(parseGameName("Blokus Club Portable with Bumpy Trot (Japan) (Taikenban)"))).toBe("demo");
    expect(releaseStatus(parseGameName("Dynasty Warriors 7 - Empires (USA) (Edit Mode Demo)"))).toBe("demo");
    expect(releaseStatus(parseGameName("Crash Commando (Europe) (Trial)"))).toBe("demo");
    expect(releaseStatus(parseGameName("Motherbase (Europe) (Sample)"))).toBe("sample");
    expect(releaseStatus(parseGameName("Blokus Club Portable with Bumpy Trot (Japan)"))).toBe("release");
  });
});

describe("assembleGames with a platform's kind context", () => {
  it("makes a PICO-8 cart's updates releases of the game, and an update with no base a game record", () => {
    const carts = dat([
      { name: "Again!", roms: [{ name: "again.p8.png", size: 2000, crc: "11110001" }] },
      { name: "Again! (Update 3)", roms: [{ name: "again-3.p8.png", size: 2100, crc: "11110002" }] },
      { name: "Apex Point (Update 4)", roms: [{ name: "apex-4.p8.png", size: 2200, crc: "11110003" }] },
    ]);
    const { games } = assembleGames([{ dat: carts, source: "dat", label: "pico-8.dat" }], createMetadataIndex(), {
      platform: "pico-8",
      kindContext: { wholeCarts: true },
    });
    expect(games.map((g) => [g.title, g.kind, g.releases.map((r) => r.name)])).toEqual([
      ["Again!", "game", ["Again!", "Again! (Update 3)"]],
      ["Apex Point", "game", ["Apex Point (Update 4)"]],
    ]);
  });

  it("settles a store title's kind from all its releases: an app serial kinds the whole title, unlock keys alone are an add-on", () => {
    const psn = dat([
      { name: "NHL Gamecenter (USA)", roms: [{ name: "nhl.pkg", size: 40_000_000, crc: "33330001" }] },
      { name: "NHL GameCenter", fields: { serial: "NPUO00008" }, roms: [{ name: "NHL GameCenter.iso", crc: "33330002" }] },
      { name: "Zen Pinball 2 (USA)", roms: [{ name: "zen.pkg", size: 300_000_000, crc: "33330003" }] },
      { name: "Zen Pinball 2 - Mars (USA) (Unlock Key)", roms: [{ name: "UP4064-NPUB30586_00-ZP2MARS.rap", size: 16, crc: "33330004" }] },
    ]);
    const { games } = assembleGames([{ dat: psn, source: "no-intro", label: "ps3.dat" }], createMetadataIndex(), {
      platform: "ps3",
      kindContext: { storeTitles: true, appSerials: /^NP[A-Z][OP]\d{5}$/ },
    });
    const byTitle = new Map(games.map((g) => [g.title, g]));
    expect(byTitle.get("NHL Gamecenter")?.kind).toBe("application");
    expect(byTitle.get("NHL Gamecenter")?.releases).toHaveLength(2);
    expect(byTitle.get("Zen Pinball 2 - Mars")?.kind).toBe("addon");
    expect(byTitle.get("Zen Pinball 2")?.kind).toBe("game");
  });

  it('flags an arcade set its DAT gives the publisher "hack" as a hack, and keeps "hack" out of the publisher', () => {
    const withPublisher = dat([
      {
        name: "Robotron: 2084 (Solid Blue label)",
        fields: { publisher: "Williams" },
        roms: [{ name: "robotron.zip", size: 100, crc: "22220001" }],
      },
      {
        name: "Robotron: 2084 (2012 'wave 201 start' hack)",
        fields: { publisher: "hack", releaseyear: "2012" },
        roms: [{ name: "robotron12.zip", size: 101, crc: "22220002" }],
      },
    ]);
    const { games } = assembleGames(
      [{ dat: withPublisher, source: "fbneo-split", label: "FBNeo - Arcade Games.dat", collection: "fbneo" }],
      createMetadataIndex(),
      { platform: "arcade", arcade: true },
    );
    const releases = games.flatMap((g) => g.releases);
    const hack = releases.find((r) => r.name.includes("2012"));
    const original = releases.find((r) => r.name.includes("Solid Blue"));
    expect(hack?.parsed.flags).toContain("Hack");
    expect(hack?.metadata.publisher).toBeUndefined();
    expect(original?.parsed.flags).not.toContain("Hack");
    expect(games.map((g) => g.metadata.publisher)).not.toContain("hack");
  });
});

describe("releaseKind on arcade sets", () => {
  it("reads a numbered program as a version of the game's code, and a board test's numbered program as an application", () => {
    expect(releaseKind(parseGameName("Gorf (Program 1)"), { arcade: true })).toBe("game");
    expect(releaseKind(parseGameName("Gorf (program 1, with German Language ROM)"), { arcade: true })).toBe("game");
    expect(releaseKind(parseGameName("MPU4 Unit Test (Program 2)"), { arcade: true })).toBe("application");
    expect(releaseKind(parseGameName("Mario Paint (Japan) (Program)"), {})).toBe("application");
  });
});
