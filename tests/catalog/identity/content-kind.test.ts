import { describe, expect, it } from "vitest";
import type { DatFile, DatGame } from "../../../src/catalog/dat/dat-types.ts";
import { type KindContext, releaseKind } from "../../../src/catalog/identity/content-kind.ts";
import { releaseStatus } from "../../../src/catalog/identity/release-status.ts";
import { assembleGames } from "../../../src/catalog/import/assemble-games.ts";
import { createMetadataIndex } from "../../../src/catalog/import/metadata-index.ts";
import { parseGameName } from "../../../src/catalog/names/parse-game-name.ts";

const store: KindContext = { storeTitles: true };
const kindOf = (name: string, context: KindContext = store): string => releaseKind(parseGameName(name), context);

function dat(games: Partial<DatGame>[]): DatFile {
  return { format: "clrmamepro", header: { fields: {} }, games: games.map((g, i) => ({ fields: {}, roms: [], line: i + 1, ...g })) };
}

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

  it("reads the platform holder's app serials, and the DATs' (Channel) and (Title Update) tags anywhere", () => {
    const wii: KindContext = { storeTitles: true, appSerials: /^H[ABCF][A-Z0-9][A-Z]$/ };
    expect(releaseKind(parseGameName("Watchever"), { ...wii, serial: "HC2D" })).toBe("application");
    expect(releaseKind(parseGameName("Harder Super Mario Bros. Wii"), { ...wii, serial: "HSMP01" })).toBe("game");
    expect(releaseKind(parseGameName("Dr. Mario & Germ Buster"), { ...wii, serial: "HDME" })).toBe("game");
    expect(kindOf("YouTube (USA) (Channel)", {})).toBe("application");
    expect(kindOf("Kinect Fun Labs - Build a Buddy (World) (v1) (Title Update)", {})).toBe("update");
  });

  it('reads a fantasy console\'s "(Update N)" cart as a version of a whole game, and a patch elsewhere', () => {
    expect(kindOf("Again! (Update 3)", { wholeCarts: true })).toBe("game");
    expect(kindOf("Again! (Update 3)", {})).toBe("update");
    expect(kindOf("Again! (Update 3) (DLC)", { wholeCarts: true })).toBe("addon");
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
