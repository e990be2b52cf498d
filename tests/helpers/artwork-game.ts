import type { GameArtwork, GameRecord, PlatformEntry } from "../../src/catalog/record/game-record.ts";
import { siteContext, type SiteContext } from "../../src/site/page-layout.ts";
import { siteAssets } from "../../src/site/site-assets.ts";

/** The libretro-thumbnails host of the made-up records below, which test the game page's artwork outside any build. */
export const artworkHost = "https://thumbnails.libretro.com";

export const artworkSiteContext: SiteContext = siteContext("https://ludex.test", artworkHost, siteAssets);

export const artworkPlatform: PlatformEntry = {
  id: "sega32x",
  name: "Sega 32X",
  manufacturer: "Sega",
  kind: "console",
  libretroName: "Sega - 32X",
  thumbnailFolder: "Sega - 32X",
  aliases: ["32x"],
  gameCount: 1,
};

/** A libretro-thumbnails URL of the test platform, percent-encoded as the build writes them. */
export function thumbnailUrl(folder: string, name: string): string {
  return `${artworkHost}/${encodeURIComponent("Sega - 32X")}/${folder}/${encodeURIComponent(name)}.png`;
}

/** Doom on the 32X with the given artwork member (none when `artwork` is undefined). */
export function artworkGame(artwork: GameArtwork | undefined, title = "Doom"): GameRecord {
  return {
    id: 7,
    title,
    system: "sega32x",
    systemName: "Sega 32X",
    kind: "game",
    ...(artwork ? { artwork } : {}),
    releases: [
      {
        name: "Doom (Japan, USA) (En)",
        regions: ["Japan", "USA"],
        languages: ["En"],
        status: "release",
        flags: [],
        source: "no-intro",
        roms: [{ name: "Doom (Japan, USA) (En).32x", size: 3_145_728, crc: "208332fd" }],
      },
    ],
    attribution: {
      source: "libretro-database",
      url: "https://github.com/libretro/libretro-database",
      license: "CC BY-SA 4.0",
      licenseUrl: "https://creativecommons.org/licenses/by-sa/4.0/",
    },
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

/** Every shown type of an unverified record: three candidate names each, best first. */
export function unverifiedArtwork(): GameArtwork {
  const link = (folder: string): { url: string; candidates: string[] } => ({
    url: thumbnailUrl(folder, "Doom (Japan, USA) (En)"),
    candidates: [thumbnailUrl(folder, "Doom (Europe)"), thumbnailUrl(folder, "Doom")],
  });
  return { verified: false, boxart: link("Named_Boxarts"), title: link("Named_Titles"), snap: link("Named_Snaps") };
}
