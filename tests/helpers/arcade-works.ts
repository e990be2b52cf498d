import type { DatFile } from "../../src/catalog/dat/dat-types.ts";
import { assembleGames, type GameDatInput } from "../../src/catalog/import/assemble-games.ts";
import { createMetadataIndex } from "../../src/catalog/import/metadata-index.ts";

/** A set's zip of `size` bytes whose hashes are made of `seed`. */
export function arcadeRom(name: string, seed: string, size = 65536): { name: string; size: number; crc: string; sha1: string } {
  return { name, size, crc: seed.repeat(8).slice(0, 8), sha1: seed.repeat(40).slice(0, 40) };
}

/** The arcade works assembled from `inputs` (with `systemTitles`, platform names' title keys): each work's release names sorted, works sorted. */
export function arcadeWorks(inputs: GameDatInput[], systemTitles?: ReadonlySet<string>): string[][] {
  const { games } = assembleGames(inputs, createMetadataIndex(), {
    platform: "arcade",
    arcade: true,
    hackCollections: new Set(["hbmame"]),
    ...(systemTitles ? { systemTitles } : {}),
  });
  return games.map((g) => g.releases.map((r) => r.name).sort()).sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

/** The arcade records assembled from `inputs`: each record's title and its first (best) release's name, sorted by title. */
export function arcadeRecordTitles(inputs: GameDatInput[]): { title: string; first: string | undefined }[] {
  const { games } = assembleGames(inputs, createMetadataIndex(), {
    platform: "arcade",
    arcade: true,
    hackCollections: new Set(["hbmame"]),
  });
  return games.map((g) => ({ title: g.title, first: g.releases[0]?.name })).sort((a, b) => a.title.localeCompare(b.title));
}

/** How the import reads each arcade collection's DAT: MAME 2010's split sets, FBNeo's, HBMAME's (libretro's dat/ folder). */
const COLLECTIONS = {
  mame: { source: "mame-split", label: "mame.dat", collection: "mame-2010" },
  fbneo: { source: "fbneo-split", label: "fbneo.dat", collection: "fbneo" },
  hbmame: { source: "dat", label: "hbmame.dat", collection: "hbmame" },
} as const;

/** Each DAT as the import reads its collection, in the order given. */
export function arcadeDats(dats: Partial<Record<keyof typeof COLLECTIONS, DatFile>>): GameDatInput[] {
  return Object.entries(dats).map(([name, dat]) => ({ dat, ...COLLECTIONS[name as keyof typeof COLLECTIONS] }));
}
