import { describe, expect, it } from "vitest";
import { artworkCandidates } from "../../../src/catalog/artwork/artwork-candidates.ts";
import { shortName, thumbnailName } from "../../../src/catalog/artwork/thumbnail-name.ts";

const names = (list: readonly string[]): { name: string }[] => list.map((name) => ({ name }));

describe("thumbnail names (libretro-thumbnails)", () => {
  it('replaces each of & * / : ` " < > ? \\ | with _', () => {
    expect(thumbnailName('A&B*C/D:E`F"G<H>I?J\\K|L (USA)')).toBe("A_B_C_D_E_F_G_H_I_J_K_L (USA)");
  });

  it("cuts a short name before the first tag, and has none for a name without tags", () => {
    expect(shortName("Sonic (USA) (Rev 1)")).toBe("Sonic");
    expect(shortName("Doom [Hack by X] (Europe)")).toBe("Doom");
    expect(shortName("Pac-Man")).toBeUndefined();
    expect(shortName("Pac-Man (USA)")).toBe("Pac-Man");
  });
});

describe("artwork candidates", () => {
  it("tries the chosen release, the others closest first, their short names, then nothing else", () => {
    const releases = names([
      "Doom (Japan, USA) (En)",
      "Doom (Europe)",
      "Doom (Japan, USA) (En) (Beta 1)",
      "Doom (1994)(id Software - Sega)(EU)(en)",
    ]);
    expect(artworkCandidates(releases, 1)).toEqual([
      "Doom (Europe)",
      // Same regions as the chosen one first; "(EU)" is TOSEC's Europe.
      "Doom (1994)(id Software - Sega)(EU)(en)",
      "Doom (Japan, USA) (En)",
      "Doom (Japan, USA) (En) (Beta 1)",
      "Doom",
    ]);
  });

  it("puts the same regions' Disc 1 right after the same disc, then the same disc and disc 1 of other regions, then other discs", () => {
    const releases = names([
      "Final Fantasy VII (USA) (Disc 1)",
      "Final Fantasy VII (USA) (Disc 2)",
      "Final Fantasy VII (USA) (Disc 3)",
      "Final Fantasy VII (Europe) (Disc 2)",
      "Final Fantasy VII (Europe) (Disc 1)",
      "Final Fantasy VII (Japan) (Disc 3)",
    ]);
    expect(artworkCandidates(releases, 1).slice(0, 6)).toEqual([
      "Final Fantasy VII (USA) (Disc 2)",
      "Final Fantasy VII (USA) (Disc 1)",
      "Final Fantasy VII (Europe) (Disc 2)",
      "Final Fantasy VII (Europe) (Disc 1)",
      "Final Fantasy VII (USA) (Disc 3)",
      "Final Fantasy VII (Japan) (Disc 3)",
    ]);
    expect(artworkCandidates(releases, 1).at(-1)).toBe("Final Fantasy VII");
  });

  it("tries other revisions of the same region before other regions", () => {
    const releases = names(["Sonic (Japan)", "Sonic (USA)", "Sonic (USA) (Rev 1)", "Sonic (Europe)"]);
    expect(artworkCandidates(releases, 1)).toEqual(["Sonic (USA)", "Sonic (USA) (Rev 1)", "Sonic (Japan)", "Sonic (Europe)", "Sonic"]);
  });

  it("adds an arcade clone's parent set, by its DAT name and short name", () => {
    const releases = [{ name: "Street Fighter II: The World Warrior (USA 910206)", cloneOf: "sf2" }];
    const parent = (set: string): string | undefined => (set === "sf2" ? "Street Fighter II: The World Warrior (World 910522)" : undefined);
    expect(artworkCandidates(releases, 0, parent)).toEqual([
      "Street Fighter II_ The World Warrior (USA 910206)",
      "Street Fighter II_ The World Warrior",
      "Street Fighter II_ The World Warrior (World 910522)",
    ]);
  });

  it("scrubs every name and drops repeats, and falls back to the first release for an unknown index", () => {
    const releases = names(["Tom & Jerry (USA)", "Tom & Jerry (USA)", "Tom _ Jerry (USA)"]);
    expect(artworkCandidates(releases, 9)).toEqual(["Tom _ Jerry (USA)", "Tom _ Jerry"]);
    expect(artworkCandidates([], 0)).toEqual([]);
  });
});
