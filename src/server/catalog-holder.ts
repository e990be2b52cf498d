import type { CatalogSource } from "../catalog/store/catalog-source.ts";
import { readManifest } from "../catalog/build/manifest.ts";
import { loadCatalogSnapshot, type CatalogSnapshot } from "../catalog/store/catalog-snapshot.ts";
import { Problem, problems } from "../core/problem.ts";
import { preloadSnapshot } from "./preload-snapshot.ts";

export interface CatalogHolder extends CatalogSource {
  /** Loads the build folder again and swaps the new snapshot in whole; on failure keeps the old one and rethrows. */
  reload(): CatalogSnapshot;
  /** The snapshot in service, if any. */
  peek(): CatalogSnapshot | undefined;
}

/**
 * Holds the catalog snapshot the server answers from. Starting without a usable build is not
 * fatal: catalog routes answer 503 until a reload succeeds. A reloaded snapshot is preloaded
 * ({@link preloadSnapshot}), match tables too unless `preloadMatchTables` is false.
 */
export function createCatalogHolder(
  buildDir: string,
  options: { readonly preloadMatchTables?: boolean; readonly busy?: () => boolean } = {},
): CatalogHolder {
  let snapshot: CatalogSnapshot | undefined;
  let lastError: Problem | undefined;
  const load = (preload: boolean): CatalogSnapshot => {
    // Same build as the one in service: nothing to do (a second SIGHUP, a touched manifest).
    const current = snapshot;
    if (current && readManifest(buildDir)?.catalogVersion === current.manifest.catalogVersion) return current;
    try {
      const next = loadCatalogSnapshot(buildDir);
      // At start-up the server preloads once it listens; a reload has a server running already.
      if (preload) void preloadSnapshot(next, options.preloadMatchTables ?? true, options.busy ?? (() => false));
      snapshot = next;
      lastError = undefined;
      return next;
    } catch (error) {
      if (error instanceof Problem) lastError = error;
      throw error;
    }
  };
  try {
    load(false);
  } catch {
    // Served as 503 by current() until a build appears and a reload succeeds.
  }
  return {
    current() {
      if (snapshot) return snapshot;
      throw problems.catalogUnavailable("The catalog is not loaded; try again later.", { ...(lastError ? { cause: lastError } : {}) });
    },
    reload: () => load(true),
    peek: () => snapshot,
  };
}
