import type { DatFile, DatGame } from "../../src/catalog/dat/dat-types.ts";

/** A clrmamepro DAT of `games`, each with no fields or roms unless given and its index as its line. */
export function datFile(games: Partial<DatGame>[]): DatFile {
  return { format: "clrmamepro", header: { fields: {} }, games: games.map((g, i) => ({ fields: {}, roms: [], line: i + 1, ...g })) };
}
