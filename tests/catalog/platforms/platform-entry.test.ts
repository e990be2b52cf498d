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
  it("names the platform by slug with its authored facts and game count", () => {
    expect(platformEntry(snes, 12)).toEqual({
      id: "snes",
      name: "Super Nintendo Entertainment System",
      manufacturer: "Nintendo",
      kind: "console",
      libretroName: "Nintendo - Super Nintendo Entertainment System",
      aliases: ["Super Famicom"],
      releaseYear: 1990,
      gameCount: 12,
    });
  });

  it("leaves releaseYear out when it is unknown, and drops what only the registry knows", () => {
    const { releaseYear: _, ...unknownYear } = snes;
    const entry = platformEntry({ ...unknownYear, derived: true }, 0);
    expect(entry).not.toHaveProperty("releaseYear");
    expect(entry).not.toHaveProperty("derived");
    expect(entry.gameCount).toBe(0);
  });
});
