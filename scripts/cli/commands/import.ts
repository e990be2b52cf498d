import path from "node:path";
import { loadConfig } from "../../../src/config/config.ts";
import { importCatalog, type ImportProgress, type ImportSummary } from "../../../src/catalog/import/import-catalog.ts";
import { problems } from "../../../src/core/problem.ts";
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
  usage: `Usage: ludex import <source>... [--db FILE] [--platforms FILE] [--json]

Sources: a libretro-database checkout, a folder of DAT files, or single .dat/.xml files
(clrmamepro text or Logiqx XML); symbolic links are followed, and a broken one or a link loop
is skipped with a warning. Together they describe the whole catalog: games absent from
them are removed. Game ids stay stable across re-imports. The import is one transaction: on
any error nothing changes.

Options:
  --db FILE          game database (default: $LUDEX_CATALOG_DB or .ludex/catalog.db)
  --platforms FILE   platform table (default: data/platforms.json)
  --json             print the summary as JSON`,
  options: { db: { type: "string" }, platforms: { type: "string" }, json: { type: "boolean" } },
  run({ values, positionals }) {
    if (positionals.length === 0) throw problems.usage(`no source given\n\n${this.usage}`);
    const config = loadConfig();
    const tty = process.stderr.isTTY === true;
    let last = 0;
    const summary = importCatalog({
      sources: positionals,
      dbFile: typeof values.db === "string" ? path.resolve(values.db) : config.catalogDb,
      platformsFile: typeof values.platforms === "string" ? path.resolve(values.platforms) : config.platformsFile,
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
    console.log(
      `imported ${summary.platforms} platforms, ${summary.games} games, ${summary.releases} releases, ${summary.roms} roms; ` +
        `${summary.added} added, ${summary.removed.length} removed, ${summary.changedPlatforms.length} platforms changed; ` +
        `${summary.warnings.length} warnings; ${(summary.elapsedMs / 1000).toFixed(1)} s${summary.changed ? "" : " (no changes)"}`,
    );
    return 0;
  },
};
