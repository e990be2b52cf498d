import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { describe, expect, inject, it } from "vitest";
import { hasRealRetool, realDataSkipReason, realRetoolSkipReason } from "../../helpers/paths.ts";

const real = inject("realCatalog");
const skip = real === null ? realDataSkipReason : !hasRealRetool ? realRetoolSkipReason : undefined;

describe.skipIf(skip !== undefined)(`RetroAchievements flags on the real catalog${skip ? ` (${skip})` : ""}`, () => {
  it("flags every release holding a listed dump, and no other", () => {
    if (!real) return;
    const db = new Database(real.dbFile, { readonly: true });
    try {
      // Per release: whether it is flagged, and whether one of its roms is a listed dump (on a platform the lists are for).
      const rows = db
        .prepare<[], { id: number; platform: string; flagged: number; hashes: string | null }>(
          `SELECT r.id, g.platform, r.extra_json LIKE '%"retroAchievements":true%' AS flagged,
             (SELECT group_concat(coalesce(m.sha1, '') || ' ' || coalesce(m.md5, ''), ' ') FROM roms m WHERE m.release_id = r.id) AS hashes
           FROM releases r JOIN games g ON g.id = r.game_id`,
        )
        .all();
      // RetroAchievements supports a dump on one console: each platform's own list, as the import read it.
      const listed = new Map<string, Set<string>>();
      for (const row of db
        .prepare<[], { platform: string; path: string }>("SELECT platform, path FROM source_files WHERE role = 'retool-retroachievements'")
        .all()) {
        const set = listed.get(row.platform) ?? new Set<string>();
        const data = JSON.parse(readFileSync(row.path, "utf8")) as { retroachievements: { sha1?: string; md5?: string }[] };
        for (const dump of data.retroachievements) {
          if (dump.sha1) set.add(dump.sha1.toLowerCase());
          if (dump.md5) set.add(dump.md5.toLowerCase());
        }
        listed.set(row.platform, set);
      }
      expect(listed.size).toBeGreaterThan(40);
      let flagged = 0;
      const wrong: string[] = [];
      for (const row of rows) {
        const own = listed.get(row.platform);
        const holds = own !== undefined && (row.hashes ?? "").split(" ").some((h) => h !== "" && own.has(h));
        if (row.flagged === 1) flagged++;
        if (holds !== (row.flagged === 1) && wrong.length < 10)
          wrong.push(`release ${row.id} (${row.platform}): listed ${holds}, flagged ${row.flagged === 1}`);
      }
      console.log(`RetroAchievements: ${flagged} releases flagged`);
      expect(wrong).toEqual([]);
      expect(flagged).toBeGreaterThan(10_000);
    } finally {
      db.close();
    }
  });
});
