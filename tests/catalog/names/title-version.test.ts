import { describe, expect, it } from "vitest";
import { parseGameName } from "../../../src/catalog/names/parse-game-name.ts";
import { parseTosecName } from "../../../src/catalog/names/parse-tosec-name.ts";
import { splitTitleVersion } from "../../../src/catalog/names/title-version.ts";

describe("splitTitleVersion (one version rule for every convention)", () => {
  it.each([
    ["Title v1.5", "Title", "v1.5"],
    ["Title Rev PRG0", "Title", "Rev PRG0"],
    ["Title Rev 1", "Title", "Rev 1"],
    ["Title Rev A", "Title", "Rev A"],
    // TOSEC and libretro's own DATs: free-form suffixes after the number.
    ["Curse of Talon, The v1.0b5", "Curse of Talon, The", "v1.0b5"],
    ["Zap'Em v1B", "Zap'Em", "v1B"],
    ["Golf's Best v2.0A", "Golf's Best", "v2.0A"],
    ["Fooblitzky v3R.B5", "Fooblitzky", "v3R.B5"],
    ["Abura Tan v0.A11", "Abura Tan", "v0.A11"],
    ["Hearts v6b.2", "Hearts", "v6b.2"],
    ["Mah Jongg -V-G-A- 8514 v06beta1", "Mah Jongg -V-G-A- 8514", "v06beta1"],
    ["MagiDuck v2-alpha", "MagiDuck", "v2-alpha"],
    ["SAGA #4 - Voodoo Castle v2.1-119", "SAGA #4 - Voodoo Castle", "v2.1-119"],
    ["RoboCrap v94-1.01", "RoboCrap", "v94-1.01"],
    ["Star Blade v1.00+", "Star Blade", "v1.00+"],
    ["Rogue v.1b", "Rogue", "v.1b"],
    ["Card Sharks v.62", "Card Sharks", "v.62"],
    // Upper-case V with a dotted or suffixed number.
    ["Deer Hunting USA V4.4.1", "Deer Hunting USA", "V4.4.1"],
    ["Super Ten V8.3X", "Super Ten", "V8.3X"],
    ["PSY-Q Debugging Station Boot Disk V2-00", "PSY-Q Debugging Station Boot Disk", "V2-00"],
    ["Neo No Panepon V.0.2", "Neo No Panepon", "V.0.2"],
    // Rev in any case, with a dot, and Sega's dated beta builds.
    ["Star Warrior rev 2", "Star Warrior", "rev 2"],
    ["Fahrenheit 451 rev. 2", "Fahrenheit 451", "rev. 2"],
    ["Strip Blackjack Rev 8.41", "Strip Blackjack", "Rev 8.41"],
    ["Title Revision 2", "Title", "Revision 2"],
    ["Chaotix Featuring Knuckles the Echidna Rev 0111-19950112-0936", "Chaotix Featuring Knuckles the Echidna", "Rev 0111-19950112-0936"],
    ["Chaotix Featuring Knuckles the Echidna Rev 213B-19950213-0646", "Chaotix Featuring Knuckles the Echidna", "Rev 213B-19950213-0646"],
    ["Metal Head Rev 19941207-B", "Metal Head", "Rev 19941207-B"],
    ["Cybermorph Rev B", "Cybermorph", "Rev B"],
  ])("%s → title %s, version %s", (input, title, version) => {
    expect(splitTitleVersion(input)).toEqual({ title, version });
  });

  it.each([
    "v2",
    "Street Fighter II",
    "Revolution X",
    "Mega Man V",
    "Rev",
    // Words that read like versions but are the name (all real titles).
    "Rev Limit",
    "Montezuma's Revenge",
    "Galactic Saga - Galactic Revolution",
    "NBA Street V3",
    "Custom Robo V2",
    "Sniper Elite V2",
    "Twin Turbo V8",
    "Kamen Rider V3",
    "Project V6",
    // "Ver."/"Version" name distinct products in arcade and disc titles.
    "Guilty Gear X ver. 1.5",
    "Pokemon - Black Version 2",
    "Interactive Multi-Game Demo Disc - Version 9",
    // A file extension left on a name is not a version's tail.
    "Sniper Elite V2.iso",
  ])("leaves %s whole", (input) => {
    expect(splitTitleVersion(input)).toEqual({ title: input });
  });

  it("applies to No-Intro-style names too, so revisions group with the game", () => {
    expect(parseGameName("Aerial Assault Rev 1")).toMatchObject({ title: "Aerial Assault", version: "Rev 1" });
    expect(parseGameName("Some Game v1.1 (USA)")).toMatchObject({ title: "Some Game", version: "v1.1", regions: ["USA"] });
    expect(parseGameName("Some Game (USA) (Rev 1)")).toMatchObject({ title: "Some Game", version: "Rev 1" });
    expect(parseGameName("Metal Head Rev 19941207-B (Beta)")).toMatchObject({
      title: "Metal Head",
      version: "Rev 19941207-B",
      status: "beta",
    });
  });

  it("splits the version before moving a postponed article back, in both conventions", () => {
    expect(parseGameName("Curse of Talon, The v1.0b5 (USA)[no boot]")).toMatchObject({ title: "The Curse of Talon", version: "v1.0b5" });
    expect(parseTosecName("Curse of Talon, The v1.0b5 (19xx)(Softdisk)(US)[no boot]").parsed).toMatchObject({
      title: "The Curse of Talon",
      version: "v1.0b5",
    });
    expect(parseGameName("Last V8, The (USA, Europe)")).toMatchObject({ title: "The Last V8" });
    expect(parseGameName("Star Warrior rev 2 (II+)[48K]")).toMatchObject({ title: "Star Warrior", version: "rev 2" });
  });
});
