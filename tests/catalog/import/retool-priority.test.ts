import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { importCatalog } from "../../../src/catalog/import/import-catalog.ts";
import { platformsFile } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

/** A NES DAT of one game: its retail cartridge, a later budget edition (a newer revision), and a European cartridge. */
function writeDat(dir: string): void {
  mkdirSync(path.join(dir, "metadat", "no-intro"), { recursive: true });
  const game = (name: string, n: number): string => {
    const sha1 = String(n).repeat(40);
    return `game (\n\tname "${name}"\n\trom ( name "${name}.nes" size 40976 crc 0000000${n} sha1 ${sha1} )\n)\n`;
  };
  writeFileSync(
    path.join(dir, "metadat", "no-intro", "Nintendo - Nintendo Entertainment System.dat"),
    `clrmamepro (\n\tname "Nintendo - Nintendo Entertainment System"\n)\n\n${[
      game("Blue Bomber (Europe)", 1),
      game("Blue Bomber (USA)", 2),
      game("Blue Bomber Budget Edition (USA) (Rev 1)", 3),
    ].join("\n")}`,
  );
}

function writeRetool(dir: string, budgetPriority: number | undefined): void {
  for (const folder of ["clonelists", "metadata", "retroachievements"]) mkdirSync(path.join(dir, folder), { recursive: true });
  const budget = { searchTerm: "Blue Bomber Budget Edition", ...(budgetPriority === undefined ? {} : { priority: budgetPriority }) };
  writeFileSync(
    path.join(dir, "clonelists", "Nintendo - Nintendo Entertainment System (No-Intro).json"),
    JSON.stringify({ variants: [{ group: "Blue Bomber", titles: [{ searchTerm: "Blue Bomber" }, budget] }] }),
  );
}

/** The release names of the one NES record, best first (release ids follow the record's order). */
function releaseOrder(dbFile: string): string[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    expect(db.prepare("SELECT count(*) FROM games WHERE platform = 'nes'").pluck().get()).toBe(1);
    return db.prepare<[], string>("SELECT name FROM releases ORDER BY id").pluck().all();
  } finally {
    db.close();
  }
}

describe("a clone-list title's priority", () => {
  const root = tempDir();
  const dats = path.join(root, "libretro");
  writeDat(dats);

  it("ranks a lower-priority title after the others of its region, never before a preferred region", () => {
    const plain = path.join(root, "plain");
    writeRetool(plain, undefined);
    const withoutPriority = path.join(root, "without.db");
    importCatalog({ sources: [dats, plain], dbFile: withoutPriority, platformsFile });
    // Without a priority the newest revision of the USA releases leads.
    expect(releaseOrder(withoutPriority)).toEqual([
      "Blue Bomber Budget Edition (USA) (Rev 1)",
      "Blue Bomber (USA)",
      "Blue Bomber (Europe)",
    ]);

    const ranked = path.join(root, "ranked");
    writeRetool(ranked, 2);
    const withPriority = path.join(root, "with.db");
    importCatalog({ sources: [dats, ranked], dbFile: withPriority, platformsFile });
    expect(releaseOrder(withPriority)).toEqual(["Blue Bomber (USA)", "Blue Bomber Budget Edition (USA) (Rev 1)", "Blue Bomber (Europe)"]);
  });
});
