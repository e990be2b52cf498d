import { fitToBytes } from "../../core/page-bytes.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { type Problem, problems } from "../../core/problem.ts";
import { attribution } from "../record/attribution.ts";
import type { BuildManifest } from "../build/manifest.ts";
import { changeKinds, type ChangeHistoryEntry, type ChangeKind, type ChangeLogFile, type ChangeType } from "./change-types.ts";

export interface FeedChange {
  readonly id: number;
  readonly system: string;
  readonly title: string;
  readonly change: ChangeType;
  readonly kinds?: readonly ChangeKind[];
  readonly into?: number;
  readonly splitFrom?: number;
  readonly updatedAt: string;
  readonly url: string | null;
}

export interface ChangesPage {
  readonly since: string;
  readonly sinceVersion: string;
  readonly catalogVersion: string;
  readonly builtAt: string;
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
  readonly counts: { readonly added: number; readonly removed: number; readonly changed: number; readonly merged: number };
  readonly changes: readonly FeedChange[];
  readonly next: string | null;
  readonly attribution: typeof attribution;
}

/** Clock skew tolerated before a `since` date counts as in the future. */
const FUTURE_SKEW_MS = 5 * 60_000;

interface Merged {
  readonly sinceVersion: string;
  readonly changes: readonly Omit<FeedChange, "url">[];
}

/** Merged change lists by `<current>:<since version>`; logs are read from disk once per pair. */
const mergedCache = new LRUCache<string, Merged>({ max: 16 });

function expired(since: string, history: readonly ChangeHistoryEntry[], baseUrl: string): Problem {
  return problems.changesExpired(
    `no kept build matches since=${since}; the history starts at ${history[0]?.catalogVersion ?? "the current build"} (${history[0]?.builtAt ?? ""}). Resync from the dumps at ${baseUrl}/api/v1/dumps/, then follow changes since their catalogVersion`,
    { extensions: { oldestVersion: history[0]?.catalogVersion ?? null, resync: `${baseUrl}/api/v1/dumps/` } },
  );
}

/** The history index `since` stands for: a version in the kept history, or the last build at or before a date. */
function resolveSince(since: string, history: readonly ChangeHistoryEntry[], baseUrl: string, now: number): number {
  const byVersion = history.findIndex((entry) => entry.catalogVersion === since);
  if (byVersion >= 0) return byVersion;
  const time = /^\d{4}-/.test(since) ? Date.parse(since) : Number.NaN;
  if (Number.isNaN(time)) throw expired(since, history, baseUrl);
  if (time > now + FUTURE_SKEW_MS) throw problems.invalidRequest([{ name: "since", detail: `${since} is in the future` }]);
  let found = -1;
  history.forEach((entry, i) => {
    if (Date.parse(entry.builtAt) <= time) found = i;
  });
  if (found < 0) throw expired(since, history, baseUrl);
  return found;
}

function readLog(buildDir: string, file: string, since: string, history: readonly ChangeHistoryEntry[], baseUrl: string): ChangeLogFile {
  try {
    return JSON.parse(readFileSync(path.join(buildDir, file), "utf8")) as ChangeLogFile;
  } catch {
    // A log gone from disk (a build folder pruned by hand) cannot be followed: the client resyncs.
    throw expired(since, history, baseUrl);
  }
}

