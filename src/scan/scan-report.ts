import type { MatchGroup, MatchResult } from "@ludex/client";
import type { ScannedFile } from "@ludex/client/node";

/** What `ludex scan` says of one file: `noPlatform` when neither `--system`, its folders nor its extension named one. */
export type ScanStatus = MatchResult["status"] | "noPlatform";

export interface ScanEntry extends ScannedFile {
  readonly status: ScanStatus;
  /** The catalog's answer for the item (absent for `noPlatform`). */
  readonly result?: MatchResult;
  /** The group the item was sent in (a cue, gdi or m3u set), with the group's verdict. */
  readonly group?: ScanGroup;
}

/** A group's verdict as `ludex scan` reports it: its name, status and the release that explains the most items. */
export interface ScanGroup {
  readonly group: string;
  readonly status: MatchGroup["status"];
  readonly match?: MatchGroup["match"];
}

export interface PlatformSummary {
  readonly files: number;
  readonly matched: number;
  readonly ambiguous: number;
  readonly notFound: number;
  readonly invalid: number;
}

export interface ScanSummary extends PlatformSummary {
  readonly noPlatform: number;
  /** Per platform slug, in slug order. */
  readonly platforms: Readonly<Record<string, PlatformSummary>>;
}

/** Counts per status, overall and per platform. */
export function summarize(entries: readonly ScanEntry[]): ScanSummary {
  const blank = (): { files: number; matched: number; ambiguous: number; notFound: number; invalid: number } => ({
    files: 0,
    matched: 0,
    ambiguous: 0,
    notFound: 0,
    invalid: 0,
  });
  const total = { ...blank(), noPlatform: 0 };
  const platforms = new Map<string, ReturnType<typeof blank>>();
  for (const entry of entries) {
    total.files++;
    if (entry.status === "noPlatform" || entry.platform === undefined) {
      total.noPlatform++;
      continue;
    }
    let counts = platforms.get(entry.platform);
    if (!counts) platforms.set(entry.platform, (counts = blank()));
    counts.files++;
    counts[entry.status]++;
    total[entry.status]++;
  }
  return { ...total, platforms: Object.fromEntries([...platforms].sort(([a], [b]) => a.localeCompare(b))) };
}

/** The summary as the lines `ludex scan` prints. */
export function formatSummary(summary: ScanSummary): string[] {
  const row = (label: string, c: PlatformSummary): string =>
    `${label.padEnd(16)} ${String(c.files).padStart(6)} ${String(c.matched).padStart(8)} ${String(c.ambiguous).padStart(10)} ${String(c.notFound).padStart(10)} ${String(c.invalid).padStart(8)}`;
  const lines = [
    `${"platform".padEnd(16)} ${"files".padStart(6)} ${"matched".padStart(8)} ${"ambiguous".padStart(10)} ${"not found".padStart(10)} ${"invalid".padStart(8)}`,
  ];
  for (const [slug, counts] of Object.entries(summary.platforms)) lines.push(row(slug, counts));
  lines.push(row("all", summary));
  if (summary.noPlatform > 0)
    lines.push(`${summary.noPlatform} file(s) with no platform: pass --system, or put them in a folder named after one`);
  return lines;
}
