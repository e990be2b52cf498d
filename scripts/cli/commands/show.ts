import path from "node:path";
import { loadCatalogSnapshot, recordJson } from "../../../src/catalog/store/catalog-snapshot.ts";
import { loadConfig } from "../../../src/config/config.ts";
import { problems } from "../../../src/core/problem.ts";
import type { Command } from "../command.ts";

export const showCommand: Command = {
  name: "show",
  usage: `Usage: ludex show <id> [--out DIR] [--compact]

Prints the record of a game id; for an id that merged into another game, that game's record.

Options:
  --out DIR    build folder (default: $LUDEX_BUILD_DIR or dist/catalog)
  --compact    print the served bytes as they are instead of indented JSON`,
  options: { out: { type: "string" }, compact: { type: "boolean" } },
  run({ values, positionals }) {
    const id = Number(positionals[0]);
    if (positionals.length !== 1 || !Number.isSafeInteger(id) || id < 1) {
      throw problems.usage(`expected one game id (an integer ≥ 1)\n\n${this.usage}`);
    }
    const buildDir = typeof values.out === "string" ? path.resolve(values.out) : loadConfig().buildDir;
    const snapshot = loadCatalogSnapshot(buildDir);
    // A merged id prints the record its API redirect leads to, saying so on stderr.
    const into = snapshot.record(id) ? undefined : snapshot.mergedInto(id);
    if (into !== undefined) console.error(`game ${id} merged into game ${into}; its record follows`);
    const record = snapshot.record(into ?? id);
    if (!record) throw problems.notFound(`no game with id ${id}`);
    const json = recordJson(record);
    console.log(values.compact ? json : JSON.stringify(JSON.parse(json), null, 2));
    return 0;
  },
};
