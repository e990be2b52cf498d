import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { auditCatalogFile, type CatalogAudit } from "../../src/catalog/audit/audit-catalog.ts";
import { ludex } from "../helpers/ludex-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const sample = inject("sampleCatalog");

describe("ludex audit", () => {
  it("prints the audit of $LUDEX_CATALOG_DB as JSON: the figures auditCatalog gives", () => {
    const result = ludex(["audit", "--json"], { LUDEX_CATALOG_DB: sample.dbFile });
    expect(result.status, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout) as CatalogAudit;
    const { elapsedMs, ...expected } = auditCatalogFile(sample.dbFile);
    expect({ ...printed, elapsedMs: 0 }).toEqual({ ...expected, elapsedMs: 0 });
    expect(printed.records.total).toBeGreaterThan(0);
    expect(Object.values(printed.records.byPlatform).reduce((n, p) => n + p.total, 0)).toBe(printed.records.total);
    expect(printed.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(elapsedMs).toBeLessThan(5_000);
  });

  it("prints plain text for --db, ending with the time it took", () => {
    const result = ludex(["audit", "--db", sample.dbFile]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^records: [\d,]+$/m);
    expect(result.stdout).toMatch(/^ {2}unexplained +0$/m);
    expect(result.stdout.trimEnd()).toMatch(/\naudited in \d+\.\d s$/);
  });

  it("says there is no catalog yet, with exit code 1", () => {
    const result = ludex(["audit", "--db", path.join(tempDir(), "none.db")]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^ludex audit: No catalog database: .*none\.db does not exist; run `ludex import <source>` first/);
  });
});
