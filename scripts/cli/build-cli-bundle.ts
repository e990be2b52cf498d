import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import { writeFileAtomic } from "../../src/catalog/build/write-file-atomic.ts";
import { CLI_BUNDLE_ENTRY, CLI_BUNDLE_STAMP, type CliBundleStamp, cliBundleRoot, freshCliBundle } from "./cli-bundle.ts";

/** What {@link ensureCliBundle} did. */
export interface CliBundleOutcome {
  readonly built: boolean;
  readonly elapsedMs: number;
  /** Why bundling failed; the CLI then keeps running from its sources. */
  readonly error?: string;
}

/** Bundle folders kept beside the current one, newest first, for servers started from them. */
const KEPT_OLD_BUNDLES = 2;

/** Removes all but the current bundle's folder and the {@link KEPT_OLD_BUNDLES} newest others. */
function pruneOldBundles(root: string, current: string): void {
  const old = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== current && !entry.name.startsWith("."))
    .map((entry) => ({ dir: path.join(root, entry.name), mtimeMs: statSync(path.join(root, entry.name)).mtimeMs }))
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { dir } of old.slice(KEPT_OLD_BUNDLES)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Bundles the CLI with esbuild (see {@link cliBundleRoot}) unless the current bundle is fresh. The
 * folder is filled under a temporary name and renamed whole, then the stamp is renamed into
 * place: a reader finds either the previous bundle or the complete new one.
 */
export function ensureCliBundle(projectRoot: string): CliBundleOutcome {
  if (freshCliBundle(projectRoot)) return { built: false, elapsedMs: 0 };
  const started = Date.now();
  const root = cliBundleRoot(projectRoot);
  const staging = path.join(root, `.staging-${process.pid}`);
  try {
    const result = buildSync({
      absWorkingDir: projectRoot,
      entryPoints: { [path.parse(CLI_BUNDLE_ENTRY).name]: path.join("scripts", "cli", "main.ts") },
      outdir: staging,
      bundle: true,
      // The sources import each command, the agent endpoints and the database clients on first
      // use; one file would import every package they use at start (0.5 s for `ludex help`).
      splitting: true,
      chunkNames: "chunk-[hash]",
      format: "esm",
      platform: "node",
      target: "node24",
      packages: "external",
      sourcemap: "linked",
      sourcesContent: false,
      metafile: true,
      write: false,
      logLevel: "silent",
    });
    const files = result.outputFiles
      .map((file) => ({ name: path.relative(staging, file.path), contents: file.contents }))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    const hash = createHash("sha256");
    for (const file of files) hash.update(file.name).update(file.contents);
    const dir = hash.digest("hex").slice(0, 16);
    if (!existsSync(path.join(root, dir))) {
      for (const file of files) {
        mkdirSync(path.dirname(path.join(staging, file.name)), { recursive: true });
        writeFileSync(path.join(staging, file.name), file.contents);
      }
      try {
        renameSync(staging, path.join(root, dir));
      } catch (error) {
        // Another build wrote the same bundle first.
        if (!existsSync(path.join(root, dir, CLI_BUNDLE_ENTRY))) throw error;
      }
    }
    const stamp: CliBundleStamp = { dir, builtMs: started, inputs: Object.keys(result.metafile.inputs).sort() };
    writeFileAtomic(path.join(root, CLI_BUNDLE_STAMP), `${JSON.stringify(stamp)}\n`);
    pruneOldBundles(root, dir);
    return { built: true, elapsedMs: Date.now() - started };
  } catch (error) {
    return { built: false, elapsedMs: Date.now() - started, error: error instanceof Error ? error.message : String(error) };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * What `ludex build` and `ludex start` say about the bundle: nothing when it was fresh, a warning
 * on standard error when bundling failed.
 */
export function reportCliBundle(outcome: CliBundleOutcome): void {
  if (outcome.error !== undefined)
    console.error(`warning: could not bundle the CLI, so it keeps running from its sources: ${outcome.error}`);
  else if (outcome.built) console.log(`bundled the CLI (dist/cli/) in ${(outcome.elapsedMs / 1000).toFixed(1)} s`);
}
