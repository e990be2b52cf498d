import type { CatalogSnapshot } from "./catalog-snapshot.ts";

/** Where routes get the catalog from: the snapshot in service now (swapped whole on reload). */
export interface CatalogSource {
  /** The current snapshot; throws a 503 Problem when no usable build is loaded. */
  current(): CatalogSnapshot;
}
