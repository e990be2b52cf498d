import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadPlatformRegistry } from "../../../src/catalog/platforms/platform-registry.ts";
import { hasRealThumbnails, platformsFile, realThumbnails, realThumbnailsSkipReason } from "../../helpers/paths.ts";

const registry = loadPlatformRegistry(platformsFile);

const folderListTitle = `thumbnails folders against libretro-thumbnails' folder list${hasRealThumbnails ? "" : ` (${realThumbnailsSkipReason})`}`;

describe.skipIf(!hasRealThumbnails)(folderListTitle, () => {
  // Read in the tests, not while collecting them: a skipped suite's body still runs.
  let folders = new Set<string>();
  beforeAll(() => {
    folders = new Set(
      readFileSync(path.join(realThumbnails, "folders.txt"), "utf8")
        .split("\n")
        .filter((line) => line.length > 0),
    );
  });

  it("names only folders that exist", () => {
    const wrong = registry.platforms.filter((p) => p.thumbnailFolder !== undefined && !folders.has(p.thumbnailFolder));
    expect(wrong.map((p) => `${p.slug}: ${p.thumbnailFolder}`)).toEqual([]);
  });

  it("gives a folder to every platform whose libretro name, or a collection's, is one", () => {
    const missing = registry.platforms.filter(
      (p) =>
        p.thumbnailFolder === undefined &&
        [p.libretroName, ...(p.collections ?? []).map((c) => c.libretroName)].some((name) => folders.has(name) || name.startsWith("MAME")),
    );
    expect(missing.map((p) => p.slug)).toEqual([]);
  });

  it("files every MAME collection under MAME", () => {
    const arcade = registry.platforms.filter((p) => (p.collections ?? []).some((c) => c.libretroName.startsWith("MAME")));
    expect(arcade.map((p) => [p.slug, p.thumbnailFolder])).toEqual([["arcade", "MAME"]]);
    expect(folders.has("MAME 2003")).toBe(false);
  });
});

describe("platforms without a thumbnails folder", () => {
  it("include the ones libretro-thumbnails lacks, and any platform derived from an unknown DAT", () => {
    expect(registry.lookup("chip-8")?.thumbnailFolder).toBeUndefined();
    expect(registry.lookup("psp-umd-video")?.thumbnailFolder).toBeUndefined();
    expect(registry.forSystem("Acme - Funbox 64").thumbnailFolder).toBeUndefined();
    expect(registry.lookup("snes")?.thumbnailFolder).toBe("Nintendo - Super Nintendo Entertainment System");
  });
});
