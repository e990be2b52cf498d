import type { Config } from "../../config/config.ts";
import { openIdentityDb } from "../identity-db.ts";
import { migrate } from "./migrations.ts";
import type { SqlClient } from "./sql-client.ts";
import { sqliteClient } from "./sqlite-client.ts";

/** Where the identity state lives, for messages: the file, or the PostgreSQL URL without its password. */
export function storeLocation(config: Pick<Config, "membersDb" | "databaseUrl">): string {
  if (config.databaseUrl === undefined) return config.membersDb;
  const url = new URL(config.databaseUrl);
  url.password = "";
  return url.toString();
}

/**
 * The identity store the configuration names: PostgreSQL when LUDEX_DATABASE_URL is set, else
 * the SQLite file. `migrate: "on-start"` applies pending online migrations (see migrations.ts);
 * "none" leaves the schema to `ludex migrate`.
 */
export async function openIdentityStore(
  config: Pick<Config, "membersDb" | "databaseUrl">,
  options: { readonly migrate: "on-start" | "none" } = { migrate: "on-start" },
): Promise<SqlClient> {
  // The PostgreSQL driver is loaded only when configured: the embedded default never pays for it at start-up.
  const client =
    config.databaseUrl === undefined
      ? sqliteClient(openIdentityDb(config.membersDb))
      : (await import("./postgres-client.ts")).postgresClient(config.databaseUrl);
  if (options.migrate === "on-start") {
    try {
      await migrate(client, storeLocation(config), { onStart: true });
    } catch (error) {
      await client.close();
      throw error;
    }
  }
  return client;
}

/** A named dependency check for /api/health/: resolves when the identity database answers. */
export interface DatabaseProbe {
  readonly name: "database";
  check(): Promise<void>;
}

export function databaseProbe(client: SqlClient): DatabaseProbe {
  return { name: "database", check: () => client.ping() };
}
