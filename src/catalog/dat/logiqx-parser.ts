import { SaxesParser } from "saxes";
import type { DatFile, DatGame, DatHeader, DatParseOptions, DatRom, DatWarning } from "./dat-types.ts";
import { datSyntaxProblem, emptyFields, setRomField } from "./clrmamepro-parser.ts";
import type { MutableRom } from "./clrmamepro-parser.ts";

/** Matches the `line:column: ` prefix saxes puts on its messages; ours carry the position separately. */
const SAXES_POSITION = /^\d+:\d+: /;

function hasNonSpace(text: string, start = 0): boolean {
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
  }
  return false;
}

/** A child element of `<header>` or `<game>` being read. */
interface Child {
  readonly name: string;
  readonly attributes: Record<string, string>;
  text: string;
  /** Has element children of its own, so it is no scalar and is left out. */
  nested: boolean;
}

interface GameDraft {
  readonly kind: "game";
  readonly line: number;
  name: string | undefined;
  description: string | undefined;
  comment: string | undefined;
  readonly fields: Record<string, string>;
  readonly roms: DatRom[];
}

interface HeaderDraft {
  readonly kind: "header";
  name: string | undefined;
  description: string | undefined;
  version: string | undefined;
  readonly fields: Record<string, string>;
}

/**
 * Parses a Logiqx XML DAT (`<datafile>` with `<header>` and `<game>` or `<machine>` elements), as No-Intro and Redump publish.
 * A game's child elements with text go into `fields` under their name (`category`, `year`, ...); attribute-only ones go in
 * as `element.attribute` (`release.region`); game attributes other than `name` (`cloneof`, `id`, ...) go in under their name.
 * @throws Problem `dat-syntax` (422) with the file, line and column of the first thing wrong, XML errors included.
 */
export function parseLogiqx(text: string, file: string, options: DatParseOptions = {}): DatFile {
  if (!hasNonSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0)) {
    throw datSyntaxProblem(file, 1, 1, "file is empty");
  }
  const parser = new SaxesParser();
  const fail = (what: string): never => {
    throw datSyntaxProblem(file, parser.line, parser.column + 1, what);
  };

  const skipInvalid = options.invalidRomValues === "skip";
  const warnings: DatWarning[] = [];
  const games: DatGame[] = [];
  let header: HeaderDraft | undefined;
  let depth = 0;
  let sawRoot = false;
  // What the depth-1 element being read is: the header, a game, or something skipped.
  let section: HeaderDraft | GameDraft | undefined;
  let sectionLine = 0;
  let child: Child | undefined;
  let rom: MutableRom | undefined;
  // True between a rom's `<rom` and its `>`, while its attributes arrive.
  let inRomTag = false;

  parser.on("error", (error) => fail(error.message.replace(SAXES_POSITION, "").replace(/\.$/, "")));

  parser.on("opentagstart", (tag) => {
    if (depth === 0) {
      // A second root element is left to saxes, which reports it as such.
      if (!sawRoot && tag.name !== "datafile") fail(`expected a <datafile> root element, found <${tag.name}>`);
    } else if (depth === 1) {
      sectionLine = parser.line;
    } else if (depth === 2 && section?.kind === "game" && (tag.name === "rom" || tag.name === "disk")) {
      rom = {};
      inRomTag = true;
    } else if (depth >= 3 && child !== undefined) {
      child.nested = true;
    }
  });

  parser.on("attribute", (attribute) => {
    if (!inRomTag || rom === undefined) return;
    const wrong = setRomField(rom, attribute.name, attribute.value);
    if (wrong === undefined) return;
    if (!skipInvalid) fail(wrong);
    warnings.push({ line: parser.line, column: parser.column + 1, message: wrong });
  });

  parser.on("opentag", (tag) => {
    depth++;
    sawRoot = true;
    inRomTag = false;
    const attributes = tag.attributes as Record<string, string>;
    if (depth === 2) {
      if (tag.name === "header") {
        section = header ?? { kind: "header", name: undefined, description: undefined, version: undefined, fields: emptyFields() };
        header ??= section;
      } else if (tag.name === "game" || tag.name === "machine") {
        const game: GameDraft = {
          kind: "game",
          line: sectionLine,
          name: attributes.name,
          description: undefined,
          comment: undefined,
          fields: emptyFields(),
          roms: [],
        };
        for (const [key, value] of Object.entries(attributes)) if (key !== "name") game.fields[key] ??= value;
        section = game;
      } else {
        section = undefined;
      }
    } else if (depth === 3 && section !== undefined && rom === undefined) {
      child = { name: tag.name, attributes, text: "", nested: false };
    }
  });

  const onText = (text: string): void => {
    if (depth === 3 && child !== undefined) child.text += text;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);

  parser.on("closetag", () => {
    if (depth === 3) {
      if (rom !== undefined) {
        if (section?.kind === "game") section.roms.push(rom);
        rom = undefined;
      } else if (child !== undefined && section !== undefined && !child.nested) {
        addChild(section, child);
      }
      child = undefined;
    } else if (depth === 2) {
      if (section?.kind === "game") {
        const { line, name, description, comment, fields, roms } = section;
        games.push({ name, description, comment, fields, roms, line });
      }
      section = undefined;
    }
    depth--;
  });

  // saxes itself skips a leading BOM.
  parser.write(text).close();

  const { name, description, version, fields } = header ?? { fields: emptyFields() };
  const datHeader: DatHeader = { name, description, version, fields };
  const dat: DatFile = { format: "logiqx", header: datHeader, games };
  return warnings.length === 0 ? dat : { ...dat, warnings };
}

function addChild(section: HeaderDraft | GameDraft, child: Child): void {
  if (hasNonSpace(child.text)) {
    const value = child.text;
    if (child.name === "name" || child.name === "description") section[child.name] ??= value;
    else if (section.kind === "header" && child.name === "version") section.version ??= value;
    else if (section.kind === "game" && child.name === "comment") section.comment ??= value;
    else section.fields[child.name] ??= value;
    return;
  }
  for (const [key, value] of Object.entries(child.attributes)) section.fields[`${child.name}.${key}`] ??= value;
}
