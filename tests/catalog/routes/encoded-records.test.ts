import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodedRecord } from "../../../src/catalog/routes/encoded-records.ts";
import { loadCatalogSnapshot } from "../../../src/catalog/store/catalog-snapshot.ts";
import { buildSampleCatalog } from "../../helpers/sample-catalog.ts";

const buildDir = buildSampleCatalog();

describe("encodedRecord", () => {
  it("compresses a record once per coding and snapshot, and a new snapshot compresses again", () => {
    const first = loadCatalogSnapshot(buildDir);
    const second = loadCatalogSnapshot(buildDir);
    try {
      const id = first.listing("snes")?.[0]?.id ?? 0;
      const stored = first.record(id);
      if (!stored) throw new Error("no record");
      const br = encodedRecord(first, id, stored, "br");
      const gzip = encodedRecord(first, id, stored, "gzip");
      expect(brotliDecompressSync(br.body).toString("latin1")).toBe(stored.latin1Body);
      expect(gunzipSync(gzip.body).toString("latin1")).toBe(stored.latin1Body);
      expect(br.etag).toBe(`${stored.etag.slice(0, -1)}-br"`);
      expect(encodedRecord(first, id, stored, "br")).toBe(br);
      expect(encodedRecord(first, id, stored, "gzip")).toBe(gzip);
      const other = second.record(id);
      if (!other) throw new Error("no record");
      const again = encodedRecord(second, id, other, "br");
      expect(again).not.toBe(br);
      expect(again.body.equals(br.body)).toBe(true);
    } finally {
      first.close();
      second.close();
    }
  });
});
