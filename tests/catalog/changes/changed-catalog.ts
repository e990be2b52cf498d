import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildCatalog, type BuildSummary } from "../../../src/pipeline/build-pipeline.ts";
import { importCatalog } from "../../../src/catalog/import/import-catalog.ts";
import { platformsFile, realSource, releaseFeedFile } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";
import { buildSettings } from "../../helpers/build-settings.ts";

const vbDat = path.join(realSource, "metadat/no-intro/Nintendo - Virtual Boy.dat");
const jaguarCdDat = path.join(realSource, "metadat/redump/Atari - Jaguar CD.dat");

/** A game no DAT has, with hashes no real rom has: appended by the edit, so the feed reports an addition. */
const addedGameName = "Ludex Feed Test (World)";
const addedBlock = `game (\n\tname "${addedGameName}"\n\trom ( name "${addedGameName}.vb" size 1024 crc 1DEC0DED md5 ${"1d".repeat(16).toUpperCase()} sha1 ${"1d".repeat(20).toUpperCase()} )\n)\n`;

/** Drops one game block from a clrmamepro DAT, changes the crc of another's rom, and adds a game. */
function editDat(text: string, removeName: string, changeName: string): string {
  const blocks = text.split(/\n(?=game \()/);
  const out = blocks.filter((b) => !b.includes(`name "${removeName}"\n`));
  if (out.length !== blocks.length - 1) throw new Error(`${removeName} not found once`);
  const edited = out.map((b) => (b.includes(`name "${changeName}"\n`) ? b.replace(/crc [0-9A-F]{8}/, "crc 0BADF00D") : b)).join("\n");
  return `${edited.trimEnd()}\n${addedBlock}`;
}

export interface ChangedCatalog {
  readonly dbFile: string;
  readonly buildDir: string;
  readonly sources: readonly string[];
  /** Imports the edited Virtual Boy DAT (3-D Tetris removed, a BLOX rom changed, a game added) and builds; returns the new catalogVersion. */
  importChanged(): string;
  readonly v1: string;
  /** The summary of each build so far, the first build's first (the website's pages included). */
  readonly builds: readonly BuildSummary[];
}

/**
 * A catalog of two real DATs (copied to a temp folder, never into the repository), imported and
 * built once; `importChanged` then imports an edited copy and builds again, as an update of the
 * DATs would.
 */
export function changedCatalog(): ChangedCatalog {
  const dir = tempDir("ludex-changes-");
  const dbFile = path.join(dir, "catalog.db");
  const buildDir = path.join(dir, "build");
  const datDir = path.join(dir, "dats");
  mkdirSync(datDir);
  const sources = [path.join(datDir, "Nintendo - Virtual Boy.dat"), path.join(datDir, "Atari - Jaguar CD.dat")];
  copyFileSync(vbDat, sources[0] ?? "");
  copyFileSync(jaguarCdDat, sources[1] ?? "");
  const builds: BuildSummary[] = [];
  const build = (): string => {
    const summary = buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings() });
    builds.push(summary);
    return summary.manifest.catalogVersion;
  };
  importCatalog({ sources: [...sources], dbFile, platformsFile });
  const v1 = build();
  return {
    dbFile,
    buildDir,
    sources,
    v1,
    builds,
    importChanged() {
      writeFileSync(sources[0] ?? "", editDat(readFileSync(vbDat, "utf8"), "3-D Tetris (USA)", "BLOX (World) (v1.1)"));
      importCatalog({ sources: [...sources], dbFile, platformsFile });
      return build();
    },
  };
}
