import { spawnSync } from "node:child_process";
import path from "node:path";
import postgres from "postgres";
import { afterEach, describe, expect, inject, it } from "vitest";
import { isProblem } from "../../../src/core/problem.ts";
import { MIGRATION_LOCK, type Migration, type MigrationOutcome, migrate, migrations } from "../../../src/oauth/store/migrations.ts";
import { openIdentityStore, storeLocation } from "../../../src/oauth/store/open-identity-store.ts";
import type { SqlClient } from "../../../src/oauth/store/sql-client.ts";
import { LudexInstance } from "../../helpers/cluster.ts";
import { freePort } from "../../helpers/free-port.ts";
import { freshStoreConfig, freshStoreEnv, testStore } from "../../helpers/identity-store.ts";
import { projectRoot } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

// "Migrations on start when safe" (src/oauth/store/migrations.ts, docs/operations.md "Running
// several instances"): instances starting together migrate an empty database once, a migration that
// cannot run online is left to `ludex migrate`, and a schema newer than the code is refused.

const secret = "migrations test secret: 32 characters or more";
const opened: SqlClient[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((client) => client.close()));
});

/** A client on a fresh, empty store of the run's kind, with no migration applied yet. */
async function emptyStore(): Promise<{ client: SqlClient; where: string; config: Awaited<ReturnType<typeof freshStoreConfig>> }> {
  const config = await freshStoreConfig();
  const client = await openIdentityStore(config, { migrate: "none" });
  opened.push(client);
  return { client, where: storeLocation(config), config };
}

/** The schema version the store records, read the way each engine keeps it. */
async function schemaVersion(client: SqlClient): Promise<number> {
  if (client.dialect === "sqlite") return (await client.get<{ user_version: number }>("PRAGMA user_version"))?.user_version ?? 0;
  return (await client.get<{ v: number | null }>("SELECT max(version) AS v FROM ludex_schema_migrations"))?.v ?? 0;
}

/** The same error as a Problem, failing the test with the real error otherwise. */
async function refusal(attempt: Promise<unknown>): Promise<{ type: string; detail: string }> {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProblem(error)) throw new Error(`expected a Problem, got ${String(error)}`);
  return { type: error.type, detail: error.detail ?? "" };
}

