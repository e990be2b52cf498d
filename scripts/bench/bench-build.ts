/**
 * npm run bench:build — on a fresh file system (BENCH_FS, see main), runs `ludex import` and
 * `ludex build` as a maintainer does (the CLI's processes, with V8's own heap sizing) on
 * all of ../shared/libretro-database and ../shared/retool-clonelists-metadata (when present), then again with nothing changed (no-op) and after one SNES
 * game was removed and one added (one-DAT update), the latter also typed as a maintainer types it
 * (`npx ludex import`, `npx ludex build`). Each phase runs in its own process so that its
 * peak RSS is its own. Prints wall time and peak RSS per phase, the goals and floors, and the ratio
 * to a baseline measured in the same run (reading and hashing every DAT byte).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, cpSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildCatalog } from "../../src/pipeline/build-pipeline.ts";
import { loadConfig, projectRoot } from "../../src/config/config.ts";
import { ensureAstroPages } from "../cli/astro-pages.ts";
import { heapFlagsFor } from "../cli/node-flags.js";
import { dumpSizes } from "./dump-sizes.ts";
import { type FileSystemKind, freshFileSystem } from "./fresh-file-system.ts";

interface PhaseResult {
  readonly ms: number;
  readonly maxRssMb: number;
  readonly detail: string;
  /** Build phases: time spent on the dumps and the change log (src/catalog/build/feed-timings.ts). */
  readonly feeds?: { readonly dumpsMs: number; readonly changesMs: number };
  /** The website's page step inside a build (src/site/build-site.ts), from `ludex build`'s summary line. */
  readonly pages?: { readonly ms: number; readonly rendered: number; readonly files: number };
}

const { releaseFeedFile } = loadConfig({});

async function runPhase(): Promise<void> {
  const [, , , phase, , dbFile, buildDir] = process.argv;
  const started = performance.now();
  let detail = "";
  let feeds: PhaseResult["feeds"];
  if (phase === "build-without-pages") {
    const { publicBaseUrl, oauthLimits, artworkBaseUrl } = loadConfig();
    const s = buildCatalog({
      dbFile: dbFile ?? "",
      buildDir: buildDir ?? "",
      releaseFeedFile,
      publicBaseUrl,
      oauthLimits,
      artworkBaseUrl,
      pages: false,
    });
    detail = `${s.rebuiltPlatforms.length} platforms rebuilt, ${s.reusedPlatforms} reused; dumps ${(s.feedTimings.dumpsMs / 1000).toFixed(2)} s, change log ${(s.feedTimings.changesMs / 1000).toFixed(2)} s`;
    feeds = { ...s.feedTimings };
  } else if (phase === "baseline") {
    let bytes = 0;
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (e.name.endsWith(".dat") || e.name.endsWith(".json")) {
          const data = readFileSync(full);
          bytes += data.length;
          createHash("sha256").update(data).digest();
        }
      }
    };
    for (const dir of process.argv.slice(4)) walk(dir);
    detail = `${(bytes / 1e6).toFixed(1)} MB read and hashed`;
  }
  const result: PhaseResult = {
    ms: performance.now() - started,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    detail,
    ...(feeds ? { feeds } : {}),
  };
  console.log(JSON.stringify(result));
}

function phase(name: string, ...args: string[]): PhaseResult {
  const wallStart = performance.now();
  const child = spawnSync(process.execPath, [import.meta.filename, "--phase", name, ...args], { encoding: "utf8" });
  if (child.status !== 0) throw new Error(`${name} failed:\n${child.stderr}`);
  const result = JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as PhaseResult;
  return { ...result, ms: performance.now() - wallStart };
}

/**
 * A `ludex` command as a maintainer runs it (`npx ludex …`, with the heap flags of its kind of
 * command, so no re-execution), timed from spawn to exit; a build's page figures are read from its
 * summary line.
 */
function cli(work: string, ...args: string[]): PhaseResult {
  const rssFile = path.join(work, "rss.txt");
  rmSync(rssFile, { force: true });
  const started = performance.now();
  const child = spawnSync(
    process.execPath,
    [
      ...heapFlagsFor(args[0] ?? ""),
      "--import",
      path.join(import.meta.dirname, "report-rss.ts"),
      path.join(projectRoot, "scripts", "ludex.js"),
      ...args,
    ],
    { encoding: "utf8", env: { ...process.env, LUDEX_BENCH_RSS_FILE: rssFile } },
  );
  const ms = performance.now() - started;
  if (child.status !== 0) throw new Error(`ludex ${args.join(" ")} failed:\n${child.stderr}${child.stdout}`);
  const lines = child.stdout.trim().split("\n");
  const summary = args[0] === "import" ? lines.at(-1) : lines.find((l) => l.startsWith("built catalog"));
  const site = /website: (\d+) pages rendered, (\d+) files written \(([\d.]+) s after the records\)/.exec(summary ?? "");
  const audit = lines.find((l) => l.startsWith("audit"));
  return {
    ms,
    maxRssMb: Number(readFileSync(rssFile, "utf8")),
    detail: `${(summary ?? "").slice(0, 160)}${audit ? `; ${audit.slice(0, 80)}` : ""}`,
    ...(site ? { pages: { rendered: Number(site[1]), files: Number(site[2]), ms: Number(site[3]) * 1000 } } : {}),
  };
}

