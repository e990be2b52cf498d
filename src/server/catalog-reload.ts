import { unwatchFile, watchFile, type Stats } from "node:fs";
import path from "node:path";
import { MANIFEST_FILE } from "../catalog/build/manifest.ts";
import type { CatalogHolder } from "./catalog-holder.ts";
import type { Log } from "../core/logger.ts";

/** How long a replaced snapshot stays open for requests that started on it. */
const RETIRE_AFTER_MS = 30_000;
/** How often the manifest's modification time is checked (stat polling works on every file system, and before the build folder exists). */
const POLL_MS = 1_000;

export interface CatalogReloader {
  /** Loads the build again now; resolves true when a new catalog version went into service. */
  reload(reason: string): boolean;
  stop(): void;
}

/**
 * Switches the server to a new build without a restart: when the build's manifest.json is
 * replaced (the build writes it last, atomically), on SIGHUP, or on `ludex reload` (which sends
 * SIGHUP). The new snapshot is loaded and checked in full before it replaces the old one in a
 * single assignment, so every request sees one build; a failed or incomplete build is never
 * picked up. The old snapshot's files close once its requests have had time to finish.
 */
export function startCatalogReloader(holder: CatalogHolder, buildDir: string, log: Log): CatalogReloader {
  const reload = (reason: string): boolean => {
    const before = holder.peek();
    try {
      const next = holder.reload();
      if (before && before !== next) {
        if (before.manifest.catalogVersion === next.manifest.catalogVersion) {
          log({ level: "debug", msg: "catalog reloaded, unchanged", reason, catalogVersion: next.manifest.catalogVersion });
        } else {
          log({
            msg: "catalog reloaded",
            reason,
            from: before.manifest.catalogVersion,
            to: next.manifest.catalogVersion,
            games: next.manifest.counts.games,
          });
        }
        setTimeout(() => before.close(), RETIRE_AFTER_MS).unref();
      } else if (!before) {
        log({ msg: "catalog loaded", reason, catalogVersion: next.manifest.catalogVersion });
      }
      return before?.manifest.catalogVersion !== next.manifest.catalogVersion;
    } catch (error) {
      log({
        level: "warn",
        msg: "catalog reload failed; still serving the previous build",
        reason,
        err: error instanceof Error ? error.message : String(error),
      });
      return false;
    }
  };
  const manifestFile = path.join(buildDir, MANIFEST_FILE);
  const onChange = (current: Stats, previous: Stats): void => {
    if (current.mtimeMs !== previous.mtimeMs && current.mtimeMs !== 0) reload("manifest changed");
  };
  watchFile(manifestFile, { interval: POLL_MS, persistent: false }, onChange);
  const onHangup = (): void => {
    reload("SIGHUP");
  };
  process.on("SIGHUP", onHangup);
  return {
    reload,
    stop() {
      unwatchFile(manifestFile, onChange);
      process.off("SIGHUP", onHangup);
    },
  };
}
