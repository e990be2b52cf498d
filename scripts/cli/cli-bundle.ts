import { readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The CLI bundled (scripts/cli/main.ts and everything of src/ it imports, split into lazily loaded
 * chunks as the sources load lazily; packages stay in node_modules), which `ludex build` writes and
 * scripts/ludex.js runs instead of the sources while none of those sources has changed since.
 * Loading a few modules instead of about 200 took `ludex serve` from 772 to 706 ms to ready on
 * the full catalog (medians of 7 alternating starts), and kept it there after the benches' load,
 * where starting from the sources measured 1.0–1.3 s.
 *
 * Each bundle has a folder of its own under dist/cli/, named by its content, and
 * {@link CLI_BUNDLE_STAMP} names the current one: a server started from a bundle still finds the
 * chunks it loads later (the agent endpoints on their first request) after a new build.
 */
export function cliBundleRoot(projectRoot: string): string {
  return path.join(projectRoot, "dist", "cli");
}

/** The file under {@link cliBundleRoot} naming the current bundle, written last and atomically. */
export const CLI_BUNDLE_STAMP = "bundle.json";

/** The entry module's name in a bundle's folder. */
export const CLI_BUNDLE_ENTRY = "main.js";

/** What {@link CLI_BUNDLE_STAMP} holds. */
export interface CliBundleStamp {
  /** The bundle's folder under {@link cliBundleRoot}. */
  readonly dir: string;
  /** When the bundling started, in ms since the epoch: a source changed later makes the bundle stale. */
  readonly builtMs: number;
  /** Every source file in the bundle, relative to the project root. */
  readonly inputs: readonly string[];
}

/** The current bundle's stamp, or undefined when there is none (or it is not one). */
export function readCliBundleStamp(projectRoot: string): CliBundleStamp | undefined {
  try {
    const stamp = JSON.parse(readFileSync(path.join(cliBundleRoot(projectRoot), CLI_BUNDLE_STAMP), "utf8")) as Partial<CliBundleStamp>;
    const valid = typeof stamp.dir === "string" && typeof stamp.builtMs === "number" && Array.isArray(stamp.inputs);
    return valid ? (stamp as CliBundleStamp) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The entry module of the current bundle when it can run in place of the sources: every file it
 * was made from still exists and has not changed since the bundling started (a source that now
 * imports a new file has itself changed). Undefined otherwise.
 */
export function freshCliBundle(projectRoot: string): string | undefined {
  const stamp = readCliBundleStamp(projectRoot);
  if (!stamp) return undefined;
  for (const input of stamp.inputs) {
    const changed = statSync(path.join(projectRoot, input), { throwIfNoEntry: false })?.mtimeMs;
    if (changed === undefined || changed > stamp.builtMs) return undefined;
  }
  return path.join(cliBundleRoot(projectRoot), path.basename(stamp.dir), CLI_BUNDLE_ENTRY);
}
