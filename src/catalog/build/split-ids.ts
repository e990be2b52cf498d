import type { CatalogDb } from "../db/catalog-db.ts";

/**
 * The records split off another record that are both records of this catalog (`game_splits`):
 * new id → the id the larger part kept. An older schema without the table has none.
 */
export function readSplitIds(db: CatalogDb): Map<number, number> {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'game_splits'").pluck().get();
  if (table === undefined) return new Map();
  const rows = db
    .prepare<[], { id: number; from_id: number }>(
      `SELECT s.id, s.from_id FROM game_splits s
       WHERE s.id IN (SELECT id FROM games) AND s.from_id IN (SELECT id FROM games)`,
    )
    .all();
  return new Map(rows.map((r) => [r.id, r.from_id]));
}
