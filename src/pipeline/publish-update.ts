import { existsSync } from "node:fs";
import { heldBuildDir, heldBuildVersion, publishHeldBuild, recoverInterruptedPublish } from "../catalog/build/held-build.ts";
import { openCatalogDb } from "../catalog/db/catalog-db.ts";
import { acceptReview, readReviewState } from "../catalog/import/review-state.ts";
import { problems } from "../core/problem.ts";

export interface PublishResult {
  /** `published`: the held build is now the served one; `nothing-held`: there was no held update. */
  readonly status: "published" | "nothing-held";
  readonly catalogVersion?: string;
}

/**
 * `ludex publish`: accepts the held update and swaps its build in. The held build must be of the
 * imported catalog (a later import needs a later build first). The database records the
 * acceptance before the swap, so a crash in between leaves an accepted update whose next
 * build publishes it in place, and running publish again finishes the swap.
 */
export function publishUpdate(options: { readonly dbFile: string; readonly buildDir: string }): PublishResult {
  if (!existsSync(options.dbFile))
    throw problems.catalogNotImported(`${options.dbFile} does not exist; run \`ludex import <source>\` first`);
  recoverInterruptedPublish(options.buildDir);
  const db = openCatalogDb(options.dbFile);
  try {
    const dataVersion = db.prepare("SELECT value FROM meta WHERE key = 'data_version'").pluck().get() as string | undefined;
    const built = heldBuildVersion(options.buildDir);
    const state = readReviewState(db);
    if (!built && !state?.held) return { status: "nothing-held" };
    if (!built || built.dataVersion !== dataVersion) {
      const why = built ? "was built from an earlier import" : "is missing or incomplete";
      throw problems.noHeldBuild(`the held build in ${heldBuildDir(options.buildDir)} ${why}; run \`ludex build\`, then \`ludex publish\``);
    }
    const accepted = db.transaction(() => acceptReview(db)).immediate();
    publishHeldBuild(options.buildDir, accepted?.acceptedAt ?? new Date().toISOString());
    return { status: "published", catalogVersion: built.catalogVersion };
  } finally {
    db.close();
  }
}
