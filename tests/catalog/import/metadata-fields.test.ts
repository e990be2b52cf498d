import { describe, expect, it } from "vitest";
import { parseDat } from "../../../src/catalog/dat/parse-dat.ts";
import { assembleGames, type GameDraft } from "../../../src/catalog/import/assemble-games.ts";
import { addMetadataDat, createMetadataIndex, type MetadataIndex } from "../../../src/catalog/import/metadata-index.ts";

/**
 * The metadata fields read from libretro's metadat DATs, written here as upstream writes them:
 * Edge (`edge_rating`, `edge_issue`, unquoted, keyed by crc on SNES and by serial on PlayStation),
 * Famitsu (`famitsu_rating`, by crc), BBFC and ELSPA (quoted, by serial), and release year and
 * month per rom crc: each release keeps its own date, and the record's is the earliest.
 */

const clr = (blocks: readonly string[]): string => `clrmamepro (\n\tname "Test"\n)\n\n${blocks.map((b) => `game (\n${b}\n)\n`).join("\n")}`;
const game = (name: string, crc: string, extra = ""): string =>
  `\tname "${name}"\n${extra}\trom ( name "${name}.bin" size 1024 crc ${crc} md5 ${crc.repeat(4)} sha1 ${crc.repeat(5)} )`;
const meta = (comment: string, fields: string, key: string): string => `\tcomment "${comment}"\n${fields}\trom ( ${key} )`;

function assemble(games: readonly string[], metadat: readonly (readonly string[])[]): GameDraft[] {
  const index: MetadataIndex = createMetadataIndex();
  for (const [i, blocks] of metadat.entries()) addMetadataDat(index, parseDat(clr(blocks), `meta${i}.dat`));
  return assembleGames([{ dat: parseDat(clr(games), "games.dat"), source: "no-intro", label: "games.dat" }], index).games;
}

function byTitle(games: readonly GameDraft[], title: string): GameDraft {
  const found = games.find((g) => g.title === title);
  if (!found) throw new Error(`no game ${title}: ${games.map((g) => g.title).join(", ")}`);
  return found;
}

describe("review scores and age ratings", () => {
  const games = assemble(
    [
      game("Star Rider (USA)", "10000002"),
      game("Star Rider (Japan)", "10000001"),
      game("Night Racer (Europe)", "40000001", '\tserial "SLES-01234"\n'),
      game("Night Racer (USA)", "40000002", '\tserial "SLUS-01234"\n'),
      game("Off Scale (USA)", "50000001"),
    ],
    [
      // Edge, as metadat/magazine/edge/*.dat: one entry by crc, one by serial.
      [
        meta("Star Rider (USA)", "   edge_rating 8\n   edge_issue 12\n", "crc 10000002"),
        meta("Night Racer (US)", "   edge_rating 7\n   edge_issue 41\n", 'serial "SLUS-01234"'),
        meta("Night Racer (Europe)", "   edge_rating 9\n   edge_issue 40\n", 'serial "SLES-01234"'),
        meta("Off Scale (USA)", "   edge_rating 11\n", "crc 50000001"),
      ],
      [
        meta("Star Rider (Japan)", "   famitsu_rating 34\n", "crc 10000001"),
        meta("Off Scale (USA)", "   famitsu_rating 41\n", "crc 50000001"),
      ],
      [meta("Night Racer (Europe)", '\tbbfc_rating "15"\n', 'serial "SLES-01234"')],
      [meta("Night Racer (Europe)", '\telspa_rating "15"\n', 'serial "SLES-01234"')],
    ],
  );

  it("gives one review per source, each with its scale, Edge's with its issue", () => {
    expect(byTitle(games, "Star Rider").metadata.reviews).toEqual([
      { source: "edge", score: 8, scale: 10, issue: 12 },
      { source: "famitsu", score: 34, scale: 40 },
    ]);
  });

  it("takes a source's score and issue together from the best release that has one", () => {
    // The USA release ranks first, so its Edge review (7, issue 41) is the record's, not the European 9.
    expect(byTitle(games, "Night Racer").metadata.reviews).toEqual([{ source: "edge", score: 7, scale: 10, issue: 41 }]);
  });

  it("reads BBFC and ELSPA ratings by serial, beside the ESRB rating", () => {
    expect(byTitle(games, "Night Racer").metadata).toMatchObject({ bbfcRating: "15", elspaRating: "15" });
    expect(byTitle(games, "Star Rider").metadata.bbfcRating).toBeUndefined();
  });

  it("leaves out a score above its source's scale", () => {
    expect(byTitle(games, "Off Scale").metadata.reviews).toBeUndefined();
  });
});

describe("release dates per release", () => {
  const games = assemble(
    [
      game("Star Rider (USA)", "10000002"),
      game("Star Rider (Japan)", "10000001"),
      game("Star Rider (USA) (Beta)", "10000003"),
      game("Star Rider (Europe)", "10000004"),
      game("Lone Beta (USA) (Beta)", "20000001"),
      game("Same Year (USA)", "30000001"),
      game("Same Year (Japan)", "30000002"),
    ],
    [
      [
        meta("Star Rider (USA)", '\treleaseyear "1994"\n', "crc 10000002"),
        meta("Star Rider (Japan)", '\treleaseyear "1993"\n', "crc 10000001"),
        meta("Star Rider (USA) (Beta)", '\treleaseyear "1992"\n', "crc 10000003"),
        meta("Lone Beta (USA) (Beta)", '\treleaseyear "1991"\n', "crc 20000001"),
        meta("Same Year (USA)", '\treleaseyear "1995"\n', "crc 30000001"),
        meta("Same Year (Japan)", '\treleaseyear "1995"\n', "crc 30000002"),
      ],
      [
        meta("Star Rider (USA)", '\treleasemonth "3"\n', "crc 10000002"),
        meta("Star Rider (Japan)", '\treleasemonth "11"\n', "crc 10000001"),
        meta("Same Year (USA)", '\treleasemonth "9"\n', "crc 30000001"),
        meta("Same Year (Japan)", '\treleasemonth "4"\n', "crc 30000002"),
      ],
    ],
  );

  it("keeps each release's own year and month, where the metadata dates its rom", () => {
    const dates = byTitle(games, "Star Rider").releases.map((r) => [r.name, r.extra.releaseYear, r.extra.releaseMonth]);
    expect(dates).toEqual([
      ["Star Rider (USA)", 1994, 3],
      ["Star Rider (Europe)", undefined, undefined],
      ["Star Rider (Japan)", 1993, 11],
      ["Star Rider (USA) (Beta)", 1992, undefined],
    ]);
  });

  it("dates the record by its earliest retail release, with that release's month", () => {
    expect(byTitle(games, "Star Rider").metadata).toMatchObject({ releaseYear: 1993, releaseMonth: 11 });
  });

  it("takes the earliest month within the earliest year", () => {
    expect(byTitle(games, "Same Year").metadata).toMatchObject({ releaseYear: 1995, releaseMonth: 4 });
  });

  it("dates a record by a beta only when no retail release is dated", () => {
    expect(byTitle(games, "Lone Beta").metadata.releaseYear).toBe(1991);
  });
});
