import { describe, expect, it } from "vitest";
import { defaultOAuthLimits } from "../../../src/config/config.ts";
import { openApiDocument } from "../../../src/discovery/openapi-document.ts";
import type { GameRecord } from "../../../src/catalog/record/game-record.ts";
import { gameRecordSchema, MAX_HACK_ITEMS } from "../../../src/catalog/record/record-schemas.ts";
import { importMetadataCatalog, psName, SKY_CHASE_HACKS, snesName } from "../../helpers/metadata-catalog.ts";
import { createSchemaValidator } from "../../discovery/openapi-validator.ts";

/**
 * The records the build reads from an import of the metadata checkout (tests/helpers/metadata-catalog.ts):
 * review scores and age ratings, each release's date and the record's earliest, and hacks linked
 * both ways (a hack release names its base game and release, a base game lists its hacks, bounded),
 * every record valid against the record schema and the OpenAPI document's GameRecord.
 */

const catalog = importMetadataCatalog();
const snes = catalog.records(snesName);
const ps = catalog.records(psName);

function record(records: readonly GameRecord[], title: string): GameRecord {
  const found = records.find((r) => r.title === title);
  if (!found) throw new Error(`no record ${title}`);
  return found;
}

describe("metadata in records", () => {
  it("has Edge and Famitsu reviews, and BBFC and ELSPA ratings", () => {
    expect(record(snes, "Star Rider").reviews).toEqual([
      { source: "edge", score: 8, scale: 10, issue: 12 },
      { source: "famitsu", score: 34, scale: 40 },
    ]);
    expect(record(ps, "Night Racer")).toMatchObject({
      reviews: [{ source: "edge", score: 9, scale: 10, issue: 40 }],
      bbfcRating: "15",
      elspaRating: "15",
    });
  });

  it("dates each release where its rom is dated, and the record by its earliest retail release", () => {
    const starRider = record(snes, "Star Rider");
    expect(starRider).toMatchObject({ releaseYear: 1993, releaseMonth: 11 });
    const dates = Object.fromEntries(starRider.releases.map((r) => [r.name, [r.releaseYear, r.releaseMonth]]));
    expect(dates).toMatchObject({
      "Star Rider (Japan)": [1993, 11],
      "Star Rider (USA)": [1994, 3],
      "Star Rider (USA) (Beta)": [1992, undefined],
    });
  });
});

describe("hack links in records", () => {
  it("gives a hack's release its base game and release, and a hack record its base game", () => {
    const skyChase = record(snes, "Sky Chase");
    const remix = record(snes, "Sky Chase Remix 01");
    expect(remix.hackOf).toEqual({ id: skyChase.id, title: "Sky Chase" });
    expect(remix.releases[0]?.hackOf).toEqual({ id: skyChase.id, title: "Sky Chase", release: "Sky Chase (Japan, USA) (En,Ja)" });
    const nightRacer = record(ps, "Night Racer");
    expect(record(ps, "Night Racer Turbo").releases[0]?.hackOf).toEqual({
      id: nightRacer.id,
      title: "Night Racer",
      release: "Night Racer (Europe)",
    });
  });

  it("lists a base game's hacks by title, at most MAX_HACK_ITEMS, with the count of all", () => {
    const hacks = record(snes, "Sky Chase").hacks;
    expect(hacks?.total).toBe(SKY_CHASE_HACKS);
    expect(hacks?.items).toHaveLength(MAX_HACK_ITEMS);
    expect(hacks?.items[0]).toEqual({
      id: record(snes, "Sky Chase Remix 01").id,
      title: "Sky Chase Remix 01",
      release: "Sky Chase Remix 01 [Hack by Remixer]",
    });
    expect(hacks?.items.at(-1)?.title).toBe(`Sky Chase Remix ${MAX_HACK_ITEMS}`);
  });

  it("links a translation grouped with its base game to that record, and a renamed file to the game only", () => {
    const starRider = record(snes, "Star Rider");
    const translation = starRider.releases.find((r) => r.name === "Star Rider (Japan) [T-En by Translator]");
    expect(translation?.hackOf).toEqual({ id: starRider.id, title: "Star Rider", release: "Star Rider (Japan)" });
    expect(starRider.hackOf).toBeUndefined();
    const deluxe = record(snes, "Star Rider Deluxe");
    expect(deluxe.hackOf).toEqual({ id: starRider.id, title: "Star Rider" });
    expect(deluxe.releases[0]?.hackOf).toEqual({ id: starRider.id, title: "Star Rider" });
    expect(starRider.hacks?.items.map((h) => h.release)).toEqual([
      "Star Rider (Japan) [T-En by Translator]",
      "Star Rider Deluxe [Hack by Polisher]",
    ]);
  });

  it("leaves a hack unlinked when its file matches nothing, and the import says so", () => {
    const mystery = record(snes, "Mystery Quest");
    expect(mystery.hackOf).toBeUndefined();
    expect(mystery.releases[0]?.hackOf).toBeUndefined();
    expect(catalog.summary.warnings.filter((w) => w.includes("hacks are not linked"))).toEqual([
      'snes: 1 of 55 hacks are not linked to a base game: Mystery Quest [Hack by Nobody] (names "Mystery Quest (U).smc", which matches no release or title)',
    ]);
  });
});

describe("the record schema", () => {
  const check = createSchemaValidator(openApiDocument("https://ludex.test", defaultOAuthLimits));

  it("accepts every record, as zod declares it and as the OpenAPI document publishes it", () => {
    for (const r of [...snes, ...ps]) {
      const served = { ...r, updatedAt: "2026-01-01T00:00:00.000Z" };
      expect(gameRecordSchema.safeParse(served).error).toBeUndefined();
      expect(check("/components/schemas/GameRecord", served)).toBeUndefined();
    }
  });

  it("rejects a review without its scale and a hack summary over its bound", () => {
    const starRider = { ...record(snes, "Star Rider"), updatedAt: "2026-01-01T00:00:00.000Z" };
    expect(check("/components/schemas/GameRecord", { ...starRider, reviews: [{ source: "edge", score: 8 }] })).toMatch(/scale/);
    const item = { id: 1, title: "A", release: "A [Hack]" };
    const over = { total: MAX_HACK_ITEMS + 1, items: Array.from({ length: MAX_HACK_ITEMS + 1 }, () => item) };
    expect(check("/components/schemas/GameRecord", { ...starRider, hacks: over })).toMatch(/maxItems|more than/);
  });
});
