import path from "node:path";
import { describe, expect, it } from "vitest";
import { openCatalogDb } from "../../../src/catalog/db/catalog-db.ts";
import { auditIdentityClasses } from "../../../src/catalog/audit/identity-classes.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

describe("auditIdentityClasses", () => {
  it("counts spelling variants apart, credit splits, PlayChoice-10 sets beside arcade sets and A / B joins", () => {
    const db = openCatalogDb(path.join(tempDir("ludex-identity-audit-"), "catalog.db"));
    try {
      for (const slug of ["dos", "arcade"])
        db.prepare("INSERT INTO platforms (slug, info_json, fingerprint) VALUES (?, '{}', 'f')").run(slug);
      const game = db.prepare<[string, string, string]>(
        "INSERT INTO games (platform, title_key, title, metadata_json) VALUES (?, ?, ?, '{}')",
      );
      const release = db.prepare<[number, string]>(
        "INSERT INTO releases (game_id, name, source, regions_json, languages_json, status, flags_json) VALUES (?, ?, 'dat', '[]', '[]', 'release', '[]')",
      );
      const add = (platform: string, key: string, title: string, names: string[]): void => {
        const id = Number(game.run(platform, key, title).lastInsertRowid);
        for (const name of names) release.run(id, name);
      };
      add("dos", "hell bent", "Hell Bent", ["Hell Bent (1990)"]);
      add("dos", "hellbent", "Hellbent", ["Hellbent (1991)"]);
      add("dos", "super tetris", "Super Tetris", ["Super Tetris (1991)"]);
      add("dos", "super tetris\u00021", "Super Tetris", ["Super Tetris (1995)"]);
      add("arcade", "contra", "Contra", ["Contra (US / Asia, set 1)", "Contra (PlayChoice-10)"]);
      add("arcade", "aero fighters 2", "Aero Fighters 2", ["Aero Fighters 2 / Sonic Wings 2", "Sonic Wings 2 (Japan)"]);
      const classes = auditIdentityClasses(db, undefined, 10);
      expect(classes.spellingVariantsApart.total).toBe(1);
      expect(classes.spellingVariantsApart.examples[0]?.records.map((r) => r.title)).toEqual(["Hell Bent", "Hellbent"]);
      expect(classes.creditSplits).toMatchObject({ total: 1, byPlatform: { dos: 1 } });
      expect(classes.playChoiceWithArcade.examples.map((r) => r.title)).toEqual(["Contra"]);
      expect(classes.titlePartJoins.examples.map((r) => r.title)).toEqual(["Aero Fighters 2"]);
      expect(auditIdentityClasses(db, ["dos"], 10).playChoiceWithArcade.total).toBe(0);
    } finally {
      db.close();
    }
  });
});
