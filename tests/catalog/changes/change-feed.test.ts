import { statSync } from "node:fs";
import path from "node:path";
import { recordFile as recordFileOf } from "../../../src/catalog/build/build-catalog.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { http } from "../../helpers/http.ts";
import { hasRealData, realDataSkipReason } from "../../helpers/paths.ts";
import { updateReviewSchema } from "../../../src/catalog/routes/changes-schemas.ts";
import { changedCatalog } from "./changed-catalog.ts";
import { startTestServer, type RunningServer } from "../../helpers/test-server.ts";

interface Record {
  id: number;
  title: string;
  updatedAt: string;
  releases: { name: string; roms: { crc?: string }[] }[];
}
interface ChangesPage {
  total: number;
  offset: number;
  limit: number;
  next: string | null;
  sinceVersion: string;
  catalogVersion: string;
  counts: { added: number; removed: number; changed: number; merged: number };
  changes: { id: number; system: string; title: string; change: string; kinds?: string[]; url: string | null; updatedAt: string }[];
}

describe.skipIf(!hasRealData)(`change feed over two imports of changed real DATs${hasRealData ? "" : ` (${realDataSkipReason})`}`, () => {
  let v1 = "";
  let v2 = "";
  let buildDir = "";
  let server: RunningServer;
  let before: Map<string, Record>;
  let catalog: ReturnType<typeof changedCatalog>;
  /** The test's own clock around the second import and build. */
  let secondStarted = 0;
  let secondEnded = 0;
  const recordFile = (id: number): string => path.join(buildDir, recordFileOf(id));

  beforeAll(async () => {
    catalog = changedCatalog();
    v1 = catalog.v1;
    buildDir = catalog.buildDir;
    server = await startTestServer({ LUDEX_BUILD_DIR: buildDir });
    before = new Map();
    const list = (await http(server.url("/api/v1/games/?system=virtual-boy&limit=100"))).json<{
      results: { id: number; title: string }[];
    }>();
    for (const hit of list.results) before.set(hit.title, (await http(server.url(`/api/v1/games/?id=${hit.id}`))).json<Record>());
    // One second later, so that the second build's time differs from the first's.
    await new Promise((r) => setTimeout(r, 1100));
    secondStarted = Date.now();
    v2 = catalog.importChanged();
    secondEnded = Date.now();
    server.ludex.catalog.reload();
  });

  it("answers since=<previous version> with the added game, the removed one and the changed one, with its kinds", async () => {
    expect(v2).not.toBe(v1);
    const res = await http(server.url(`/api/v1/changes/?since=${v1}`));
    expect(res.status).toBe(200);
    const page = res.json<ChangesPage>();
    expect(page.sinceVersion).toBe(v1);
    expect(page.catalogVersion).toBe(v2);
    const tetris = before.get("3-D Tetris");
    const blox = before.get("BLOX");
    expect(tetris && blox).toBeTruthy();
    expect(page.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: tetris?.id, system: "virtual-boy", change: "removed", url: null }),
        expect.objectContaining({ id: blox?.id, system: "virtual-boy", title: "BLOX", change: "changed", kinds: ["roms"] }),
      ]),
    );
    const added = page.changes.find((c) => c.change === "added");
    expect(added).toMatchObject({ system: "virtual-boy", title: expect.stringMatching(/^Ludex Feed Test/) });
    expect([...before.values()].map((r) => r.id)).not.toContain(added?.id);
    const record = await http(server.url(`/api/v1/games/?id=${added?.id}`));
    expect(record.status).toBe(200);
    expect(record.json<Record>().title).toBe(added?.title);
    expect(page.total).toBe(3);
    expect(page.counts).toEqual({ added: 1, removed: 1, changed: 1, merged: 0 });
    expect(res.headers.etag).toMatch(/^"/);
  });

  it("stamps updatedAt with the build time of the last content change, and leaves unchanged record files alone", async () => {
    const blox = before.get("BLOX");
    const other = [...before.values()].find((r) => r.title !== "BLOX" && r.title !== "3-D Tetris");
    if (!blox || !other) throw new Error("fixture games missing");
    const bloxNow = (await http(server.url(`/api/v1/games/?id=${blox.id}`))).json<Record>();
    const otherNow = await http(server.url(`/api/v1/games/?id=${other.id}`));
    const added = (await http(server.url(`/api/v1/changes/?since=${v1}`))).json<ChangesPage>().changes.find((c) => c.change === "added");
    const addedNow = (await http(server.url(`/api/v1/games/?id=${added?.id}`))).json<Record>();
    const [first, second] = catalog.builds;
    if (!first || !second) throw new Error("two builds expected");
    // Against the test's own clock and the builds' manifests, not the files: the changed record
    // carries the time of the second build (a whole second, taken when that build started, so
    // after the first build had finished), like the game added by the same build.
    const bloxAt = Date.parse(bloxNow.updatedAt);
    expect(bloxAt).toBeGreaterThan(Date.parse(first.manifest.builtAt));
    expect(bloxAt).toBeGreaterThanOrEqual(Math.floor(secondStarted / 1000) * 1000);
    expect(bloxAt).toBeLessThanOrEqual(Math.min(secondEnded, Date.parse(second.manifest.builtAt)));
    expect(bloxAt % 1000).toBe(0);
    expect(addedNow.updatedAt).toBe(bloxNow.updatedAt);
    // The untouched record keeps the first build's time and its exact bytes.
    expect(Date.parse(other.updatedAt)).toBeLessThanOrEqual(Date.parse(first.manifest.builtAt));
    expect(otherNow.json<Record>().updatedAt).toBe(other.updatedAt);
    expect(otherNow.body.toString()).toBe(JSON.stringify(other));
    // The files' mtimes (what ETag and Last-Modified come from) agree with updatedAt.
    expect(statSync(recordFile(other.id)).mtimeMs).toBe(Date.parse(other.updatedAt));
    expect(statSync(recordFile(blox.id)).mtimeMs).toBe(bloxAt);
  });

  it("rewrites only the changed platform's dump", async () => {
    const listing = (await http(server.url("/api/v1/dumps/"))).json<{
      catalogVersion: string;
      dumps: { system: string; updatedAt: string; version: string }[];
    }>();
    expect(listing.catalogVersion).toBe(v2);
    const vb = listing.dumps.find((d) => d.system === "virtual-boy");
    const jaguar = listing.dumps.find((d) => d.system === "jaguar-cd") ?? listing.dumps.find((d) => d.system !== "virtual-boy");
    expect(Date.parse(vb?.updatedAt ?? "")).toBeGreaterThan(Date.parse(jaguar?.updatedAt ?? ""));
    expect(statSync(path.join(buildDir, `static/api/v1/dumps/${jaguar?.system}.ndjson.gz`)).mtimeMs).toBe(
      Date.parse(jaguar?.updatedAt ?? ""),
    );
    expect(listing.dumps).toHaveLength(2);
  });

  it("paginates like the game lists, with next and a Link header", async () => {
    const first = await http(server.url(`/api/v1/changes/?since=${v1}&limit=1`));
    const page = first.json<ChangesPage>();
    expect(page.changes).toHaveLength(1);
    expect(page.next).toBe(`https://ludex.test/api/v1/changes/?since=${v1}&limit=1&offset=1`);
    expect(first.headers.link).toBe(`<${page.next}>; rel="next"`);
    const second = (await http(server.url(`/api/v1/changes/?since=${v1}&limit=2&offset=1`))).json<ChangesPage>();
    expect(second.next).toBeNull();
    expect(second.changes).toHaveLength(2);
    expect(second.changes.map((c) => c.id)).not.toContain(page.changes[0]?.id);
  });

  it("answers since=<current version> with no changes, and a date between the builds like the older version", async () => {
    expect((await http(server.url(`/api/v1/changes/?since=${v2}`))).json<ChangesPage>().total).toBe(0);
    const index = (await http(server.url("/api/v1/changes/"))).json<{
      catalogVersion: string;
      oldestVersion: string;
      history: { catalogVersion: string; builtAt: string; removed: number; changed: number }[];
    }>();
    expect(index.catalogVersion).toBe(v2);
    expect(index.oldestVersion).toBe(v1);
    expect(index.history.map((h) => h.catalogVersion)).toEqual([v2, v1]);
    expect(index.history[0]).toMatchObject({ added: 1, removed: 1, changed: 1 });
    const between = new Date(Date.parse(index.history[1]?.builtAt ?? "") + 500).toISOString();
    const byDate = (await http(server.url(`/api/v1/changes/?since=${encodeURIComponent(between)}`))).json<ChangesPage>();
    expect(byDate.sinceVersion).toBe(v1);
    expect(byDate.total).toBe(3);
  });

  it("tells a client with an unknown or expired version to resync from the dumps (410)", async () => {
    const res = await http(server.url("/api/v1/changes/?since=AAAAAAAAAAAAAAAA"));
    expect(res.status).toBe(410);
    expect(res.headers["content-type"]).toBe("application/problem+json");
    const body = res.json<{ type: string; resync: string; oldestVersion: string }>();
    expect(body).toMatchObject({
      type: "https://ludex.test/problems/#changes-expired",
      resync: "https://ludex.test/api/v1/dumps/",
      oldestVersion: v1,
    });
    expect((await http(server.url("/api/v1/changes/?since=2001-01-01T00:00:00Z"))).status).toBe(410);
  });

  it("links each published version's update review from the index, and answers it without the maintainer's paths", async () => {
    const index = (await http(server.url("/api/v1/changes/"))).json<{ history: { catalogVersion: string; review?: string }[] }>();
    const latest = index.history.find((entry) => entry.catalogVersion === v2);
    expect(latest?.review).toBe(`https://ludex.test/api/v1/changes/?review=${v2}`);
    const res = await http(server.url(`/api/v1/changes/?review=${v2}`));
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json");
    const review = res.json<{
      format: string;
      status: string;
      catalogVersion: string;
      imports: { platforms: { [slug: string]: { removed: { total: number } } }; newWarnings: { examples: unknown[] } }[];
    }>();
    expect(review).toMatchObject({ format: "ludex-review", status: "published", catalogVersion: v2 });
    // The schema the OpenAPI document's UpdateReview is made from.
    expect(updateReviewSchema.safeParse(review).success).toBe(true);
    const last = review.imports.at(-1);
    expect(last?.platforms["virtual-boy"]?.removed.total).toBeGreaterThan(0);
    expect(last?.newWarnings.examples).toEqual([]);
    expect(res.body.toString("utf8")).not.toContain(buildDir);
    expect(res.body.toString("utf8")).not.toMatch(/"\/(?:tmp|work|home|root)\//);

    const missing = await http(server.url("/api/v1/changes/?review=AAAAAAAAAAAAAAAA"));
    expect(missing.status).toBe(404);
    expect(missing.json<{ type: string }>().type).toBe("https://ludex.test/problems/#not-found");
    expect((await http(server.url("/api/v1/changes/?review=short"))).status).toBe(422);
    expect((await http(server.url(`/api/v1/changes/?review=${v2}&since=${v1}`))).status).toBe(422);
  });

  it("answers a malformed, too long or future since with a clear 422", async () => {
    for (const [since, detail] of [
      ["not a version", /catalogVersion/],
      ["x".repeat(65), /at most 64/],
      ["2999-01-01T00:00:00Z", /in the future/],
      ["2026-13-45T99:00:00Z", /RFC 3339/],
    ] as const) {
      const res = await http(server.url(`/api/v1/changes/?since=${encodeURIComponent(since)}`));
      expect(res.status, since).toBe(422);
      const body = res.json<{ errors: { name: string; detail: string }[] }>();
      expect(body.errors[0]?.name).toBe("since");
      expect(body.errors[0]?.detail).toMatch(detail);
    }
    expect((await http(server.url(`/api/v1/changes/?since=${v1}&since=${v2}`))).status).toBe(422);
    expect((await http(server.url(`/api/v1/changes/?since=${v1}&limit=0`))).status).toBe(422);
  });
});
