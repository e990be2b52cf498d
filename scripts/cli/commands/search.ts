import path from "node:path";
import { searchGames } from "../../../src/catalog/search/search-games.ts";
import { loadCatalogSnapshot } from "../../../src/catalog/store/catalog-snapshot.ts";
import { loadConfig } from "../../../src/config/config.ts";
import { problems } from "../../../src/core/problem.ts";
import type { Command } from "../command.ts";

export const searchCommand: Command = {
  name: "search",
  usage: `Usage: ludex search <text> [--system SLUG] [--limit N] [--out DIR]

Options:
  --system SLUG  only this platform (slug or any alias, e.g. snes, "Super Famicom")
  --limit N      number of results, 1–100 (default 10)
  --out DIR      build folder (default: $LUDEX_BUILD_DIR or dist/catalog)`,
  options: { system: { type: "string" }, limit: { type: "string" }, out: { type: "string" } },
  run({ values, positionals }) {
    const text = positionals.join(" ").trim();
    if (!text) throw problems.usage(`no search text\n\n${this.usage}`);
    const limit = values.limit === undefined ? 10 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw problems.usage("--limit must be an integer from 1 to 100");
    const buildDir = typeof values.out === "string" ? path.resolve(values.out) : loadConfig().buildDir;
    const snapshot = loadCatalogSnapshot(buildDir);
    let slug: string | undefined;
    if (typeof values.system === "string") {
      const platform = snapshot.platform(values.system);
      if (!platform) throw problems.unknownSystem(`no platform named "${values.system}"`);
      slug = platform.id;
    }
    for (const hit of searchGames(snapshot.searchScope(slug), { query: text, limit }).results) {
      console.log(`${String(hit.id).padStart(7)}  ${hit.system.padEnd(12)} ${hit.title}${hit.releaseYear ? ` (${hit.releaseYear})` : ""}`);
    }
    return 0;
  },
};
