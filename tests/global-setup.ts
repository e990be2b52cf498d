import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildCatalog } from "../src/pipeline/build-pipeline.ts";
import { importCatalog } from "../src/catalog/import/import-catalog.ts";
import { openCatalogDb } from "../src/catalog/db/catalog-db.ts";
import { saveThumbnailListing } from "../src/catalog/db/thumbnail-store.ts";
import { readThumbnailSources } from "../src/catalog/import/read-thumbnail-sources.ts";
import { buildSettings } from "./helpers/build-settings.ts";
import {
  hasRealData,
  hasRealRetool,
  hasRealThumbnails,
  platformsFile,
  realRetool,
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

/** Relative module specifiers a file loads: static imports and re-exports (not `import type`, which loads nothing), and dynamic imports. */
const RELATIVE_IMPORT = /^(?:import|export)\s+(type\s)?[^;]*?from\s*["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']/gm;

/**
 * The project files `entries` load, following relative imports: what the import and the build
 * run. Code outside it (search, matching, serving) cannot change a fixture, so editing it keeps
 * the fixtures, and the real catalog is not imported again.
 */
function importClosure(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const [, typeOnly, specifier, dynamic] of readFileSync(file, "utf8").matchAll(RELATIVE_IMPORT)) {
      const loaded = typeOnly ? undefined : (specifier ?? dynamic);
      if (loaded) visit(path.resolve(path.dirname(file), loaded));
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen].sort();
}

/**
 * Hash of the code and authored data that shape a catalog; a cached fixture made by other code is
 * thrown away. Paths are hashed relative to the project, so a copy of the fixtures serves a worktree.
 */
function codeStamp(): string {
  const hash = createHash("sha256");
  const add = (file: string): void => {
    hash.update(path.relative(projectRoot, file)).update(readFileSync(file));
  };
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else add(full);
    }
  };
  const src = path.join(projectRoot, "src");
  // This file's imports are the entry points: every module the fixtures are made with.
  for (const file of importClosure([import.meta.filename])) add(file);
  // The build's worker is started by its path (src/pipeline/platform-pool.ts), which no import shows.
  walk(path.join(src, "pipeline"));
  walk(path.join(projectRoot, "data"));
  // The documents carry the version (src/config/service-info.ts); the packages' code is in the lock file.
  hash.update(String((JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { version?: unknown }).version));
  add(path.join(projectRoot, "package-lock.json"));
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

function prepare(name: string, sources: readonly string[], stamp: string, thumbnails = false): BuiltFixture {
  const dir = path.join(projectRoot, ".ludex", "test-fixtures", name);
  const stampFile = path.join(dir, "code-stamp");
  if (!existsSync(stampFile) || readFileSync(stampFile, "utf8") !== stamp) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(stampFile, stamp);
  const fixture = { dbFile: path.join(dir, "catalog.db"), buildDir: path.join(dir, "build") };
  importCatalog({ sources, dbFile: fixture.dbFile, platformsFile });
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
  project.provide("sampleCatalog", prepare("sample", [sampleSource], stamp));
  if (hasRealData) {
    const started = Date.now();
    project.provide("realCatalog", prepare("real", hasRealRetool ? [realSource, realRetool] : [realSource], stamp, hasRealThumbnails));
    console.log(`real catalog ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    console.log(realDataSkipReason);
    project.provide("realCatalog", null);
  }
}
