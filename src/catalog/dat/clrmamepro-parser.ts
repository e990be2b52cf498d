import { CHAR } from "../../core/char-codes.ts";
import { isProblem, type Problem, problems } from "../../core/problem.ts";
import type { DatFile, DatGame, DatHeader, DatParseOptions, DatRom, DatSkippedBlock, DatWarning } from "./dat-types.ts";

const { BACKSLASH, BOM, CLOSE_PAREN, CR, LF, OPEN_PAREN, QUOTE, SPACE, TAB } = CHAR;

const EOF = -1;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A rom under construction; {@link setRomField} fills it in. */
export type MutableRom = Mutable<DatRom>;

/** The `dat-syntax` problem for a malformed DAT file; `line` and `column` are 1-based. */
export function datSyntaxProblem(file: string, line: number, column: number, what: string): Problem {
  return problems.datSyntax(`${file}:${line}:${column}: ${what}`, { extensions: { file, line, column } });
}

/** A fields record without a prototype, so keys such as `__proto__` or `constructor` from a DAT are plain data. */
export function emptyFields(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

/** Quotes a token for an error message, cut short so a binary file does not produce a megabyte-long detail. */
function quoteToken(token: string): string {
  return JSON.stringify(token.length > 40 ? `${token.slice(0, 40)}…` : token);
}

function isHex(value: string, length: number): boolean {
  if (value.length !== length) return false;
  for (let i = 0; i < length; i++) {
    const c = value.charCodeAt(i) | 0x20;
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return false;
  }
  return true;
}

/** A CRC-32 written as a hex number: tools that print it without zero padding drop leading zeros, some add one. */
function normalizeCrc(value: string): string | undefined {
  const length = value.length;
  if (length === 8) return isHex(value, 8) ? value.toLowerCase() : undefined;
  if (length === 0 || !isHex(value, length)) return undefined;
  let start = 0;
  while (length - start > 8 && value.charCodeAt(start) === 0x30) start++;
  if (length - start > 8) return undefined;
  return value.slice(start).toLowerCase().padStart(8, "0");
}

function parseSize(value: string): number | undefined {
  const length = value.length;
  if (length === 0 || length > 16) return undefined;
  for (let i = 0; i < length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return undefined;
  }
  const size = Number(value);
  return Number.isSafeInteger(size) ? size : undefined;
}

/**
 * Checks one rom attribute and stores it unless the rom already has it (the first one wins).
 * Keys other than name, size, crc, md5, sha1 and serial are ignored.
 * @returns what is wrong with the value, or undefined when it is fine.
 */
export function setRomField(rom: MutableRom, key: string, value: string): string | undefined {
  switch (key) {
    case "name":
      rom.name ??= value;
      return undefined;
    case "serial":
      rom.serial ??= value;
      return undefined;
    case "size": {
      const size = parseSize(value);
      if (size === undefined) return `size ${quoteToken(value)} is not a non-negative integer`;
      rom.size ??= size;
      return undefined;
    }
    case "crc": {
      const crc = normalizeCrc(value);
      if (crc === undefined) return `crc ${quoteToken(value)} is not a 32-bit hex number`;
      rom.crc ??= crc;
      return undefined;
    }
    case "md5":
      if (!isHex(value, 32)) return `md5 ${quoteToken(value)} is not 32 hex digits`;
      rom.md5 ??= value.toLowerCase();
      return undefined;
    case "sha1":
      if (!isHex(value, 40)) return `sha1 ${quoteToken(value)} is not 40 hex digits`;
      rom.sha1 ??= value.toLowerCase();
      return undefined;
    default:
      return undefined;
  }
}

/** An open `name ( ... )` block, kept so an unclosed one can be reported where it was opened. */
interface Block {
  readonly name: string;
  readonly line: number;
  readonly column: number;
}

/** Cursor over the text; reads one token at a time without allocating token objects. */
class Reader {
  readonly text: string;
  readonly file: string;
  readonly length: number;
  readonly skipInvalid: boolean;
  readonly warnings: DatWarning[] = [];
  pos: number;
  line = 1;
  lineStart: number;
  /** Where the key last returned by {@link key} starts. */
  keyLine = 0;
  keyColumn = 0;

  constructor(text: string, file: string, options: DatParseOptions) {
    this.text = text;
    this.file = file;
    this.length = text.length;
    this.skipInvalid = options.invalidRomValues === "skip";
    this.pos = text.charCodeAt(0) === BOM ? 1 : 0;
    this.lineStart = this.pos;
  }

  column(): number {
    return this.pos - this.lineStart + 1;
  }

  fail(line: number, column: number, what: string): Problem {
    return datSyntaxProblem(this.file, line, column, what);
  }

  failHere(what: string): Problem {
    return this.fail(this.line, this.column(), what);
  }

  unclosed(block: Block): Problem {
    return this.fail(block.line, block.column, `unbalanced parentheses: "${block.name}" block is never closed`);
  }

  /** Skips whitespace; returns the next character code without consuming it, or EOF. */
  next(): number {
    const text = this.text;
    const length = this.length;
    let pos = this.pos;
    while (pos < length) {
      const c = text.charCodeAt(pos);
      if (c === LF) {
        pos++;
        this.line++;
        this.lineStart = pos;
      } else if (c === SPACE || (c >= TAB && c <= CR)) {
        pos++;
      } else {
        this.pos = pos;
        return c;
      }
    }
    this.pos = pos;
    return EOF;
  }

  /** Reads a bare key or block name starting at the current (non-delimiter) character. */
  word(): string {
    const text = this.text;
    const length = this.length;
    const start = this.pos;
    let pos = start + 1;
    while (pos < length) {
      const c = text.charCodeAt(pos);
      if (c === SPACE || (c >= TAB && c <= CR) || c === OPEN_PAREN || c === CLOSE_PAREN || c === QUOTE) break;
      pos++;
    }
    this.pos = pos;
    return text.slice(start, pos);
  }

  /**
   * Reads a bare value. Balanced parentheses are part of it: real DATs have unquoted `name Farmyfarm(v1.0).p8`,
   * while a `)` with no `(` before it in the token still closes the block, as in `crc 3bb322f5)`.
   */
  bareValue(): string {
    const text = this.text;
    const length = this.length;
    const start = this.pos;
    let pos = start + 1;
    let depth = 0;
    while (pos < length) {
      const c = text.charCodeAt(pos);
      if (c === SPACE || (c >= TAB && c <= CR) || c === QUOTE) break;
      if (c === OPEN_PAREN) depth++;
      else if (c === CLOSE_PAREN && depth-- === 0) break;
      pos++;
    }
    this.pos = pos;
    return text.slice(start, pos);
  }

  /**
   * Reads a double-quoted string starting at the current `"`. `\"` and `\\` are unescaped; any other
   * backslash is kept as written, because real DATs carry Windows paths and literal `\n` in descriptions.
   *
   * A string may run over a line break (HBMAME.dat has `developer "[Rare)` + newline + `game]"`), but only if
   * its closing quote then ends its line. A quote forgotten at the end of a line is thereby still reported
   * where it was forgotten: the next quote in the file, taken as its close, is an opening one followed by text.
   */
  string(): string {
    const text = this.text;
    const length = this.length;
    const open = this.pos;
    const openLine = this.line;
    const openColumn = open - this.lineStart + 1;
    let pos = open + 1;
    let chunkStart = pos;
    let unescaped: string | undefined;
    let multiline = false;
    for (;;) {
      const c = pos < length ? text.charCodeAt(pos) : EOF;
      if (c === QUOTE) break;
      if (c === EOF) throw this.fail(openLine, openColumn, "unterminated string");
      if (c === LF) {
        multiline = true;
        this.line++;
        this.lineStart = pos + 1;
      } else if (c === BACKSLASH) {
        const escaped = text.charCodeAt(pos + 1);
        if (escaped === QUOTE || escaped === BACKSLASH) {
          unescaped = (unescaped ?? "") + text.slice(chunkStart, pos);
          chunkStart = pos + 1;
          pos += 2;
          continue;
        }
      }
      pos++;
    }
    this.pos = pos + 1;
    if (multiline && !this.restOfLineCloses()) throw this.fail(openLine, openColumn, "unterminated string");
    const tail = text.slice(chunkStart, pos);
    return unescaped === undefined ? tail : unescaped + tail;
  }

  /** True when only whitespace and `)` follow on the current line. */
  restOfLineCloses(): boolean {
    const text = this.text;
    const length = this.length;
    for (let pos = this.pos; pos < length; pos++) {
      const c = text.charCodeAt(pos);
      if (c === LF) return true;
      if (c !== SPACE && c !== TAB && c !== CR && c !== CLOSE_PAREN) return false;
    }
    return true;
  }

  /** Reads the next key of `block`, or returns undefined after consuming the block's closing `)`. */
  key(block: Block): string | undefined {
    const c = this.next();
    if (c === CLOSE_PAREN) {
      this.pos++;
      return undefined;
    }
    if (c === EOF) throw this.unclosed(block);
    if (c === OPEN_PAREN) throw this.failHere(`unexpected '(' in "${block.name}" block: expected a key`);
    if (c === QUOTE) throw this.failHere(`unexpected string in "${block.name}" block: expected a key`);
    this.keyLine = this.line;
    this.keyColumn = this.pos - this.lineStart + 1;
    return this.word();
  }

  /** Reads the value of `key`, whose first character `c` has just been peeked by {@link next}. */
  value(block: Block, key: string, keyLine: number, keyColumn: number, c: number): string {
    if (c === QUOTE) return this.string();
    if (c === EOF) throw this.unclosed(block);
    if (c === CLOSE_PAREN) throw this.fail(keyLine, keyColumn, `missing value for key "${key}"`);
    if (c === OPEN_PAREN) throw this.failHere(`unexpected '(' after key "${key}" in "${block.name}" block`);
    return this.bareValue();
  }

  /** Skips the body of a block whose `(` has been consumed, through its matching `)`. */
  skipBlock(block: Block): void {
    let depth = 1;
    for (;;) {
      const c = this.next();
      if (c === EOF) throw this.unclosed(block);
      if (c === OPEN_PAREN) {
        this.pos++;
        depth++;
      } else if (c === CLOSE_PAREN) {
        this.pos++;
        if (--depth === 0) return;
      } else if (c === QUOTE) {
        this.string();
      } else {
        this.word();
      }
    }
  }
}

function isTopLevelBlock(name: string): boolean {
  return name === "game" || name === "machine" || name === "resource" || name === "clrmamepro";
}

function readHeader(reader: Reader, block: Block): DatHeader {
  const fields = emptyFields();
  let name: string | undefined;
  let description: string | undefined;
  let version: string | undefined;
  for (;;) {
    const key = reader.key(block);
    if (key === undefined) break;
    const keyLine = reader.keyLine;
    const keyColumn = reader.keyColumn;
    const c = reader.next();
    if (c === OPEN_PAREN) {
      reader.pos++;
      reader.skipBlock({ name: key, line: keyLine, column: keyColumn });
      continue;
    }
    const value = reader.value(block, key, keyLine, keyColumn, c);
    if (key === "name") name ??= value;
    else if (key === "description") description ??= value;
    else if (key === "version") version ??= value;
    else fields[key] ??= value;
  }
  return { name, description, version, fields };
}

function readRom(reader: Reader, block: Block): DatRom {
  const rom: MutableRom = {};
  for (;;) {
    const key = reader.key(block);
    if (key === undefined) return rom;
    const keyLine = reader.keyLine;
    const keyColumn = reader.keyColumn;
    const c = reader.next();
    const valueLine = reader.line;
    const valueColumn = reader.column();
    const value = reader.value(block, key, keyLine, keyColumn, c);
    const wrong = setRomField(rom, key, value);
    if (wrong !== undefined) {
      if (!reader.skipInvalid) throw reader.fail(valueLine, valueColumn, wrong);
      reader.warnings.push({ line: valueLine, column: valueColumn, message: wrong });
    }
  }
}

function readGame(reader: Reader, block: Block): DatGame {
  const fields = emptyFields();
  const roms: DatRom[] = [];
  let name: string | undefined;
  let description: string | undefined;
  let comment: string | undefined;
  for (;;) {
    const key = reader.key(block);
    if (key === undefined) break;
    const keyLine = reader.keyLine;
    const keyColumn = reader.keyColumn;
    const c = reader.next();
    if (c === OPEN_PAREN) {
      const nested: Block = { name: key, line: keyLine, column: keyColumn };
      if (isTopLevelBlock(key)) {
        // Most likely the previous block lacks its ')'; say so here rather than at the end of the file.
        throw reader.fail(
          keyLine,
          keyColumn,
          `unbalanced parentheses: "${key}" block starts inside the "${block.name}" block opened at line ${block.line}`,
        );
      }
      reader.pos++;
      if (key === "rom" || key === "disk") roms.push(readRom(reader, nested));
      else reader.skipBlock(nested);
      continue;
    }
    const value = reader.value(block, key, keyLine, keyColumn, c);
    if (key === "name") name ??= value;
    else if (key === "description") description ??= value;
    else if (key === "comment") comment ??= value;
    else fields[key] ??= value;
  }
  return { name, description, comment, fields, roms, line: block.line };
}

/** A line that starts a top-level block: where reading resumes after a malformed one. */
const BLOCK_START = /^[ \t]*(?:game|machine|resource)[ \t]*\(/gm;

/** Where the next line that starts a top-level block begins, after the line holding `from`; the text's length if none. */
function nextBlockStart(text: string, from: number): number {
  const lineEnd = text.indexOf("\n", from);
  if (lineEnd < 0) return text.length;
  BLOCK_START.lastIndex = lineEnd + 1;
  return BLOCK_START.exec(text)?.index ?? text.length;
}

/** The entry's name as written in a block's text, for the warning about a block that could not be read. */
function blockName(text: string): string | undefined {
  const match = /(?:^|\s)name\s+(?:"([^"\n]*)"|([^\s()"]+))/.exec(text);
  const name = (match?.[1] ?? match?.[2])?.trim();
  return name ? name : undefined;
}

