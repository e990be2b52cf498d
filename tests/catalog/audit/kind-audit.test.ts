import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { auditCatalogFile } from "../../../src/catalog/audit/audit-catalog.ts";
import { formatAudit } from "../../../src/catalog/audit/format-audit.ts";
import { importCatalog } from "../../../src/catalog/import/import-catalog.ts";
import { platformsFile } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

const hash = (seed: number, digits: number): string => seed.toString(16).padStart(digits, "0").slice(-digits);
const rom = (name: string, seed: number): string =>
  `rom ( name "${name}" size ${1024 + seed} crc ${hash(seed, 8)} md5 ${hash(seed, 32)} sha1 ${hash(seed, 40)} )`;
const clr = (system: string, games: readonly (readonly [string, number])[]): string =>
  `clrmamepro (\n\tname "${system}"\n)\n\n${games.map(([name, seed]) => `game (\n\tname "${name}"\n\t${rom(`${name}.bin`, seed)}\n)\n`).join("\n")}`;

describe("the kind audit", () => {
  it("counts store downloads read by their titles (by rule), fantasy-console update carts, and demos kept in their game's record", () => {
    const dir = tempDir("kind-audit");
    const source = path.join(dir, "libretro-database");
    mkdirSync(path.join(source, "metadat/no-intro"), { recursive: true });
    mkdirSync(path.join(source, "dat"), { recursive: true });
    writeFileSync(
      path.join(source, "metadat/no-intro", "Sony - PlayStation 3.dat"),
      clr("Sony - PlayStation 3", [
        ["BBC Sport Player (Europe)", 1],
        ["Smobile Themes - Akako Ekittie (Europe)", 2],
        ["Fall Refresh 2011 - 3.70 IDU FW Update (USA)", 3],
        ["Blokus (Japan)", 4],
        ["Blokus (Japan) (Taikenban)", 5],
        ["Sample Only (Japan) (Demo)", 6],
        ["NHL Gamecenter (USA)", 10],
        ["Zen Pinball 2 - Mars (USA) (Unlock Key)", 11],
        ["Zen Pinball 2 - Mars (Europe) (Unlock Key)", 12],
        ["Twitch (USA)", 14],
        ["FirstPlay Episode 001 (Europe)", 15],
      ]),
    );
    // libretro's own PS3 DAT gives PSN serials; "NPUO" is Sony's category of non-game apps.
    writeFileSync(
      path.join(source, "dat", "Sony - PlayStation 3.dat"),
      `clrmamepro (\n\tname "Sony - PlayStation 3"\n)\n\ngame (\n\tname "NHL GameCenter"\n\tserial "NPUO00008"\n\t${rom("NHL GameCenter.iso", 13)}\n)\n`,
    );
    // libretro's Wii homebrew programs carry "D" serials: tool words are read on them only.
    const wii = (name: string, serial: string, seed: number): string =>
      `game (\n\tname "${name}"\n\tserial "${serial}"\n\t${rom(`${name}.dol`, seed)}\n)\n`;
    writeFileSync(
      path.join(source, "dat", "Nintendo - Wii.dat"),
      `clrmamepro (\n\tname "Nintendo - Wii"\n)\n\n${wii("Superdump", "DSDA", 16)}\n${wii("Sqrxz 2", "DSQA", 17)}`,
    );
    writeFileSync(
      path.join(source, "dat", "PICO-8.dat"),
      clr("PICO-8", [
        ["Again!", 7],
        ["Again! (Update 3)", 8],
        ["Apex Point (Update 4)", 9],
      ]),
    );
    const dbFile = path.join(dir, "catalog.db");
    importCatalog({ sources: [source], dbFile, platformsFile });
    const audit = auditCatalogFile(dbFile);
    expect(audit.kinds.storeNonGames.total).toBe(8);
    expect(audit.kinds.storeNonGames.byKind).toEqual({ application: 4, cosmetic: 1, bios: 1, addon: 1, video: 1 });
    // "NHL Gamecenter" is read by its brand before its app serial; the unlock-key record by no title rule.
    expect(audit.kinds.storeNonGames.byRule).toEqual({ "title-words": 3, service: 2, "video-show": 1, "homebrew-words": 1, other: 1 });
    expect(audit.kinds.unlockKeyRecords.total).toBe(1);
    expect(audit.kinds.unlockKeyRecords.examples[0]).toMatchObject({ title: "Zen Pinball 2 - Mars", kind: "addon" });
    expect(audit.kinds.appSerialRecords.total).toBe(1);
    expect(audit.kinds.appSerialRecords.examples[0]).toMatchObject({ title: "NHL Gamecenter", kind: "application" });
    expect(audit.kinds.kindDisagreements.total).toBe(0);
    expect(audit.kinds.cartUpdates).toEqual({ records: 2, notGames: { total: 0, examples: [] } });
    expect(audit.kinds.demosInRetailRecords.total).toBe(1);
    expect(audit.kinds.demosInRetailRecords.examples[0]).toMatchObject({ title: "Blokus", release: "Blokus (Japan) (Taikenban)" });
    expect(audit.kinds.demoOnlyRecords).toBe(1);
    const text = formatAudit(audit);
    expect(text).toContain("store downloads read as other than games by their titles or app serials: 8 (");
    expect(text).toContain("  by rule: homebrew-words 1, other 1, service 2, title-words 3, video-show 1");
    expect(text).toContain("store records made of unlock keys alone (add-ons): 1");
    expect(text).toContain("store applications by the platform's app serials: 1");
    expect(text).toContain('fantasy-console records with an "(Update N)" cart: 2, not games: 0');
    expect(text).toContain("game records holding demo, trial or kiosk releases beside finished ones: 1; demo-only game records: 1");
  });
});
