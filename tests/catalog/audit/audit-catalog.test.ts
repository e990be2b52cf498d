import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { auditCatalogFile, auditCounts, type CatalogAudit } from "../../../src/catalog/audit/audit-catalog.ts";
import { auditSummary } from "../../../src/catalog/audit/audit-summary.ts";
import { auditCountsLine, auditSummaryLine, formatAudit } from "../../../src/catalog/audit/format-audit.ts";
import { openCatalogDb } from "../../../src/catalog/db/catalog-db.ts";
import { importCatalog } from "../../../src/catalog/import/import-catalog.ts";
import { platformsFile } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

const hash = (seed: number, digits: number): string => seed.toString(16).padStart(digits, "0").slice(-digits);
const rom = (name: string, seed: number): string =>
  `rom ( name "${name}" size ${1024 + seed} crc ${hash(seed, 8)} md5 ${hash(seed, 32)} sha1 ${hash(seed, 40)} )`;
/** A zero-length file: every empty file has this SHA-1, so it says nothing about identity. */
const emptyRom = (name: string): string =>
  `rom ( name "${name}" size 0 crc 00000000 md5 d41d8cd98f00b204e9800998ecf8427e sha1 da39a3ee5e6b4b0d3255bfef95601890afd80709 )`;
const clr = (system: string, games: string[]): string =>
  `clrmamepro (\n\tname "${system}"\n)\n\n${games.map((g) => `game (\n${g}\n)\n`).join("\n")}`;
const game = (name: string, romLine: string): string => `\tname "${name}"\n\t${romLine}`;

const gg = "Sega - Game Gear";
/** The same dump as Hang-On: its compilation with Safari Hunt stays apart from it. */
const HANG_ON = 1;
/** One file under four titles: generic, so it joins none of them. */
const DEMO = 2;
const MEGA_MAN = 3;
const PINBALL = 4;
const BOOT_ROM = 5;

/**
 * A libretro checkout: No-Intro and TOSEC Game Gear DATs, and the split MAME 2003 and FBNeo DATs.
 * `megaManSeed` is Mega Man's file: Rockman's (one work, two records merged) or its own.
 */
function writeCheckout(root: string, megaManSeed: number): void {
  for (const dir of ["dat", "metadat/no-intro", "metadat/tosec", "metadat/mame-split", "metadat/fbneo-split"])
    mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(
    path.join(root, "metadat/no-intro", `${gg}.dat`),
    clr(gg, [
      game("Hang-On (Europe)", rom("Hang-On (Europe).gg", HANG_ON)),
      game("Hang-On + Safari Hunt (Europe)", rom("Hang-On + Safari Hunt (Europe).gg", HANG_ON)),
      game("Demo Disk A (Japan)", rom("Demo Disk A (Japan).gg", DEMO)),
      game("Demo Disk B (Japan)", rom("Demo Disk B (Japan).gg", DEMO)),
      game("Demo Disk C (Japan)", rom("Demo Disk C (Japan).gg", DEMO)),
      game("Rockman (Japan)", rom("Rockman (Japan).gg", MEGA_MAN)),
      game("Mega Man (USA)", rom("Mega Man (USA).gg", megaManSeed)),
      game("Pinball (USA)", rom("Pinball (USA).gg", PINBALL)),
      game("Pinball - Extra Table (USA) (DLC)", rom("Pinball - Extra Table (USA) (DLC).gg", PINBALL)),
      game("[BIOS] Game Gear Boot ROM (Japan)", rom("[BIOS] Game Gear Boot ROM (Japan).bin", BOOT_ROM)),
      game("[BIOS] Majesco Boot ROM (USA)", rom("[BIOS] Majesco Boot ROM (USA).bin", BOOT_ROM)),
      game("Lost Expansion (Europe) (DLC)", rom("Lost Expansion (Europe) (DLC).gg", 6)),
      game("0004000000055d00 (USA)", rom("0004000000055d00 (USA).gg", 7)),
      game("Empty Slot A (World)", emptyRom("Empty Slot A (World).gg")),
      game("Empty Slot B (World)", emptyRom("Empty Slot B (World).gg")),
    ]),
  );
  writeFileSync(path.join(root, "metadat/tosec", `${gg}.dat`), clr(gg, [game("Demo Disk D", rom("Demo Disk D (1990)(Pub).gg", DEMO))]));
  writeFileSync(
    path.join(root, "metadat/mame-split", "MAME 2003.dat"),
    clr("MAME 2003", [
      game("Street Fighter II - The World Warrior (World 910522)", rom("sf2.zip", 20)),
      game("Aero Fighters 2", rom("aerofgt2.zip", 21)),
    ]),
  );
  writeFileSync(
    path.join(root, "metadat/fbneo-split", "FBNeo - Arcade Games.dat"),
    clr("FBNeo - Arcade Games", [
      game("Street Fighter II - The World Warrior (World 910522)", rom("sf2.zip", 20)),
      game("Aero Fighters 2 / Sonic Wings 2", rom("sonicwi2.zip", 22)),
      game("Neo-Geo BIOS", rom("neogeo.zip", 23)),
    ]),
  );
}