function countLines(text: string, from: number, to: number): number {
  let lines = 0;
  for (let pos = text.indexOf("\n", from); pos >= 0 && pos < to; pos = text.indexOf("\n", pos + 1)) lines++;
  return lines;
}

/** Reads one top-level block at the current position, whose first character `c` has been peeked. */
function readTopLevel(reader: Reader, c: number, dat: { header: DatHeader | undefined; games: DatGame[] }): void {
  const line = reader.line;
  const column = reader.column();
  if (c === CLOSE_PAREN) throw reader.failHere("unbalanced parentheses: ')' without a matching '('");
  if (c === OPEN_PAREN) throw reader.failHere("unexpected '(': expected clrmamepro, game, machine or resource");
  if (c === QUOTE) throw reader.failHere("unexpected string: expected clrmamepro, game, machine or resource");
  const name = reader.word();
  if (!isTopLevelBlock(name)) {
    throw reader.fail(line, column, `unexpected ${quoteToken(name)}: expected clrmamepro, game, machine or resource`);
  }
  if (reader.next() !== OPEN_PAREN) throw reader.failHere(`expected '(' after "${name}"`);
  reader.pos++;
  const block: Block = { name, line, column };
  if (name === "clrmamepro") {
    if (dat.header !== undefined || dat.games.length > 0) {
      throw reader.fail(line, column, 'the "clrmamepro" header must come once, before any game');
    }
    dat.header = readHeader(reader, block);
  } else {
    dat.games.push(readGame(reader, block));
  }
}

