import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { importCatalog } from "../../../src/catalog/import/import-catalog.ts";
import { platformsFile } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

/** A No-Intro DAT of `platform`'s system with one rom a game. */
function writeDat(dir: string, system: string, names: readonly string[]): void {
  mkdirSync(path.join(dir, "metadat", "no-intro"), { recursive: true });
  const games = names.map((name, i) => {
    const sha1 = (i + 1).toString(16).padStart(40, "0");
    return `game (\n\tname "${name}"\n\trom ( name "${name}.bin" size 1024 crc ${sha1.slice(-8)} sha1 ${sha1} )\n)\n`;
  });
  writeFileSync(path.join(dir, "metadat", "no-intro", `${system}.dat`), `clrmamepro (\n\tname "${system}"\n)\n\n${games.join("\n")}`);
}

interface Row {
  readonly id: number;
  readonly title: string;
  readonly kind: string;
}

function records(dbFile: string): Row[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare<[], Row>("SELECT id, title, kind FROM games ORDER BY id").all();
  } finally {
    db.close();
  }
}

/**
 * Folds every release of the catalog into the record of `keep`, as an earlier rule that joined
 * them would have stored it, and marks the platforms changed so that the next import assigns ids again.
 */
function joinAll(dbFile: string, keep: number): void {
  const db = new Database(dbFile);
  try {
    db.prepare("UPDATE releases SET game_id = ?").run(keep);
    db.prepare("DELETE FROM games WHERE id <> ?").run(keep);
    db.prepare("UPDATE games SET kind = 'game' WHERE id = ?").run(keep);
    db.prepare("UPDATE platforms SET fingerprint = 'earlier rules'").run();
  } finally {
    db.close();
  }
}

describe("ids when a record splits", () => {
  it("leave the game's id with the game, not with the part that holds more releases", () => {
    const dats = path.join(tempDir(), "dats");
    writeDat(dats, "Microsoft - Xbox 360", [
      "Blaster Saga (USA)",
      "Blaster Saga (USA) (Title Update 1)",
      "Blaster Saga (USA) (Title Update 2)",
      "Blaster Saga (USA) (Title Update 3)",
    ]);
    const dbFile = path.join(tempDir(), "catalog.db");
    importCatalog({ sources: [dats], dbFile, platformsFile });
    const first = records(dbFile);
    const game = first.find((r) => r.kind === "game");
    expect(first.map((r) => r.kind).sort()).toEqual(["game", "update"]);
    if (!game) throw new Error("no game record");
    // Stored as one game record holding its three updates, then split again by the import.
    joinAll(dbFile, game.id);
    importCatalog({ sources: [dats], dbFile, platformsFile });
    const after = records(dbFile);
    expect(after.find((r) => r.id === game.id)?.kind).toBe("game");
    expect(after.find((r) => r.kind === "update")?.id).toBeGreaterThan(game.id);
  });

  it("leave a record's id with the part that holds its best release, not with the larger part", () => {
    const dats = path.join(tempDir(), "dats");
    writeDat(dats, "Nintendo - Super Nintendo Entertainment System", [
      "Alpha Rally (USA)",
      "Zeta Cup (USA)",
      "Zeta Cup (Europe)",
      "Zeta Cup (Japan)",
    ]);
    const dbFile = path.join(tempDir(), "catalog.db");
    importCatalog({ sources: [dats], dbFile, platformsFile });
    const alpha = records(dbFile).find((r) => r.title === "Alpha Rally");
    if (!alpha) throw new Error("no Alpha Rally");
    // An earlier rule joined Zeta Cup into Alpha Rally's record, whose first (best) release stayed Alpha Rally's.
    joinAll(dbFile, alpha.id);
    importCatalog({ sources: [dats], dbFile, platformsFile });
    const after = records(dbFile);
    expect(after.find((r) => r.title === "Alpha Rally")?.id).toBe(alpha.id);
    expect(after.find((r) => r.title === "Zeta Cup")?.id).toBeGreaterThan(alpha.id);
  });

  it("leave a record's id with the game under its title when a renamed bonus disc that led it splits off", () => {
    const dats = path.join(tempDir(), "dats");
    writeDat(dats, "Microsoft - Xbox 360", ["Night Story (USA, Europe) (Bonus Disc)", "Night Story (World)"]);
    const dbFile = path.join(tempDir(), "catalog.db");
    importCatalog({ sources: [dats], dbFile, platformsFile });
    const first = records(dbFile);
    expect(first.map((r) => r.title).sort()).toEqual(["Night Story", "Night Story - Bonus Disc"]);
    const game = first.find((r) => r.title === "Night Story");
    if (!game) throw new Error("no Night Story");
    // Stored as one record titled by the game whose first (best) release was the bonus disc, as before the bonus-disc rule.
    joinAll(dbFile, game.id);
    const db = new Database(dbFile);
    try {
      const ids = db.prepare<[], { id: number; name: string }>("SELECT id, name FROM releases ORDER BY id").all();
      const bonus = ids.find((r) => r.name.includes("Bonus"));
      const retail = ids.find((r) => !r.name.includes("Bonus"));
      if (!bonus || !retail) throw new Error("two releases expected");
      if (bonus.id > retail.id) {
        db.pragma("foreign_keys = OFF");
        for (const [from, to] of [
          [bonus.id, -1],
          [retail.id, bonus.id],
          [-1, retail.id],
        ] as const) {
          db.prepare("UPDATE releases SET id = ? WHERE id = ?").run(to, from);
          db.prepare("UPDATE roms SET release_id = ? WHERE release_id = ?").run(to, from);
        }
      }
      expect(
        db.prepare<[number], { name: string }>("SELECT name FROM releases WHERE game_id = ? ORDER BY id LIMIT 1").get(game.id)?.name,
      ).toContain("Bonus Disc");
    } finally {
      db.close();
    }
    importCatalog({ sources: [dats], dbFile, platformsFile });
    const after = records(dbFile);
    expect(after.find((r) => r.id === game.id)?.title).toBe("Night Story");
    expect(after.find((r) => r.title === "Night Story - Bonus Disc")?.id).toBeGreaterThan(game.id);
  });
});