const titles = (records: readonly { title: string }[]): string[] => records.map((r) => r.title);

describe("ludex audit of an imported libretro checkout", () => {
  const root = path.join(tempDir(), "libretro-database");
  const dbFile = path.join(tempDir(), "catalog.db");
  let audit: CatalogAudit;
  beforeAll(() => {
    // Mega Man first has a file of its own; the second import finds Rockman's file under it and merges the two records.
    writeCheckout(root, 30);
    importCatalog({ sources: [root], dbFile, platformsFile });
    writeCheckout(root, MEGA_MAN);
    importCatalog({ sources: [root], dbFile, platformsFile });
    audit = auditCatalogFile(dbFile);
  });

  it("counts records per kind and per platform", () => {
    expect(audit.records).toEqual({
      total: 18,
      byKind: { game: 13, addon: 2, bios: 3 },
      byPlatform: {
        // "Aero Fighters 2 / Sonic Wings 2" (FBNeo) and "Aero Fighters 2" (MAME 2003) are one game.
        arcade: { total: 3, byKind: { game: 2, bios: 1 } },
        "game-gear": { total: 15, byKind: { game: 11, addon: 2, bios: 2 } },
      },
    });
  });

  it("lists the dumps left in several records with why: generic, compilation, kind, BIOS; none unexplained", () => {
    const { byReason } = audit.sameDump;
    expect(audit.sameDump.total).toBe(4);
    expect(byReason.unexplained).toEqual({ total: 0, examples: [] });
    const only = (reason: keyof typeof byReason): { hash: string; recordCount: number; titles: string[] } => {
      expect(byReason[reason].total, reason).toBe(1);
      const [split] = byReason[reason].examples;
      expect(split?.platform).toBe("game-gear");
      return { hash: split?.hash ?? "", recordCount: split?.recordCount ?? 0, titles: titles(split?.records ?? []).sort() };
    };
    expect(only("generic")).toEqual({
      hash: hash(DEMO, 40),
      recordCount: 4,
      titles: ["Demo Disk A", "Demo Disk B", "Demo Disk C", "Demo Disk D"],
    });
    expect(only("compilation")).toEqual({ hash: hash(HANG_ON, 40), recordCount: 2, titles: ["Hang-On", "Hang-On + Safari Hunt"] });
    expect(only("kind")).toEqual({ hash: hash(PINBALL, 40), recordCount: 2, titles: ["Pinball", "Pinball - Extra Table"] });
    expect(only("bios")).toEqual({ hash: hash(BOOT_ROM, 40), recordCount: 2, titles: ["Game Gear Boot ROM", "Majesco Boot ROM"] });
  });

  it('finds no arcade title, set name or "A / B" title part in two records', () => {
    expect(audit.arcade.titles).toEqual({ total: 0, examples: [] });
    expect(audit.arcade.setNames).toEqual({ total: 0, examples: [] });
    expect(audit.arcade.alternateTitles).toEqual({ total: 0, examples: [] });
  });

  it("lists the add-on without a base game, not the one linked to its game", () => {
    expect(audit.addons.count).toBe(2);
    expect(audit.addons.total).toBe(1);
    expect(audit.addons.byPlatform).toEqual({ "game-gear": 1 });
    expect(audit.addons.examples).toMatchObject([{ title: "Lost Expansion", kind: "addon", platform: "game-gear" }]);
  });

  it("lists the title that is an id, with its platform", () => {
    expect(audit.idLikeTitles.total).toBe(1);
    expect(audit.idLikeTitles.byPlatform).toEqual({ "game-gear": 1 });
    expect(audit.idLikeTitles.examples).toMatchObject([{ title: "0004000000055d00", platform: "game-gear", kind: "game" }]);
  });

  it("finds no game record holding an add-on release", () => {
    expect(audit.gamesWithAddonReleases).toEqual({ total: 0, examples: [] });
  });

  it("counts the merged id by platform, and it points to the live record of the work", () => {
    expect(audit.merges.total).toBe(1);
    expect(audit.merges.byPlatform).toEqual({ "game-gear": 1 });
    expect(audit.merges.dangling).toEqual({ total: 0, examples: [] });
    expect(audit.merges.live).toEqual({ total: 0, examples: [] });
  });

  it("prints each section as text and the one-line build summary", () => {
    const text = formatAudit(audit);
    expect(text).toContain("records: 18");
    expect(text).toMatch(/^ {2}platform +total +game +addon +bios$/m);
    expect(text).toMatch(/^ {2}game-gear +15 +11 +2 +2$/m);
    expect(text).toMatch(/^ {2}unexplained +0$/m);
    expect(text).toContain(`game-gear ${hash(DEMO, 40)}, 4 records:`);
    expect(text).toContain("add-ons, updates and cosmetics without a base game: 1 of 2\n  by platform: game-gear 1\n    #");
    expect(text).toContain("merged ids: 1; every one points to a live game");
    expect(auditSummaryLine(audit)).toMatch(
      /^audit: 13 games, 2 add-ons \(1 without base\), 0 unexplained same-dump splits, 0 arcade repeats \(0 by alternate title\), 0 games with add-on releases, 1 id-like titles; \d+\.\d s/,
    );
  });

  it("makes the build's summary line from per-platform figures, auditing again only the platforms imported since", () => {
    const kept = path.join(tempDir(), "audit", "summary.json");
    const untimed = (line: string): string => line.replace(/; \d+\.\d s \(/, "; (");
    let large = 0;
    const first = auditSummary(dbFile, kept, () => large++);
    // Nothing kept yet: every platform is audited, a large audit (run at the lowest priority in the build's worker).
    expect(large).toBe(1);
    expect(untimed(auditCountsLine(first.counts, first.elapsedMs))).toBe(untimed(auditSummaryLine(audit)));
    const db = openCatalogDb(dbFile, { readonly: true });
    const all = auditCounts(db, { examples: 0 }).platforms;
    for (const slug of Object.keys(all)) expect(auditCounts(db, { examples: 0, platforms: [slug] }).platforms[slug]).toEqual(all[slug]);
    db.close();
    // A kept figure is used as it is while its platform's fingerprint stands.
    const summary = JSON.parse(readFileSync(kept, "utf8")) as { platforms: Record<string, { counts: { games: number } }> };
    const gameGear = summary.platforms["game-gear"];
    if (gameGear) gameGear.counts.games += 100;
    writeFileSync(kept, JSON.stringify(summary));
    expect(auditSummary(dbFile, kept, () => large++).counts.games).toBe(first.counts.games + 100);
    expect(large).toBe(1);
  });

  it("reports what the rules should have prevented, on a catalog changed behind the import's back", () => {
    const broken = path.join(tempDir(), "broken.db");
    copyFileSync(dbFile, broken);
    const db = new Database(broken);
    const idOf = (title: string): number =>
      db.prepare<[string], number>("SELECT id FROM games WHERE title = ?").pluck().get(title) ?? Number.NaN;
    // A single game holding Hang-On's file: Hang-On and it are one work by the rules, yet two records.
    db.prepare("UPDATE roms SET sha1 = ? WHERE release_id IN (SELECT id FROM releases WHERE game_id = ?)").run(
      hash(HANG_ON, 40),
      idOf("0004000000055d00"),
    );
    db.prepare("UPDATE releases SET name = 'Mega Man (USA) (DLC)' WHERE name = 'Mega Man (USA)'").run();
    // The arcade game in two records, one of which holds sf2's set name too.
    const copy = db
      .prepare(
        "INSERT INTO games (platform, title_key, title, metadata_json, kind) VALUES ('arcade', 'aero fighters 2 copy', 'Aero Fighters 2', '{}', 'game')",
      )
      .run().lastInsertRowid;
    db.prepare("UPDATE releases SET game_id = ? WHERE name = 'Aero Fighters 2 / Sonic Wings 2'").run(copy);
    db.prepare(`UPDATE releases SET extra_json = '{"setName":"sf2","sources":["mame-split"]}' WHERE name = 'Aero Fighters 2'`).run();
    db.prepare("INSERT INTO game_merges (id, into_id, platform, title, merged_at) VALUES (9001, 9002, 'game-gear', 'Gone', '')").run();
    db.prepare("INSERT INTO game_merges (id, into_id, platform, title, merged_at) VALUES (?, ?, 'game-gear', 'Pinball', '')").run(
      idOf("Pinball"),
      idOf("Mega Man"),
    );
    db.close();

    const found = auditCatalogFile(broken, { examples: 5 });
    expect(found.sameDump.byReason.unexplained.total).toBe(1);
    expect(titles(found.sameDump.byReason.unexplained.examples[0]?.records ?? []).sort()).toEqual([
      "0004000000055d00",
      "Hang-On",
      "Hang-On + Safari Hunt",
    ]);
    expect(found.sameDump.byReason.compilation.total).toBe(0);
    expect(found.gamesWithAddonReleases).toEqual({
      total: 1,
      examples: [{ record: expect.objectContaining({ title: "Mega Man" }), release: "Mega Man (USA) (DLC)", releaseKind: "addon" }],
    });
    expect(found.arcade.titles.total).toBe(1);
    expect(found.arcade.titles.examples[0]?.key).toBe("aero fighters 2");
    expect(found.arcade.alternateTitles.total).toBe(0);
    expect(found.arcade.setNames.total).toBe(1);
    expect(found.arcade.setNames.examples[0]?.key).toBe("sf2");
    expect(titles(found.arcade.setNames.examples[0]?.records ?? []).sort()).toEqual([
      "Aero Fighters 2",
      "Street Fighter II - The World Warrior",
    ]);
    expect(found.merges.total).toBe(3);
    expect(found.merges.dangling).toEqual({ total: 1, examples: [{ id: 9001, into: 9002, platform: "game-gear", title: "Gone" }] });
    expect(found.merges.live.total).toBe(1);
    expect(found.merges.live.examples[0]?.title).toBe("Pinball");
  });
});
