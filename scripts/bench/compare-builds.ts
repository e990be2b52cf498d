/**
 * node scripts/bench/compare-builds.ts --base <checkout> --db <catalog.db> [--rounds 3] [--keep-order]
 *
 * Runs `ludex build` of another checkout (`--base`, with its own node_modules) and of this one,
 * alternating, on the same catalog, each on a fresh file system (as bench:build,
 * fresh-file-system.ts) with a copy of the database (so that the audit beside the build starts
 * without kept figures, as after a full import), the wall clock fixed (fixed-clock.ts), and:
 * - checks that both builds wrote the same files with the same bytes (a SHA-256 of every file under
 *   the build folder; the sitemap index without its `lastmod`s, which are its parts' file times),
 *   and the build's time as mtime on the same files, naming the first differences;
 * - prints each build's wall time, CPU time (user, system) and peak RSS, their medians and the
 *   ratio of this checkout's median to the base's.
 * The order alternates each round (base first in odd rounds) unless --keep-order.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import { projectRoot } from "../../src/config/config.ts";
import { ensureAstroPages } from "../cli/astro-pages.ts";
import { freshFileSystem } from "./fresh-file-system.ts";

interface Run {
  readonly wallMs: number;
  readonly userS: number;
  readonly sysS: number;
  readonly rssMb: number;
}

/** The build time both builds carry (2027-01-15). */
const FIXED_TIME_MS = 1_800_000_000_000;

/** The sitemap index's `lastmod`s are its parts' file times, which are the moments they were written. */
const SITEMAP_INDEX = "static/sitemap.xml";

/** A file's bytes as compared: the sitemap index (and its gzip sibling) without its `lastmod` values. */
function comparedBytes(file: string, relative: string): Buffer {
  const bytes = readFileSync(file);
  if (relative !== SITEMAP_INDEX && relative !== `${SITEMAP_INDEX}.gz`) return bytes;
  const text = (relative.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
  return Buffer.from(text.replace(/<lastmod>[^<]*<\/lastmod>/g, "<lastmod/>"));
}

/**
 * `relative path` → `sha256 size` of every file under `dir`, and its mtime when the build set it
 * (the fixed build time): the other files' mtimes are the moment they were written.
 */
function digestTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const stat = statSync(full);
    const hash = createHash("sha256")
      .update(comparedBytes(full, path.relative(dir, full)))
      .digest("hex");
    const mtime = Math.floor(stat.mtimeMs / 1000);
    out.set(path.relative(dir, full), `${hash} ${stat.size}${mtime === FIXED_TIME_MS / 1000 ? " (build time)" : ""}`);
  }
  return out;
}

/** The differences between two digests, at most `limit` of them named. */
function differences(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>, limit = 20): string[] {
  const out: string[] = [];
  for (const [file, digest] of a) {
    const other = b.get(file);
    if (other === undefined) out.push(`only in base: ${file}`);
    else if (other !== digest) out.push(`differs: ${file} (${digest} / ${other})`);
  }
  for (const file of b.keys()) if (!a.has(file)) out.push(`only in this checkout: ${file}`);
  return out.length > limit ? [...out.slice(0, limit), `… ${out.length - limit} more`] : out;
}

/** One `ludex build` of `checkout` into a fresh file system; its digest and figures. */
function buildOnce(checkout: string, dbFile: string): { run: Run; digest: Map<string, string> } {
  const fs = freshFileSystem("ext4");
  try {
    const db = path.join(fs.dir, "catalog.db");
    copyFileSync(dbFile, db);
    const out = path.join(fs.dir, "build");
    const usage = path.join(fs.dir, "usage.txt");
    const started = performance.now();
    const child = spawnSync(
      "/usr/bin/time",
      [
        "-f",
        "%U %S %M",
        "-o",
        usage,
        process.execPath,
        "--import",
        path.join(import.meta.dirname, "fixed-clock.ts"),
        path.join(checkout, "scripts", "ludex.js"),
        "build",
        "--db",
        db,
        "--out",
        out,
      ],
      { cwd: checkout, encoding: "utf8", env: { ...process.env, LUDEX_BENCH_FIXED_TIME: String(FIXED_TIME_MS) } },
    );
    const wallMs = performance.now() - started;
    if (child.status !== 0) throw new Error(`ludex build in ${checkout} failed:\n${child.stderr}${child.stdout}`);
    const [user, sys, rssKb] = readFileSync(usage, "utf8").trim().split("\n").at(-1)?.split(" ").map(Number) ?? [];
    return {
      run: { wallMs, userS: user ?? Number.NaN, sysS: sys ?? Number.NaN, rssMb: (rssKb ?? Number.NaN) / 1024 },
      digest: digestTree(out),
    };
  } finally {
    fs.release();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      base: { type: "string" },
      db: { type: "string" },
      rounds: { type: "string", default: "3" },
      "keep-order": { type: "boolean", default: false },
    },
  });
  if (!values.base || !values.db) {
    console.error("usage: node scripts/bench/compare-builds.ts --base <checkout> --db <catalog.db> [--rounds N] [--keep-order]");
    process.exitCode = 2;
    return;
  }
  const checkouts = { base: path.resolve(values.base), this: projectRoot };
  const dbFile = path.resolve(values.db);
  const rounds = Number(values.rounds);
  // What `ludex build` checks first, made now so that the timed runs only check it.
  for (const checkout of Object.values(checkouts)) ensureAstroPages(checkout);
  const runs: Record<"base" | "this", Run[]> = { base: [], this: [] };
  let identical = true;
  const row = (label: string, r: Run): string =>
    `${label.padEnd(6)} ${(r.wallMs / 1000).toFixed(2).padStart(7)} s wall  ${r.userS.toFixed(2).padStart(6)} s user  ${r.sysS.toFixed(2).padStart(6)} s sys  ${r.rssMb.toFixed(0).padStart(5)} MB`;
  for (let round = 1; round <= rounds; round++) {
    const order: ("base" | "this")[] = values["keep-order"] || round % 2 === 1 ? ["base", "this"] : ["this", "base"];
    const digests: Partial<Record<"base" | "this", Map<string, string>>> = {};
    for (const which of order) {
      const { run, digest } = buildOnce(checkouts[which], dbFile);
      runs[which].push(run);
      digests[which] = digest;
      console.log(`round ${round} ${row(which, run)}  ${digest.size} files`);
    }
    const diff = differences(digests.base ?? new Map(), digests.this ?? new Map());
    if (diff.length > 0) {
      identical = false;
      console.log(`round ${round}: the builds differ:\n  ${diff.join("\n  ")}`);
    } else console.log(`round ${round}: the builds are identical (${digests.this?.size} files: bytes, and which carry the build time)`);
  }
  const med = (which: "base" | "this", key: keyof Run): number => median(runs[which].map((r) => r[key]));
  const line = (which: "base" | "this"): Run => ({
    wallMs: med(which, "wallMs"),
    userS: med(which, "userS"),
    sysS: med(which, "sysS"),
    rssMb: med(which, "rssMb"),
  });
  console.log(`medians of ${rounds} rounds:\n${row("base", line("base"))}\n${row("this", line("this"))}`);
  console.log(
    `this / base: wall ${(med("this", "wallMs") / med("base", "wallMs")).toFixed(3)}, CPU ${((med("this", "userS") + med("this", "sysS")) / (med("base", "userS") + med("base", "sysS"))).toFixed(3)}`,
  );
  if (!identical) process.exitCode = 1;
}

main();
