import { cpSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { BuiltPlatform } from "../../src/catalog/build/manifest.ts";
import type { PlatformEntry } from "../../src/catalog/record/game-record.ts";
import { siteContext } from "../../src/site/page-layout.ts";
import type { PlatformJob } from "../../src/site/render-platform.ts";
import { RenderPool } from "../../src/site/render-pool.ts";
import { siteAssets } from "../../src/site/site-assets.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const ctx = siteContext("http://localhost:4321", "https://thumbnails.libretro.com", siteAssets);

function job(buildDir: string, slug: string, built: Partial<BuiltPlatform>): PlatformJob {
  const entry: PlatformEntry = {
    id: slug,
    name: slug,
    manufacturer: "Test",
    kind: "console",
    libretroName: slug,
    aliases: [],
    gameCount: 1,
  };
  const platform = { fingerprint: "", hash: "", games: 1, shard: "", index: "", match: "", ...built } as BuiltPlatform;
  return { buildDir, buildTime: 1_700_000_000, ctx, entry, built: platform, fresh: true, pageSize: 200 };
}

describe("RenderPool", () => {
  it("renders every platform once across this thread and the worker, answering in the order they were added", () => {
    const { buildDir: fixtureDir, dbFile } = inject("sampleCatalog");
    expect(dbFile).toBeTruthy();
    const manifest = JSON.parse(readFileSync(path.join(fixtureDir, "manifest.json"), "utf8")) as {
      platforms: Record<string, BuiltPlatform>;
    };
    const out = path.join(tempDir("ludex-render-pool-"), "build");
    cpSync(path.join(fixtureDir, "shards"), path.join(out, "shards"), { recursive: true });
    const pool = new RenderPool(0);
    const slugs = Object.keys(manifest.platforms);
    expect(slugs.length).toBeGreaterThan(2);
    for (const slug of slugs) pool.add(job(out, slug, manifest.platforms[slug] ?? {}));
    const results = pool.finish();
    pool.close();
    expect(results.map((r) => r.slug)).toEqual(slugs);
    const games = slugs.reduce((n, s) => n + (manifest.platforms[s]?.games ?? 0), 0);
    expect(readdirSync(path.join(out, "static", "games"))).toHaveLength(games);
  });

  it("fails the build when a platform cannot be rendered, whichever thread took it", () => {
    const buildDir = tempDir("ludex-render-pool-bad-");
    const pool = new RenderPool(0);
    for (const slug of ["a", "b", "c", "d"])
      pool.add(job(buildDir, slug, { shard: "shards/missing.ndjson", index: "shards/missing.idx.json" }));
    expect(() => pool.finish()).toThrow(/missing\.idx\.json/);
    pool.close();
  });
});
