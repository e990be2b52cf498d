import { describe, expect, it } from "vitest";
import { artworkUrl, thumbnailName } from "../../src/match/artwork.ts";
import { bareFileName, fileNameKey } from "../../src/match/match-keys.ts";
import { titleSimilarity } from "../../src/match/title-similarity.ts";

describe("fileNameKey", () => {
  it("ignores path, case, archive suffixes and the extension", () => {
    expect(fileNameKey("Chrono Trigger (USA).sfc")).toBe("chrono trigger (usa)");
    expect(fileNameKey("/roms/snes/CHRONO TRIGGER (USA).SFC.zip")).toBe("chrono trigger (usa)");
    expect(fileNameKey("C:\\roms\\Chrono Trigger (USA).7z")).toBe("chrono trigger (usa)");
    expect(fileNameKey("Game (USA).nes.tar.gz")).toBe("game (usa)");
  });

  it("does not take a word after a dot for an extension", () => {
    expect(fileNameKey("Dr. Mario (World)")).toBe("dr. mario (world)");
    expect(bareFileName("Dr. Mario (World).nes")).toBe("Dr. Mario (World)");
  });
});

describe("artwork naming (libretro-thumbnails)", () => {
  it('replaces each of & * / : ` " < > ? \\ | with _', () => {
    expect(thumbnailName('A&B*C/D:E`F"G<H>I?J\\K|L (USA)')).toBe("A_B_C_D_E_F_G_H_I_J_K_L (USA)");
  });

  it("builds URL-encoded {base}/{system}/Named_*/{name}.png URLs", () => {
    expect(
      artworkUrl(
        "https://thumbs.example",
        "Nintendo - Super Nintendo Entertainment System",
        "boxart",
        "Legend of Zelda, The - A Link to the Past (USA)",
      ),
    ).toBe(
      "https://thumbs.example/Nintendo%20-%20Super%20Nintendo%20Entertainment%20System/Named_Boxarts/Legend%20of%20Zelda%2C%20The%20-%20A%20Link%20to%20the%20Past%20(USA).png",
    );
    expect(artworkUrl("https://t.example", "Sega - Mega Drive - Genesis", "snap", "Tom & Jerry: 100% (Europe)")).toBe(
      "https://t.example/Sega%20-%20Mega%20Drive%20-%20Genesis/Named_Snaps/Tom%20_%20Jerry_%20100%25%20(Europe).png",
    );
    expect(artworkUrl("https://t.example", "X", "title", "a")).toContain("/Named_Titles/");
    expect(artworkUrl("https://t.example", "X", "logo", "a")).toContain("/Named_Logos/");
  });
});

describe("titleSimilarity", () => {
  it("is 1 for equal keys, high for one typo, low for unrelated titles", () => {
    expect(titleSimilarity("chrono trigger", "chrono trigger")).toBe(1);
    expect(titleSimilarity("chrono triger", "chrono trigger")).toBeGreaterThan(0.85);
    expect(titleSimilarity("chrono trigger", "super metroid")).toBeLessThan(0.3);
    expect(titleSimilarity("", "x")).toBe(0);
  });
});
