import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { BuiltPlatform } from "../../src/catalog/build/manifest.ts";
import type { PlatformTask } from "../../src/catalog/build/build-catalog.ts";
import type { PlatformInfo } from "../../src/catalog/platforms/platform-registry.ts";
import { buildCatalog } from "../../src/pipeline/build-pipeline.ts";
import { runPlatformJobs } from "../../src/pipeline/platform-pool.ts";
import { siteContext } from "../../src/site/page-layout.ts";
import { siteAssets } from "../../src/site/site-assets.ts";
import { buildSettings } from "../helpers/build-settings.ts";
import { releaseFeedFile } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/** Every file under `dir`, as paths relative to it. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** A record file's JSON without its `updatedAt` (the time of the build that wrote it). */
const withoutTime = (file: string): string => readFileSync(file, "utf8").replace(/,"updatedAt":"[^"]*"/, "");

describe("runPlatformJobs", () => {
  it("writes the same record files and pages when a worker thread takes its share of the platforms", () => {
    const { dbFile } = inject("sampleCatalog");
    const alone = path.join(tempDir("ludex-pool-alone-"), "build");
    const shared = path.join(tempDir("ludex-pool-shared-"), "build");
    const one = buildCatalog({ dbFile, buildDir: alone, releaseFeedFile, ...buildSettings(), workerMinRecords: Number.POSITIVE_INFINITY });
    const two = buildCatalog({ dbFile, buildDir: shared, releaseFeedFile, ...buildSettings(), workerMinRecords: 0 });
    expect(two.rebuiltPlatforms).toEqual(one.rebuiltPlatforms);
    expect(two.site.platformsRendered).toBe(one.manifest.counts.platforms);
    expect(two.recordsWritten).toEqual(one.recordsWritten);
    // The release feed and discovery documents, written by whichever thread ran out of platforms first
    // (the change and dump feeds carry each build's own time).
    const documentHashes = (documents: typeof one.manifest.documents): [string, string, string][] =>
      Object.entries(documents)
        .filter(([key]) => key !== "changes" && key !== "dumps")
        .map(([key, d]) => [key, d.file, d.hash]);
    expect(documentHashes(two.manifest.documents)).toEqual(documentHashes(one.manifest.documents));
    expect(Object.keys(two.manifest.documents)).toEqual(expect.arrayContaining(["releaseFeed", "openapi", "llmsFullTxt"]));
    const staticFiles = files(path.join(alone, "static"));
    expect(files(path.join(shared, "static"))).toEqual(staticFiles);
    const pages = staticFiles.filter((f) => f.endsWith(".html"));
    const records = staticFiles.filter((f) => f.startsWith("records/"));
    expect(pages.length).toBeGreaterThan(one.manifest.counts.games);
    expect(records).toHaveLength(one.manifest.counts.records);
    for (const page of pages)
      expect(readFileSync(path.join(shared, "static", page)).equals(readFileSync(path.join(alone, "static", page))), page).toBe(true);
    for (const record of records)
      expect(withoutTime(path.join(shared, "static", record)), record).toBe(withoutTime(path.join(alone, "static", record)));
  });

  it("fails the build when a platform cannot be built, whichever thread took it", () => {
    const { dbFile } = inject("sampleCatalog");
    const buildDir = tempDir("ludex-pool-bad-");
    const missing = { fingerprint: "", hash: "", games: 1, shard: "shards/missing.ndjson", index: "shards/missing.idx.json", match: "" };
    const tasks = ["a", "b", "c", "d"].map(
      (slug): PlatformTask => ({
        info: { slug, name: slug, manufacturer: "Test", kind: "console", libretroName: slug, aliases: [] } as unknown as PlatformInfo,
        fingerprint: "",
        artworkKey: "",
        reuse: missing as BuiltPlatform,
        logChanges: false,
        records: 1,
      }),
    );
    const site = {
      buildDir,
      buildTime: 1_700_000_000,
      ctx: siteContext("https://ludex.test", "https://thumbnails.libretro.com", siteAssets),
      pageSize: 200,
      keys: {},
      known: {},
    };
    const settings = { dbFile, buildDir, buildTime: 1_700_000_000, artworkBaseUrl: "https://thumbnails.libretro.com" };
    expect(() => runPlatformJobs(dbFile, { settings, site }, tasks, 0)).toThrow(/missing\.idx\.json/);
  });
});
