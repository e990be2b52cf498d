import { existsSync, globSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

// Every OAuth and member test runs against both identity stores: the SQLite file (project
// "sqlite", with every other integration test) and PostgreSQL (project "postgres"), unless
// Debian's PostgreSQL 15 is not installed.
const hasPostgres = existsSync("/usr/lib/postgresql/15/bin/pg_ctl");
if (!hasPostgres) console.warn("PostgreSQL tests skipped: /usr/lib/postgresql/15/bin is absent (apt-get install postgresql)");

/**
 * What makes a test file an integration test: a fixture catalog from the global setup, a socket
 * (a server, a client, a proxy), a child process, a browser, PostgreSQL or Redis, or the real
 * libretro-database. Every other test file is a unit test: `npm run test:unit` runs those alone,
 * without the global setup.
 */
const INTEGRATION =
  /\binject\(|helpers\/(test-server|http|cluster|ludex-cli|chromium|counting-proxy|free-port|wait-for-port|identity-store|postgres-server|redis-server|merged-catalog)\.ts|node:(child_process|net|http|https)\b|\bfetch\(|from "(undici|playwright-core|postgres|ioredis|oauth4webapi|openid-client|@modelcontextprotocol\/[a-z]+|@a2a-js\/sdk[^"]*)"|\b(realSource|hasRealData|realThumbnails)\b|shared\/libretro-/;
const testFiles = globSync("tests/**/*.test.ts");
const unitFiles = testFiles.filter((file) => !INTEGRATION.test(readFileSync(file, "utf8")));

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: "unit", include: unitFiles } },
      {
        extends: true,
        test: {
          name: "sqlite",
          include: ["tests/**/*.test.ts"],
          exclude: unitFiles,
          globalSetup: ["tests/global-setup.ts", "tests/postgres-setup.ts"],
        },
      },
      ...(hasPostgres
        ? [
            {
              extends: true,
              test: {
                name: "postgres",
                include: ["tests/oauth/**/*.test.ts"],
                exclude: unitFiles,
                globalSetup: ["tests/global-setup.ts", "tests/postgres-setup.ts"],
                env: { LUDEX_TEST_STORE: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
