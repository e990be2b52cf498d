import { describe, expect, it } from "vitest";
import { bareFileName, fileNameKey } from "../../../src/match/index/match-keys.ts";
import { titleSimilarity } from "../../../src/match/engine/title-similarity.ts";

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

describe("titleSimilarity", () => {
  it("is 1 for equal keys, high for one typo, low for unrelated titles", () => {
    expect(titleSimilarity("chrono trigger", "chrono trigger")).toBe(1);
    expect(titleSimilarity("chrono triger", "chrono trigger")).toBeGreaterThan(0.85);
    expect(titleSimilarity("chrono trigger", "super metroid")).toBeLessThan(0.3);
    expect(titleSimilarity("", "x")).toBe(0);
  });
});
