import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildCatalog } from "../../../src/pipeline/build-pipeline.ts";
import type { BuildManifest, ShardIndex } from "../../../src/catalog/build/manifest.ts";
import { importCatalog } from "../../../src/catalog/import/import-catalog.ts";
import { searchGames } from "../../../src/catalog/search/search-games.ts";
import { loadCatalogSnapshot } from "../../../src/catalog/store/catalog-snapshot.ts";
import { isProblem } from "../../../src/core/problem.ts";
import { buildSettings } from "../../helpers/build-settings.ts";
import { platformsFile, releaseFeedFile, sampleSource } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

function built(): { buildDir: string; manifest: BuildManifest } {
  const dir = tempDir();
  const dbFile = path.join(dir, "catalog.db");
  importCatalog({ sources: [sampleSource], dbFile, platformsFile });
  const buildDir = path.join(dir, "build");
  const { manifest } = buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings("https://ludex.test") });
  return { buildDir, manifest };
}

describe("catalog snapshot: shard index heads at load, summaries on first use", () => {
  it("writes each shard index as a head of columns, then hashes and summaries, one JSON document", () => {
    const { buildDir, manifest } = built();
    for (const platform of Object.values(manifest.platforms)) {
      const bytes = readFileSync(path.join(buildDir, platform.index));
      const head = JSON.parse(`${bytes.subarray(0, platform.indexHead).toString()}}`) as Record<string, unknown>;
      expect(Object.keys(head)).toEqual(["ids", "offsets", "lengths", "mtimes", "stamped", "idFolders"]);
      const whole = JSON.parse(bytes.toString()) as ShardIndex;
      expect(whole.summaries.map((s) => s.id)).toEqual(whole.ids);
      expect(whole.evidence).toHaveLength(whole.ids.length);
      expect(whole.hashes).toHaveLength(whole.ids.length);
    }
  });

  it("parses a platform's summaries only when a search or listing needs them, and all of them on preload", async () => {
    const { buildDir } = built();
    const snapshot = loadCatalogSnapshot(buildDir);
    const { searcher } = snapshot.searchScope();
    expect(searcher.summaries.every((s) => s === undefined)).toBe(true);
    const [start, end] = searcher.index.platforms.get("snes") ?? [0, 0];
    const found = searchGames(snapshot.searchScope("snes"), { query: "starfall", limit: 5 }).results;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((g) => g.system === "snes")).toBe(true);
    expect(searcher.summaries.slice(start, end).every((s) => s !== undefined)).toBe(true);
    expect(searcher.summaries.some((s) => s === undefined)).toBe(true);
    await snapshot.preload();
    expect(searcher.summaries.every((s) => s !== undefined)).toBe(true);
    expect(
      snapshot
        .listing("snes")
        ?.map((g) => g.id)
        .sort((a, b) => a - b),
    ).toEqual([...searcher.index.gameIds.slice(start, end)]);
    snapshot.close();
  });

  it("answers 503 when the summaries it reads later are damaged, and never a wrong summary", () => {
    const { buildDir, manifest } = built();
    const snapshot = loadCatalogSnapshot(buildDir);
    const platform = manifest.platforms.snes;
    if (!platform?.indexHead) throw new Error("no snes index head");
    const file = path.join(buildDir, platform.index);
    const bytes = readFileSync(file);
    writeFileSync(file, Buffer.concat([bytes.subarray(0, platform.indexHead), Buffer.from(',"summaries":[{"id":')]));
    let error: unknown;
    try {
      searchGames(snapshot.searchScope("snes"), { query: "starfall", limit: 5 });
    } catch (caught) {
      error = caught;
    }
    expect(isProblem(error) && error.status).toBe(503);
    snapshot.close();
  });

  it("still loads an index written before heads (parsed whole at load)", () => {
    const { buildDir } = built();
    const manifestFile = path.join(buildDir, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as BuildManifest;
    for (const platform of Object.values(manifest.platforms)) delete (platform as { indexHead?: number }).indexHead;
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const snapshot = loadCatalogSnapshot(buildDir);
    expect(snapshot.searchScope().searcher.summaries.every((s) => s === undefined)).toBe(true);
    expect(searchGames(snapshot.searchScope(), { query: "starfall", limit: 3 }).results.length).toBeGreaterThan(0);
    snapshot.close();
  });
});
