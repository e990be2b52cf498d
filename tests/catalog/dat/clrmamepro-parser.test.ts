import { describe, expect, it } from "vitest";
import { parseClrmamepro } from "../../../src/catalog/dat/clrmamepro-parser.ts";
import { isProblem } from "../../../src/core/problem.ts";
import type { Problem } from "../../../src/core/problem.ts";

const FILE = "fixtures/test.dat";

/** Asserts `parse` throws the dat-syntax Problem for `file` at `line`, with a detail matching `what`. */
function expectDatSyntax(parse: () => unknown, file: string, line: number, what: RegExp): Problem {
  let problem: Problem | undefined;
  try {
    parse();
  } catch (error) {
    if (!isProblem(error)) throw error;
    problem = error;
  }
  if (problem === undefined) throw new Error("expected a dat-syntax Problem, but parsing succeeded");
  expect(problem).toMatchObject({ type: "dat-syntax", title: "Malformed DAT file", status: 422 });
  expect(problem.extensions).toEqual({ file, line, column: expect.any(Number) as unknown });
  const column = problem.extensions.column as number;
  expect(column).toBeGreaterThanOrEqual(1);
  expect(problem.detail?.startsWith(`${file}:${line}:${column}: `)).toBe(true);
  expect(problem.detail).toMatch(what);
  return problem;
}

function parse(text: string): ReturnType<typeof parseClrmamepro> {
  return parseClrmamepro(text, FILE);
}

