import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildCatalog, type BuildSummary } from "../../src/pipeline/build-pipeline.ts";
import { publishUpdate } from "../../src/pipeline/publish-update.ts";
import { heldBuildDir, REVIEW_FILE } from "../../src/catalog/build/held-build.ts";
import { readManifest } from "../../src/catalog/build/manifest.ts";
import type { ReviewDocument } from "../../src/catalog/build/review-document.ts";
import { importCatalog, type ImportSummary } from "../../src/catalog/import/import-catalog.ts";
import { acceptReviewFile } from "../../src/catalog/import/review-state.ts";
import { startCatalogReloader } from "../../src/server/catalog-reload.ts";
import { http } from "../helpers/http.ts";
import { platformsFile, releaseFeedFile } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startTestServer } from "../helpers/test-server.ts";
import { buildSettings } from "../helpers/build-settings.ts";
import { baseCatalog, numberedGames, writeCatalog, type DatGame, type UpdateSystem } from "../helpers/update-catalog.ts";

type Catalog = Partial<Record<UpdateSystem, readonly DatGame[]>>;

/** A catalog imported from DATs the test writes, built and served from a temporary build folder. */
function instance(): {
  dbFile: string;
  buildDir: string;
  update: (platforms: Catalog, options?: { accept?: boolean }) => { imported: ImportSummary; built: BuildSummary };
} {
  const dir = tempDir("ludex-update-");
  const source = path.join(dir, "dats");
  const dbFile = path.join(dir, "catalog.db");
  const buildDir = path.join(dir, "build");
  const update = (platforms: Catalog, options: { accept?: boolean } = {}): { imported: ImportSummary; built: BuildSummary } => {
    writeCatalog(source, platforms);
    const imported = importCatalog({ sources: [source], dbFile, platformsFile, ...(options.accept ? { accept: true } : {}) });
    const built = buildCatalog({ dbFile, buildDir, releaseFeedFile, sitePageSize: 5, ...buildSettings() });
    return { imported, built };
  };
  return { dbFile, buildDir, update };
}

/** Every file under `dir`: its bytes' hash, size and mtime, by path. */
function tree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const { size, mtimeMs } = statSync(full);
        files.set(path.relative(dir, full), `${createHash("sha256").update(readFileSync(full)).digest("hex")} ${size} ${mtimeMs}`);
      }
    }
  };
  walk(dir);
  return files;
}

function review(dir: string): ReviewDocument {
  return JSON.parse(readFileSync(path.join(dir, REVIEW_FILE), "utf8")) as ReviewDocument;
}

/** Runs a held update on a fresh instance and checks the served build kept every byte; returns what the check needs next. */
function heldUpdate(change: (base: Record<UpdateSystem, DatGame[]>) => Catalog): {
  dbFile: string;
  buildDir: string;
  served: Map<string, string>;
  imported: ImportSummary;
  built: BuildSummary;
  update: (platforms: Catalog, options?: { accept?: boolean }) => { imported: ImportSummary; built: BuildSummary };
} {
  const { dbFile, buildDir, update } = instance();
  const first = update(baseCatalog());
  expect(first.built.publication.status).toBe("published");
  const served = tree(buildDir);
  const { imported, built } = update(change(baseCatalog()));
  expect(imported.reviewState?.held).toBe(true);
  expect(built.publication).toMatchObject({ status: "held", dir: heldBuildDir(buildDir) });
  // Not one served file changed, appeared or went: records, pages, documents, manifest.
  expect(tree(buildDir)).toEqual(served);
  return { dbFile, buildDir, served, imported, built, update };
}