/** `npx ludex …` from the project root, as a maintainer types it: npm's own start-up included. */
function typed(...args: string[]): PhaseResult {
  const started = performance.now();
  const child = spawnSync("npx", ["ludex", ...args], { cwd: projectRoot, encoding: "utf8" });
  const ms = performance.now() - started;
  if (child.status !== 0) throw new Error(`npx ludex ${args.join(" ")} failed:\n${child.stderr}${child.stdout}`);
  return { ms, maxRssMb: 0, detail: (child.stdout.trim().split("\n").at(-1) ?? "").slice(0, 160) };
}

/** One SNES game fewer and one more in a DAT: the one-platform update a maintainer imports and builds. */
function changeOneGame(file: string, entry = "Ludex Bench Entry"): void {
  const text = readFileSync(file, "utf8");
  const start = text.indexOf("\ngame (");
  const end = text.indexOf("\n)\n", start) + 3;
  if (start < 0 || end < 3) throw new Error(`${file}: no game entry to remove`);
  chmodSync(file, 0o644);
  // Hashes of its own, so that each entry is a new record rather than another release of the last one.
  const digest = (algorithm: string): string => createHash(algorithm).update(entry).digest("hex");
  writeFileSync(
    file,
    `${text.slice(0, start + 1)}${text.slice(end)}\ngame (\n\tname "${entry} (World)"\n\trom ( name "${entry} (World).sfc" size 524288 crc ${digest("sha1").slice(0, 8)} md5 ${digest("md5")} sha1 ${digest("sha1")} )\n)\n`,
  );
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

function benchOn(source: string, retool: string | undefined, kind: FileSystemKind): void {
  const fs = freshFileSystem(kind);
  const work = fs.dir;
  try {
    const copy = path.join(work, "libretro-database");
    // Copies, never links: the one-DAT update edits a file of the copy.
    cpSync(realpathSync(source), copy, { recursive: true, dereference: true });
    const retoolCopy = path.join(work, "retool-clonelists-metadata");
    if (retool) cpSync(realpathSync(retool), retoolCopy, { recursive: true, dereference: true });
    const sources = retool ? [copy, retoolCopy] : [copy];
    const dbFile = path.join(work, "catalog.db");
    const buildDir = path.join(work, "build");

    const baseline = phase("baseline", ...sources);
    const fullImport = cli(work, "import", ...sources, "--db", dbFile);
    // The same full build without the website, for what the pages add to it (they are rendered on
    // a worker thread while the records are built, so the page step's own tail understates them).
    const bareBuild = phase("build-without-pages", copy, dbFile, path.join(work, "build-without-pages"));
    rmSync(path.join(work, "build-without-pages"), { recursive: true, force: true });
    // What `ludex build` checks first (the Astro pages), made now so that the timed runs only check them.
    ensureAstroPages(projectRoot);
    const fullBuild = cli(work, "build", "--db", dbFile, "--out", buildDir);
    const sizes = dumpSizes(buildDir);
    const noopImport = cli(work, "import", ...sources, "--db", dbFile);
    const noopBuild = cli(work, "build", "--db", dbFile, "--out", buildDir);
    const snesDat = path.join(copy, "metadat", "no-intro", "Nintendo - Super Nintendo Entertainment System.dat");
    changeOneGame(snesDat);
    const incImport = cli(work, "import", ...sources, "--db", dbFile);
    const incBuild = cli(work, "build", "--db", dbFile, "--out", buildDir);
    changeOneGame(snesDat, "Ludex Bench Typed Entry");
    const typedImport = typed("import", ...sources, "--db", dbFile);
    const typedBuild = typed("build", "--db", dbFile, "--out", buildDir);
    const incPages = JSON.parse(readFileSync(path.join(buildDir, "manifest.json"), "utf8")) as { platforms: Record<string, unknown> };

    const row = (label: string, r: PhaseResult): string =>
      `${label.padEnd(24)} ${(r.ms / 1000).toFixed(2).padStart(7)} s  ${r.maxRssMb.toFixed(0).padStart(6)} MB  ${r.detail}`;
    console.log(`file system: ${fs.label}`);
    console.log("phase                       wall     peak RSS");
    console.log(row("baseline (read+hash)", baseline));
    console.log(row("full import", fullImport));
    console.log(row("full build, no pages", bareBuild));
    console.log(row("full build", fullBuild));
    console.log(row("no-op: ludex import", noopImport));
    console.log(row("no-op: ludex build", noopBuild));
    console.log(row("one DAT: ludex import", incImport));
    console.log(row("one DAT: ludex build", incBuild));
    console.log(row("one DAT: npx ludex import", typedImport));
    console.log(row("one DAT: npx ludex build", typedBuild));
    const full = fullImport.ms + fullBuild.ms;
    const inc = incImport.ms + incBuild.ms;
    const incTyped = typedImport.ms + typedBuild.ms;
    const noop = noopImport.ms + noopBuild.ms;
    const peak = Math.max(fullImport.maxRssMb, fullBuild.maxRssMb, incImport.maxRssMb, incBuild.maxRssMb);
    console.log("");
    console.log(
      `full import + build:   ${seconds(full)} (goal ≤ 30 s) ${full <= 30_000 ? "ok" : "OVER"}, floor < 60 s ${full < 60_000 ? "ok" : "OVER"}; ${(full / baseline.ms).toFixed(1)}x the read+hash baseline`,
    );
    console.log(
      `one-DAT update:        ${seconds(inc)} end to end, \`ludex import\` + \`ludex build\` processes (goal ≤ 3 s) ${inc <= 3_000 ? "ok" : "OVER"}; ${((inc / full) * 100).toFixed(1)}% of the full run; ${Object.keys(incPages.platforms).length} platforms in the build`,
    );
    console.log(
      `one-DAT update, typed: ${seconds(incTyped)} end to end, \`npx ludex import\` + \`npx ludex build\` (goal ≤ 3 s) ${incTyped <= 3_000 ? "ok" : "OVER"}; npm's start-up included`,
    );
    console.log(`no-op rebuild:         ${seconds(noop)} end to end, \`ludex import\` + \`ludex build\` with nothing changed`);
    console.log(`peak RSS:              ${peak.toFixed(0)} MB (limit ≤ 1536 MB) ${peak <= 1536 ? "ok" : "OVER"}`);
    // Timed inside the build without pages (the CLI does not print them): the same dumps and change log.
    const added = (r: PhaseResult): number => (r.feeds?.dumpsMs ?? 0) + (r.feeds?.changesMs ?? 0);
    console.log("");
    console.log(
      `dumps + change log, full build:        +${seconds(added(bareBuild))} (budget +10 s) ${added(bareBuild) < 10_000 ? "ok" : "OVER"}; ${((added(bareBuild) / fullBuild.ms) * 100).toFixed(0)}% of the build`,
    );
    console.log("");
    console.log(sizes);
    // The website's pages (src/site/): their share of the full build, against the page budget.
    const p = fullBuild.pages;
    const pagesAdd = fullBuild.ms - bareBuild.ms;
    console.log(
      `pages, full build:     +${seconds(pagesAdd)} over the same build without pages (budget < 15 s) ${pagesAdd < 15_000 ? "ok" : "OVER"}; ${p?.rendered ?? 0} pages rendered, ${p?.files ?? 0} files written`,
    );
    if (p)
      console.log(
        `page step tail, full:  ${seconds(p.ms)} (budget < 15 s) ${p.ms < 15_000 ? "ok" : "OVER"}; ${((p.ms / fullBuild.ms) * 100).toFixed(0)}% of that build`,
      );
  } finally {
    fs.release();
  }
}

function main(): void {
  const source = path.resolve(projectRoot, "..", "shared", "libretro-database");
  const retoolDir = path.resolve(projectRoot, "..", "shared", "retool-clonelists-metadata");
  const retool = statSync(retoolDir, { throwIfNoEntry: false })?.isDirectory() ? retoolDir : undefined;
  if (!statSync(source, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`bench:build needs the real data at ${source}`);
    process.exitCode = 1;
    return;
  }
  // BENCH_FS=ext4 (default: a fresh loop-mounted image when this runs as root), tmpfs, tmpdir, or both (ext4 then tmpfs).
  const asked = process.env.BENCH_FS ?? "ext4";
  const kinds: FileSystemKind[] = asked === "both" ? ["ext4", "tmpfs"] : [asked as FileSystemKind];
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores; sources: libretro-database${retool ? " + retool-clonelists-metadata" : " (no Retool folder)"}`,
  );
  for (const [i, kind] of kinds.entries()) {
    if (i > 0) console.log("");
    benchOn(source, retool, kind);
  }
}

if (process.argv[2] === "--phase") await runPhase();
else main();
