import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readPlatformRecords } from "../../src/catalog/build/read-platform-records.ts";
import { openCatalogDb } from "../../src/catalog/db/catalog-db.ts";
import { importCatalog, type ImportSummary } from "../../src/catalog/import/import-catalog.ts";
import { loadPlatformRegistry, type PlatformInfo } from "../../src/catalog/platforms/platform-registry.ts";
import type { GameRecord } from "../../src/catalog/record/game-record.ts";
import { platformsFile } from "./paths.ts";
import { tempDir } from "./temp-dir.ts";

/**
 * A libretro-database checkout written by the test, in the layout of the real one, for the
 * metadata fields and the hack links: SNES "Star Rider" dated Japan November 1993, USA March 1994
 * and a 1992 beta, with a Famitsu score on the Japanese dump and an Edge review on the American
 * one; "Sky Chase" with {@link SKY_CHASE_HACKS} hacks named by its No-Intro file (a ".smc" where
 * No-Intro says ".sfc"); a translation of Star Rider (Japan) that groups with Star Rider; a hack
 * naming Star Rider by an older (GoodTools) file name, which links the game only; a hack naming a
 * file no DAT has; PlayStation "Night Racer" (Redump, two tracks) with Edge, BBFC and
 * ELSPA entries by serial, and a translation naming its first track.
 */

export const snesName = "Nintendo - Super Nintendo Entertainment System";
export const psName = "Sony - PlayStation";
/** More hacks than a record lists. */
export const SKY_CHASE_HACKS = 52;

const hex = (seed: number, digits: number): string => seed.toString(16).padStart(digits, "0").slice(-digits);
const rom = (name: string, seed: number, size: number, serial?: string): string =>
  `rom ( name "${name}" size ${size} crc ${hex(seed, 8)} md5 ${hex(seed, 32)} sha1 ${hex(seed, 40)}${serial ? ` serial "${serial}"` : ""} )`;
const clr = (system: string, blocks: readonly string[]): string =>
  `clrmamepro (\n\tname "${system}"\n\tdescription "${system}"\n)\n\n${blocks.map((b) => `game (\n${b}\n)\n`).join("\n")}`;
/** A metadat entry as libretro writes them: a comment, the fields, and the key rom. */
const meta = (comment: string, fields: string, key: string): string => `\tcomment "${comment}"\n${fields}\trom ( ${key} )`;

