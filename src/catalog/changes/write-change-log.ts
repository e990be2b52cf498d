import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { BuildManifest } from "../build/manifest.ts";
import { writeFileAtomic } from "../build/write-file-atomic.ts";
import type { StaticDocumentInput } from "../build/write-static-document.ts";
import { attribution } from "../record/attribution.ts";
import { KEEP_BUILDS, KEEP_DAYS, type ChangeHistoryEntry, type ChangeLogFile, type GameChange } from "./change-types.ts";

export const CHANGES_DIR = "changes";
/** The reviews the history names, one per published version that had one. */
export const REVIEWS_DIR = "reviews";

export interface ChangeLogInput {
  readonly buildDir: string;
  readonly previous: BuildManifest | undefined;
  readonly catalogVersion: string;
  readonly builtAt: string;
  /** What this build changed against `previous` (ignored without a previous build). */
  readonly changes: readonly GameChange[];
  readonly publicBaseUrl: string;
  /** The review of the import this build publishes (JSON), kept beside its log; none when the build publishes no new import. */
  readonly review?: string | undefined;
}

export interface ChangeLogOutput {
  /** The kept history, oldest first, for the manifest. */
  readonly history: ChangeHistoryEntry[];
  /** `GET /api/v1/changes/` without `since`: the current version and the kept history. */
  readonly document: StaticDocumentInput;
}

function baseEntry(catalogVersion: string, builtAt: string): ChangeHistoryEntry {
  return { catalogVersion, builtAt, file: null, added: 0, removed: 0, changed: 0, merged: 0 };
}

/** Keeps the last {@link KEEP_BUILDS} logs and every log of the last {@link KEEP_DAYS} days; the oldest kept build becomes the base. */
function retain(history: readonly ChangeHistoryEntry[], now: number): ChangeHistoryEntry[] {
  const horizon = now - KEEP_DAYS * 86_400_000;
  const first = history.findIndex((entry, i) => i >= history.length - (KEEP_BUILDS + 1) || Date.parse(entry.builtAt) >= horizon);
  const kept = history.slice(Math.max(0, first));
  const [base, ...rest] = kept;
  return base ? [{ ...baseEntry(base.catalogVersion, base.builtAt), ...(base.review ? { review: base.review } : {}) }, ...rest] : [];
}

/**
 * Records this build in the change history: writes its log against the previous build
 * (`changes/<catalogVersion>.json`, sorted by game id), drops what is past retention, and gives
 * the feed's index document. A build that changed nothing served keeps the history as it was.
 */
export function recordChangeLog(input: ChangeLogInput): ChangeLogOutput {
  const { previous, catalogVersion, builtAt } = input;
  let history: ChangeHistoryEntry[];
  if (!previous) {
    history = [baseEntry(catalogVersion, builtAt)];
  } else if (previous.catalogVersion === catalogVersion) {
    history = [...(previous.changeHistory ?? [baseEntry(catalogVersion, previous.builtAt)])];
  } else {
    const before = previous.changeHistory;
    const chain =
      before && before.at(-1)?.catalogVersion === previous.catalogVersion
        ? [...before]
        : [baseEntry(previous.catalogVersion, previous.builtAt)];
    const changes = [...input.changes].sort((a, b) => a.id - b.id);
    const file = `${CHANGES_DIR}/${catalogVersion}.json`;
    const review = input.review === undefined ? undefined : `${REVIEWS_DIR}/${catalogVersion}.json`;
    if (review !== undefined && input.review !== undefined) writeFileAtomic(path.join(input.buildDir, review), input.review);
    const log: ChangeLogFile = { from: previous.catalogVersion, to: catalogVersion, builtAt, ...(review ? { review } : {}), changes };
    mkdirSync(path.join(input.buildDir, CHANGES_DIR), { recursive: true });
    writeFileAtomic(path.join(input.buildDir, file), JSON.stringify(log));
    const count = (type: GameChange["change"]): number => changes.filter((c) => c.change === type).length;
    chain.push({
      catalogVersion,
      builtAt,
      file,
      added: count("added"),
      removed: count("removed"),
      changed: count("changed"),
      merged: count("merged"),
      ...(review === undefined ? {} : { review }),
    });
    history = retain(chain, Date.parse(builtAt));
  }
  const live = new Set(history.flatMap((entry) => [entry.file, entry.review]).filter((f): f is string => typeof f === "string"));
  // The previous manifest's logs stay too: a server still on it may be answering from them.
  for (const entry of previous?.changeHistory ?? []) for (const f of [entry.file, entry.review]) if (f) live.add(f);
  for (const folder of [CHANGES_DIR, REVIEWS_DIR]) {
    const dir = path.join(input.buildDir, folder);
    if (existsSync(dir))
      for (const name of readdirSync(dir)) if (!live.has(`${folder}/${name}`)) rmSync(path.join(dir, name), { force: true });
  }

  return {
    history,
    document: {
      name: "documents/changes",
      staticFile: "static/api/v1/changes/index.json",
      body: changesIndexBody(catalogVersion, history, builtAt, input.publicBaseUrl),
      contentType: "application/json",
    },
  };
}

/**
 * The body of `GET /api/v1/changes/` without `since`: the current version, the oldest `since` still
 * answered and the kept history, with absolute URLs under `base`. The build writes it for its
 * PUBLIC_BASE_URL (the static copy for a static host); each server renders it again
 * from its snapshot's manifest for its own base (src/catalog/routes/instance-documents.ts), so the
 * same build serves several base URLs. With the build's base the bytes are the build's.
 * @see docs/api.md "Change feed"
 */
export function changesIndexBody(catalogVersion: string, history: readonly ChangeHistoryEntry[], builtAt: string, base: string): string {
  return JSON.stringify({
    catalogVersion,
    // The time of the build that made this version: a rebuild that changed nothing leaves the document as it was.
    builtAt: history.at(-1)?.builtAt ?? builtAt,
    oldestVersion: history[0]?.catalogVersion ?? catalogVersion,
    retention: { builds: KEEP_BUILDS, days: KEEP_DAYS },
    history: [...history].reverse().map((entry) => ({
      catalogVersion: entry.catalogVersion,
      builtAt: entry.builtAt,
      added: entry.added,
      removed: entry.removed,
      changed: entry.changed,
      merged: entry.merged ?? 0,
      changes: `${base}/api/v1/changes/?since=${entry.catalogVersion}`,
      ...(entry.review === undefined ? {} : { review: `${base}/api/v1/changes/?review=${entry.catalogVersion}` }),
    })),
    dumps: `${base}/api/v1/dumps/`,
    attribution,
  });
}
