import { describe, expect, it } from "vitest";
import { platformEntry } from "../../../src/catalog/platforms/platform-entry.ts";
import type { PlatformInfo } from "../../../src/catalog/platforms/platform-registry.ts";

const snes: PlatformInfo = {
  slug: "snes",
  name: "Super Nintendo Entertainment System",
  manufacturer: "Nintendo",
  kind: "console",
  libretroName: "Nintendo - Super Nintendo Entertainment System",
  aliases: ["Super Famicom"],
  releaseYear: 1990,
};

describe("platformEntry", () => {
  it("names the platform by slug with its authored facts, its games and its records per kind", () => {
    expect(platformEntry(snes, { game: 12, addon: 3, bios: 0 })).toEqual({
      id: "snes",
      name: "Super Nintendo Entertainment System",
      manufacturer: "Nintendo",
      kind: "console",
      libretroName: "Nintendo - Super Nintendo Entertainment System",
      aliases: ["Super Famicom"],
      releaseYear: 1990,
      gameCount: 12,
      kindCounts: { game: 12, addon: 3 },
    });
  });

  it("lists a platform's collections, and accepts their slugs and names as aliases", () => {
    const arcade: PlatformInfo = {
      slug: "arcade",
      name: "Arcade",
      manufacturer: "Various",
      kind: "arcade",
      libretroName: "MAME",
      aliases: ["Arcade"],
      collections: [{ slug: "mame-2003", name: "MAME 2003", libretroName: "MAME 2003", aliases: ["MAME 2003", "mame2003"] }],
    };
    const entry = platformEntry(arcade, { game: 2 });
    // The collection's libretro name is also one of its authored aliases: each name is listed once.
    expect(entry.collections).toEqual([{ id: "mame-2003", name: "MAME 2003", aliases: ["MAME 2003", "mame2003"] }]);
    expect(entry.aliases).toEqual(["Arcade", "mame-2003", "MAME 2003", "mame2003"]);
  });

  it("leaves releaseYear out when it is unknown, and drops what only the registry knows", () => {
    const { releaseYear: _, ...unknownYear } = snes;
    const entry = platformEntry({ ...unknownYear, derived: true }, {});
    expect(entry).not.toHaveProperty("releaseYear");
    expect(entry).not.toHaveProperty("derived");
    expect(entry.gameCount).toBe(0);
  });
});
