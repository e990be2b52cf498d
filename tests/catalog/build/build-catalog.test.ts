import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildCatalog } from "../../../src/pipeline/build-pipeline.ts";
import { recordFile } from "../../../src/catalog/build/build-catalog.ts";
import type { ShardIndex } from "../../../src/catalog/build/manifest.ts";
import { importCatalog } from "../../../src/catalog/import/import-catalog.ts";
import type { GameRecord, PlatformEntry } from "../../../src/catalog/record/game-record.ts";
import { loadCatalogSnapshot, recordJson } from "../../../src/catalog/store/catalog-snapshot.ts";
import { platformsFile, releaseFeedFile, sampleSource } from "../../helpers/paths.ts";
import { copyOf, tempDir } from "../../helpers/temp-dir.ts";
import { buildSettings } from "../../helpers/build-settings.ts";

const publicBaseUrl = "https://ludex.test";

function fixture(source = sampleSource): { dbFile: string; buildDir: string; source: string } {
  const dir = tempDir();
  const dbFile = path.join(dir, "catalog.db");
  importCatalog({ sources: [source], dbFile, platformsFile });
  return { dbFile, buildDir: path.join(dir, "build"), source };
}

describe("buildCatalog output", () => {
  const { dbFile, buildDir } = fixture();
  const summary = buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings(publicBaseUrl) });
  const manifest = summary.manifest;

  it("writes a manifest with counts, versions, attribution and every file it names", () => {
    expect(manifest.counts).toEqual({ platforms: 6, records: 43, games: 43, releases: 78, roms: 88 });
    expect(manifest.attribution).toMatchObject({ license: "CC BY-SA 4.0", url: "https://github.com/libretro/libretro-database" });
    expect(manifest.catalogVersion).toMatch(/^[\w-]{16}$/);
    for (const p of Object.values(manifest.platforms))
      for (const f of [p.shard, p.index]) expect(existsSync(path.join(buildDir, f))).toBe(true);
    for (const b of manifest.search) expect(existsSync(path.join(buildDir, b.file))).toBe(true);
    expect(manifest.search.flatMap((b) => b.platforms).sort()).toEqual(Object.keys(manifest.platforms).sort());
    for (const d of Object.values(manifest.documents)) expect(existsSync(path.join(buildDir, d.file))).toBe(true);
  });

  it("writes each game record as the API serves it, with the ETag a static host gives the file", () => {
    const snapshot = loadCatalogSnapshot(buildDir);
    const records = path.join(buildDir, "static", "records");
    const files = readdirSync(records, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files).toHaveLength(43);
    for (const file of files) {
      const id = Number(path.basename(file.name, ".json"));
      const full = path.join(file.parentPath, file.name);
      expect(path.relative(buildDir, full)).toBe(recordFile(id));
      const body = readFileSync(full);
      const served = snapshot.record(id);
      expect(served?.latin1Body).toBe(body.toString("latin1"));
      expect(snapshot.record(id)?.latin1Body).toBe(body.toString("latin1"));
      const { mtimeMs, size } = statSync(full);
      expect(served?.etag).toBe(`"${Math.floor(mtimeMs / 1000).toString(16)}-${size.toString(16)}"`);
      expect(served?.lastModified).toBe(new Date(Math.floor(mtimeMs / 1000) * 1000).toUTCString());
    }
  });

  it("gives records the public shape", () => {
    const snapshot = loadCatalogSnapshot(buildDir);
    const starfall = snapshot.listing("snes")?.find((g) => g.title === "The Legend of Starfall");
    const record = JSON.parse(recordJson(snapshot.record(starfall?.id ?? 0)) ?? "{}") as GameRecord;
    expect(record).toMatchObject({
      id: starfall?.id,
      title: "The Legend of Starfall",
      system: "snes",
      developer: "Lumen Forge",
      releaseYear: 1993,
    });
    expect(record.attribution.license).toBe("CC BY-SA 4.0");
    const first = record.releases[0];
    // The newest retail revision in the preferred region comes first.
    expect(first).toMatchObject({ name: "Legend of Starfall, The (USA) (Rev 1)", regions: ["USA"], status: "release", source: "no-intro" });
    for (const rom of first?.roms ?? []) {
      expect(rom.sha1).toMatch(/^[0-9a-f]{40}$/);
      expect(rom.md5).toMatch(/^[0-9a-f]{32}$/);
      expect(rom.crc).toMatch(/^[0-9a-f]{8}$/);
    }
  });

  it("writes the platform list and the release feed with precompressed variants", () => {
    const platforms = JSON.parse(readFileSync(path.join(buildDir, manifest.documents.platforms?.file ?? ""), "utf8")) as {
      platforms: PlatformEntry[];
    };
    const snes = platforms.platforms.find((p) => p.id === "snes");
    expect(snes).toMatchObject({ name: expect.any(String), gameCount: 11, libretroName: "Nintendo - Super Nintendo Entertainment System" });
    expect(snes?.aliases).toContain("Super Famicom");
    const feed = manifest.documents.releaseFeed;
    expect(Object.keys(feed?.encodings ?? {})).toEqual(["br", "gzip"]);
    expect(existsSync(path.join(buildDir, `${feed?.file}.br`))).toBe(true);
    expect(
      readFileSync(path.join(buildDir, "static/api/v1/community/index.json")).equals(readFileSync(path.join(buildDir, feed?.file ?? ""))),
    ).toBe(true);
    expect(existsSync(path.join(buildDir, "static/api/v1/community/index.json.gz"))).toBe(true);
  });
});