function ludexCli(args: string[], env: Record<string, string>): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [path.join(projectRoot, "scripts", "ludex.js"), ...args], {
    cwd: projectRoot,
    encoding: "utf8",
    env: { ...process.env, LUDEX_STATE_DIR: tempDir(), LUDEX_LOG_LEVEL: "warn", ...env },
    timeout: 30_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.skipIf(testStore !== "postgres")("several instances starting together on an empty PostgreSQL database", () => {
  it("wait on the advisory lock, apply each migration once, and all start", async () => {
    const { config } = await emptyStore();
    const databaseUrl = config.databaseUrl ?? "";
    // Holding the migration lock from outside makes every starter queue on it, so they really
    // start together (without it, one could finish before the next begins and prove nothing).
    const holder = postgres(databaseUrl, { max: 2, onnotice: () => {} });
    try {
      const held = await holder.reserve();
      await held`SELECT pg_advisory_lock(${MIGRATION_LOCK})`;
      const starters = Array.from({ length: 5 }, () => openIdentityStore(config, { migrate: "none" }));
      const clients = await Promise.all(starters);
      opened.push(...clients);
      const outcomes: Promise<MigrationOutcome>[] = clients.map((client) => migrate(client, storeLocation(config), { onStart: true }));
      // Every starter is parked on the lock before it is let go.
      await expect
        .poll(
          async () =>
            Number(
              (
                await holder`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`
              )[0]?.n,
            ),
          { timeout: 10_000 },
        )
        .toBe(5);
      await held`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`;
      held.release();
      const results = await Promise.all(outcomes);
      // One applied the schema; the other four found it done.
      expect(results.filter((r) => r.applied.length > 0)).toEqual([
        { from: 0, to: migrations.length, applied: migrations.map((m) => m.name) },
      ]);
      expect(results.filter((r) => r.applied.length === 0)).toHaveLength(4);
      for (const r of results.filter((x) => x.applied.length === 0))
        expect(r).toEqual({ from: migrations.length, to: migrations.length, applied: [] });
      const rows = await holder`SELECT version, name FROM ludex_schema_migrations ORDER BY version`;
      expect(rows.map((r) => ({ version: r.version, name: r.name }))).toEqual(
        migrations.map((m) => ({ version: m.version, name: m.name })),
      );
    } finally {
      await holder.end();
    }
  });

  it("as `ludex serve` processes: three started at once on an empty database all become healthy, and the schema is applied once", async () => {
    const databaseUrl = (await freshStoreEnv()).LUDEX_DATABASE_URL ?? "";
    const work = tempDir("ludex-migrate-start-");
    const env = {
      LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir,
      LUDEX_DATABASE_URL: databaseUrl,
      LUDEX_SECRET: secret,
      LUDEX_LOG_LEVEL: "warn",
      PUBLIC_BASE_URL: "https://ludex.test",
    };
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const instances = ports.map((port, i) => new LudexInstance(`migrate-${i}`, port, env, work));
    try {
      await Promise.all(instances.map((instance) => instance.start(60_000)));
      for (const instance of instances) {
        const health = await fetch(`${instance.origin}/api/health/`);
        expect(await health.json()).toMatchObject({ dependencies: { database: { status: "ok" } } });
      }
      const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        const rows = await sql`SELECT version FROM ludex_schema_migrations ORDER BY version`;
        expect(rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
        expect((await sql`SELECT count(*)::int AS n FROM members`)[0]?.n).toBe(0);
      } finally {
        await sql.end();
      }
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
  }, 90_000);
});

describe(`migrations on start on the ${testStore} store`, () => {
  /** A next version that only adds (instances on version 1 keep working). */
  const additive: Migration = {
    version: migrations.length + 1,
    name: "900-test-add-column",
    online: true,
    sqlite: "ALTER TABLE members ADD COLUMN nickname TEXT",
    postgres: "ALTER TABLE members ADD COLUMN nickname TEXT",
  };
  /** A next version that renames a column: instances still on version 1 would break mid-request. */
  const renaming: Migration = {
    version: migrations.length + 1,
    name: "900-test-rename-column",
    online: false,
    sqlite: "ALTER TABLE members RENAME COLUMN display_name TO shown_name",
    postgres: "ALTER TABLE members RENAME COLUMN display_name TO shown_name",
  };

  it("an online (additive) migration is applied when an instance starts", async () => {
    const { client, where } = await emptyStore();
    await migrate(client, where, { onStart: true });
    const outcome = await migrate(client, where, { onStart: true, migrations: [...migrations, additive] });
    expect(outcome).toEqual({ from: migrations.length, to: additive.version, applied: [additive.name] });
    expect(await client.all("SELECT nickname FROM members")).toEqual([]);
  });

  it("a migration that cannot run online is refused on start, naming `npx ludex migrate`, and changes nothing; `ludex migrate` (not on start) applies it", async () => {
    const { client, where } = await emptyStore();
    await migrate(client, where, { onStart: true });
    const refused = await refusal(migrate(client, where, { onStart: true, migrations: [...migrations, renaming] }));
    expect(refused.type).toBe("identity-migration-required");
    expect(refused.detail).toContain(renaming.name);
    expect(refused.detail).toContain("stop the instances and run `npx ludex migrate`");
    // Refused before any statement ran: the version and the old column are still there.
    expect(await schemaVersion(client)).toBe(migrations.length);
    expect(await client.all("SELECT display_name FROM members")).toEqual([]);

    const applied = await migrate(client, where, { onStart: false, migrations: [...migrations, renaming] });
    expect(applied).toEqual({ from: migrations.length, to: renaming.version, applied: [renaming.name] });
    expect(await client.all("SELECT shown_name FROM members")).toEqual([]);
  });

  it("an empty database whose pending list holds an offline migration is refused whole on start (no partial schema)", async () => {
    const { client, where } = await emptyStore();
    const refused = await refusal(migrate(client, where, { onStart: true, migrations: [...migrations, renaming] }));
    expect(refused.type).toBe("identity-migration-required");
    expect(await schemaVersion(client).catch(() => 0)).toBe(0);
  });

  it("a database with a newer schema than this code knows is refused with a message saying what to do, and is left untouched", async () => {
    const { client, where, config } = await emptyStore();
    await migrate(client, where, { onStart: true });
    const newer = migrations.length + 7;
    if (client.dialect === "sqlite") await client.exec(`PRAGMA user_version = ${newer}`);
    else
      await client.run("INSERT INTO ludex_schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", [newer, "from-the-future", 0]);

    for (const onStart of [true, false]) {
      const refused = await refusal(migrate(client, where, { onStart }));
      expect(refused.type).toBe("identity-schema-mismatch");
      expect(refused.detail).toContain(`schema version ${newer}, newer than version ${migrations.length}`);
      expect(refused.detail).toContain("Run that newer ludex");
    }
    expect(await schemaVersion(client)).toBe(newer);

    // What an operator sees: `ludex migrate` and a starting `ludex serve` stop with that message.
    const env: Record<string, string> = {
      LUDEX_MEMBERS_DB: config.membersDb,
      ...(config.databaseUrl ? { LUDEX_DATABASE_URL: config.databaseUrl } : {}),
    };
    const migrated = ludexCli(["migrate"], env);
    expect(migrated.status, migrated.output).toBe(1);
    expect(migrated.output).toContain(`ludex migrate: Unsupported member database: ${where} has schema version ${newer}`);
    expect(migrated.output).toContain("Run that newer ludex");
    const served = ludexCli(["serve"], {
      ...env,
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      LUDEX_SECRET: secret,
      LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir,
    });
    expect(served.status, served.output).not.toBe(0);
    expect(served.output).toContain(`has schema version ${newer}, newer than version ${migrations.length}`);
    expect(served.output).toContain("Run that newer ludex");
    expect(await schemaVersion(client)).toBe(newer);
  }, 60_000);
});
