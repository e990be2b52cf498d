import { readFileSync } from "node:fs";
import path from "node:path";
import { request } from "undici";
import { readManifest } from "../../src/catalog/build/manifest.ts";
import type { MatchTable } from "../../src/match/index/match-table.ts";
import { percentile } from "./bench-support.ts";

/** The mix's shares of items, in percent: what a ROM manager scanning a collection sends. */
export const MIX = { fingerprint: 70, crcSize: 10, name: 10, generic: 10 } as const;
/** Platforms the mix draws from: the ones with the most hashed roms. */
export const MIX_PLATFORMS = 45;
/** A name more than this many games share is generic (as the matcher's `generic-name` says). */
const GENERIC_GAMES = 10;

/** One platform's request bodies, 100 items each. */
export interface MixPlatform {
  readonly slug: string;
  readonly bodies: readonly string[];
}

type Item = Record<string, string | number>;

/** Names more than {@link GENERIC_GAMES} games of the table share, as their keys. */
function genericNames(table: MatchTable): string[] {
  const games = new Map<string, Set<number>>();
  table.name.forEach((key, row) => {
    if (!key) return;
    const game = table.releases[table.release[row] ?? -1]?.[0];
    if (game === undefined) return;
    let set = games.get(key);
    if (!set) games.set(key, (set = new Set()));
    set.add(game);
  });
  return [...games].filter(([, set]) => set.size > GENERIC_GAMES).map(([key]) => key);
}

/**
 * Request bodies of the realistic mix ({@link MIX}) for the {@link MIX_PLATFORMS} platforms of
 * `buildDir` with the most hashed roms, `perPlatform` bodies each, read from the build's match
 * tables: full fingerprints (name, size, crc, md5, sha1), crc with size, a release's DAT name as an
 * archive's file name, and names many games share (`tmd.1`, `track01.bin`; another platform's when
 * a platform has none).
 */
export function mixPlatforms(buildDir: string, perPlatform: number): MixPlatform[] {
  const manifest = readManifest(buildDir);
  if (!manifest) throw new Error(`no build in ${buildDir}`);
  const tables = Object.entries(manifest.platforms).map(([slug, platform]) => {
    const table = JSON.parse(readFileSync(path.join(buildDir, platform.match), "utf8")) as MatchTable;
    const hashed = table.sha1.flatMap((sha1, row) => (sha1 && table.md5[row] && table.crc[row] && table.size[row] != null ? [row] : []));
    return { slug, table, hashed };
  });
  tables.sort((a, b) => b.hashed.length - a.hashed.length);
  const chosen = tables.slice(0, MIX_PLATFORMS);
  const everyGeneric = chosen.flatMap(({ table }) => genericNames(table));
  let seed = 1;
  const random = (n: number): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  return chosen.map(({ slug, table, hashed }) => {
    const own = genericNames(table);
    const generic = own.length > 0 ? own : everyGeneric;
    const item = (): Item => {
      const row = hashed[random(hashed.length)] ?? 0;
      const datName = table.releases[table.release[row] ?? 0]?.[1] ?? "";
      const roll = random(100);
      if (roll < MIX.fingerprint)
        return {
          name: `${datName}.zip`,
          size: table.size[row] ?? 0,
          crc: table.crc[row] ?? "",
          md5: table.md5[row] ?? "",
          sha1: table.sha1[row] ?? "",
        };
      if (roll < MIX.fingerprint + MIX.crcSize) return { crc: table.crc[row] ?? "", size: table.size[row] ?? 0 };
      if (roll < MIX.fingerprint + MIX.crcSize + MIX.name) return { name: `${datName}.zip` };
      return { name: generic[random(generic.length)] ?? "track01.bin" };
    };
    const bodies = Array.from({ length: perPlatform }, () => JSON.stringify({ systemId: slug, items: Array.from({ length: 100 }, item) }));
    return { slug, bodies };
  });
}

/** Latencies of the first request for each platform, in ms, and how many were not 200. */
export interface ColdFigures {
  readonly median: number;
  readonly p90: number;
  readonly max: number;
  readonly failed: number;
}

/**
 * Sends each platform's first body once, `connections` at a time, to a server that has just become
 * ready: what the first clients after a start or reload wait.
 */
export async function coldFirstRequests(origin: string, platforms: readonly MixPlatform[], connections: number): Promise<ColdFigures> {
  const queue = [...platforms];
  const times: number[] = [];
  let failed = 0;
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const started = performance.now();
      const res = await request(`${origin}/api/v1/games/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: next.bodies[0],
      });
      await res.body.arrayBuffer();
      times.push(performance.now() - started);
      if (res.statusCode !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p90: percentile(times, 0.9), max: times.at(-1) ?? 0, failed };
}
