import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildCatalog, type BuildSummary } from "../../src/pipeline/build-pipeline.ts";
import { importCatalog, type ImportSummary } from "../../src/catalog/import/import-catalog.ts";
import { buildSettings } from "./build-settings.ts";
import { platformsFile, releaseFeedFile } from "./paths.ts";
import { tempDir } from "./temp-dir.ts";

/** A rom line of a clrmamepro DAT whose hashes are one hex digit repeated (no real rom has them). */
function rom(name: string, digit: string): string {
  return `rom ( name "${name}" size 524288 crc ${digit.repeat(8).toUpperCase()} md5 ${digit.repeat(32)} sha1 ${digit.repeat(40)} )`;
}

function dat(games: readonly { name: string; rom: string }[]): string {
  const header = 'clrmamepro (\n\tname "Nintendo - Super Nintendo Entertainment System"\n\tversion "test"\n)\n';
  return header + games.map((g) => `\ngame (\n\tname "${g.name}"\n\t${g.rom}\n)\n`).join("");
}

/** The regional release that becomes the same dump as the USA one in the second import. */
export const japanName = "Suisei Quest (Japan)";
export const usaName = "Comet Quest (USA)";

export interface MergedCatalog {
  readonly dbFile: string;
  readonly buildDir: string;
  readonly first: { readonly import: ImportSummary; readonly build: BuildSummary };
  readonly second: { readonly import: ImportSummary; readonly build: BuildSummary };
  /** The id that merged away, and the one that kept answering. */
  readonly mergedId: number;
  readonly keptId: number;
  /** An id that was never a game of this catalog. */
  readonly unknownId: number;
}

/**
 * A small SNES catalog imported and built twice from a DAT the test writes. In the first import
 * "Comet Quest (USA)" and "Suisei Quest (Japan)" have different roms: two games. In the second the
 * Japanese release has the USA one's rom (the same dump under a regional title), so the two games
 * merge: one id keeps answering and the other redirects to it.
 */
export function mergedCatalog(options: { readonly pages?: boolean } = {}): MergedCatalog {
  const dir = tempDir("ludex-merged-");
  const dbFile = path.join(dir, "catalog.db");
  const buildDir = path.join(dir, "build");
  const datDir = path.join(dir, "dats");
  mkdirSync(datDir);
  const datFile = path.join(datDir, "Nintendo - Super Nintendo Entertainment System.dat");
  const other = { name: "Lantern Road (Europe)", rom: rom("Lantern Road (Europe).sfc", "c") };
  const run = (games: readonly { name: string; rom: string }[]): { import: ImportSummary; build: BuildSummary } => {
    writeFileSync(datFile, dat(games));
    const summary = importCatalog({ sources: [datFile], dbFile, platformsFile });
    const build = buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings(), pages: options.pages !== false });
    return { import: summary, build: build as BuildSummary };
  };
  const first = run([{ name: usaName, rom: rom(`${usaName}.sfc`, "a") }, { name: japanName, rom: rom(`${japanName}.sfc`, "b") }, other]);
  const second = run([{ name: usaName, rom: rom(`${usaName}.sfc`, "a") }, { name: japanName, rom: rom(`${japanName}.sfc`, "a") }, other]);
  const [merge] = second.import.merged;
  if (second.import.merged.length !== 1 || !merge) throw new Error(`one merge expected, got ${JSON.stringify(second.import.merged)}`);
  return { dbFile, buildDir, first, second, mergedId: merge.id, keptId: merge.into, unknownId: merge.into + 1000 };
}
