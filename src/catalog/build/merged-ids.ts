import { readFileSync } from "node:fs";
import path from "node:path";
import type { MergedIdEntry } from "../changes/record-changes.ts";
import type { CatalogDb } from "../db/catalog-db.ts";
import type { BuiltDocument } from "./manifest.ts";
import type { StaticDocumentInput } from "./write-static-document.ts";

/** The merged-id list's key in the manifest's `documents`. */
export const MERGED_IDS_DOCUMENT = "mergedIds";

/** The merged-id list as the build writes it: every id that answers as another game, in id order. */
export interface MergedIdsBody {
  readonly merged: readonly MergedIdEntry[];
}

/**
 * The ids of games that merged into another game (`game_merges`) and still answer: the game they
 * joined is a record of this catalog, and they are not records themselves.
 */
export function readMergedIds(db: CatalogDb): MergedIdEntry[] {
  return db
    .prepare<[], { id: number; into_id: number; platform: string; title: string }>(
      `SELECT m.id, m.into_id, m.platform, m.title FROM game_merges m
       WHERE m.into_id IN (SELECT id FROM games) AND m.id NOT IN (SELECT id FROM games) ORDER BY m.id`,
    )
    .all()
    .map((row) => ({ id: row.id, into: row.into_id, system: row.platform, title: row.title }));
}

/**
 * The merged-id list as a prebuilt document: the server answers a merged id with a redirect from
 * it, and a static host has it at a stable path.
 */
export function mergedIdsDocument(merged: readonly MergedIdEntry[]): StaticDocumentInput {
  const body: MergedIdsBody = { merged };
  return {
    name: "documents/merged-ids",
    staticFile: "static/merged-ids.json",
    body: JSON.stringify(body),
    contentType: "application/json",
  };
}

/** The merged ids of an earlier build (none when it predates the list or its file is gone). */
export function readBuiltMergedIds(buildDir: string, doc: BuiltDocument | undefined): readonly MergedIdEntry[] {
  if (!doc) return [];
  try {
    return (JSON.parse(readFileSync(path.join(buildDir, doc.file), "utf8")) as MergedIdsBody).merged;
  } catch {
    return [];
  }
}