function merge(
  buildDir: string,
  history: readonly ChangeHistoryEntry[],
  from: number,
  since: string,
  baseUrl: string,
): Omit<FeedChange, "url">[] {
  const state = new Map<
    number,
    {
      system: string;
      title: string;
      change: ChangeType;
      kinds: Set<ChangeKind>;
      into: number | undefined;
      splitFrom: number | undefined;
      updatedAt: string;
    }
  >();
  for (const entry of history.slice(from + 1)) {
    if (!entry.file) continue;
    const log = readLog(buildDir, entry.file, since, history, baseUrl);
    for (const c of log.changes) {
      const before = state.get(c.id);
      const kinds = new Set<ChangeKind>(c.kinds ?? []);
      let change: ChangeType | undefined = c.change;
      const gone = c.change === "removed" || c.change === "merged";
      if (before) {
        // Added and gone again since `since`: the client never had it.
        if (before.change === "added") change = gone ? undefined : "added";
        else if ((before.change === "removed" || before.change === "merged") && !gone) {
          // Gone at some point and back now: the record may differ in any way.
          change = "changed";
          for (const kind of changeKinds) kinds.add(kind);
        } else if (c.change === "changed" && before.change === "changed") for (const kind of before.kinds) kinds.add(kind);
      }
      if (change === undefined) state.delete(c.id);
      else
        state.set(c.id, {
          system: c.system,
          title: c.title,
          change,
          kinds: change === "changed" ? kinds : new Set(),
          into: change === "merged" ? c.into : undefined,
          splitFrom: change === "added" ? (c.splitFrom ?? before?.splitFrom) : undefined,
          updatedAt: log.builtAt,
        });
    }
  }
  // A game that joined a game which later joined a third one answers as the third one now.
  for (const s of state.values()) {
    for (let hops = 0; s.into !== undefined && hops < state.size; hops++) {
      const next = state.get(s.into);
      if (next?.change !== "merged" || next.into === undefined) break;
      s.into = next.into;
    }
  }
  return [...state.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, s]) => ({
      id,
      system: s.system,
      title: s.title,
      change: s.change,
      ...(s.change === "changed" ? { kinds: changeKinds.filter((k) => s.kinds.has(k)) } : {}),
      ...(s.change === "merged" && s.into !== undefined ? { into: s.into } : {}),
      ...(s.change === "added" && s.splitFrom !== undefined ? { splitFrom: s.splitFrom } : {}),
      updatedAt: s.updatedAt,
    }));
}

/** Where a change's game is to be read now: its own record, the record it joined, or nothing for a removed game. */
function recordUrl(baseUrl: string, change: Omit<FeedChange, "url">): string | null {
  if (change.change === "removed") return null;
  const id = change.change === "merged" ? change.into : change.id;
  return id === undefined ? null : `${baseUrl}/api/v1/games/?id=${id}`;
}

/**
 * What changed between `since` (a kept catalogVersion, or a date) and the build of `manifest`,
 * one page of it: every game added, removed, changed (with the kinds of change) or merged into
 * another (with the id it joined), in id order,
 * several builds' logs folded into one answer per game. Throws 410 when `since` is unknown or past
 * retention (the client resyncs from the dumps), 422 for a date in the future. Shared by the HTTP
 * route and the agent endpoints.
 */
export function changesSince(
  manifest: BuildManifest,
  buildDir: string,
  baseUrl: string,
  request: { readonly since: string; readonly limit: number; readonly offset: number },
  now = Date.now(),
): ChangesPage {
  const history = manifest.changeHistory ?? [];
  const current = history.at(-1);
  if (!current || current.catalogVersion !== manifest.catalogVersion) throw expired(request.since, history, baseUrl);
  const from = resolveSince(request.since, history, baseUrl, now);
  const key = `${buildDir}\u0000${manifest.catalogVersion}\u0000${history[from]?.catalogVersion ?? ""}`;
  let merged = mergedCache.get(key);
  if (!merged) {
    merged = { sinceVersion: history[from]?.catalogVersion ?? "", changes: merge(buildDir, history, from, request.since, baseUrl) };
    mergedCache.set(key, merged);
  }
  const page = fitToBytes(
    merged.changes.slice(request.offset, request.offset + request.limit).map((c) => ({ ...c, url: recordUrl(baseUrl, c) })),
  );
  const nextOffset = request.offset + page.length;
  const next =
    nextOffset < merged.changes.length
      ? `${baseUrl}/api/v1/changes/?${new URLSearchParams({ since: request.since, limit: String(request.limit), offset: String(nextOffset) }).toString()}`
      : null;
  const count = (type: ChangeType): number => merged.changes.reduce((n, c) => n + (c.change === type ? 1 : 0), 0);
  return {
    since: request.since,
    sinceVersion: merged.sinceVersion,
    catalogVersion: manifest.catalogVersion,
    builtAt: current.builtAt,
    total: merged.changes.length,
    offset: request.offset,
    limit: request.limit,
    counts: { added: count("added"), removed: count("removed"), changed: count("changed"), merged: count("merged") },
    changes: page,
    next,
    attribution,
  };
}
