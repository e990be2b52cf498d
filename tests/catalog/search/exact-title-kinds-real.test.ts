import Database from "better-sqlite3";
import { describe, expect, inject, it } from "vitest";
import type { ContentKind } from "../../../src/catalog/identity/content-kind.ts";
import { searchGames } from "../../../src/catalog/search/search-games.ts";
import { loadCatalogSnapshot } from "../../../src/catalog/store/catalog-snapshot.ts";
import { realDataSkipReason } from "../../helpers/paths.ts";

const real = inject("realCatalog");

describe.skipIf(real === null)(`exact titles of every kind on the real catalog${real === null ? ` (${realDataSkipReason})` : ""}`, () => {
  it("finds at least 95% of a random sample of records of every kind in the top 3 on their platform, without a kind", () => {
    if (!real) return;
    const db = new Database(real.dbFile, { readonly: true });
    const rows = (() => {
      try {
        // Half games, half the other kinds: the other kinds are what the default used to hide.
        const pick = (kind: string): { id: number; platform: string; title: string; kind: ContentKind }[] =>
          db
            .prepare<[], { id: number; platform: string; title: string; kind: ContentKind }>(
              `SELECT id, platform, title, kind FROM games WHERE kind ${kind} ORDER BY (id * 2654435761) % 4294967296 LIMIT 200`,
            )
            .all();
        return [...pick("= 'game'"), ...pick("<> 'game'")];
      } finally {
        db.close();
      }
    })();
    const snapshot = loadCatalogSnapshot(real.buildDir);
    let found = 0;
    const misses: string[] = [];
    for (const row of rows) {
      const top = searchGames(snapshot.searchScope(row.platform), { query: row.title, limit: 3 }).results.map((r) => r.id);
      if (top.includes(row.id)) found++;
      else if (misses.length < 10) misses.push(`${row.title} (${row.platform}, ${row.kind})`);
    }
    console.log(`exact titles, default kind: ${found}/${rows.length} in the top 3; missed e.g. ${misses.join(" | ")}`);
    expect(found / rows.length).toBeGreaterThanOrEqual(0.95);
  });
});
