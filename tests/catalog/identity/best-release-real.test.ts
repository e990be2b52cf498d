import Database from "better-sqlite3";
import { describe, expect, inject, it } from "vitest";
import { thumbnailName } from "../../../src/catalog/artwork/thumbnail-name.ts";
import type { GameRecord } from "../../../src/catalog/record/game-record.ts";
import { loadCatalogSnapshot, recordJson } from "../../../src/catalog/store/catalog-snapshot.ts";
import { realDataSkipReason } from "../../helpers/paths.ts";

const real = inject("realCatalog");

/** Tags of a No-Intro or Redump name that make it anything but a plain retail release (read here on their own, not by the import's rules). */
const NOT_RETAIL_RE =
  /\((?:[^)]*\b(?:Collection|Collector's Series|Virtual Console|Switch Online|Evercade|Capcom Town|Proto|Beta|Demo|Sample|Kiosk|Aftermarket|Pirate|Hack|Unl|Mini|Arcade Archives|Alpha|Preview)\b[^)]*)\)|\[/i;

describe.skipIf(real === null)(`the first release of real records${real === null ? ` (${realDataSkipReason})` : ""}`, () => {
  const db = real ? new Database(real.dbFile, { readonly: true }) : undefined;
  const first = (platform: string, title: string): string | undefined =>
    db
      ?.prepare<[string, string], string>(
        "SELECT r.name FROM releases r JOIN games g ON g.id = r.game_id WHERE g.platform = ? AND g.title = ? AND g.kind = 'game' ORDER BY r.id LIMIT 1",
      )
      .pluck()
      .get(platform, title);

  it("is a retail USA or Japan cartridge for Mega Man X (SNES), and the retail cartridge for Castlevania (NES)", () => {
    expect(first("snes", "Mega Man X")).toMatch(/^(?:Mega Man X \(USA\)|Rockman X \(Japan\))/);
    expect(first("snes", "Mega Man X")).not.toMatch(NOT_RETAIL_RE);
    expect(first("nes", "Castlevania")).toMatch(/^Castlevania \(USA\)/);
  });

  it("leads Mega Man X's served record, and its artwork candidates start from it", () => {
    const id = db
      ?.prepare<[], number>("SELECT id FROM games WHERE platform = 'snes' AND title = 'Mega Man X' AND kind = 'game'")
      .pluck()
      .get();
    const json = real && id !== undefined ? recordJson(loadCatalogSnapshot(real.buildDir).record(id)) : undefined;
    if (json === undefined) throw new Error("no served record for Mega Man X (SNES)");
    const record = JSON.parse(json) as GameRecord;
    const best = record.releases[0]?.name ?? "";
    expect(best).toBe(first("snes", "Mega Man X"));
    expect(record.releases.map((r) => r.name)).toContain("Mega Man X (World) (En) (Mega Man X Legacy Collection)");
    const boxart = record.artwork?.boxart;
    expect(boxart?.url).toContain(`/Named_Boxarts/${encodeURIComponent(thumbnailName(best))}.png`);
  });

  it("is a retail release in at least 99% of the records that have one", () => {
    if (!db) return;
    const rows = db
      .prepare<[], { id: number; names: string; sources: string }>(
        "SELECT g.id, group_concat(r.name, char(1)) AS names, group_concat(r.source, char(1)) AS sources FROM games g JOIN releases r ON r.game_id = g.id WHERE g.kind = 'game' GROUP BY g.id ORDER BY g.id",
      )
      .all();
    let withRetail = 0;
    let leading = 0;
    const misses: string[] = [];
    for (const row of rows) {
      // Release ids follow the record's order: the first is the best.
      const names = row.names.split("\u0001");
      const sources = row.sources.split("\u0001");
      const retail = names.filter((n, i) => (sources[i] === "no-intro" || sources[i] === "redump") && !NOT_RETAIL_RE.test(n));
      if (retail.length === 0) continue;
      withRetail++;
      const head = names[0] ?? "";
      if (!NOT_RETAIL_RE.test(head)) leading++;
      else if (misses.length < 10) misses.push(`#${row.id} ${head}`);
    }
    console.log(
      `records with a retail release: ${withRetail}, leading with one: ${leading} (${((100 * leading) / withRetail).toFixed(2)}%); e.g. ${misses.join(" | ")}`,
    );
    expect(leading / withRetail).toBeGreaterThanOrEqual(0.99);
  });
});
