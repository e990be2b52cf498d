import { loadConfig } from "../../../src/config/config.ts";
import { migrate } from "../../../src/oauth/store/migrations.ts";
import { openIdentityStore, storeLocation } from "../../../src/oauth/store/open-identity-store.ts";
import type { Command } from "../command.ts";

const usage = `Usage: ludex migrate

Applies every pending schema migration to the member database: PostgreSQL when
$LUDEX_DATABASE_URL is set, else the SQLite file ($LUDEX_MEMBERS_DB, default .ludex/members.db).
Safe to run while instances serve: migrations run in one transaction under an advisory lock.
Instances apply "online" (additive) migrations themselves on start; the others need this command.`;

/** `ludex migrate`: brings the identity schema to this version of ludex. */
export const migrateCommand: Command = {
  name: "migrate",
  usage,
  options: {},
  async run() {
    const config = loadConfig();
    const db = await openIdentityStore(config, { migrate: "none" });
    try {
      const outcome = await migrate(db, storeLocation(config), { onStart: false });
      console.log(
        outcome.applied.length === 0
          ? `schema is up to date (version ${outcome.to})`
          : `applied ${outcome.applied.join(", ")} (version ${outcome.from} → ${outcome.to})`,
      );
    } finally {
      await db.close();
    }
    return 0;
  },
};
