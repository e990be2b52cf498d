import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDat } from "../../../src/catalog/dat/parse-dat.ts";
import type { DatSkippedBlock } from "../../../src/catalog/dat/dat-types.ts";
import { hasRealData, realDataSkipReason, realSource } from "../../helpers/paths.ts";

function datFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return datFiles(full);
    return /\.(dat|xml)$/i.test(entry.name) ? [full] : [];
  });
}

describe.skipIf(!hasRealData)(`every DAT of libretro-database${hasRealData ? "" : ` (${realDataSkipReason})`}`, () => {
  it("parses with every malformed block recovered, each named by file, line and entry", () => {
    const files = datFiles(realSource);
    expect(files.length).toBeGreaterThan(600);
    const skipped: (DatSkippedBlock & { file: string })[] = [];
    const failed: string[] = [];
    let games = 0;
    for (const file of files) {
      const label = path.relative(realSource, file);
      try {
        const dat = parseDat(readFileSync(file, "utf8"), label, { malformedBlocks: "skip", invalidRomValues: "skip" });
        games += dat.games.length;
        for (const block of dat.skipped ?? []) skipped.push({ ...block, file: label });
      } catch (error) {
        failed.push(`${label}: ${(error as Error).message}`);
      }
    }
    expect(failed).toEqual([]);
    expect(games).toBeGreaterThan(300_000);
    // A few blocks at most: many would mean the parser, not upstream, is wrong.
    expect(skipped.length).toBeLessThan(20);
    for (const block of skipped) {
      expect(block.line).toBeGreaterThanOrEqual(block.blockLine);
      expect(block.message.length).toBeGreaterThan(0);
    }
    const arduboy = skipped.find((b) => b.file.endsWith("Arduboy Inc - Arduboy.dat"));
    if (arduboy) expect(arduboy).toMatchObject({ name: "Tunnel Terror (World) (tomsk666)", line: 149, column: 30 });
  });
});
