import { existsSync } from "node:fs";
import { buildCatalog } from "../../../src/pipeline/build-pipeline.ts";
import { importCatalog } from "../../../src/catalog/import/import-catalog.ts";
import { loadConfig } from "../../../src/config/config.ts";
import { ensureAstroPages } from "../astro-pages.ts";
import { releasePreference } from "../../../src/catalog/identity/release-preference.ts";
import type { Command } from "../command.ts";
import { serve } from "./serve.ts";

export const startCommand: Command = {
  name: "start",
  usage: `Usage: ludex start

What \`npm start\` runs. When the game database does not exist yet, imports $LUDEX_SOURCE
(default: the bundled sample in data/sample; several sources separated by ":"), then builds
like \`ludex build\` (incrementally) and serves it like \`ludex serve\`.`,
  options: {},
  async run() {
    const config = loadConfig();
    if (!existsSync(config.catalogDb)) {
      console.log(`no catalog at ${config.catalogDb}; importing ${config.sources.join(", ")}`);
      const summary = importCatalog({
        sources: config.sources,
        dbFile: config.catalogDb,
        platformsFile: config.platformsFile,
        preference: releasePreference(config.regionOrder, config.languageOrder),
      });
      console.log(`imported ${summary.platforms} platforms, ${summary.games} games (${summary.warnings.length} warnings)`);
    }
    if (ensureAstroPages(config.projectRoot).built) console.log("built the Astro pages (/docs/, /problems/)");
    const built = buildCatalog({
      dbFile: config.catalogDb,
      buildDir: config.buildDir,
      releaseFeedFile: config.releaseFeedFile,
      publicBaseUrl: config.publicBaseUrl,
      oauthLimits: config.oauthLimits,
      artworkBaseUrl: config.artworkBaseUrl,
    });
    console.log(`built catalog ${built.manifest.catalogVersion} (${built.rebuiltPlatforms.length} platforms rebuilt)`);
    return serve();
  },
};
