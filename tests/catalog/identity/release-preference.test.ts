import { describe, expect, it } from "vitest";
import { compareReleases, releaseClass, releasePreference, versionNumbers } from "../../../src/catalog/identity/release-preference.ts";
import { parseGameName } from "../../../src/catalog/names/parse-game-name.ts";

const ranked = (name: string, secondary = 0) => ({ parsed: parseGameName(name), secondary });
describe("release classes", () => {
  it.each([
    ["Mega Man X (USA)", "retail"],
    ["Mega Man X (World) (En) (Mega Man X Legacy Collection)", "re-release"],
    ["Mega Man X (USA) (Virtual Console)", "re-release"],
    ["Castlevania (World) (Konami Collector's Series)", "re-release"],
    ["Mega Man (USA) (Capcom Town)", "re-release"],
    ["Tetris (USA) (Unl)", "unlicensed"],
    ["Micro Mages (World) (Aftermarket) (Unl)", "aftermarket"],
    ["Akumajou Dracula (Asia) (En) (Kaiser) (Pirate)", "pirate"],
    ["Super Mario Bros. (World) (Hack)", "modified"],
    ["Tempest (USA) (Proto)", "proto"],
    ["Rocket Rascals (USA) (Beta)", "beta"],
    ["Star Sprout (USA) (Demo)", "demo"],
    ["Star Sprout (USA) (Kiosk)", "demo"],
    ["Crash (bootleg of Head On)", "pirate"],
    ["Head On (Sidam bootleg, set 1)", "pirate"],
    ["Jumping Pop (Nics, Korean hack of Plump Pop)", "modified"],
    ["Head On (2 players)", "retail"],
  ])("%s is %s", (name, cls) => {
    expect(releaseClass(parseGameName(name))).toBe(cls);
  });
});

describe("the best release of a record", () => {
  it("is a retail cartridge before a collection's extract, whatever their regions", () => {
    const names = [
      "Mega Man X (World) (En) (Mega Man X Legacy Collection)",
      "Rockman X (Japan)",
      "Mega Man X (USA) (Rev 1)",
      "Mega Man X (USA)",
      "Mega Man X (Europe)",
      "Mega Man X (USA) (Beta)",
    ];
    const order = names.map((n) => ranked(n)).sort((a, b) => compareReleases(a, b));
    expect(order.map((r) => `${r.parsed.title}${r.parsed.version ? ` ${r.parsed.version}` : ""} ${r.parsed.regions.join(",")}`)).toEqual([
      "Mega Man X Rev 1 USA",
      "Mega Man X USA",
      "Mega Man X Europe",
      "Rockman X Japan",
      "Mega Man X World",
      "Mega Man X USA",
    ]);
  });

  it("follows the region and language setting, then the newest revision", () => {
    const japanFirst = releasePreference(["Japan", "USA"], ["Ja"]);
    const order = ["Mega Man X (USA)", "Rockman X (Japan)", "Rockman X (Japan) (Rev 1)"]
      .map((n) => ranked(n))
      .sort((a, b) => compareReleases(a, b, japanFirst));
    expect(order.map((r) => `${r.parsed.title} ${r.parsed.version ?? ""}`.trim())).toEqual(["Rockman X Rev 1", "Rockman X", "Mega Man X"]);
    expect(versionNumbers("Rev A")).toEqual([1]);
    expect(versionNumbers("v1.02")).toEqual([1, 2]);
  });

  it("puts No-Intro and Redump before TOSEC and arcade sets of the same class", () => {
    const order = [ranked("Pac-Man (USA)", 1), ranked("Pac-Man (Japan)", 0)].sort((a, b) => compareReleases(a, b));
    expect(order[0]?.secondary).toBe(0);
  });
});
