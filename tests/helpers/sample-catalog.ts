import path from "node:path";
import { importCatalog } from "../../src/catalog/import/import-catalog.ts";
import { buildCatalog } from "../../src/pipeline/build-pipeline.ts";
import { buildSettings } from "./build-settings.ts";
import { platformsFile, releaseFeedFile, sampleSource } from "./paths.ts";
import { tempDir } from "./temp-dir.ts";

/**
 * Imports and builds the sample catalog (data/sample) into a temporary folder removed after the
 * test file, and returns its build folder: for unit tests, which have no global setup's fixture.
 * Without `pages` the website's pages are left out, which route tests of the API never read.
 */
export function buildSampleCatalog(options: { readonly pages?: boolean } = {}): string {
  const dir = tempDir("ludex-sample-");
  const dbFile = path.join(dir, "catalog.db");
  const buildDir = path.join(dir, "build");
  importCatalog({ sources: [sampleSource], dbFile, platformsFile });
  buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings("https://ludex.test"), pages: options.pages ?? false });
  return buildDir;
}
