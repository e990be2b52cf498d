import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildCatalog } from "../../src/pipeline/build-pipeline.ts";
import { readManifest } from "../../src/catalog/build/manifest.ts";
import type { ImportSummary } from "../../src/catalog/import/import-catalog.ts";
import { ludex } from "../helpers/ludex-cli.ts";
import { releaseFeedFile } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { buildSettings } from "../helpers/build-settings.ts";
import { baseCatalog, numberedGames, writeCatalog } from "../helpers/update-catalog.ts";

describe("ludex import's review and ludex publish", () => {
  it("prints the review, holds an update with an anomaly, and publishes it on `ludex publish`", { timeout: 60_000 }, () => {
    const dir = tempDir("ludex-publish-");
    const dats = path.join(dir, "dats");
    const db = path.join(dir, "catalog.db");
    const out = path.join(dir, "build");
    const build = (): ReturnType<typeof buildCatalog> => buildCatalog({ dbFile: db, buildDir: out, releaseFeedFile, ...buildSettings() });

    writeCatalog(dats, baseCatalog());
    const first = ludex(["import", dats, "--db", db, "--json"]);
    expect(first.status, first.stderr).toBe(0);
    expect((JSON.parse(first.stdout) as ImportSummary).reviewState).toMatchObject({ held: false });
    build();

    const { megadrive: _gone, ...rest } = baseCatalog();
    writeCatalog(dats, rest);
    const held = ludex(["import", dats, "--db", db]);
    expect(held.status, held.stderr).toBe(0);
    expect(held.stdout).toContain("review: 1 platforms changed; games +0 −20");
    expect(held.stdout).toContain("megadrive: platform gone (no source lists it; 20 games removed)");
    expect(held.stdout).toMatch(/HELD: this update has anomalies/);
    const servedVersion = readManifest(out)?.catalogVersion;
    const built = build();
    expect(built.publication.status).toBe("held");
    expect(readManifest(out)?.catalogVersion).toBe(servedVersion);

    const published = ludex(["publish", "--db", db, "--out", out]);
    expect(published.status, published.stderr).toBe(0);
    expect(published.stdout.trim()).toBe(`published catalog ${built.manifest.catalogVersion}`);
    expect(readManifest(out)?.catalogVersion).toBe(built.manifest.catalogVersion);
    expect(JSON.parse(readFileSync(path.join(out, "review.json"), "utf8"))).toMatchObject({ status: "published" });
    const again = ludex(["publish", "--db", db, "--out", out]);
    expect(again.stdout.trim()).toBe("nothing to publish: no update is held");
  });

  it("takes the threshold from --threshold or LUDEX_REVIEW_THRESHOLD, and refuses a bad one", { timeout: 60_000 }, () => {
    const dir = tempDir("ludex-threshold-");
    const dats = path.join(dir, "dats");
    const db = path.join(dir, "catalog.db");
    writeCatalog(dats, baseCatalog());
    expect(ludex(["import", dats, "--db", db]).status).toBe(0);
    // 2 of 20 games (10%) gone: over 5%, under 50%.
    writeCatalog(dats, { ...baseCatalog(), snes: numberedGames("Star Raid", 18) });
    const relaxed = ludex(["import", dats, "--db", db, "--json"], { LUDEX_REVIEW_THRESHOLD: "50" });
    expect(relaxed.status, relaxed.stderr).toBe(0);
    expect((JSON.parse(relaxed.stdout) as ImportSummary).review).toMatchObject({ threshold: 50, anomalies: [] });

    writeCatalog(dats, { ...baseCatalog(), snes: numberedGames("Star Raid", 16) });
    const strict = ludex(["import", dats, "--db", db, "--threshold", "5", "--json"], { LUDEX_REVIEW_THRESHOLD: "50" });
    expect((JSON.parse(strict.stdout) as ImportSummary).review?.anomalies).toEqual([
      { type: "platform-shrank", system: "snes", before: 18, lost: 2, percent: 11.1 },
    ]);

    const bad = ludex(["import", dats, "--db", db, "--threshold", "lots"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--threshold must be a percentage from 0 to 100");
  });
});
