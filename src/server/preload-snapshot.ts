import type { CatalogSnapshot } from "../catalog/store/catalog-snapshot.ts";
import { runIdleSteps } from "../core/idle-steps.ts";
import { matchPreloadSteps } from "../match/index/snapshot-match-index.ts";

/**
 * Reads, in idle turns once the server listens, what a snapshot otherwise reads on first use: the
 * search vocabulary and summaries, then (unless `matchTables` is false) every platform's match
 * index, so that the first searches and match requests after a start or reload do not wait for them.
 * The match indexes are built only while `busy()` is false: under steady traffic each platform is
 * built by its first request instead, and the preload takes up the rest when traffic pauses.
 */
export async function preloadSnapshot(snapshot: CatalogSnapshot, matchTables: boolean, busy: () => boolean): Promise<void> {
  await snapshot.preload();
  if (matchTables) await runIdleSteps(matchPreloadSteps(snapshot), () => snapshot.closed, busy);
}