/**
 * Parses a clrmamepro DAT: an optional `clrmamepro ( ... )` header, then `game`, `machine` or `resource` blocks.
 * With `malformedBlocks: "skip"`, a block that cannot be read is left out and listed in `skipped`.
 * @throws Problem `dat-syntax` (422) with the file, line and column of the first thing wrong.
 */
export function parseClrmamepro(text: string, file: string, options: DatParseOptions = {}): DatFile {
  const reader = new Reader(text, file, options);
  const recover = options.malformedBlocks === "skip";
  const dat: { header: DatHeader | undefined; games: DatGame[] } = { header: undefined, games: [] };
  const skipped: DatSkippedBlock[] = [];
  let c = reader.next();
  if (c === EOF) throw reader.fail(1, 1, "file is empty");
  const first = reader.pos;
  while (c !== EOF) {
    const start = reader.pos;
    const line = reader.line;
    const lineStart = reader.lineStart;
    const column = reader.column();
    try {
      readTopLevel(reader, c, dat);
    } catch (error) {
      if (!recover || !isProblem(error) || error.type !== "dat-syntax") throw error;
      const at = error.extensions as { line?: number; column?: number };
      const errorLine = at.line ?? line;
      const errorColumn = at.column ?? column;
      // A file whose first token starts no block is not a DAT: recovering would skip all of it.
      if (start === first && errorLine === line && errorColumn === column) throw error;
      const resume = nextBlockStart(text, start);
      const prefix = `${file}:${errorLine}:${errorColumn}: `;
      const message = error.detail?.startsWith(prefix) ? error.detail.slice(prefix.length) : (error.detail ?? error.title);
      const name = blockName(text.slice(start, resume));
      skipped.push({ line: errorLine, column: errorColumn, message, blockLine: line, ...(name ? { name } : {}) });
      reader.pos = resume;
      reader.line = line + countLines(text, lineStart, resume);
      reader.lineStart = resume;
    }
    c = reader.next();
  }
  const parsed: DatFile = { format: "clrmamepro", header: dat.header ?? { fields: emptyFields() }, games: dat.games };
  return {
    ...parsed,
    ...(reader.warnings.length > 0 ? { warnings: reader.warnings } : {}),
    ...(skipped.length > 0 ? { skipped } : {}),
  };
}
