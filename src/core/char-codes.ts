/**
 * The UTF-16 code units that the hand-written readers (JSON scanning, DAT parsing, name tags)
 * compare `charCodeAt` against, named once so that no reader spells a number of its own. A reader
 * destructures the codes it uses into constants of its own module (`const { QUOTE } = CHAR;`):
 * V8 folds a module's own constant into optimised code, where an imported binding is read through
 * its module cell at every use, and these comparisons run once per char of a request body.
 * @see RFC 8259 §2 (JSON's structural characters and whitespace)
 */
export const CHAR = Object.freeze({
  TAB: 0x09,
  LF: 0x0a,
  CR: 0x0d,
  SPACE: 0x20,
  QUOTE: 0x22,
  OPEN_PAREN: 0x28,
  CLOSE_PAREN: 0x29,
  COMMA: 0x2c,
  DOT: 0x2e,
  ZERO: 0x30,
  NINE: 0x39,
  COLON: 0x3a,
  UPPER_E: 0x45,
  OPEN_BRACKET: 0x5b,
  BACKSLASH: 0x5c,
  CLOSE_BRACKET: 0x5d,
  LOWER_E: 0x65,
  OPEN_BRACE: 0x7b,
  CLOSE_BRACE: 0x7d,
  /** The byte order mark, which a text file may start with. */
  BOM: 0xfeff,
});
