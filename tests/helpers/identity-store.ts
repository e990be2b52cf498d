import path from "node:path";
import { inject } from "vitest";
import { createDatabase } from "./postgres-server.ts";
import { tempDir } from "./temp-dir.ts";

/**
 * Which identity store this test run uses. vitest.config.ts runs tests/oauth/** twice: as project
 * "sqlite" (the default file) and as project "postgres" (LUDEX_TEST_STORE=postgres, against the
 * run's throwaway PostgreSQL from tests/postgres-setup.ts).
 */
export const testStore: "sqlite" | "postgres" = process.env.LUDEX_TEST_STORE === "postgres" ? "postgres" : "sqlite";

/** Environment variables for a fresh, empty identity store of the run's kind. */
export async function freshStoreEnv(): Promise<{ LUDEX_MEMBERS_DB: string; LUDEX_DATABASE_URL?: string }> {
  const membersDb = path.join(tempDir("ludex-store-"), "members.db");
  if (testStore === "sqlite") return { LUDEX_MEMBERS_DB: membersDb };
  const adminUrl = inject("postgresAdminUrl");
  if (adminUrl === null) throw new Error("the postgres project runs only when PostgreSQL is installed (see vitest.config.ts)");
  return { LUDEX_MEMBERS_DB: membersDb, LUDEX_DATABASE_URL: await createDatabase(adminUrl) };
}

/** The same, as the fields of Config that name the store. */
export async function freshStoreConfig(): Promise<{ membersDb: string; databaseUrl: string | undefined }> {
  const env = await freshStoreEnv();
  return { membersDb: env.LUDEX_MEMBERS_DB, databaseUrl: env.LUDEX_DATABASE_URL };
}
