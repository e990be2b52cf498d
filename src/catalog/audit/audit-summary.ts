import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { problems } from "../../core/problem.ts";
import { openCatalogDb } from "../db/catalog-db.ts";
import { type AuditCounts, auditCounts, splitTitleFamilies } from "./audit-catalog.ts";

/** Bump when an audit rule changes, so that no platform's kept figures outlive it. */
const AUDIT_SUMMARY_VERSION = 1;

/** What `ludex build` prints as the audit's one line (src/catalog/audit/format-audit.ts). */
export interface AuditSummary {
  readonly counts: AuditCounts;
  readonly elapsedMs: number;
}

/** The figures kept between builds: per platform, with the import fingerprint they were audited at. */
interface KeptSummary {
  readonly version: number;
  /** The split title families of the whole catalog, which a platform's same-dump reasons depend on. */
  readonly families: string;
  readonly platforms: Readonly<Record<string, { readonly fingerprint: string; readonly counts: AuditCounts }>>;
}

const none: AuditCounts = {
  games: 0,
  addons: 0,
  addonsWithoutBase: 0,
  unexplainedSplits: 0,
  arcadeRepeats: 0,
  alternateTitleRepeats: 0,
  gamesWithAddonReleases: 0,
  idLikeTitles: 0,
};

/**
 * The audit's one-line figures for the catalog database in `dbFile`. Each platform's figures are
 * kept in `keptFile` with the import fingerprint they belong to, and only the platforms imported
 * since are audited again: after a one-DAT import, the summary reads that platform's rows alone.
 * `beforeLargeAudit` runs before auditing more than half of the platforms again (seconds of CPU
 * on the full catalog, where one platform takes a tenth of a second).
 */
export function auditSummary(dbFile: string, keptFile: string | undefined, beforeLargeAudit?: () => void): AuditSummary {
  const started = performance.now();
  if (!existsSync(dbFile)) throw problems.catalogNotImported(`${dbFile} does not exist; run \`ludex import <source>\` first`);
  const db = openCatalogDb(dbFile, { readonly: true });
  try {
    const rows = db.prepare<[], { slug: string; fingerprint: string }>("SELECT slug, fingerprint FROM platforms ORDER BY slug").all();
    const families = createHash("sha256")
      .update([...splitTitleFamilies(db)].sort().join("\n"))
      .digest("hex");
    const kept = keptFile === undefined ? undefined : readKept(keptFile, families);
    const changed = rows.filter((row) => kept?.platforms[row.slug]?.fingerprint !== row.fingerprint).map((row) => row.slug);
    if (changed.length * 2 > rows.length) beforeLargeAudit?.();
    const fresh =
      changed.length === 0
        ? {}
        : auditCounts(db, { examples: 0, ...(changed.length === rows.length ? {} : { platforms: changed }) }).platforms;
    const platforms: Record<string, { fingerprint: string; counts: AuditCounts }> = {};
    for (const row of rows) {
      const counts = changed.includes(row.slug) ? (fresh[row.slug] ?? none) : (kept?.platforms[row.slug]?.counts ?? none);
      platforms[row.slug] = { fingerprint: row.fingerprint, counts };
    }
    const total = { ...none };
    for (const { counts } of Object.values(platforms))
      for (const key of Object.keys(total) as (keyof AuditCounts)[]) total[key] += counts[key];
    if (keptFile !== undefined && changed.length > 0) {
      const summary: KeptSummary = { version: AUDIT_SUMMARY_VERSION, families, platforms };
      mkdirSync(path.dirname(keptFile), { recursive: true });
      const temp = `${keptFile}.tmp-${process.pid}`;
      writeFileSync(temp, JSON.stringify(summary));
      renameSync(temp, keptFile);
    }
    return { counts: total, elapsedMs: Math.round(performance.now() - started) };
  } finally {
    db.close();
  }
}

function readKept(file: string, families: string): KeptSummary | undefined {
  try {
    const kept = JSON.parse(readFileSync(file, "utf8")) as KeptSummary;
    return kept.version === AUDIT_SUMMARY_VERSION && kept.families === families ? kept : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where `ludex build` keeps the audit's per-platform figures: beside the database they are read
 * from, not in the build folder, which a held update must leave untouched.
 */
export function auditSummaryFile(dbFile: string): string {
  return `${dbFile}.audit.json`;
}
