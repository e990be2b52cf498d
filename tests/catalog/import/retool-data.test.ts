import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readRetoolData } from "../../../src/catalog/import/retool-data.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

/** The titles and then the supersets of each group read from a clone list of these variants. */
function titlesOf(variants: unknown[]): string[][][] {
  const file = path.join(tempDir(), "Sony - PlayStation 2 (Redump).json");
  writeFileSync(file, JSON.stringify({ description: { name: "test" }, variants }));
  const data = readRetoolData([{ path: file, label: "clonelists/test.json", role: "clonelist", systemName: "Sony - PlayStation 2" }]);
  return data.cloneGroups.map((g) => [g.titles.map((t) => t.searchTerm), g.supersets.map((t) => t.searchTerm)]);
}

describe("readRetoolData", () => {
  it("moves to a group's supersets the title of one of its own larger editions, which the group links and never merges", () => {
    expect(
      titlesOf([
        {
          group: "Metal Gear Solid 3 - Snake Eater",
          titles: [
            { searchTerm: "Metal Gear Solid 3 - Snake Eater" },
            { searchTerm: "Metal Gear Solid 3 - Snake Eater (Premium Package)", priority: 2 },
            { searchTerm: "Metal Gear Solid 3 - Subsistence", priority: 3 },
          ],
          supersets: [{ searchTerm: "Metal Gear Solid 3 - Subsistence (Disc 1) (Subsistence)" }],
        },
        // An edition of the group's own title, and a group whose only title an edition's names, keep their titles.
        {
          group: "Just Dance 3",
          titles: [{ searchTerm: "Just Dance 3" }, { searchTerm: "Just Dance 3 (Best Buy Edition)" }],
          supersets: [{ searchTerm: "Just Dance 3 (Special Edition)" }],
        },
        { group: "Sir Abadol", titles: [{ searchTerm: "Sir Ababol" }], supersets: [{ searchTerm: "Sir Ababol (Remastered)" }] },
      ]),
    ).toEqual([
      [
        ["Metal Gear Solid 3 - Snake Eater", "Metal Gear Solid 3 - Snake Eater (Premium Package)"],
        ["Metal Gear Solid 3 - Subsistence (Disc 1) (Subsistence)", "Metal Gear Solid 3 - Subsistence"],
      ],
      [["Just Dance 3", "Just Dance 3 (Best Buy Edition)"], ["Just Dance 3 (Special Edition)"]],
      [["Sir Ababol"], ["Sir Ababol (Remastered)"]],
    ]);
  });
});
