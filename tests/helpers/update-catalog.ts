import { createHash } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The platforms of a small catalog a test writes itself, by DAT file name (the system name). */
export const updateSystems = {
  gb: "Nintendo - Game Boy",
  snes: "Nintendo - Super Nintendo Entertainment System",
  megadrive: "Sega - Mega Drive - Genesis",
} as const;

export type UpdateSystem = keyof typeof updateSystems;

function hex(algorithm: string, text: string): string {
  return createHash(algorithm).update(text).digest("hex").toUpperCase();
}

/** One No-Intro style entry; the rom's hashes follow from `dump` (the name by default), so a renamed entry can keep its dump. */
export interface DatGame {
  readonly name: string;
  readonly dump?: string;
  /** Written with a doubled quote in its description, as upstream once shipped one: a block the parser cannot read. */
  readonly malformed?: boolean;
}

/** A clrmamepro DAT of `games`, each one release with one rom. */
export function datText(system: string, games: readonly DatGame[]): string {
  const entries = games.map((g) => {
    const dump = g.dump ?? g.name;
    const description = g.malformed ? `\n\tdescription ""${g.name}"` : "";
    return `game (\n\tname "${g.name}"${description}\n\tregion "USA"\n\trom ( name "${g.name}.bin" size ${1024 + dump.length} crc ${hex("sha1", dump).slice(0, 8)} md5 ${hex("md5", dump)} sha1 ${hex("sha1", dump)} )\n)\n`;
  });
  return `clrmamepro (\n\tname "${system}"\n\tdescription "${system}"\n\tversion "2026.01.01"\n)\n\n${entries.join("")}`;
}

/** `count` games named `<prefix> <n> (USA)`. */
export function numberedGames(prefix: string, count: number, from = 1): DatGame[] {
  return Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${String(from + i).padStart(2, "0")} (USA)` }));
}

/** Writes the catalog's DATs into `dir` (one file per platform listed; platforms not listed are removed). */
export function writeCatalog(dir: string, platforms: Partial<Record<UpdateSystem, readonly DatGame[]>>): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [slug, games] of Object.entries(platforms) as [UpdateSystem, DatGame[]][]) {
    const system = updateSystems[slug];
    writeFileSync(path.join(dir, `${system}.dat`), datText(system, games));
  }
}

/** The catalog every update test starts from: 20 games on each of three platforms. */
export function baseCatalog(): Record<UpdateSystem, DatGame[]> {
  return { gb: numberedGames("Pocket Quest", 20), snes: numberedGames("Star Raid", 20), megadrive: numberedGames("Blast Zone", 20) };
}
