import type { Declared } from "./game-record.ts";
import type { attributionSchema } from "./record-schemas.ts";

/**
 * The licence notice every published piece of catalog data carries.
 * libretro-database is CC BY-SA 4.0; derived data must credit it and keep the licence.
 */
export type Attribution = Declared<typeof attributionSchema>;

export const attribution: Attribution = {
  source: "libretro-database (No-Intro, Redump and libretro metadata DATs)",
  url: "https://github.com/libretro/libretro-database",
  license: "CC BY-SA 4.0",
  licenseUrl: "https://creativecommons.org/licenses/by-sa/4.0/",
};
