/**
 * npm run bench:build — imports all of ../shared/libretro-database and builds it, then changes one
 * DAT and runs the incremental import + build. Each phase runs in its own process so that its
 * peak RSS is its own. Prints wall time and peak RSS per phase, the floors, and the ratio to a
 * baseline measured in the same run (reading and hashing every DAT byte).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildCatalog } from "../../src/build/build-pipeline.ts";
import { importCatalog } from "../../src/catalog/import/import-catalog.ts";
import { loadConfig, projectRoot } from "../../src/config/config.ts";
import { feedTimings } from "../../src/catalog/build/feed-timings.ts";
import { dumpSizes } from "./dump-sizes.ts";

interface PhaseResult {
  readonly ms: number;
  readonly maxRssMb: number;
  readonly detail: string;
  /** Build phases: time spent on the dumps and the change log (src/catalog/build/feed-timings.ts). */
  readonly feeds?: { readonly dumpsMs: number; readonly changesMs: number };
  /** The website's page step inside a build (src/site/build-site.ts). */
  readonly pages?: { readonly ms: number; readonly rendered: number; readonly files: number };
}

const { platformsFile, releaseFeedFile } = loadConfig({});

function runPhase(): void {
  const [, , , phase, source, dbFile, buildDir] = process.argv;
  const started = performance.now();
  let detail = "";
  let feeds: PhaseResult["feeds"];
  let pages: PhaseResult["pages"];
  if (phase === "import") {
    const s = importCatalog({ sources: [source ?? ""], dbFile: dbFile ?? "", platformsFile });
    detail = `${s.platforms} platforms, ${s.games} games, ${s.releases} releases, ${s.roms} roms, ${s.changedPlatforms.length} platforms changed`;
  } else if (phase === "build" || phase === "build-without-pages") {
    const { publicBaseUrl, oauthLimits, artworkBaseUrl } = loadConfig();
    const withPages = phase === "build";
    const s = buildCatalog({
      dbFile: dbFile ?? "",
      buildDir: buildDir ?? "",
      releaseFeedFile,
      publicBaseUrl,
      oauthLimits,
      artworkBaseUrl,
      pages: withPages,
    });
    detail = `${s.rebuiltPlatforms.length} platforms rebuilt, ${s.reusedPlatforms} reused; dumps ${(feedTimings.dumpsMs / 1000).toFixed(2)} s, change log ${(feedTimings.changesMs / 1000).toFixed(2)} s`;
    feeds = { ...feedTimings };
    if (s.site) pages = { ms: s.site.elapsedMs, rendered: s.site.pagesRendered, files: s.site.filesWritten };
  } else if (phase === "baseline") {
    let bytes = 0;
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (e.name.endsWith(".dat")) {
          const data = readFileSync(full);
          bytes += data.length;
          createHash("sha256").update(data).digest();
        }
      }
    };
    walk(source ?? "");
    detail = `${(bytes / 1e6).toFixed(1)} MB read and hashed`;
  }
  const result: PhaseResult = {
    ms: performance.now() - started,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    detail,
    ...(feeds ? { feeds } : {}),
    ...(pages ? { pages } : {}),
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

function main(): void {
  const source = path.resolve(projectRoot, "..", "shared", "libretro-database");
  if (!statSync(source, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`bench:build needs the real data at ${source}`);
    process.exitCode = 1;
    return;
  }
  const work = mkdtempSync(path.join(os.tmpdir(), "ludex-bench-build-"));
  try {
    const copy = path.join(work, "libretro-database");
    cpSync(source, copy, { recursive: true });
    const dbFile = path.join(work, "catalog.db");
    const buildDir = path.join(work, "build");

    const baseline = phase("baseline", copy);
    const fullImport = phase("import", copy, dbFile);
    // The same full build without the website, for what the pages add to it (they are rendered on
    // a worker thread while the records are built, so the page step's own tail understates them).
    const bareBuild = phase("build-without-pages", copy, dbFile, path.join(work, "build-without-pages"));
    rmSync(path.join(work, "build-without-pages"), { recursive: true, force: true });
    const fullBuild = phase("build", copy, dbFile, buildDir);
    const touched = path.join(copy, "metadat", "no-intro", "Nintendo - Super Nintendo Entertainment System.dat");
    appendFileSync(
      touched,
      '\ngame (\n\tname "Ludex Bench Entry (World)"\n\trom ( name "Ludex Bench Entry (World).sfc" size 524288 crc 1BADB002 md5 0123456789abcdef0123456789abcdef sha1 0123456789abcdef0123456789abcdef01234567 )\n)\n',
    );
    const sizes = dumpSizes(buildDir);
    const incImport = phase("import", copy, dbFile);
    const incBuild = phase("build", copy, dbFile, buildDir);

    const row = (label: string, r: PhaseResult): string =>
      `${label.padEnd(22)} ${(r.ms / 1000).toFixed(2).padStart(7)} s  ${r.maxRssMb.toFixed(0).padStart(6)} MB  ${r.detail}`;
    console.log("phase                     wall     peak RSS");
    console.log(row("baseline (read+hash)", baseline));
    console.log(row("full import", fullImport));
    console.log(row("full build, no pages", bareBuild));
    console.log(row("full build", fullBuild));
    console.log(row("incremental import", incImport));
    console.log(row("incremental build", incBuild));
    const full = fullImport.ms + fullBuild.ms;
    const inc = incImport.ms + incBuild.ms;
    const peak = Math.max(fullImport.maxRssMb, fullBuild.maxRssMb);
    console.log("");
    console.log(
      `full import + build:   ${(full / 1000).toFixed(2)} s (floor < 60 s) ${full < 60_000 ? "ok" : "OVER"}; ${(full / baseline.ms).toFixed(1)}x the read+hash baseline`,
    );
    console.log(`peak RSS:              ${peak.toFixed(0)} MB (floor < 1536 MB) ${peak < 1536 ? "ok" : "OVER"}`);
    console.log(
      `incremental rebuild:   ${(inc / 1000).toFixed(2)} s (floor < 5 s) ${inc < 5_000 ? "ok" : "OVER"}; ${((inc / full) * 100).toFixed(1)}% of the full run`,
    );
    const added = (r: PhaseResult): number => (r.feeds?.dumpsMs ?? 0) + (r.feeds?.changesMs ?? 0);
    console.log("");
    console.log(
      `dumps + change log, full build:        +${(added(fullBuild) / 1000).toFixed(2)} s (budget +10 s) ${added(fullBuild) < 10_000 ? "ok" : "OVER"}; ${((added(fullBuild) / fullBuild.ms) * 100).toFixed(0)}% of the build`,
    );
    console.log(
      `dumps + change log, incremental build: +${(added(incBuild) / 1000).toFixed(2)} s (budget +1 s) ${added(incBuild) < 1_000 ? "ok" : "OVER"}`,
    );
    console.log("");
    console.log(sizes);
    // The website's pages (src/site/): their share of each build, against the page budget.
    const pageRow = (label: string, build: PhaseResult, budgetMs: number): string => {
      const p = build.pages;
      if (!p) return `${label} no page step reported`;
      return `${label} ${(p.ms / 1000).toFixed(2)} s (budget < ${budgetMs / 1000} s) ${p.ms < budgetMs ? "ok" : "OVER"}; ${p.rendered} pages rendered, ${p.files} files written; ${((p.ms / build.ms) * 100).toFixed(0)}% of that build`;
    };
    const pagesAdd = fullBuild.ms - bareBuild.ms;
    console.log(
      `pages, full build:     +${(pagesAdd / 1000).toFixed(2)} s over the same build without pages (budget < 15 s) ${pagesAdd < 15_000 ? "ok" : "OVER"}; ${fullBuild.pages?.rendered ?? 0} pages rendered, ${fullBuild.pages?.files ?? 0} files written`,
    );
    console.log(pageRow("page step tail, full: ", fullBuild, 15_000));
    console.log(pageRow("pages, incremental:   ", incBuild, 2_000));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--phase") runPhase();
else main();
