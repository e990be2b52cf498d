import { describe, expect, it } from "vitest";
import { parseGameName } from "../../../src/catalog/names/parse-game-name.ts";
import { splitTitleVersion } from "../../../src/catalog/names/title-version.ts";

describe("splitTitleVersion (one version rule for every convention)", () => {
  it.each([
    ["Title v1.5", "Title", "v1.5"],
    ["Title Rev PRG0", "Title", "Rev PRG0"],
    ["Title Rev 1", "Title", "Rev 1"],
    ["Title Rev A", "Title", "Rev A"],
    ["Title V2", "Title", "V2"],
  ])("%s → title %s, version %s", (input, title, version) => {
    expect(splitTitleVersion(input)).toEqual({ title, version });
  });

  it.each(["v2", "Street Fighter II", "Revolution X", "Mega Man V", "Rev"])("leaves %s whole", (input) => {
    expect(splitTitleVersion(input)).toEqual({ title: input });
  });

  it("applies to No-Intro-style names too, so revisions group with the game", () => {
    expect(parseGameName("Aerial Assault Rev 1")).toMatchObject({ title: "Aerial Assault", version: "Rev 1" });
    expect(parseGameName("Some Game v1.1 (USA)")).toMatchObject({ title: "Some Game", version: "v1.1", regions: ["USA"] });
    expect(parseGameName("Some Game (USA) (Rev 1)")).toMatchObject({ title: "Some Game", version: "Rev 1" });
  });
});
