import { problems } from "../core/problem.ts";
import { PlatformGuesser } from "@ludex/client";
import { type ScannedFile, scanFolder } from "@ludex/client/node";
import type { ScanEntry, ScanGroup } from "./scan-report.ts";
import type { ScanTarget } from "./scan-target.ts";

export interface ScanOptions {
  /** The platform of every file (slug or alias), instead of guessing. */
  readonly system?: string | undefined;
  /** Progress: a phase, and its done and total counts. */
  readonly onProgress?: (phase: "read" | "match", done: number, total: number) => void;
}

/**
 * Fingerprints a folder with the TypeScript client's code and matches its items against the
 * target, platform by platform; each file gets its entry, in path order.
 */
export async function scanAndMatch(root: string, target: ScanTarget, options: ScanOptions = {}): Promise<ScanEntry[]> {
  const platforms = await target.platforms();
  const guesser = new PlatformGuesser(platforms);
  let system: string | undefined;
  if (options.system !== undefined) {
    system = guesser.folder(options.system);
    if (!system) throw problems.unknownSystem(`no platform named "${options.system}"`);
  }
  const files = await scanFolder(root, {
    guesser,
    system,
    onProgress: (done, total) => options.onProgress?.("read", done, total),
  });
  const byPlatform = new Map<string, number[]>();
  files.forEach((file, i) => {
    if (file.platform === undefined) return;
    const list = byPlatform.get(file.platform) ?? [];
    list.push(i);
    byPlatform.set(file.platform, list);
  });
  const entries: ScanEntry[] = files.map((file: ScannedFile) => ({ ...file, status: "noPlatform" }));
  let matched = 0;
  for (const [platform, indexes] of byPlatform) {
    const answer = await target.match(
      platform,
      indexes.map((i) => (files[i] as ScannedFile).item),
    );
    const groupOf = new Map<number, ScanGroup>();
    for (const group of answer.groups) {
      const verdict: ScanGroup = { group: group.group, status: group.status, ...(group.match ? { match: group.match } : {}) };
      for (const k of group.items) groupOf.set(indexes[k] as number, verdict);
    }
    answer.results.forEach((result, k) => {
      const i = indexes[k] as number;
      const group = groupOf.get(i);
      entries[i] = { ...(files[i] as ScannedFile), status: result.status, result: { ...result, index: i }, ...(group ? { group } : {}) };
    });
    matched += indexes.length;
    options.onProgress?.("match", matched, files.length);
  }
  return entries;
}
