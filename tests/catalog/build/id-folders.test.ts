import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { recordFile } from "../../../src/catalog/build/build-catalog.ts";
import { idFolder } from "../../../src/catalog/build/id-folder.ts";
import type { BuildManifest, ShardIndex } from "../../../src/catalog/build/manifest.ts";
import { buildCatalog } from "../../../src/pipeline/build-pipeline.ts";
import { siteFiles } from "../../../src/site/site-paths.ts";
import { buildSettings } from "../../helpers/build-settings.ts";
import { releaseFeedFile } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

/** The plain files directly in `dir` (not in its folders). */
const flatFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

describe("record and page files in id folders", () => {
  it("puts ids in folders of a thousand, named by the id without its last three digits", () => {
    expect([1, 999, 1000, 1999, 123456, 140249].map(idFolder)).toEqual(["0", "0", "1", "1", "123", "140"]);
    expect(recordFile(123456)).toBe("static/records/123/123456.json");
    expect(siteFiles.game(42)).toBe("static/games/0/42.html");
  });

  it("moves the flat record and page files of an older build into folders, keeping every record's bytes and time", () => {
    const { dbFile } = inject("sampleCatalog");
    const buildDir = path.join(tempDir("ludex-id-folders-"), "build");
    const settings = { dbFile, buildDir, releaseFeedFile, ...buildSettings() };
    const first = buildCatalog(settings);
    const ids = Object.values(first.manifest.platforms).flatMap(
      (p) => (JSON.parse(readFileSync(path.join(buildDir, p.index), "utf8")) as ShardIndex).ids,
    );
    expect(ids.length).toBe(first.manifest.counts.records);
    const before = new Map(
      ids.map((id) => [
        id,
        { bytes: readFileSync(path.join(buildDir, recordFile(id))), mtimeMs: statSync(path.join(buildDir, recordFile(id))).mtimeMs },
      ]),
    );

    // The layout of build version 11 and site version 6: one flat folder each, indexes without `idFolders`.
    for (const id of ids) {
      renameSync(path.join(buildDir, recordFile(id)), path.join(buildDir, "static", "records", `${id}.json`));
      renameSync(path.join(buildDir, siteFiles.game(id)), path.join(buildDir, siteFiles.gamesDir, `${id}.html`));
    }
    const manifestFile = path.join(buildDir, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as BuildManifest;
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, buildVersion: 11 }));
    for (const platform of Object.values(manifest.platforms)) {
      const file = path.join(buildDir, platform.index);
      const { idFolders: _, ...index } = JSON.parse(readFileSync(file, "utf8")) as ShardIndex;
      writeFileSync(file, JSON.stringify(index));
    }
    const stateFile = path.join(buildDir, siteFiles.state);
    writeFileSync(stateFile, JSON.stringify({ ...JSON.parse(readFileSync(stateFile, "utf8")), version: 6 }));

    const second = buildCatalog(settings);
    expect(second.rebuiltPlatforms).toHaveLength(Object.keys(manifest.platforms).length);
    // Moved, not changed: their URLs answer the same bytes, so the purge list names none.
    expect(second.recordsWritten).toEqual([]);
    expect(flatFiles(path.join(buildDir, "static", "records"))).toEqual([]);
    expect(flatFiles(path.join(buildDir, siteFiles.gamesDir))).toEqual([]);
    for (const id of ids) {
      const file = path.join(buildDir, recordFile(id));
      expect(readFileSync(file).equals(before.get(id)?.bytes ?? Buffer.alloc(0)), recordFile(id)).toBe(true);
      expect(statSync(file).mtimeMs).toBe(before.get(id)?.mtimeMs);
      expect(existsSync(path.join(buildDir, siteFiles.game(id))), siteFiles.game(id)).toBe(true);
    }
  });
});