describe("parseClrmamepro", () => {
  it("reads the header and games with one-line rom blocks", () => {
    const dat = parse(
      [
        "clrmamepro (",
        '\tname "Nintendo - Game Boy"',
        '\tdescription "Nintendo - Game Boy"',
        "\tversion 2019.12.27",
        '\thomepage "http://example.org/dats"',
        ")",
        "",
        "game (",
        '\tname "Tetris (World) (Rev 1)"',
        '\tdescription "Tetris (World) (Rev 1)"',
        '\tregion "World"',
        "\treleaseyear 1989",
        "\tanalog 1",
        '\trom ( name "Tetris (World) (Rev 1).gb" size 32768 crc 46DF91AD md5 084F1E457749CDEC86183189BD88CE69 sha1 74591CC9501AF93873F9A5D3EB12DA12C0723BBC )',
        ")",
        "",
      ].join("\n"),
    );
    expect(dat.format).toBe("clrmamepro");
    expect(dat.header).toEqual({
      name: "Nintendo - Game Boy",
      description: "Nintendo - Game Boy",
      version: "2019.12.27",
      fields: { homepage: "http://example.org/dats" },
    });
    expect(dat.games).toEqual([
      {
        name: "Tetris (World) (Rev 1)",
        description: "Tetris (World) (Rev 1)",
        fields: { region: "World", releaseyear: "1989", analog: "1" },
        roms: [
          {
            name: "Tetris (World) (Rev 1).gb",
            size: 32768,
            crc: "46df91ad",
            md5: "084f1e457749cdec86183189bd88ce69",
            sha1: "74591cc9501af93873f9a5d3eb12da12c0723bbc",
          },
        ],
        line: 8,
      },
    ]);
    expect(dat.warnings).toBeUndefined();
  });

  it("reads multi-line rom blocks and several roms per game", () => {
    const dat = parse(
      [
        "game (",
        '\tname "Wipeout (Europe)"',
        "\trom (",
        '\t\tname "Wipeout (Europe) (Track 1).bin"',
        "\t\tsize 1572864",
        "\t\tcrc 05FBB855",
        "\t)",
        '\trom ( name "Wipeout (Europe) (Track 2).bin" size 0 crc 00000000 )',
        ")",
      ].join("\n"),
    );
    expect(dat.games[0]?.roms).toEqual([
      { name: "Wipeout (Europe) (Track 1).bin", size: 1572864, crc: "05fbb855" },
      { name: "Wipeout (Europe) (Track 2).bin", size: 0, crc: "00000000" },
    ]);
  });

  it("reads quoted strings with parentheses, escaped quotes and backslashes", () => {
    const dat = parse(
      [
        "game (",
        '\tname "Game (USA) (Rev A) )( (x"',
        '\tdescription "The legendary \\"congratulations\\" screen"',
        '\tcomment "C:\\\\games\\\\x and a literal \\n stays"',
        '\trom ( name "a)b(c.bin" serial "SLUS-01041" )',
        ")",
      ].join("\n"),
    );
    const game = dat.games[0];
    expect(game?.name).toBe("Game (USA) (Rev A) )( (x");
    expect(game?.description).toBe('The legendary "congratulations" screen');
    expect(game?.comment).toBe("C:\\games\\x and a literal \\n stays");
    expect(game?.roms).toEqual([{ name: "a)b(c.bin", serial: "SLUS-01041" }]);
  });

  it("handles CRLF line ends, tabs, spaces and a BOM, counting lines right", () => {
    const dat = parse(
      '\uFEFFclrmamepro (\r\n  name "H"\r\n)\r\n\r\ngame (\r\n\tname "A"\r\n    rom ( name "a.bin" size 1 crc 0000000A )\r\n)\r\ngame (\r\n\tname "B"\r\n)\r\n',
    );
    expect(dat.header.name).toBe("H");
    expect(dat.games.map((g) => [g.name, g.line])).toEqual([
      ["A", 5],
      ["B", 9],
    ]);
    expect(dat.games[0]?.roms).toEqual([{ name: "a.bin", size: 1, crc: "0000000a" }]);
    expectDatSyntax(() => parse('\uFEFFgame (\r\n\tname "A"\r\n\tsize x\r\n\trom ( size x )\r\n)'), FILE, 4, /size "x"/);
  });

  it("reads metadata DATs: comment plus developer with a crc-only rom", () => {
    const dat = parse(
      ["game (", '\tcomment "3-D Genesis (USA) (Proto)"', '\tdeveloper "Dan  McElroy"', "\trom ( crc 931A0BDC )", ")"].join("\n"),
    );
    expect(dat.games).toEqual([
      {
        comment: "3-D Genesis (USA) (Proto)",
        fields: { developer: "Dan  McElroy" },
        roms: [{ crc: "931a0bdc" }],
        line: 1,
      },
    ]);
  });

  it("reads metadata DATs: serial-only roms, repeated", () => {
    const dat = parse(
      [
        "game (",
        '\tname "Final Fantasy VII (USA)"',
        '\tserial "SCUS-94163"',
        '\trom ( serial "SCUS-94163" )',
        '\trom ( serial "SCUS-94164" )',
        '\trom ( serial "SCUS-94165" )',
        ")",
      ].join("\n"),
    );
    expect(dat.games[0]?.fields).toEqual({ serial: "SCUS-94163" });
    expect(dat.games[0]?.roms).toEqual([{ serial: "SCUS-94163" }, { serial: "SCUS-94164" }, { serial: "SCUS-94165" }]);
  });

  it("accepts machine and resource blocks, disk blocks, and skips unknown nested blocks", () => {
    const dat = parse(
      [
        'machine ( name "m" year 1985 manufacturer "Sega"',
        '\tsample ( name "x (y" nested ( deeper ( a b ) ) )',
        '\tdisk ( name "m-disk" sha1 74591CC9501AF93873F9A5D3EB12DA12C0723BBC )',
        ")",
        'resource ( name "neogeo" rom ( name "sp-s2.sp1" size 131072 crc 9036D879 ) )',
      ].join("\n"),
    );
    expect(dat.games).toEqual([
      {
        name: "m",
        fields: { year: "1985", manufacturer: "Sega" },
        roms: [{ name: "m-disk", sha1: "74591cc9501af93873f9a5d3eb12da12c0723bbc" }],
        line: 1,
      },
      { name: "neogeo", fields: {}, roms: [{ name: "sp-s2.sp1", size: 131072, crc: "9036d879" }], line: 5 },
    ]);
  });

  it("keeps the first of a repeated key, in games, headers and roms", () => {
    const dat = parse(
      [
        'clrmamepro ( name "first" name "second" author "a" author "b" )',
        'game ( name "one" name "two" genre "RPG" genre "Action" rom ( crc 11111111 crc 22222222 ) )',
      ].join("\n"),
    );
    expect(dat.header).toEqual({ name: "first", fields: { author: "a" } });
    expect(dat.games[0]).toMatchObject({ name: "one", fields: { genre: "RPG" }, roms: [{ crc: "11111111" }] });
  });

  it("reads bare values, keeping balanced parentheses inside them", () => {
    const dat = parse(["game (", "\tname Farmyfarm(v1.0)", "\trom ( name Farmyfarm(v1.0).p8 size 51392 crc 778b9e6d)", ")"].join("\n"));
    expect(dat.games[0]).toMatchObject({
      name: "Farmyfarm(v1.0)",
      roms: [{ name: "Farmyfarm(v1.0).p8", size: 51392, crc: "778b9e6d" }],
    });
  });

  it("zero-pads a CRC written without its leading zeros and drops a surplus leading zero", () => {
    const dat = parse('game ( rom ( crc 611E83F ) rom ( crc "33E1AC" ) rom ( crc 0075C72BF ) )');
    expect(dat.games[0]?.roms).toEqual([{ crc: "0611e83f" }, { crc: "0033e1ac" }, { crc: "075c72bf" }]);
  });

  it("accepts a string over a line break when its closing quote ends the line", () => {
    const dat = parse(["game (", '\tname "Tempest Multi)', 'game"', "\treleaseyear 2001", ")"].join("\n"));
    expect(dat.games[0]).toMatchObject({ name: "Tempest Multi)\ngame", fields: { releaseyear: "2001" } });
  });

  it("returns an empty header when there is none, and keeps odd keys as plain data", () => {
    const dat = parse('game ( name "x" __proto__ "p" constructor "c" )');
    expect(dat.header).toEqual({ fields: {} });
    // biome-ignore lint/suspicious/noProto: the parser must keep a field named __proto__ as data, not as the prototype
    expect(dat.games[0]?.fields.__proto__).toBe("p");
    expect(dat.games[0]?.fields.constructor).toBe("c");
  });

  it("accepts a header-only file", () => {
    expect(parse('clrmamepro ( name "x" )').games).toEqual([]);
  });

  describe("rejects malformed input at the line where it is wrong", () => {
    it("an unterminated string at the end of the file", () => {
      expectDatSyntax(() => parse('game (\n\tname "x"\n\tdescription "never closed'), FILE, 3, /unterminated string/);
    });

    it("a quote forgotten at the end of a line", () => {
      const text = ["game (", '\tname "x', '\tdescription "y"', '\trom ( name "y.bin" )', ")"].join("\n");
      expectDatSyntax(() => parse(text), FILE, 2, /unterminated string/);
    });

    it("a block never closed", () => {
      expectDatSyntax(
        () => parse('game ( name "a" )\n\ngame (\n\tname "b"\n\trom ( crc 00000000 )\n'),
        FILE,
        3,
        /"game" block is never closed/,
      );
      expectDatSyntax(() => parse('game (\n\tname "b"\n\trom ( crc 00000000\n'), FILE, 3, /"rom" block is never closed/);
    });

    it("a game's ')' missing before the next game", () => {
      const text = ["game (", '\tname "a"', '\trom ( name "a.bin" )', "", "game (", '\tname "b"', ")"].join("\n");
      expectDatSyntax(() => parse(text), FILE, 5, /"game" block starts inside the "game" block opened at line 1/);
    });

    it("a stray ')'", () => {
      expectDatSyntax(() => parse('game ( name "a" )\n)\n'), FILE, 2, /unbalanced parentheses: '\)' without a matching '\('/);
      expectDatSyntax(() => parse('game ( name "a" ) )'), FILE, 1, /without a matching/);
    });

    it("unexpected tokens", () => {
      expectDatSyntax(() => parse('game (\n\t"name" "x"\n)'), FILE, 2, /unexpected string in "game" block: expected a key/);
      expectDatSyntax(() => parse('game (\n\tname "x"\n\t( )\n)'), FILE, 3, /unexpected '\(' in "game" block/);
      expectDatSyntax(() => parse("game (\n\trom ( name ( x ) )\n)"), FILE, 2, /unexpected '\(' after key "name" in "rom" block/);
      expectDatSyntax(() => parse('game (\n\tname "x"\n)\nemulator ( name "y" )'), FILE, 4, /unexpected "emulator"/);
      expectDatSyntax(() => parse('clrmamepro ( )\n\ngame\nname "x"'), FILE, 4, /expected '\(' after "game"/);
      expectDatSyntax(() => parse('game ( name "x" )\nclrmamepro ( name "h" )'), FILE, 2, /header must come once, before any game/);
    });

    it("a key without a value", () => {
      expectDatSyntax(() => parse('game (\n\tname "x"\n\tregion )'), FILE, 3, /missing value for key "region"/);
    });

    it("a size that is not a non-negative safe integer", () => {
      expectDatSyntax(() => parse("game (\n\trom ( size big )\n)"), FILE, 2, /size "big" is not a non-negative integer/);
      expectDatSyntax(() => parse("game (\n\n\trom ( size -1 )\n)"), FILE, 3, /size "-1"/);
      expectDatSyntax(() => parse("game ( rom ( size 1.5 ) )"), FILE, 1, /size "1.5"/);
      expectDatSyntax(() => parse("game ( rom ( size 32,524,164 ) )"), FILE, 1, /size "32,524,164"/);
      expectDatSyntax(() => parse("game ( rom ( size 9007199254740992 ) )"), FILE, 1, /size "9007199254740992"/);
    });

    it("hashes of the wrong length or not hex", () => {
      expectDatSyntax(() => parse("game (\n\trom ( crc 2ADC33EAA )\n)"), FILE, 2, /crc "2ADC33EAA" is not a 32-bit hex number/);
      expectDatSyntax(() => parse("game (\n\trom ( crc ABCDEFGH )\n)"), FILE, 2, /crc "ABCDEFGH"/);
      expectDatSyntax(() => parse('game ( rom ( crc "" ) )'), FILE, 1, /crc ""/);
      expectDatSyntax(() => parse("game (\n\n\n\trom ( md5 084F1E457749CDEC86183189BD88CE6 )\n)"), FILE, 4, /md5 .* is not 32 hex digits/);
      expectDatSyntax(
        () => parse("game (\n\trom (\n\t\tname x\n\t\tsha1 74591CC9501AF93873F9A5D3EB12DA12C0723BBZ\n\t)\n)"),
        FILE,
        4,
        /sha1 .* is not 40 hex digits/,
      );
    });

    it("an empty file", () => {
      expectDatSyntax(() => parse(""), FILE, 1, /file is empty/);
      expectDatSyntax(() => parse("\uFEFF \r\n\t\n"), FILE, 1, /file is empty/);
    });

    it("a file in neither format", () => {
      expectDatSyntax(() => parse("\n\nhello world"), FILE, 3, /unexpected "hello": expected clrmamepro, game, machine or resource/);
      expectDatSyntax(() => parse('{"games": []}'), FILE, 1, /unexpected/);
    });
  });

  it("with invalidRomValues skip, leaves bad values out and lists them as warnings", () => {
    const text = [
      "game (",
      '\tname "a"',
      '\trom ( name "a.gba" size 32,524,164 crc EBB81069 sha1 ECF588EC3A435EAFC28FCB86C59AD39D3B5D59FA8 )',
      ")",
    ].join("\n");
    const dat = parseClrmamepro(text, FILE, { invalidRomValues: "skip" });
    expect(dat.games[0]?.roms).toEqual([{ name: "a.gba", crc: "ebb81069" }]);
    expect(dat.warnings).toEqual([
      { line: 3, column: 26, message: 'size "32,524,164" is not a non-negative integer' },
      { line: 3, column: 55, message: expect.stringMatching(/^sha1 "ECF588EC.*" is not 40 hex digits$/) as unknown },
    ]);
    expectDatSyntax(() => parseClrmamepro('game ( "x" )', FILE, { invalidRomValues: "skip" }), FILE, 1, /unexpected string/);
  });
});