describe("an update held for review", () => {
  it("removes a platform: held with its review, served build untouched, then published by `publish`", () => {
    const { dbFile, buildDir, built } = heldUpdate(({ megadrive: _gone, ...rest }) => rest);
    const held = heldBuildDir(buildDir);
    const doc = review(held);
    expect(doc).toMatchObject({ format: "ludex-review", version: 1, status: "held", catalogVersion: built.manifest.catalogVersion });
    expect(doc.anomalies).toEqual([expect.objectContaining({ type: "platform-gone", system: "megadrive", games: 20 })]);
    expect(readManifest(held)?.counts.platforms).toBe(2);
    expect(readManifest(buildDir)?.counts.platforms).toBe(3);

    const before = readManifest(buildDir)?.catalogVersion;
    expect(publishUpdate({ dbFile, buildDir })).toEqual({ status: "published", catalogVersion: built.manifest.catalogVersion });
    expect(existsSync(held)).toBe(false);
    const manifest = readManifest(buildDir);
    expect(manifest?.catalogVersion).toBe(built.manifest.catalogVersion);
    expect(manifest?.catalogVersion).not.toBe(before);
    expect(manifest?.counts.platforms).toBe(2);
    expect(existsSync(path.join(buildDir, "static", "api", "v1", "dumps", "megadrive.ndjson.gz"))).toBe(false);
    expect(review(buildDir)).toMatchObject({ status: "published", acceptedAt: expect.any(String) });
    // The change feed's entry of the published version names its review, kept in the build.
    const entry = manifest?.changeHistory?.at(-1);
    expect(entry).toMatchObject({
      catalogVersion: manifest?.catalogVersion,
      removed: 20,
      review: `reviews/${manifest?.catalogVersion}.json`,
    });
    const linked = JSON.parse(readFileSync(path.join(buildDir, entry?.review ?? ""), "utf8")) as ReviewDocument;
    expect(linked).toMatchObject({ status: "published", catalogVersion: manifest?.catalogVersion });
    expect(linked.anomalies[0]?.type).toBe("platform-gone");
    // Nothing is left to publish.
    expect(publishUpdate({ dbFile, buildDir })).toEqual({ status: "nothing-held" });
  });

  it("empties a DAT: held with the empty source and the platform's loss in its review", () => {
    const { buildDir } = heldUpdate((base) => ({ ...base, snes: [] }));
    const doc = review(heldBuildDir(buildDir));
    expect(doc.anomalies.map((a) => a.type)).toEqual(["empty-source", "platform-shrank"]);
    expect(doc.imports[0]?.platforms.snes).toMatchObject({ gamesBefore: 20, gamesAfter: 0 });
    expect(readManifest(heldBuildDir(buildDir))?.counts.games).toBe(40);
    expect(readManifest(buildDir)?.counts.games).toBe(60);
  });

  it("a DAT with one malformed block among good ones: published with the good entries, the block listed in the review", () => {
    const { update } = instance();
    update(baseCatalog());
    const snes = [...numberedGames("Star Raid", 21), { name: "Star Raid 22 (USA)", malformed: true }];
    const { imported, built } = update({ ...baseCatalog(), snes });
    expect(imported.reviewState?.held).not.toBe(true);
    expect(built.publication.status).toBe("published");
    expect(imported.review?.anomalies).toEqual([]);
    expect(imported.review?.platforms.snes?.added.examples.map((g) => g.title)).toEqual(["Star Raid 21"]);
    expect(imported.review?.platforms.snes?.skippedBlocks).toEqual({
      total: 1,
      examples: [expect.stringMatching(/Nintendo - Super Nintendo Entertainment System\.dat:\d+: .* \("Star Raid 22 \(USA\)"\)$/)],
    });
    expect(imported.warnings).toContainEqual(expect.stringMatching(/\.dat:\d+:\d+: .*"Star Raid 22 \(USA\)" left out\)$/));
    expect(built.manifest.counts.games).toBe(61);
  });

  it("a DAT whose blocks are mostly malformed: held, served build untouched, the blocks listed", () => {
    const { imported } = heldUpdate((base) => ({
      ...base,
      snes: base.snes.map((game, i) => (i % 4 === 0 ? game : { ...game, malformed: true })),
    }));
    expect(imported.review?.anomalies).toEqual([
      expect.objectContaining({ type: "malformed-source", system: "snes", skipped: 15, blocks: 20, percent: 75 }),
      expect.objectContaining({ type: "platform-shrank", system: "snes", lost: 15 }),
    ]);
    expect(imported.review?.platforms.snes?.skippedBlocks.total).toBe(15);
  });

  it("renames games: held, and a second import while held stays held and joins the review, until accepted", () => {
    const rename = (base: Record<UpdateSystem, DatGame[]>): Catalog => ({
      ...base,
      gb: base.gb.map((g, i) => (i < 10 ? { name: g.name.replace("Pocket Quest", "Pocket Saga") } : g)),
    });
    const { dbFile, buildDir, served, update } = heldUpdate(rename);
    const first = review(heldBuildDir(buildDir));
    // Renamed entries without a shared release or dump are new games: the platform lost half its ids.
    expect(first.anomalies).toEqual([expect.objectContaining({ type: "platform-shrank", system: "gb", lost: 10, percent: 50 })]);
    expect(first.imports[0]?.platforms.gb?.added.total).toBe(10);

    // A later import with nothing wrong of its own does not publish the held one's anomalies.
    const later = update({ ...rename(baseCatalog()), snes: numberedGames("Star Raid", 21) });
    expect(later.imported.review?.anomalies).toEqual([]);
    expect(later.built.publication.status).toBe("held");
    expect(tree(buildDir)).toEqual(served);
    const both = review(heldBuildDir(buildDir));
    expect(both.imports).toHaveLength(2);
    expect(both.anomalies).toHaveLength(1);

    // `import --accept`: the next build publishes in place.
    const accepted = update({ ...rename(baseCatalog()), snes: numberedGames("Star Raid", 21) }, { accept: true });
    expect(accepted.imported.changed).toBe(false);
    expect(accepted.built.publication.status).toBe("published");
    expect(existsSync(heldBuildDir(buildDir))).toBe(false);
    expect(readManifest(buildDir)?.catalogVersion).toBe(accepted.built.manifest.catalogVersion);
    expect(review(buildDir)).toMatchObject({ status: "published", acceptedAt: expect.any(String) });
    expect(readManifest(buildDir)?.changeHistory?.at(-1)?.review).toBe(`reviews/${accepted.built.manifest.catalogVersion}.json`);
    expect(publishUpdate({ dbFile, buildDir })).toEqual({ status: "nothing-held" });
  });

  it("publishes an ordinary update by itself, with its review linked from the change feed", () => {
    const { buildDir, update } = instance();
    update(baseCatalog());
    const { imported, built } = update({
      ...baseCatalog(),
      snes: [...numberedGames("Star Raid", 19), ...numberedGames("Star Raid", 1, 40)],
    });
    expect(imported.reviewState?.held).toBe(false);
    expect(built.publication).toMatchObject({ status: "published", dir: buildDir, anomalies: 0 });
    expect(existsSync(heldBuildDir(buildDir))).toBe(false);
    expect(readManifest(buildDir)?.catalogVersion).toBe(built.manifest.catalogVersion);
    const doc = review(buildDir);
    expect(doc).toMatchObject({ status: "published", anomalies: [], catalogVersion: built.manifest.catalogVersion });
    expect(doc.imports[0]?.platforms.snes?.added.examples).toEqual([expect.objectContaining({ title: "Star Raid 40" })]);
    const entry = built.manifest.changeHistory?.at(-1);
    expect(entry).toMatchObject({ added: 1, removed: 1, review: `reviews/${built.manifest.catalogVersion}.json` });
    // A rebuild of the same data carries no new review.
    const again = buildCatalog({
      dbFile: path.join(path.dirname(buildDir), "catalog.db"),
      buildDir,
      releaseFeedFile,
      sitePageSize: 5,
      ...buildSettings(),
    });
    expect(again.publication.reviewFile).toBeUndefined();
  });

  it("refuses to publish a held build made before a later import, and a missing one", () => {
    const { dbFile, buildDir } = heldUpdate((base) => ({ ...base, snes: [] }));
    const dats = path.join(path.dirname(dbFile), "dats");
    writeCatalog(dats, { ...baseCatalog(), snes: [], gb: numberedGames("Pocket Quest", 21) });
    importCatalog({ sources: [dats], dbFile, platformsFile });
    expect(() => publishUpdate({ dbFile, buildDir })).toThrow(/built from an earlier import/);
  });
});

