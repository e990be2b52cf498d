import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importCatalog, type ImportSummary } from "../../../src/catalog/import/import-catalog.ts";
import { REVIEW_EXAMPLES } from "../../../src/catalog/import/import-review.ts";
import { platformsFile } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";
import { baseCatalog, datText, numberedGames, writeCatalog, type DatGame, type UpdateSystem } from "../../helpers/update-catalog.ts";

function catalog(): {
  source: string;
  dbFile: string;
  run: (platforms: Partial<Record<UpdateSystem, readonly DatGame[]>>) => ImportSummary;
} {
  const dir = tempDir();
  const source = path.join(dir, "dats");
  const dbFile = path.join(dir, "catalog.db");
  const run = (platforms: Partial<Record<UpdateSystem, readonly DatGame[]>>): ImportSummary => {
    writeCatalog(source, platforms);
    return importCatalog({ sources: [source], dbFile, platformsFile });
  };
  return { source, dbFile, run };
}

describe("the review of an import", () => {
  it("has nothing to compare on a first import, and holds nothing", () => {
    const { run } = catalog();
    const first = run(baseCatalog());
    expect(first.review).toMatchObject({ fromDataVersion: null, anomalies: [], platforms: {} });
    expect(first.reviewState?.held).toBe(false);
  });

  it("reports a platform gone as an anomaly, with its games removed", () => {
    const { run } = catalog();
    const before = run(baseCatalog());
    const { megadrive: _gone, ...rest } = baseCatalog();
    const summary = run(rest);
    const review = summary.review;
    expect(review?.fromDataVersion).toBe(before.dataVersion);
    expect(review?.toDataVersion).toBe(summary.dataVersion);
    expect(review?.anomalies).toEqual([{ type: "platform-gone", system: "megadrive", games: 20 }]);
    expect(review?.platforms.megadrive).toMatchObject({ status: "gone", gamesBefore: 20, gamesAfter: 0 });
    expect(review?.platforms.megadrive?.removed.total).toBe(20);
    expect(review?.platforms.megadrive?.releasesRemoved.total).toBe(20);
    expect(review?.platforms.megadrive?.romsRemoved.total).toBe(20);
    expect(Object.keys(review?.platforms ?? {})).toEqual(["megadrive"]);
    expect(review?.totals).toMatchObject({ platformsChanged: 1, gamesRemoved: 20, gamesAdded: 0 });
    expect(summary.reviewState?.held).toBe(true);
  });

  it("reports a DAT that parsed to nothing, and the platform that lost every game", () => {
    const { run, source } = catalog();
    run(baseCatalog());
    const summary = run({ ...baseCatalog(), snes: [] });
    expect(summary.review?.anomalies).toEqual([
      {
        type: "empty-source",
        system: "snes",
        file: path.join(source, "Nintendo - Super Nintendo Entertainment System.dat"),
        entriesBefore: 20,
      },
      { type: "platform-shrank", system: "snes", before: 20, lost: 20, percent: 100 },
    ]);
    expect(summary.review?.platforms.snes).toMatchObject({ status: "changed", gamesBefore: 20, gamesAfter: 0 });
    expect(summary.reviewState?.held).toBe(true);
  });

  it("reports games renamed under their ids (the same releases and dumps) as a mass rename", () => {
    const { run } = catalog();
    // Two releases of one dump per game: the USA one is renamed (its title names the game), the
    // Europe one keeps the game's id, and the shared dump keeps them one work.
    const titles = Array.from({ length: 20 }, (_, i) => `Star Raid ${String(i + 1).padStart(2, "0")}`);
    const snesDat = (title: (i: number) => string): DatGame[] =>
      titles.flatMap((t, i) => [
        { name: `${t} (Europe)`, dump: t },
        { name: `${title(i)} (USA)`, dump: t },
      ]);
    run({ ...baseCatalog(), snes: snesDat((i) => titles[i] ?? "") });
    const summary = run({
      ...baseCatalog(),
      snes: snesDat((i) => (i < 4 ? `Star Raid DX ${String(i + 1).padStart(2, "0")}` : (titles[i] ?? ""))),
    });
    const snes = summary.review?.platforms.snes;
    expect(snes?.renamed.total).toBe(4);
    expect(snes?.renamed.examples[0]).toMatchObject({ from: "Star Raid 01", to: "Star Raid DX 01" });
    expect(snes?.removed.total).toBe(0);
    expect(snes?.added.total).toBe(0);
    expect(snes?.releasesAdded.total).toBe(4);
    expect(snes?.releasesRemoved.total).toBe(4);
    // Same dumps under new names: no rom changed.
    expect(snes?.romsAdded.total).toBe(0);
    expect(snes?.romsRemoved.total).toBe(0);
    expect(summary.review?.anomalies).toEqual([{ type: "mass-rename", system: "snes", before: 20, renamed: 4, percent: 20 }]);
    expect(summary.reviewState?.held).toBe(true);
  });

  it("holds nothing for an ordinary update, and lists what it added and removed", () => {
    const { run } = catalog();
    run(baseCatalog());
    const snes = [...numberedGames("Star Raid", 19), ...numberedGames("Star Raid", 1, 40)];
    const summary = run({ ...baseCatalog(), snes });
    const review = summary.review;
    expect(review?.anomalies).toEqual([]);
    expect(review?.platforms.snes?.added.examples.map((g) => g.title)).toEqual(["Star Raid 40"]);
    expect(review?.platforms.snes?.removed.examples.map((g) => g.title)).toEqual(["Star Raid 20"]);
    expect(review?.platforms.snes?.romsAdded).toEqual({ total: 1, examples: ["Star Raid 40 (USA).bin"] });
    expect(summary.reviewState?.held).toBe(false);
  });

  it("lists metadata changes with the fields that changed", () => {
    const { run, source, dbFile } = catalog();
    run(baseCatalog());
    writeCatalog(source, baseCatalog());
    const crc = datText("x", [{ name: "Blast Zone 03 (USA)" }]).match(/crc ([0-9A-F]{8})/)?.[1];
    mkdirSync(path.join(source, "developer"));
    writeFileSync(
      path.join(source, "developer", "Sega - Mega Drive - Genesis.dat"),
      `clrmamepro (\n\tname "Sega - Mega Drive - Genesis"\n)\n\ngame (\n\tcomment "Blast Zone 03 (USA)"\n\tdeveloper "Comet Forge"\n\trom ( crc ${crc} )\n)\n`,
    );
    const summary = importCatalog({ sources: [source], dbFile, platformsFile });
    expect(summary.review?.platforms.megadrive?.metadataChanged).toEqual({
      total: 1,
      examples: [{ id: expect.any(Number), title: "Blast Zone 03", fields: ["developer"] }],
    });
    expect(summary.review?.anomalies).toEqual([]);
  });

  it("follows the threshold it is given", () => {
    const { run, source, dbFile } = catalog();
    run(baseCatalog());
    writeCatalog(source, { ...baseCatalog(), snes: numberedGames("Star Raid", 18) });
    const strict = importCatalog({ sources: [source], dbFile, platformsFile, reviewThreshold: 5 });
    expect(strict.review?.anomalies).toEqual([{ type: "platform-shrank", system: "snes", before: 20, lost: 2, percent: 10 }]);
    const lenient = catalog();
    lenient.run(baseCatalog());
    writeCatalog(lenient.source, { ...baseCatalog(), snes: numberedGames("Star Raid", 18) });
    const relaxed = importCatalog({ sources: [lenient.source], dbFile: lenient.dbFile, platformsFile, reviewThreshold: 10 });
    expect(relaxed.review?.anomalies).toEqual([]);
  });

  it("keeps every list bounded, with its total", () => {
    const { run } = catalog();
    run(baseCatalog());
    const summary = run({ ...baseCatalog(), gb: numberedGames("Pocket Quest", 20).concat(numberedGames("New Game", 80)) });
    const added = summary.review?.platforms.gb?.added;
    expect(added?.total).toBe(80);
    expect(added?.examples).toHaveLength(REVIEW_EXAMPLES);
  });

  it("keeps a held update held through a later clean import, until one accepts", () => {
    const { run, source, dbFile } = catalog();
    run(baseCatalog());
    const { megadrive: _gone, ...rest } = baseCatalog();
    expect(run(rest).reviewState?.held).toBe(true);
    const later = run({ ...rest, gb: numberedGames("Pocket Quest", 21) });
    expect(later.review?.anomalies).toEqual([]);
    expect(later.reviewState).toMatchObject({ held: true });
    expect(later.reviewState?.reviews).toHaveLength(2);
    const accepted = importCatalog({ sources: [source], dbFile, platformsFile, accept: true });
    expect(accepted.changed).toBe(false);
    expect(accepted.reviewState?.held).toBe(false);
    expect(accepted.reviewState?.acceptedAt).toBeDefined();
  });
});
