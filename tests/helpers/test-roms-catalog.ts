import { appendFileSync, cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openCatalogDb } from "../../src/catalog/db/catalog-db.ts";
import { saveThumbnailListing } from "../../src/catalog/db/thumbnail-store.ts";
import { importCatalog } from "../../src/catalog/import/import-catalog.ts";
import { readThumbnailSources } from "../../src/catalog/import/read-thumbnail-sources.ts";
import { buildCatalog } from "../../src/pipeline/build-pipeline.ts";
import { buildSettings } from "./build-settings.ts";
import { platformsFile, releaseFeedFile, sampleSource } from "./paths.ts";
import { tempDir } from "./temp-dir.ts";

/** The authored test ROMs and the DATs that list their hashes (data/sample/test-roms). */
export const testRomsSource = path.join(sampleSource, "test-roms");
/** The ROM files themselves, one folder per platform as ES-DE lays them out. */
export const testRomsFolder = path.join(testRomsSource, "roms");

export interface TestRomsCatalog {
  readonly buildDir: string;
  /** The first build's catalog version: the change feed from it lists the second import's changes. */
  readonly firstVersion: string;
  /** An id that merged into another game in the second build, and that game. */
  readonly mergedId: number;
  readonly keptId: number;
}

const extraGame = "Shiokawa Tales (Japan)";
const gbDat = (dir: string): string => path.join(dir, "metadat", "no-intro", "Nintendo - Game Boy.dat");

/**
 * The sample catalog with the test ROMs, imported and built twice: in the second import the
 * Japanese release "Shiokawa Tales (Japan)" gets the rom of "Tidepool Tales (USA)" (one dump under
 * a regional title), so the two games merge and the change feed has entries to page through.
 * A thumbnail listing for SNES names Crystal Ferry's box art and snap, so SNES artwork is verified.
 */
export function testRomsCatalog(): TestRomsCatalog {
  const dir = tempDir("ludex-test-roms-");
  const dbFile = path.join(dir, "catalog.db");
  const buildDir = path.join(dir, "build");
  const source = path.join(dir, "test-roms");
  cpSync(testRomsSource, source, { recursive: true, filter: (file) => !file.includes(`${path.sep}roms`) });
  const listing = path.join(dir, "Nintendo - Super Nintendo Entertainment System.txt");
  writeFileSync(listing, "Named_Boxarts/Crystal Ferry (USA).png\nNamed_Snaps/Crystal Ferry (USA).png\n");
  const gb = readFileSync(gbDat(source), "utf8");
  const tidepoolRom = /rom \( name "Tidepool Tales \(USA\)\.gb"[^\n]*/.exec(gb)?.[0];
  if (!tidepoolRom) throw new Error("Tidepool Tales (USA) not in the test DAT");
  const run = (rom: string): { merged: readonly { id: number; into: number }[]; version: string } => {
    writeFileSync(gbDat(source), gb);
    appendFileSync(gbDat(source), `\ngame (\n\tname "${extraGame}"\n\tregion "Japan"\n\t${rom}\n)\n`);
    const summary = importCatalog({ sources: [sampleSource, source], dbFile, platformsFile });
    const db = openCatalogDb(dbFile);
    try {
      for (const thumbnails of readThumbnailSources([listing])) saveThumbnailListing(db, thumbnails, new Date(0));
    } finally {
      db.close();
    }
    const build = buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings("https://ludex.test"), pages: false });
    return { merged: summary.merged, version: build.manifest.catalogVersion };
  };
  const digit = "7";
  const first = run(`rom ( name "${extraGame}.gb" size 32768 crc ${digit.repeat(8)} md5 ${digit.repeat(32)} sha1 ${digit.repeat(40)} )`);
  const second = run(tidepoolRom.replace("Tidepool Tales (USA).gb", `${extraGame}.gb`));
  const [merge] = second.merged;
  if (second.merged.length !== 1 || !merge) throw new Error(`one merge expected, got ${JSON.stringify(second.merged)}`);
  return { buildDir, firstVersion: first.version, mergedId: merge.id, keptId: merge.into };
}