function write(root: string, folder: string, system: string, blocks: readonly string[]): void {
  const dir = path.join(root, folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${system}.dat`), clr(system, blocks));
}

/** Writes the checkout into `root` (a folder with dat/ and metadat/). */
export function writeMetadataCheckout(root: string): void {
  mkdirSync(path.join(root, "dat"), { recursive: true });
  write(root, "metadat/no-intro", snesName, [
    `\tname "Star Rider (Japan)"\n\tregion "Japan"\n\t${rom("Star Rider (Japan).sfc", 0x10000001, 1_048_576)}`,
    `\tname "Star Rider (USA)"\n\tregion "USA"\n\t${rom("Star Rider (USA).sfc", 0x10000002, 1_048_576)}`,
    `\tname "Star Rider (USA) (Beta)"\n\tregion "USA"\n\t${rom("Star Rider (USA) (Beta).sfc", 0x10000003, 1_048_576)}`,
    `\tname "Sky Chase (Japan, USA) (En,Ja)"\n\tregion "USA"\n\t${rom("Sky Chase (Japan, USA) (En,Ja).sfc", 0x20000001, 2_097_152)}`,
  ]);
  write(root, "metadat/releaseyear", snesName, [
    meta("Star Rider (Japan)", '\treleaseyear "1993"\n', "crc 10000001"),
    meta("Star Rider (USA)", '\treleaseyear "1994"\n', "crc 10000002"),
    meta("Star Rider (USA) (Beta)", '\treleaseyear "1992"\n', "crc 10000003"),
  ]);
  write(root, "metadat/releasemonth", snesName, [
    meta("Star Rider (Japan)", '\treleasemonth "11"\n', "crc 10000001"),
    meta("Star Rider (USA)", '\treleasemonth "3"\n', "crc 10000002"),
  ]);
  // Upstream keeps these under metadat/magazine/<name>/; the fields are read whichever folder holds them.
  write(root, "metadat/edge", snesName, [meta("Star Rider (USA)", "   edge_rating 8\n   edge_issue 12\n", "crc 10000002")]);
  write(root, "metadat/famitsu", snesName, [meta("Star Rider (Japan)", "   famitsu_rating 34\n", "crc 10000001")]);
  const hack = (name: string, file: string, seed: number): string =>
    `    name "${name}"\n    description "${name}"\n    ${rom(file, seed, 2_097_152)}`;
  const skyHacks = Array.from({ length: SKY_CHASE_HACKS }, (_, i) =>
    hack(`Sky Chase Remix ${String(i + 1).padStart(2, "0")} [Hack by Remixer]`, "Sky Chase (Japan, USA) (En,Ja).smc", 0x30000000 + i),
  );
  write(root, "metadat/hacks", snesName, [
    ...skyHacks,
    hack("Star Rider (Japan) [T-En by Translator]", "Star Rider (Japan).sfc", 0x31000001),
    hack("Mystery Quest [Hack by Nobody]", "Mystery Quest (U).smc", 0x31000002),
    hack("Star Rider Deluxe [Hack by Polisher]", "Star Rider (U) [!].smc", 0x31000003),
  ]);

  write(root, "metadat/redump", psName, [
    `\tname "Night Racer (Europe)"\n\tregion "Europe"\n\tserial "SLES-01234"\n\t${rom("Night Racer (Europe) (Track 01).bin", 0x40000001, 400_000_000, "SLES-01234")}\n\t${rom("Night Racer (Europe) (Track 02).bin", 0x40000002, 20_000_000)}`,
    `\tname "Night Racer (Japan)"\n\tregion "Japan"\n\tserial "SLPS-01234"\n\t${rom("Night Racer (Japan).bin", 0x40000003, 400_000_000, "SLPS-01234")}`,
  ]);
  write(root, "metadat/edge", psName, [meta("Night Racer (Europe)", "   edge_rating 9\n   edge_issue 40\n", 'serial "SLES-01234"')]);
  write(root, "metadat/bbfc", psName, [meta("Night Racer (Europe)", '\tbbfc_rating "15"\n', 'serial "SLES-01234"')]);
  write(root, "metadat/elspa", psName, [meta("Night Racer (Europe)", '\telspa_rating "15"\n', 'serial "SLES-01234"')]);
  write(root, "metadat/hacks", psName, [
    `    name "Night Racer Turbo [Hack by Tuner]"\n    description "Night Racer Turbo"\n    ${rom("Night Racer (Europe) (Track 01).bin", 0x41000001, 400_000_000)}`,
  ]);
}

export interface MetadataCatalog {
  readonly dbFile: string;
  readonly summary: ImportSummary;
  /** Every record of the platform named by its libretro system name, as the build reads them. */
  records(system: string): GameRecord[];
  platform(system: string): PlatformInfo;
}

/** Writes the checkout into a temporary folder and imports it into a fresh catalog database. */
export function importMetadataCatalog(): MetadataCatalog {
  const dir = tempDir();
  const root = path.join(dir, "libretro-database");
  writeMetadataCheckout(root);
  const dbFile = path.join(dir, "catalog.db");
  const summary = importCatalog({ sources: [root], dbFile, platformsFile });
  const registry = loadPlatformRegistry(platformsFile);
  const platform = (system: string): PlatformInfo => registry.forSystem(system);
  return {
    dbFile,
    summary,
    platform,
    records(system) {
      const db = openCatalogDb(dbFile, { readonly: true });
      try {
        return readPlatformRecords(db, platform(system));
      } finally {
        db.close();
      }
    },
  };
}
