import type { CatalogSnapshot } from "../catalog/store/catalog-snapshot.ts";
import { runIdleSteps } from "../core/idle-steps.ts";
import { matchPreloadSteps } from "../match/snapshot-match-index.ts";

/**
 * Reads, in idle turns once the server listens, what a snapshot otherwise reads on first use: the
 * search vocabulary and summaries, then (unless `matchTables` is false) every platform's match
 * index, so that the first searches and match requests after a start or reload do not wait for them.
 */
export async function preloadSnapshot(snapshot: CatalogSnapshot, matchTables: boolean): Promise<void> {
  await snapshot.preload();
  if (matchTables) await runIdleSteps(matchPreloadSteps(snapshot), () => snapshot.closed);
}
