import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseDat } from "../../../src/catalog/dat/parse-dat.ts";
import { isProblem } from "../../../src/core/problem.ts";

/** The libretro-database checkout beside the project (../shared from the project root), present only on some machines. */
const CORPUS = fileURLToPath(new URL("../../../../shared/libretro-database/", import.meta.url));
const corpusExists = existsSync(CORPUS);

function problemOf(parse: () => unknown): unknown {
  try {
    parse();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("parseDat", () => {
  it("sends text starting with '<' to the Logiqx parser, after a BOM and whitespace", () => {
    const dat = parseDat('\uFEFF\n  <datafile><game name="a"><rom name="a" crc="0000000A"/></game></datafile>', "a.dat");
    expect(dat.format).toBe("logiqx");
    expect(dat.games).toEqual([{ name: "a", fields: {}, roms: [{ name: "a", crc: "0000000a" }], line: 2 }]);
  });

  it("sends anything else to the clrmamepro parser", () => {
    const dat = parseDat('\n\ngame ( name "a" rom ( crc 0000000A ) )', "a.dat");
    expect(dat.format).toBe("clrmamepro");
    expect(dat.games).toEqual([{ name: "a", fields: {}, roms: [{ crc: "0000000a" }], line: 3 }]);
  });

  it("passes options on to either parser", () => {
    const skip = { invalidRomValues: "skip" } as const;
    expect(parseDat("game ( rom ( crc X ) )", "a.dat", skip).warnings).toHaveLength(1);
    expect(parseDat('<datafile><game name="a"><rom crc="X"/></game></datafile>', "a.dat", skip).warnings).toHaveLength(1);
  });

  it("rejects an empty file and a file in neither format", () => {
    for (const [text, line, detail] of [
      ["", 1, "a.dat:1:1: file is empty"],
      ["\uFEFF\r\n\t \n", 1, "a.dat:1:1: file is empty"],
      ["\n# just a comment\n", 2, 'a.dat:2:1: unexpected "#": expected clrmamepro, game, machine or resource'],
      ["\n\n<<<", 3, undefined],
    ] as const) {
      const problem = problemOf(() => parseDat(text, "a.dat"));
      expect(isProblem(problem)).toBe(true);
      if (!isProblem(problem)) continue;
      expect(problem).toMatchObject({ type: "dat-syntax", status: 422, title: "Malformed DAT file" });
      expect(problem.extensions).toMatchObject({ file: "a.dat", line });
      if (detail !== undefined) expect(problem.detail).toBe(detail);
    }
  });

  describe("on real libretro-database files", () => {
    const files = [
      "dat/HBMAME.dat",
      "dat/PICO-8.dat",
      "dat/LowRes NX.dat",
      "metadat/no-intro/Nintendo - Game Boy.dat",
      "metadat/redump/Sony - PlayStation.dat",
      "metadat/developer/Atari - 2600.dat",
      "metadat/serial/Atari - 5200.dat",
      "metadat/releaseyear/Sega - Mega Drive - Genesis.dat",
    ];
    const title = corpusExists
      ? `parses a sample of ${CORPUS}`
      : `skipped: no libretro-database checkout at ${CORPUS} to parse real files from`;
    it.skipIf(!corpusExists)(title, () => {
      for (const name of files) {
        const path = `${CORPUS}${name}`;
        expect(existsSync(path), path).toBe(true);
        const dat = parseDat(readFileSync(path, "utf8"), name);
        expect(dat.format, name).toBe("clrmamepro");
        expect(dat.games.length, name).toBeGreaterThan(0);
        for (const game of dat.games) {
          expect(game.name ?? game.comment, `${name}:${game.line}`).toBeTypeOf("string");
          for (const rom of game.roms) {
            if (rom.crc !== undefined) expect(rom.crc).toMatch(/^[0-9a-f]{8}$/);
            if (rom.sha1 !== undefined) expect(rom.sha1).toMatch(/^[0-9a-f]{40}$/);
          }
        }
      }
    });
  });
});
