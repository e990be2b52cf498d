import path from "node:path";
import { publishUpdate } from "../../../src/pipeline/publish-update.ts";
import { loadConfig } from "../../../src/config/config.ts";
import type { Command } from "../command.ts";

export const publishCommand: Command = {
  name: "publish",
  usage: `Usage: ludex publish [--db FILE] [--out DIR]

Accepts the update held for review (\`ludex import\` and \`ludex build\` say when one is) and puts
its build, written to <out>.held by \`ludex build\`, in service: the held folder replaces the
build folder by two renames, and running servers pick it up within a second. Without a held
update it does nothing. See docs/updates.md.

Options:
  --db FILE    game database (default: $LUDEX_CATALOG_DB or .ludex/catalog.db)
  --out DIR    build folder (default: $LUDEX_BUILD_DIR or dist/catalog)`,
  options: { db: { type: "string" }, out: { type: "string" } },
  run({ values }) {
    const config = loadConfig();
    const result = publishUpdate({
      dbFile: typeof values.db === "string" ? path.resolve(values.db) : config.catalogDb,
      buildDir: typeof values.out === "string" ? path.resolve(values.out) : config.buildDir,
    });
    console.log(
      result.status === "published" ? `published catalog ${result.catalogVersion ?? ""}` : "nothing to publish: no update is held",
    );
    return 0;
  },
};
