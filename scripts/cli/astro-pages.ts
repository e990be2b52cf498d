import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { problems } from "../../src/core/problem.ts";

/** What the server hands to Astro: its middleware entry, written by `astro build` (astro.config.mjs outDir). */
export function astroEntry(projectRoot: string): string {
  return path.join(projectRoot, "dist", "site", "server", "entry.mjs");
}

/** The newest modification time of a file under `dir`; 0 for a folder that does not exist. */
function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Whether the Astro pages (`/docs/`, its guides, `/problems/`) must be built again: their output is
 * missing, or older than a file they are made from (src/, whose pages import the discovery
 * generators; docs/, the guides; or astro.config.mjs).
 */
export function astroPagesStale(projectRoot: string): boolean {
  const entry = astroEntry(projectRoot);
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  return (
    newestMtime(path.join(projectRoot, "src")) > built ||
    newestMtime(path.join(projectRoot, "docs")) > built ||
    statSync(path.join(projectRoot, "astro.config.mjs")).mtimeMs > built
  );
}

/**
 * Runs `astro build` when the pages are stale, so that `ludex build` (and `ludex start`) produce
 * everything the server serves. A child process: Astro's build sets up its own Vite server and
 * must not share this process's state.
 */
export function ensureAstroPages(projectRoot: string): { readonly built: boolean; readonly elapsedMs: number } {
  if (!astroPagesStale(projectRoot)) return { built: false, elapsedMs: 0 };
  const started = Date.now();
  const astro = path.join(projectRoot, "node_modules", "astro", "bin", "astro.mjs");
  const run = spawnSync(process.execPath, [astro, "build"], {
    cwd: projectRoot,
    encoding: "utf8",
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
  });
  if (run.status !== 0)
    throw problems.pagesBuildFailed(
      `astro build exited with ${run.status ?? run.signal}: ${`${run.stderr}${run.stdout}`.trim().slice(-2000)}`,
    );
  return { built: true, elapsedMs: Date.now() - started };
}
