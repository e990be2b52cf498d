/**
 * The licence notice every published piece of catalog data carries.
 * libretro-database is CC BY-SA 4.0; derived data must credit it and keep the licence.
 */
export interface Attribution {
  readonly source: string;
  readonly url: string;
  readonly license: string;
  readonly licenseUrl: string;
}

export const attribution: Attribution = {
  source: "libretro-database (No-Intro, Redump and libretro metadata DATs)",
  url: "https://github.com/libretro/libretro-database",
  license: "CC BY-SA 4.0",
  licenseUrl: "https://creativecommons.org/licenses/by-sa/4.0/",
};
