import { describe, expect, it } from "vitest";
import { editionTitles } from "../../../src/catalog/identity/edition-titles.ts";
import { groupWorks } from "../../../src/catalog/identity/group-works.ts";
import { serialCode } from "../../../src/catalog/identity/serial-code.ts";
import { titleKey } from "../../../src/catalog/names/title-key.ts";
import { workInput as input } from "../../helpers/work-input.ts";

const t = (title: string): { key: string; title: string } => ({ key: titleKey(title), title });

describe("two editions of one series", () => {
  it("reads sequel numbers none of which both carry, and a second product bundled on", () => {
    expect(editionTitles(t("Mighty Morphin - Power Rangers III"), t("Mighty Morphin - Power Rangers IV - The Movie"))).toBe(true);
    expect(editionTitles(t("Sangokushi 13"), t("Sangokushi 13 with Power Up Kit"))).toBe(true);
    expect(editionTitles(t("Bomb on Basic City"), t("Bomb on Basic City - Special Edition + Papi Commando Tennis Demo"))).toBe(true);
    expect(editionTitles(t("F-1 Grand Prix 1996 - Team Un'ei Simulation"), t("F1 Grand Prix 1996 - Team Un'ei Simulation"))).toBe(false);
    expect(editionTitles(t("Sonic Wings Special"), t("Arcade Hits - Sonic Wings Special"))).toBe(false);
    expect(editionTitles(t("Madden NFL 08"), t("Madden NFL 08 en Espanol"))).toBe(false);
    expect(editionTitles(t("Unreal Tournament 3"), t("Unreal Tournament III"))).toBe(false);
    expect(editionTitles(t("Jurassic Park II - The Chaos Continues"), t("Jurassic Park Part 2 - The Chaos Continues"))).toBe(false);
  });
});

describe("a clone-list group holding two products of one region", () => {
  const works = (items: Parameters<typeof input>[0][]): string[][] => {
    const inputs = items.map(input);
    return groupWorks(inputs)
      .groups.map((g) => g.map((i) => inputs[i]?.title ?? "").sort())
      .sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
  };

  it("keeps them apart and still joins the titles of other regions", () => {
    expect(
      works([
        { title: "Yakuman DS", regions: ["Japan"], serialCode: serialCode("AMJJ", "nds"), cloneGroups: [1] },
        { title: "Wi-Fi Taiou - Yakuman DS", regions: ["Japan"], serialCode: serialCode("AYKJ", "nds"), cloneGroups: [1] },
        { title: "Sangokushi 13", regions: ["Japan"], cloneGroups: [2] },
        { title: "Sangokushi 13 with Power Up Kit", regions: ["Japan"], cloneGroups: [2] },
        { title: "Final Fantasy III", regions: ["USA"], cloneGroups: [3] },
        { title: "Final Fantasy VI", regions: ["Japan"], cloneGroups: [3] },
        { title: "Sonic Wings Special", regions: ["Japan"], cloneGroups: [4] },
        { title: "Arcade Hits - Sonic Wings Special", regions: ["Japan"], cloneGroups: [4] },
      ]),
    ).toEqual([
      ["Arcade Hits - Sonic Wings Special", "Sonic Wings Special"],
      ["Final Fantasy III", "Final Fantasy VI"],
      ["Sangokushi 13"],
      ["Sangokushi 13 with Power Up Kit"],
      ["Wi-Fi Taiou - Yakuman DS"],
      ["Yakuman DS"],
    ]);
  });
});
