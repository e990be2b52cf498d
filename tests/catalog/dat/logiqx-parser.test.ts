import { describe, expect, it } from "vitest";
import { parseLogiqx } from "../../../src/catalog/dat/logiqx-parser.ts";
import { isProblem } from "../../../src/core/problem.ts";
import type { Problem } from "../../../src/core/problem.ts";

const FILE = "fixtures/test.xml.dat";

/** Asserts `parse` throws the dat-syntax Problem for {@link FILE} at `line`, with a detail matching `what`. */
function expectDatSyntax(parse: () => unknown, line: number, what: RegExp): Problem {
  const file = FILE;
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

const NO_INTRO = `<?xml version="1.0"?>
<!DOCTYPE datafile PUBLIC "-//Logiqx//DTD ROM Management Datafile//EN" "http://www.logiqx.com/Dats/datafile.dtd">
<datafile>
	<header>
		<name>Nintendo - Game Boy</name>
		<description>Nintendo - Game Boy</description>
		<version>20240101-000000</version>
		<author>aci68, Arctic Circle System &amp; others</author>
		<homepage>No-Intro</homepage>
		<clrmamepro forcenodump="required"/>
	</header>
	<game name="Tetris (World) (Rev 1)" cloneof="Tetris (World)" id="0001">
		<description>Tetris (World) (Rev 1)</description>
		<category>Games</category>
		<release name="Tetris" region="EUR"/>
		<comment><![CDATA[Dump <verified>]]></comment>
		<rom name="Tetris (World) (Rev 1).gb" size="32768" crc="46DF91AD" md5="084F1E457749CDEC86183189BD88CE69" sha1="74591CC9501AF93873F9A5D3EB12DA12C0723BBC" status="verified"/>
	</game>
	<game name="Final Fantasy VII (USA) (Disc 1)">
		<description>Final Fantasy VII (USA) (Disc 1)</description>
		<rom name="Final Fantasy VII (USA) (Disc 1).cue" size="1" crc="0000000a" serial="SCUS-94163"/>
		<rom name="Final Fantasy VII (USA) (Disc 1).bin" size="747435024" crc="1459CBEF"/>
	</game>
</datafile>
`;

describe("parseLogiqx", () => {
  it("reads a No-Intro style datafile with a DOCTYPE", () => {
    const dat = parseLogiqx(NO_INTRO, FILE);
    expect(dat.format).toBe("logiqx");
    expect(dat.header).toEqual({
      name: "Nintendo - Game Boy",
      description: "Nintendo - Game Boy",
      version: "20240101-000000",
      fields: {
        author: "aci68, Arctic Circle System & others",
        homepage: "No-Intro",
        "clrmamepro.forcenodump": "required",
      },
    });
    expect(dat.games).toEqual([
      {
        name: "Tetris (World) (Rev 1)",
        description: "Tetris (World) (Rev 1)",
        comment: "Dump <verified>",
        fields: {
          cloneof: "Tetris (World)",
          id: "0001",
          category: "Games",
          "release.name": "Tetris",
          "release.region": "EUR",
        },
        roms: [
          {
            name: "Tetris (World) (Rev 1).gb",
            size: 32768,
            crc: "46df91ad",
            md5: "084f1e457749cdec86183189bd88ce69",
            sha1: "74591cc9501af93873f9a5d3eb12da12c0723bbc",
          },
        ],
        line: 12,
      },
      {
        name: "Final Fantasy VII (USA) (Disc 1)",
        description: "Final Fantasy VII (USA) (Disc 1)",
        fields: {},
        roms: [
          { name: "Final Fantasy VII (USA) (Disc 1).cue", size: 1, crc: "0000000a", serial: "SCUS-94163" },
          { name: "Final Fantasy VII (USA) (Disc 1).bin", size: 747435024, crc: "1459cbef" },
        ],
        line: 19,
      },
    ]);
    expect(dat.warnings).toBeUndefined();
  });

  it("reads machines and disks, skips nested elements, and takes a BOM and CRLF", () => {
    const text =
      '\uFEFF<?xml version="1.0"?>\r\n<datafile>\r\n<machine name="m" romof="neogeo">\r\n' +
      "<description>M</description>\r\n<year>1985</year>\r\n" +
      '<driver status="good"><extra/></driver>\r\n<input players="2"><control type="joy"/></input>\r\n' +
      '<disk name="m-disk" sha1="74591CC9501AF93873F9A5D3EB12DA12C0723BBC"/>\r\n</machine>\r\n' +
      '<software name="ignored"><rom name="x" crc="ZZ"/></software>\r\n</datafile>\r\n';
    const dat = parseLogiqx(text, FILE);
    expect(dat.header).toEqual({ fields: {} });
    expect(dat.games).toEqual([
      {
        name: "m",
        description: "M",
        fields: { romof: "neogeo", year: "1985" },
        roms: [{ name: "m-disk", sha1: "74591cc9501af93873f9a5d3eb12da12c0723bbc" }],
        line: 3,
      },
    ]);
  });

  it("keeps the first of repeated child elements", () => {
    const dat = parseLogiqx(
      '<datafile><game name="g"><description>one</description><description>two</description><genre>A</genre><genre>B</genre></game></datafile>',
      FILE,
    );
    expect(dat.games[0]).toMatchObject({ description: "one", fields: { genre: "A" } });
  });

  describe("rejects malformed input at the line where it is wrong", () => {
    it("an unclosed element", () => {
      expectDatSyntax(
        () => parseLogiqx('<datafile>\n<game name="a">\n<description>a</description>\n</datafile>', FILE),
        4,
        /unexpected close tag/,
      );
      expectDatSyntax(() => parseLogiqx('<datafile>\n<game name="a">\n', FILE), 3, /unclosed tag/);
    });

    it("a malformed tag or entity", () => {
      expectDatSyntax(() => parseLogiqx('<datafile>\n\n<game name="a" & />\n</datafile>', FILE), 3, /attribute/);
      expectDatSyntax(
        () => parseLogiqx('<datafile>\n<game name="a">\n<description>Tom &nbsp; Jerry</description>\n</game>\n</datafile>', FILE),
        3,
        /entity/,
      );
    });

    it("a root element other than datafile", () => {
      expectDatSyntax(
        () => parseLogiqx('<?xml version="1.0"?>\n<html>\n</html>', FILE),
        2,
        /expected a <datafile> root element, found <html>/,
      );
    });

    it("bad rom values, on the line of the attribute", () => {
      const text = [
        "<datafile>",
        '<game name="a">',
        '<rom name="a.bin"',
        '     size="1"',
        '     crc="XYZ"/>',
        "</game>",
        "</datafile>",
      ].join("\n");
      expectDatSyntax(() => parseLogiqx(text, FILE), 5, /crc "XYZ" is not a 32-bit hex number/);
      expectDatSyntax(
        () => parseLogiqx('<datafile>\n<game name="a">\n<rom name="a" size="lots"/></game></datafile>', FILE),
        3,
        /size "lots"/,
      );
      expectDatSyntax(
        () => parseLogiqx('<datafile>\n<game name="a">\n<rom name="a" md5="00"/></game></datafile>', FILE),
        3,
        /md5 "00" is not 32 hex digits/,
      );
    });

    it("an empty file or one that is not XML", () => {
      expectDatSyntax(() => parseLogiqx(" \n ", FILE), 1, /file is empty/);
      expectDatSyntax(() => parseLogiqx("<", FILE), 1, /./);
      expectDatSyntax(() => parseLogiqx("<datafile/>\ntrailing text", FILE), 2, /text data outside of root node/);
    });
  });

  it("with invalidRomValues skip, leaves bad values out and lists them as warnings", () => {
    const dat = parseLogiqx('<datafile>\n<game name="a">\n<rom name="a" crc="12345678" sha1="bad"/></game></datafile>', FILE, {
      invalidRomValues: "skip",
    });
    expect(dat.games[0]?.roms).toEqual([{ name: "a", crc: "12345678" }]);
    expect(dat.warnings).toEqual([{ line: 3, column: expect.any(Number) as unknown, message: 'sha1 "bad" is not 40 hex digits' }]);
  });
});
