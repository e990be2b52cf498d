import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildCatalog } from "../src/build/build-pipeline.ts";
import { importCatalog } from "../src/catalog/import/import-catalog.ts";
import { openCatalogDb } from "../src/catalog/db/catalog-db.ts";
import { saveThumbnailListing } from "../src/catalog/db/thumbnail-store.ts";
import { readThumbnailSources } from "../src/catalog/import/read-thumbnail-sources.ts";
import { buildSettings } from "./helpers/build-settings.ts";
import {
  hasRealData,
  hasRealThumbnails,
  platformsFile,
  realThumbnails,
  projectRoot,
  realDataSkipReason,
  realSource,
  releaseFeedFile,
  sampleSource,
} from "./helpers/paths.ts";

export interface BuiltFixture {
  readonly dbFile: string;
  readonly buildDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    sampleCatalog: BuiltFixture;
    realCatalog: BuiltFixture | null;
  }
}

/**
 * Hash of the code and authored data that shape a catalog; a cached fixture made by other code is
 * thrown away. Paths are hashed relative to the project, so a copy of the fixtures serves a worktree.
 */
function codeStamp(): string {
  const hash = createHash("sha256");
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(projectRoot, full)).update(readFileSync(full));
    }
  };
  walk(path.join(projectRoot, "src", "catalog"));
  walk(path.join(projectRoot, "src", "site"));
  walk(path.join(projectRoot, "data"));
  // The match tables are written by the build too, and this file decides what goes into the fixtures.
  hash.update(readFileSync(path.join(projectRoot, "src", "match", "match-table.ts")));
  hash.update(readFileSync(import.meta.filename));
  return hash.digest("hex");
}

/** Stores the shared thumbnail listings (32X, Virtual Boy), so that the real catalog has verified artwork beside unverified. */
function importThumbnails(dbFile: string): void {
  const db = openCatalogDb(dbFile);
  try {
    for (const listing of readThumbnailSources([realThumbnails])) saveThumbnailListing(db, listing, new Date(0));
  } finally {
    db.close();
  }
}

function prepare(name: string, source: string, stamp: string, thumbnails = false): BuiltFixture {
  const dir = path.join(projectRoot, ".ludex", "test-fixtures", name);
  const stampFile = path.join(dir, "code-stamp");
  if (!existsSync(stampFile) || readFileSync(stampFile, "utf8") !== stamp) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(stampFile, stamp);
  const fixture = { dbFile: path.join(dir, "catalog.db"), buildDir: path.join(dir, "build") };
  importCatalog({ sources: [source], dbFile: fixture.dbFile, platformsFile });
  if (thumbnails) importThumbnails(fixture.dbFile);
  // The PUBLIC_BASE_URL tests/helpers/test-server.ts gives its servers, so that the discovery
  // documents of the fixture name the same origin as the answers of those servers.
  buildCatalog({ dbFile: fixture.dbFile, buildDir: fixture.buildDir, releaseFeedFile, ...buildSettings("https://ludex.test") });
  return fixture;
}

/**
 * Imports and builds the sample catalog, and the real libretro-database when it is beside the
 * project, once per test run. Kept under .ludex/test-fixtures so later runs are incremental.
 */
export default function setup(project: TestProject): void {
  const stamp = codeStamp();
  project.provide("sampleCatalog", prepare("sample", sampleSource, stamp));
  if (hasRealData) {
    const started = Date.now();
    project.provide("realCatalog", prepare("real", realSource, stamp, hasRealThumbnails));
    console.log(`real catalog ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    console.log(realDataSkipReason);
    project.provide("realCatalog", null);
  }
}