describe("a publish that a crash interrupted", () => {
  it("is finished by the next publish or build: the held build goes in, nothing is lost", () => {
    const { dbFile, buildDir, built } = heldUpdate(({ megadrive: _gone, ...rest }) => rest);
    const held = tree(heldBuildDir(buildDir));
    // publish accepts, then renames the served folder away; the crash comes before the held one is renamed in.
    acceptReviewFile(dbFile);
    renameSync(buildDir, `${buildDir}.previous`);
    expect(publishUpdate({ dbFile, buildDir })).toEqual({ status: "nothing-held" });
    expect(readManifest(buildDir)?.catalogVersion).toBe(built.manifest.catalogVersion);
    expect(existsSync(`${buildDir}.previous`)).toBe(false);
    expect(existsSync(heldBuildDir(buildDir))).toBe(false);
    expect(tree(buildDir)).toEqual(held);
  });
});

describe("a running server and a held update", () => {
  it("keeps serving the old build while held, and switches to the published one", async () => {
    const { dbFile, buildDir, update } = instance();
    update(baseCatalog());
    const server = await startTestServer({ LUDEX_BUILD_DIR: buildDir, LUDEX_CATALOG_DB: dbFile });
    // What `ludex serve` runs beside the server: the manifest poll.
    const reloader = startCatalogReloader(server.ludex.catalog, buildDir, () => {});
    const version = async (): Promise<string> => (await http(server.url("/api/health/"))).json<{ catalogVersion: string }>().catalogVersion;
    const served = await version();
    const { megadrive: _gone, ...rest } = baseCatalog();
    const { built } = update(rest);
    expect(built.publication.status).toBe("held");
    await new Promise((r) => setTimeout(r, 1500));
    expect(await version()).toBe(served);
    publishUpdate({ dbFile, buildDir });
    let now = served;
    for (let i = 0; i < 50 && now === served; i++) {
      await new Promise((r) => setTimeout(r, 100));
      now = await version();
    }
    expect(now).toBe(built.manifest.catalogVersion);
    expect((await http(server.url("/api/v1/dumps/?system=megadrive"))).status).toBe(404);
    reloader.stop();
  }, 30_000);
});
