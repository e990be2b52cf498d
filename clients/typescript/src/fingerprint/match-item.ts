import type { components } from "../generated/openapi.ts";
import type { Fingerprint } from "./file-hasher.ts";

export type MatchItem = components["schemas"]["MatchItem"];

/** The match item for a fingerprinted file: its name, size and hashes, the headerless ones when it has a header, and its group. */
export function matchItemOf(fingerprint: Fingerprint, group?: string): MatchItem {
  const { name, size, crc, md5, sha1, headerless } = fingerprint;
  const item: MatchItem = { name, size, crc, md5, sha1 };
  if (headerless) item.headerless = { crc: headerless.crc, md5: headerless.md5, sha1: headerless.sha1 };
  if (group !== undefined) item.group = group;
  return item;
}

/** A file sent by name only: a cue sheet (its text depends on paths), a 7z archive, a file that could not be read. */
export function nameItem(name: string, group?: string): MatchItem {
  return group === undefined ? { name } : { name, group };
}
