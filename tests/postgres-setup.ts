import type { TestProject } from "vitest/node";
import { postgresSkipReason, startPostgres, type PostgresServer } from "./helpers/postgres-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the run's throwaway PostgreSQL, or null when its binaries are absent. */
    postgresAdminUrl: string | null;
  }
}

/** One throwaway PostgreSQL per test run (tests create a database each); stopped at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const reason = postgresSkipReason();
  if (reason) {
    console.warn(reason);
    project.provide("postgresAdminUrl", null);
    return async () => {};
  }
  const server: PostgresServer = await startPostgres();
  project.provide("postgresAdminUrl", server.adminUrl);
  return () => server.destroy();
}
