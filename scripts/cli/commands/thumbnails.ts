import { existsSync } from "node:fs";
import path from "node:path";
import { artworkCoverage, type ArtworkCoverage } from "../../../src/catalog/audit/artwork-coverage.ts";
import { openCatalogDb } from "../../../src/catalog/db/catalog-db.ts";
import { removeThumbnailListing, saveThumbnailListing, storedListings } from "../../../src/catalog/db/thumbnail-store.ts";
import { readThumbnailSources } from "../../../src/catalog/import/read-thumbnail-sources.ts";
import type { PlatformInfo } from "../../../src/catalog/platforms/platform-registry.ts";
import { loadConfig } from "../../../src/config/config.ts";
import { problems } from "../../../src/core/problem.ts";
import type { Command } from "../command.ts";

const percent = (n: number, of: number): string => (of === 0 ? "-" : `${((100 * n) / of).toFixed(1)}%`);

function coverageLines(rows: readonly ArtworkCoverage[]): string[] {
  const cells = [
    ["platform", "folder", "games", "box art before", "box art now", "snap", "title", "logo"],
    ...rows.map((r) => [
      r.platform,
      r.folder,
      String(r.games),
      `${r.boxartBefore} (${percent(r.boxartBefore, r.games)})`,
      `${r.boxartNow} (${percent(r.boxartNow, r.games)})`,
      String(r.now.snap),
      String(r.now.title),
      String(r.now.logo),
    ]),
  ];
  const widths = cells[0]?.map((_, i) => Math.max(...cells.map((row) => row[i]?.length ?? 0))) ?? [];
  return cells.map((row) => `  ${row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ")}`);
}

export const thumbnailsCommand: Command = {
  name: "thumbnails",
  usage: `Usage: ludex thumbnails <source>... [--folder NAME] [--db FILE] [--json]
       ludex thumbnails --list [--db FILE] [--json]
       ludex thumbnails --remove FOLDER [--db FILE]

Imports which libretro-thumbnails files exist, so that the next \`ludex build\` links only
artwork that exists (\`verified: true\`); a platform without a listing keeps its candidate
links as they are (\`verified: false\`). Each source is:
  - a listing, <folder>.txt, one path a line ("Named_Boxarts/<name>.png");
  - a folder of such listings;
  - a clone of a thumbnails repository, blobless is enough:
      git clone --filter=blob:none --no-checkout \\
        https://github.com/libretro-thumbnails/Sega_-_32X.git
    (its folder is the repository name with spaces for "_");
  - a checked-out thumbnails folder (with Named_Boxarts/ and the others).
A listing replaces that folder's previous one. Listings of folders no imported platform uses
are skipped. Prints box art coverage before and after, per platform.

Options:
  --folder NAME    the thumbnails folder of a single source whose name does not say it
  --list           print the imported listings
  --remove FOLDER  forget a folder's listing (its links become unverified)
  --db FILE        game database (default: $LUDEX_CATALOG_DB or .ludex/catalog.db)
  --json           print the result as JSON`,
  options: {
    folder: { type: "string" },
    list: { type: "boolean" },
    remove: { type: "string" },
    db: { type: "string" },
    json: { type: "boolean" },
  },
  run({ values, positionals }) {
    const dbFile = typeof values.db === "string" ? path.resolve(values.db) : loadConfig().catalogDb;
    if (!existsSync(dbFile)) throw problems.catalogNotImported(`${dbFile} does not exist; run \`ludex import <source>\` first`);
    const modes = [positionals.length > 0, values.list === true, typeof values.remove === "string"].filter(Boolean).length;
    if (modes !== 1) throw problems.usage(`give sources, --list or --remove\n\n${this.usage}`);
    const db = openCatalogDb(dbFile);
    try {
      if (values.list === true) {
        const listings = storedListings(db);
        if (values.json) console.log(JSON.stringify({ listings, coverage: artworkCoverage(db) }, null, 2));
        else if (listings.length === 0) console.log("no thumbnail listings imported: every artwork link is unverified");
        else {
          for (const l of listings) console.log(`${l.folder}: ${l.files} files, from ${l.source}, ${l.importedAt}`);
          console.log(coverageLines(artworkCoverage(db)).join("\n"));
        }
        return 0;
      }
      if (typeof values.remove === "string") {
        const removed = removeThumbnailListing(db, values.remove);
        console.log(removed ? `removed the listing of ${values.remove}` : `no listing of ${values.remove} was imported`);
        return removed ? 0 : 1;
      }
      const used = new Set(
        db
          .prepare<[], string>("SELECT info_json FROM platforms")
          .pluck()
          .all()
          .map((info) => (JSON.parse(info) as PlatformInfo).thumbnailFolder)
          .filter((folder) => folder !== undefined),
      );
      const listings = readThumbnailSources(positionals, typeof values.folder === "string" ? values.folder : undefined);
      const skipped = listings.filter((l) => !used.has(l.folder)).map((l) => ({ folder: l.folder, source: l.source }));
      const kept = listings.filter((l) => used.has(l.folder));
      if (kept.length === 0) {
        throw problems.noThumbnailListings(
          `no imported platform uses the thumbnails folder of ${skipped.map((s) => `${s.source} ("${s.folder}")`).join(", ")}`,
        );
      }
      const now = new Date();
      const saved = kept.map((listing) => ({ ...saveThumbnailListing(db, listing, now), ignored: listing.ignored }));
      const folders = new Set(saved.map((s) => s.folder));
      const coverage = artworkCoverage(db).filter((c) => folders.has(c.folder));
      if (values.json) {
        console.log(JSON.stringify({ imported: saved, skipped, coverage }, null, 2));
        return 0;
      }
      for (const s of skipped) console.log(`skipped: ${s.source} ("${s.folder}": no imported platform uses this folder)`);
      for (const s of saved)
        console.log(`${s.folder}: ${s.files} files from ${s.source}${s.ignored > 0 ? ` (${s.ignored} other paths ignored)` : ""}`);
      console.log(coverageLines(coverage).join("\n"));
      console.log(`imported ${saved.length} thumbnail listings; run \`ludex build\` to use them`);
      return 0;
    } finally {
      db.close();
    }
  },
};
