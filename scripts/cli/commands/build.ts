import { existsSync } from "node:fs";
import path from "node:path";
import { type BuildSummary, buildCatalog } from "../../../src/pipeline/build-pipeline.ts";
import { auditSummaryFile } from "../../../src/catalog/audit/audit-summary.ts";
import { startBackgroundAudit } from "../../../src/catalog/audit/background-audit.ts";
import { auditCountsLine } from "../../../src/catalog/audit/format-audit.ts";
import { loadConfig } from "../../../src/config/config.ts";
import { ensureAstroPages } from "../astro-pages.ts";
import type { Command } from "../command.ts";

export const buildCommand: Command = {
  name: "build",
  usage: `Usage: ludex build [--db FILE] [--out DIR] [--release-feed FILE]

Writes everything the server serves: the catalog build (one JSON file per game record,
per-platform record shards and the title search index, the platform list, the release feed, the
change log and platform dumps, the discovery documents for $PUBLIC_BASE_URL, the website's
pages and sitemaps, manifest.json, written last, then purge.json and purge.txt, the URLs and
cache tags a CDN must purge, docs/cdn.md), the Astro pages (/docs/, /problems/;
\`astro build\` into dist/site when they are missing or older than src/).
Platforms unchanged since the previous build are reused. Ends with a one-line summary of
\`ludex audit\`. While the import is held for review (\`ludex import\` says so), the build goes
to <out>.held beside the served build, which stays as it is until \`ludex publish\`.

Options:
  --db FILE            game database (default: $LUDEX_CATALOG_DB or .ludex/catalog.db)
  --out DIR            build folder (default: $LUDEX_BUILD_DIR or dist/catalog)
  --release-feed FILE  authored release feed (default: data/release-feed.json)`,
  options: { db: { type: "string" }, out: { type: "string" }, "release-feed": { type: "string" } },
  async run({ values }) {
    const config = loadConfig();
    const pages = ensureAstroPages(config.projectRoot);
    if (pages.built) console.log(`built the Astro pages (/docs/, /problems/) in ${(pages.elapsedMs / 1000).toFixed(1)} s`);
    const dbFile = typeof values.db === "string" ? path.resolve(values.db) : config.catalogDb;
    const buildDir = typeof values.out === "string" ? path.resolve(values.out) : config.buildDir;
    // The audit only reads the database the build reads: on a worker thread, it runs beside the build instead of after it.
    const keptAudit = auditSummaryFile(dbFile);
    const audit = existsSync(dbFile) ? startBackgroundAudit(dbFile, keptAudit) : undefined;
    let summary: BuildSummary;
    try {
      summary = buildCatalog({
        dbFile,
        buildDir,
        releaseFeedFile: typeof values["release-feed"] === "string" ? path.resolve(values["release-feed"]) : config.releaseFeedFile,
        publicBaseUrl: config.publicBaseUrl,
        oauthLimits: config.oauthLimits,
        artworkBaseUrl: config.artworkBaseUrl,
      });
    } catch (error) {
      audit?.cancel();
      throw error;
    }
    const c = summary.manifest.counts;
    console.log(
      `built catalog ${summary.manifest.catalogVersion}: ${c.platforms} platforms, ${c.games} games, ${c.releases} releases, ${c.roms} roms; ` +
        `${summary.rebuiltPlatforms.length} platforms rebuilt, ${summary.reusedPlatforms} reused; ` +
        `website: ${summary.site.pagesRendered} pages rendered, ${summary.site.filesWritten} files written (${(summary.site.elapsedMs / 1000).toFixed(1)} s after the records); ${(summary.elapsedMs / 1000).toFixed(1)} s`,
    );
    const { purge } = summary;
    console.log(
      purge.everything
        ? `purge list (purge.json): everything (${purge.reason})`
        : `purge list (purge.json, purge.txt): ${purge.urls.length} URLs, ${purge.tags.length} cache tags (${summary.purgeMs.toFixed(0)} ms)`,
    );
    const { counts, elapsedMs } = await (audit ?? startBackgroundAudit(dbFile, keptAudit)).result();
    console.log(auditCountsLine(counts, elapsedMs));
    const { publication } = summary;
    if (publication.status === "held")
      console.log(
        `HELD: the import has ${publication.anomalies} anomalies; built in ${publication.dir}, the served build is unchanged. ` +
          `Review ${publication.reviewFile ?? "review.json"}, then run \`ludex publish\` to put it in service`,
      );
    else if (publication.reviewFile) console.log(`published; review: ${publication.reviewFile}`);
    return 0;
  },
};
