import { existsSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../../../src/config/config.ts";
import { problems } from "../../../src/core/problem.ts";
import { writeGamelists } from "../../../src/scan/gamelist.ts";
import { scanAndMatch } from "../../../src/scan/run-scan.ts";
import { formatSummary, summarize } from "../../../src/scan/scan-report.ts";
import { offlineTarget, serverTarget } from "../../../src/scan/scan-target.ts";
import type { Command } from "../command.ts";

export const scanCommand: Command = {
  name: "scan",
  usage: `Usage: ludex scan <folder> [--server URL] [--system SLUG] [--json FILE] [--gamelist DIR] [--out DIR]

Fingerprints every ROM in a folder (zip and 7z members read in memory, cue/gdi/m3u sets as their tracks,
headerless hashes for NES, Atari 7800, Lynx and SNES copier headers) and matches them against the
local build, or a ludex server with --server. Prints a summary per platform.

Options:
  --server URL    match against this ludex server (its origin) instead of the local build
  --system SLUG   the platform of every file (slug or alias); else guessed from folders and extensions
  --json FILE     write every file's answer as JSON
  --gamelist DIR  write ES-DE gamelist.xml files: DIR/<system folder>/gamelist.xml
  --out DIR       build folder for offline matching (default: $LUDEX_BUILD_DIR or dist/catalog)`,
  options: {
    server: { type: "string" },
    system: { type: "string" },
    json: { type: "string" },
    gamelist: { type: "string" },
    out: { type: "string" },
  },
  async run({ values, positionals }) {
    const [folder] = positionals;
    if (positionals.length !== 1 || folder === undefined) throw problems.usage(`expected one folder\n\n${this.usage}`);
    if (!existsSync(folder) || !statSync(folder).isDirectory()) throw problems.usage(`${folder}: no such folder`);
    const json = typeof values.json === "string" ? path.resolve(values.json) : undefined;
    if (json && !statSync(path.dirname(json), { throwIfNoEntry: false })?.isDirectory()) {
      throw problems.usage(`--json: no folder ${path.dirname(json)} to write ${path.basename(json)} in`);
    }
    const tty = process.stderr.isTTY === true;
    const config = loadConfig();
    const target =
      typeof values.server === "string"
        ? serverTarget(values.server, (ms) => console.error(`over the matching quota: waiting ${Math.ceil(ms / 1000)} s`))
        : offlineTarget(typeof values.out === "string" ? path.resolve(values.out) : config.buildDir, config.artworkBaseUrl);
    try {
      let last = 0;
      const entries = await scanAndMatch(path.resolve(folder), target, {
        system: typeof values.system === "string" ? values.system : undefined,
        onProgress: tty
          ? (phase, done, total) => {
              const now = Date.now();
              if (now - last < 100 && done < total) return;
              last = now;
              process.stderr.write(`\r\x1b[K${phase === "read" ? "reading" : "matching"} ${done}/${total}`);
            }
          : undefined,
      });
      if (tty) process.stderr.write("\r\x1b[K");
      const summary = summarize(entries);
      if (json) {
        // Written whole, then renamed into place: a reader never sees half an answer.
        const body = `${JSON.stringify({ folder: path.resolve(folder), target: target.label, summary, files: entries }, null, 2)}\n`;
        writeFileSync(`${json}.tmp`, body);
        renameSync(`${json}.tmp`, json);
      }
      if (typeof values.gamelist === "string") {
        for (const file of await writeGamelists(entries, path.resolve(values.gamelist), (id) => target.record(id)))
          console.log(`wrote ${file}`);
      }
      console.log(formatSummary(summary).join("\n"));
      return 0;
    } finally {
      target.close();
    }
  },
};
