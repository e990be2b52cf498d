import path from "node:path";
import { auditCatalogFile } from "../../../src/catalog/audit/audit-catalog.ts";
import { formatAudit } from "../../../src/catalog/audit/format-audit.ts";
import { loadConfig } from "../../../src/config/config.ts";
import type { Command } from "../command.ts";

export const auditCommand: Command = {
  name: "audit",
  usage: `Usage: ludex audit [--db FILE] [--json]

Checks what the import made of the DATs, reading the game database only: records per kind
and platform; dumps held by several records of a platform, with why they stayed apart
(generic file, compilation, different kinds, BIOS, or unexplained: a gap in the merge
rules); arcade titles and set names in several records; add-ons without a base game;
titles that look like ids; game records holding add-on releases; merged ids and whether
each points to a live game; title identity (one title spelled two ways in two records,
titles split into several works by their credits, arcade records holding a PlayChoice-10
port beside an arcade set, arcade records joining an "A / B" set with other sets); for a
catalog imported with a Retool folder, the clone-list groups it holds, how many are one
record, and those left apart with why. Lists are cut to 10 examples (100 with --json), with
totals.

Options:
  --db FILE   game database (default: $LUDEX_CATALOG_DB or .ludex/catalog.db)
  --json      print the audit as JSON`,
  options: { db: { type: "string" }, json: { type: "boolean" } },
  run({ values }) {
    const dbFile = typeof values.db === "string" ? path.resolve(values.db) : loadConfig().catalogDb;
    const audit = auditCatalogFile(dbFile);
    console.log(values.json ? JSON.stringify(audit, null, 2) : formatAudit(audit));
    return 0;
  },
};
