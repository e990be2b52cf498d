import type { DatFile, DatParseOptions } from "./dat-types.ts";
import { datSyntaxProblem, parseClrmamepro } from "./clrmamepro-parser.ts";
import { parseLogiqx } from "./logiqx-parser.ts";

/**
 * Parses a DAT file of either format: Logiqx XML when the first non-whitespace character is `<`, clrmamepro otherwise.
 * @throws Problem `dat-syntax` (422) for an empty or malformed file.
 */
export function parseDat(text: string, file: string, options: DatParseOptions = {}): DatFile {
  const length = text.length;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; pos < length; pos++) {
    const c = text.charCodeAt(pos);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
  }
  if (pos === length) throw datSyntaxProblem(file, 1, 1, "file is empty");
  return text.charCodeAt(pos) === 0x3c ? parseLogiqx(text, file, options) : parseClrmamepro(text, file, options);
}
