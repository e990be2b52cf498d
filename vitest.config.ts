import { existsSync } from "node:fs";
import { defineConfig } from "vitest/config";

// Every OAuth and member test runs against both identity stores: the SQLite file (project
// "sqlite", with everything else) and PostgreSQL (project "postgres"), unless Debian's
// PostgreSQL 15 is not installed.
const hasPostgres = existsSync("/usr/lib/postgresql/15/bin/pg_ctl");
if (!hasPostgres) console.warn("PostgreSQL tests skipped: /usr/lib/postgresql/15/bin is absent (apt-get install postgresql)");

export default defineConfig({
  test: {
    globalSetup: ["tests/global-setup.ts", "tests/postgres-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: "sqlite", include: ["tests/**/*.test.ts"] } },
      ...(hasPostgres
        ? [{ extends: true, test: { name: "postgres", include: ["tests/oauth/**/*.test.ts"], env: { LUDEX_TEST_STORE: "postgres" } } }]
        : []),
    ],
  },
});
