import { beforeAll, describe, expect, inject, it } from "vitest";
import { auditCatalogFile, type CatalogAudit } from "../../../src/catalog/audit/audit-catalog.ts";
import { hasRealData, realDataSkipReason } from "../../helpers/paths.ts";

const real = inject("realCatalog");

describe.skipIf(!hasRealData || real === null)(
  `ludex audit of the full libretro-database (${hasRealData ? "present" : realDataSkipReason})`,
  () => {
    let audit: CatalogAudit;
    beforeAll(() => {
      if (real) audit = auditCatalogFile(real.dbFile);
    });

    it("finds every same-dump split explained by a merge rule", () => {
      expect(audit.sameDump.byReason.unexplained.examples).toEqual([]);
      expect(audit.sameDump.byReason.unexplained.total).toBe(0);
      expect(audit.sameDump.total).toBeGreaterThan(0);
    });

    it("finds no arcade title or set name in two records", () => {
      expect(audit.arcade.titles.examples).toEqual([]);
      expect(audit.arcade.setNames.examples).toEqual([]);
    });

    it("finds no game record holding an add-on, update or cosmetic release", () => {
      expect(audit.gamesWithAddonReleases.examples).toEqual([]);
    });

    it("keeps its lists bounded", () => {
      expect(audit.records.total).toBeGreaterThan(120_000);
      expect(audit.addons.total).toBeLessThanOrEqual(audit.addons.count);
      expect(audit.addons.examples.length).toBe(Math.min(100, audit.addons.total));
    });
  },
);
