/** One `rom` line (clrmamepro) or `<rom>` element (Logiqx). Hashes are lowercase hex. */
export interface DatRom {
  readonly name?: string;
  readonly size?: number;
  readonly crc?: string;
  readonly md5?: string;
  readonly sha1?: string;
  readonly serial?: string;
}

/** One `game`/`machine` block. `fields` holds every other scalar attribute (region, developer, releaseyear, comment, ...). */
export interface DatGame {
  readonly name?: string;
  readonly description?: string;
  readonly comment?: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly roms: readonly DatRom[];
  /** 1-based line of the block's start in the source file. */
  readonly line: number;
}

export interface DatHeader {
  readonly name?: string;
  readonly description?: string;
  readonly version?: string;
  readonly fields: Readonly<Record<string, string>>;
}

export type DatFormat = "clrmamepro" | "logiqx";

export interface DatFile {
  readonly format: DatFormat;
  readonly header: DatHeader;
  readonly games: readonly DatGame[];
  /** Rom values skipped under `invalidRomValues: "skip"`; absent when nothing was skipped. */
  readonly warnings?: readonly DatWarning[];
  /** Top-level blocks left out under `malformedBlocks: "skip"`; absent when none was. */
  readonly skipped?: readonly DatSkippedBlock[];
}

/** A top-level block the parser could not read and left out, resuming at the next block. */
export interface DatSkippedBlock {
  /** Where the first thing wrong in it is (1-based). */
  readonly line: number;
  readonly column: number;
  readonly message: string;
  /** 1-based line where the block starts. */
  readonly blockLine: number;
  /** The entry's `name`, when it can be read from the block's text. */
  readonly name?: string;
}

/** A rom value that was left out because it is unusable (a bad hash or size), kept when parsing with `invalidRomValues: "skip"`. */
export interface DatWarning {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** Options shared by the DAT parsers. */
export interface DatParseOptions {
  /**
   * What to do with a rom hash or size that is present but malformed: `"throw"` (the default) a `dat-syntax` Problem,
   * or `"skip"` it, leaving the rest of the rom and the file in, and list it in {@link DatFile.warnings}.
   */
  readonly invalidRomValues?: "throw" | "skip";
  /**
   * What to do with a top-level block that cannot be read (clrmamepro only): `"throw"` (the default) a
   * `dat-syntax` Problem, or `"skip"` it, resume at the next line that starts a `game`, `machine` or
   * `resource` block, and list it in {@link DatFile.skipped}. A file whose first token starts no block is
   * not a DAT and throws either way.
   */
  readonly malformedBlocks?: "throw" | "skip";
}
