import { decodeXmlEntities } from "../dat/xml-entities.ts";
import type { DatFile, DatGame } from "../dat/dat-types.ts";
import { serialKey } from "../../core/keys.ts";

/** DAT keys that carry metadata, in game DATs (inline) and in the metadat/ DATs alike. */
export const metadataKeys = [
  "developer",
  "publisher",
  "genre",
  "franchise",
  "releaseyear",
  "releasemonth",
  "users",
  "esrb_rating",
  "bbfc_rating",
  "elspa_rating",
  "edge_rating",
  "edge_issue",
  "famitsu_rating",
  "serial",
  "origin",
  "analog",
  "rumble",
  "enhancement_hw",
] as const;
export type MetadataKey = (typeof metadataKeys)[number];
export type MetadataFields = Partial<Record<MetadataKey, string>>;

/**
 * Metadata from the metadat/ DATs of one platform, keyed by rom crc and by serial — never by
 * name: the `comment` names in those DATs drift from the No-Intro/Redump names.
 */
export interface MetadataIndex {
  readonly byCrc: Map<string, MetadataFields>;
  readonly bySerial: Map<string, MetadataFields>;
  /** Entries that carried no usable key (no rom crc, no serial). */
  unkeyed: number;
}

export function createMetadataIndex(): MetadataIndex {
  return { byCrc: new Map(), bySerial: new Map(), unkeyed: 0 };
}

/** Metadata fields a DAT game block carries itself (libretro's dat/ files have them inline). */
export function inlineMetadata(game: DatGame, exclude?: MetadataKey): MetadataFields {
  const out: MetadataFields = {};
  for (const key of metadataKeys) {
    if (key === exclude) continue;
    const value = game.fields[key]?.trim();
    if (value) out[key] = decodeXmlEntities(value);
  }
  return out;
}

function mergeInto(map: Map<string, MetadataFields>, key: string, fields: MetadataFields): void {
  const existing = map.get(key);
  if (!existing) {
    map.set(key, { ...fields });
    return;
  }
  for (const [k, v] of Object.entries(fields) as [MetadataKey, string][]) existing[k] ??= v;
}

/**
 * Adds one metadata DAT. Keys are the rom crcs and rom serials of each entry; an entry without
 * either is keyed by its own `serial` (then the serial is the key, not a value).
 */
export function addMetadataDat(index: MetadataIndex, dat: DatFile): void {
  for (const game of dat.games) {
    const crcs: string[] = [];
    const serials: string[] = [];
    for (const rom of game.roms) {
      if (rom.crc) crcs.push(rom.crc);
      if (rom.serial) serials.push(rom.serial);
    }
    const ownSerial = game.fields.serial?.trim();
    const serialIsKey = crcs.length === 0 && serials.length === 0 && ownSerial !== undefined;
    if (serialIsKey) serials.push(ownSerial);
    const fields = inlineMetadata(game, serialIsKey || (serials.length > 0 && crcs.length === 0) ? "serial" : undefined);
    if (Object.keys(fields).length === 0) continue;
    if (crcs.length === 0 && serials.length === 0) {
      index.unkeyed++;
      continue;
    }
    for (const crc of crcs) mergeInto(index.byCrc, crc, fields);
    for (const serial of serials) mergeInto(index.bySerial, serialKey(serial), fields);
  }
}
