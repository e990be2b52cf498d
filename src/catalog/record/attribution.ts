import type { Declared } from "./game-record.ts";
import type { attributionSchema } from "./record-schemas.ts";

/**
 * The licence notice every published piece of catalog data carries.
 * libretro-database is CC BY-SA 4.0; derived data must credit it and keep the licence. Retool's data
 * is BSD 3-Clause, whose notice must be reproduced with it (`also`).
 */
export type Attribution = Declared<typeof attributionSchema>;

/** Retool's clone lists and metadata (regional titles, local names, RetroAchievements dumps), BSD 3-Clause. */
export const retoolAttribution = {
  source: "retool-clonelists-metadata (Retool clone lists, metadata and RetroAchievements lists)",
  url: "https://github.com/unexpectedpanda/retool-clonelists-metadata",
  license: "BSD-3-Clause",
  licenseUrl: "https://opensource.org/license/bsd-3-clause",
  notice:
    'Copyright (c) 2022, unexpectedpanda. All rights reserved. Redistribution and use in source and binary forms, with or without modification, are permitted provided that the conditions of the BSD 3-Clause License are met. THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES ARE DISCLAIMED.',
} as const;

export const attribution: Attribution = {
  source: "libretro-database (No-Intro, Redump and libretro metadata DATs)",
  url: "https://github.com/libretro/libretro-database",
  license: "CC BY-SA 4.0",
  licenseUrl: "https://creativecommons.org/licenses/by-sa/4.0/",
  also: [retoolAttribution],
};
