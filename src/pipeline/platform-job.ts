import { type PlatformJobSettings, type PlatformOutcome, type PlatformTask, runPlatformTask } from "../catalog/build/build-catalog.ts";
import type { CatalogDb } from "../catalog/db/catalog-db.ts";
import { buildMatchTable } from "../match/index/match-table.ts";
import { platformPages, type RenderedPlatform, type SitePlan } from "../site/build-site.ts";

/** What every platform job of one build shares: plain data, so that a worker thread can take it. */
export interface PlatformJobContext {
  readonly settings: PlatformJobSettings;
  /** The website's plan; absent for a build without pages. */
  readonly site?: SitePlan;
}

/** A platform job's result: the catalog's outcome, and the platform's pages when they were rendered. */
export interface PlatformJobOutput {
  readonly outcome: PlatformOutcome;
  readonly pages?: RenderedPlatform;
}

/**
 * One platform of `ludex build`, whole: its catalog files (src/catalog/build/), then its website
 * pages from the records still in memory, on the thread that took it.
 */
export function runPlatformJob(db: CatalogDb, context: PlatformJobContext, task: PlatformTask): PlatformJobOutput {
  const { outcome, records } = runPlatformTask(db, context.settings, task, buildMatchTable);
  const pages = context.site ? platformPages(context.site, outcome.entry, outcome.built, records) : undefined;
  return pages ? { outcome, pages } : { outcome };
}
