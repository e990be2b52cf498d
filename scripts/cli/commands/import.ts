import path from "node:path";
import { loadConfig } from "../../../src/config/config.ts";
import { importCatalog, type ImportProgress, type ImportSummary } from "../../../src/catalog/import/import-catalog.ts";
import { problems } from "../../../src/core/problem.ts";
import { formatReview } from "../../../src/catalog/import/format-review.ts";
import { releasePreference } from "../../../src/catalog/identity/release-preference.ts";
import type { Command } from "../command.ts";

function progressLine(p: ImportProgress): string {
  return `\rimporting: ${p.filesDone}/${p.filesTotal} files, ${p.games} games, ${(p.elapsedMs / 1000).toFixed(1)} s`;
}

/**
 * One line per source collection: its releases, the games only it lists (what it added to the
 * catalog), and its releases that joined a game No-Intro also lists (same platform, same title).
 */
function sourceLines(stats: ImportSummary["sourceStats"]): string[] {
  const rows = Object.entries(stats).sort(([a, x], [b, y]) => y.releases - x.releases || a.localeCompare(b));
  const width = Math.max(0, ...rows.map(([source]) => source.length));
  return rows.map(([source, s]) => {
    const joined = source === "no-intro" ? "" : `, ${s.joined} releases joined a No-Intro game`;
    return `  ${source.padEnd(width)}  ${s.releases} releases, ${s.gamesOnly} games added${joined}`;
  });
}

export const importCommand: Command = {
  name: "import",
  usage: `Usage: ludex import <source>... [--db FILE] [--platforms FILE] [--threshold PERCENT] [--accept] [--strict] [--json]

Sources: a libretro-database checkout, a folder of DAT files, or single .dat/.xml files
(clrmamepro text or Logiqx XML); symbolic links are followed, and a broken one or a link loop
is skipped with a warning. A Retool folder (clonelists/, metadata/, retroachievements/ of
retool-clonelists-metadata) given beside them joins regional titles, adds native-script titles
and RetroAchievements support (docs/importing.md). The first release of each record follows
$LUDEX_REGION_ORDER and $LUDEX_LANGUAGE_ORDER. Together they describe the whole catalog: games absent from
them are removed. Game ids stay stable across re-imports. The import is one transaction: on
any error nothing changes. A DAT block that cannot be read is left out with a warning naming
its file:line, and the rest of the file is read; a file that is not a DAT stops the import.

Every import is reviewed against the catalog it replaces (games added, removed, renamed,
merged, releases, roms, metadata, new warnings). An anomaly (a platform gone, a platform that
lost or renamed more than the threshold of its games, a source file that parsed to nothing
or left out more than the threshold of its blocks)
holds the update: \`ludex build\` builds it beside the served build, and \`ludex publish\`
puts it in service. See docs/updates.md.

Options:
  --db FILE             game database (default: $LUDEX_CATALOG_DB or .ludex/catalog.db)
  --platforms FILE      platform table (default: data/platforms.json)
  --threshold PERCENT   share of a platform's games that may go or change title before the
                        update is held (default: $LUDEX_REVIEW_THRESHOLD or 5)
  --accept              accept the update (and any held one) despite its anomalies: the next
                        build publishes it
  --strict              fail on the first DAT block or rom value that cannot be read, instead
                        of leaving it out (for DAT authors)
  --json                print the summary (with the review) as JSON`,
  options: {
    db: { type: "string" },
    platforms: { type: "string" },
    threshold: { type: "string" },
    accept: { type: "boolean" },
    strict: { type: "boolean" },
    json: { type: "boolean" },
  },
  run({ values, positionals }) {
    if (positionals.length === 0) throw problems.usage(`no source given\n\n${this.usage}`);
    const config = loadConfig();
    const threshold = typeof values.threshold === "string" ? Number(values.threshold) : config.reviewThreshold;
    if (!(threshold >= 0 && threshold <= 100) || (typeof values.threshold === "string" && values.threshold.trim() === ""))
      throw problems.usage(`--threshold must be a percentage from 0 to 100\n\n${this.usage}`);
    const tty = process.stderr.isTTY === true;
    let last = 0;
    const summary = importCatalog({
      sources: positionals,
      dbFile: typeof values.db === "string" ? path.resolve(values.db) : config.catalogDb,
      platformsFile: typeof values.platforms === "string" ? path.resolve(values.platforms) : config.platformsFile,
      reviewThreshold: threshold,
      accept: values.accept === true,
      strict: values.strict === true,
      preference: releasePreference(config.regionOrder, config.languageOrder),
      onProgress: tty
        ? (p) => {
            if (p.elapsedMs - last < 100 && p.filesDone < p.filesTotal) return;
            last = p.elapsedMs;
            process.stderr.write(progressLine(p));
          }
        : undefined,
    });
    if (tty) process.stderr.write("\r\x1b[K");
    if (values.json) {
      console.log(JSON.stringify(summary, null, 2));
      return 0;
    }
    for (const warning of summary.warnings) console.error(`warning: ${warning}`);
    for (const game of summary.removed.slice(0, 20)) console.log(`removed: #${game.id} ${game.title} (${game.system})`);
    if (summary.removed.length > 20) console.log(`removed: … and ${summary.removed.length - 20} more`);
    // Before the summary line, which stays last for scripts that read it.
    const lines = sourceLines(summary.sourceStats);
    if (lines.length > 0) console.log(`by source (platforms read in this import):\n${lines.join("\n")}`);
    if (summary.review) console.log(formatReview(summary.review).join("\n"));
    const state = summary.reviewState;
    if (state?.held) {
      const pending = state.reviews.length > 1 ? ` (with ${state.reviews.length - 1} earlier held import(s))` : "";
      console.log(
        `HELD: this update has anomalies${pending}; \`ludex build\` builds it beside the served build and \`ludex publish\` (or \`ludex import --accept\`) puts it in service`,
      );
    } else if (values.accept === true && state?.acceptedAt) console.log(`accepted: the next \`ludex build\` publishes this update`);
    console.log(
      `imported ${summary.platforms} platforms, ${summary.games} games, ${summary.releases} releases, ${summary.roms} roms; ` +
        `${summary.added} added, ${summary.removed.length} removed, ${summary.changedPlatforms.length} platforms changed; ` +
        `${summary.warnings.length} warnings; ${(summary.elapsedMs / 1000).toFixed(1)} s${summary.changed ? "" : " (no changes)"}`,
    );
    return 0;
  },
};