describe("parseClrmamepro with malformedBlocks skip", () => {
  const skip = (text: string): ReturnType<typeof parseClrmamepro> =>
    parseClrmamepro(text, FILE, { malformedBlocks: "skip", invalidRomValues: "skip" });
  const game = (name: string, body = ""): string =>
    `game (\n\tname "${name}"\n${body}\trom ( name "${name}.bin" size 1 crc 00000001 )\n)\n`;

  it("leaves out a block with a doubled quote, naming it, and reads the blocks after it", () => {
    const name = "Tunnel Terror (World) (tomsk666)";
    const dat = skip(`${game("A")}${game(name, `\tdescription ""${name}"\n`)}${game("C")}`);
    expect(dat.games.map((g) => g.name)).toEqual(["A", "C"]);
    expect(dat.skipped).toEqual([{ line: 7, column: 30, blockLine: 5, name, message: `unexpected '(' in "game" block: expected a key` }]);
    expect(dat.games[1]?.line).toBe(10);
  });

  it("resumes at the next block when a block is never closed, and reads that block whole", () => {
    const dat = skip(`game (\n\tname "A"\n\trom ( name "a" size 1 )\n${game("B")}`);
    expect(dat.games.map((g) => g.name)).toEqual(["B"]);
    expect(dat.skipped).toEqual([expect.objectContaining({ blockLine: 1, name: "A", message: expect.stringMatching(/starts inside/) })]);
  });

  it("leaves out a last block that is never closed, and one cut short by a string that never ends", () => {
    expect(skip(`${game("A")}game (\n\tname "B"\n`)).toMatchObject({
      games: [{ name: "A" }],
      skipped: [{ blockLine: 5, name: "B", message: expect.stringMatching(/never closed/) }],
    });
    expect(skip(`${game("A")}game (\n\tname "B\n${game("C")}`)).toMatchObject({
      games: [{ name: "A" }, { name: "C" }],
      skipped: [{ blockLine: 5, message: "unterminated string" }],
    });
  });

  it("leaves out stray text between blocks and a malformed header, without a name", () => {
    const dat = skip(`clrmamepro (\n\tname "X\n)\n${game("A")}) stray\n${game("B")}`);
    expect(dat.games.map((g) => g.name)).toEqual(["A", "B"]);
    expect(dat.skipped?.map((b) => [b.blockLine, b.name])).toEqual([
      [1, undefined],
      [8, undefined],
    ]);
  });

  it("still throws for a file that is not a DAT, an empty one and, by default, any malformed block", () => {
    expectDatSyntax(() => skip("hello world\ngame ( name x )"), FILE, 1, /unexpected "hello"/);
    expectDatSyntax(() => skip("\n\n"), FILE, 1, /file is empty/);
    expectDatSyntax(() => parse(`${game("A")}${game("B", '\tdescription ""B"\n')}`), FILE, 7, /unterminated string/);
  });

  it("gives the same games as the default parse for a well-formed file, with nothing skipped", () => {
    const text = `clrmamepro (\n\tname "X"\n)\n${game("A")}${game("B")}`;
    expect(skip(text)).toEqual(parse(text));
  });
});
