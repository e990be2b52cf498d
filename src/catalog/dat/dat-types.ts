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
}