describe("incremental rebuild", () => {
  it("rebuilds only the platform whose DATs changed and drops removed records", () => {
    const { dbFile, buildDir, source } = fixture(copyOf(sampleSource));
    const first = buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings(publicBaseUrl) });
    expect(first.rebuiltPlatforms).toHaveLength(6);

    const unchanged = buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings(publicBaseUrl) });
    expect(unchanged.rebuiltPlatforms).toEqual([]);
    expect(unchanged.manifest.catalogVersion).toBe(first.manifest.catalogVersion);

    const gba = path.join(source, "metadat/no-intro/Nintendo - Game Boy Advance.dat");
    const text = readFileSync(gba, "utf8");
    const trimmed = text.replace(/game \(\n\tname "Moon Rabbit Rally[\s\S]*?\n\)\n/, "");
    expect(trimmed).not.toBe(text);
    writeFileSync(gba, trimmed);
    const removed = importCatalog({ sources: [source], dbFile, platformsFile }).removed;
    expect(removed).toHaveLength(1);
    expect(existsSync(path.join(buildDir, recordFile(removed[0]?.id ?? 0)))).toBe(true);

    const second = buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings(publicBaseUrl) });
    expect(second.rebuiltPlatforms).toEqual(["gba"]);
    expect(second.reusedPlatforms).toBe(5);
    expect(second.manifest.catalogVersion).not.toBe(first.manifest.catalogVersion);
    expect(existsSync(path.join(buildDir, recordFile(removed[0]?.id ?? 0)))).toBe(false);
    const index = JSON.parse(readFileSync(path.join(buildDir, second.manifest.platforms.gba?.index ?? ""), "utf8")) as ShardIndex;
    expect(index.ids).not.toContain(removed[0]?.id);
    expect(second.manifest.platforms.snes).toEqual(first.manifest.platforms.snes);
    expect(second.manifest.documents.releaseFeed).toEqual(first.manifest.documents.releaseFeed);

    // The title index joins the kept parts of the five other platforms with gba's new one: the same bytes as a fresh build's
    // (under another name: the fresh build's records carry another `updatedAt`, so its shards' hashes differ).
    const freshDir = path.join(tempDir(), "fresh");
    const fresh = buildCatalog({ dbFile, buildDir: freshDir, releaseFeedFile, ...buildSettings(publicBaseUrl) });
    const titles = (dir: string, file: string | undefined): Buffer => readFileSync(path.join(dir, file ?? ""));
    expect(titles(buildDir, second.manifest.search[0]?.file).equals(titles(freshDir, fresh.manifest.search[0]?.file))).toBe(true);
    expect(readdirSync(path.join(buildDir, "search-parts"))).toHaveLength(6);
  });

  it("refuses to build without an imported database", () => {
    expect(() =>
      buildCatalog({ dbFile: path.join(tempDir(), "none.db"), buildDir: tempDir(), releaseFeedFile, ...buildSettings(publicBaseUrl) }),
    ).toThrow(/run `ludex import/);
  });
});
