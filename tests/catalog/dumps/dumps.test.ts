import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { DumpListing } from "../../../src/catalog/dumps/dump-format.ts";
import { readDump, verifyDump } from "../../../src/catalog/dumps/read-dump.ts";
import type { PlatformEntry } from "../../../src/catalog/record/game-record.ts";
import { MatchJob } from "../../../src/match/engine/matcher.ts";
import { offlineMatchContext } from "../../../src/match/engine/offline-index.ts";
import { http } from "../../helpers/http.ts";
import { projectRoot, realDataSkipReason } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";
import { startTestServer, type RunningServer } from "../../helpers/test-server.ts";

const real = inject("realCatalog");
const system = "snes";

describe.skipIf(!real)(`per-platform dumps of the real catalog${real ? "" : ` (${realDataSkipReason})`}`, () => {
  let server: RunningServer;
  let listing: DumpListing;
  let entry: DumpListing["dumps"][number];
  let data: Buffer;
  const dumpUrl = (): string => server.url(`/api/v1/dumps/?system=${system}`);

  beforeAll(async () => {
    server = await startTestServer({ LUDEX_BUILD_DIR: real?.buildDir ?? "", LUDEX_MATCH_RATE_LIMIT: "off" });
    listing = (await http(server.url("/api/v1/dumps/"))).json<DumpListing>();
    const found = listing.dumps.find((d) => d.system === system);
    if (!found) throw new Error(`no ${system} dump listed`);
    entry = found;
  });

  it("lists every platform's dump with its URL, version, hash, size and record count", async () => {
    const platforms = (await http(server.url("/api/v1/games/"))).json<{ platforms: PlatformEntry[] }>().platforms;
    expect(listing.dumps.map((d) => d.system).sort()).toEqual(platforms.map((p) => p.id).sort());
    expect(listing.catalogVersion).toBe((await http(server.url("/api/health/"))).json<{ catalogVersion: string }>().catalogVersion);
    expect(entry).toMatchObject({
      url: `https://ludex.test/api/v1/dumps/?system=${system}`,
      contentType: "application/gzip",
      records: platforms.find((p) => p.id === system)?.gameCount,
    });
    expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("downloads in two resumed halves (206) to the listed bytes, with the listed ETag", async () => {
    const half = Math.floor(entry.bytes / 2);
    const first = await http(dumpUrl(), { headers: { range: `bytes=0-${half - 1}` } });
    expect(first.status).toBe(206);
    expect(first.headers["content-range"]).toBe(`bytes 0-${half - 1}/${entry.bytes}`);
    expect(first.headers.etag).toBe(entry.etag);
    const rest = await http(dumpUrl(), { headers: { range: `bytes=${half}-`, "if-range": first.headers.etag ?? "" } });
    expect(rest.status).toBe(206);
    data = Buffer.concat([first.body, rest.body]);
    expect(data.length).toBe(entry.bytes);
    expect(createHash("sha256").update(data).digest("hex")).toBe(entry.sha256);
    const whole = await http(dumpUrl());
    expect(whole.status).toBe(200);
    expect(whole.headers).toMatchObject({
      "content-type": "application/gzip",
      "accept-ranges": "bytes",
      "content-length": String(entry.bytes),
    });
    expect(whole.headers["content-encoding"]).toBeUndefined();
    expect(whole.body.equals(data)).toBe(true);
  });

  it("sends the whole file when If-Range no longer holds, 416 past the end, 304 on a matching ETag", async () => {
    const stale = await http(dumpUrl(), { headers: { range: "bytes=10-19", "if-range": '"0-0"' } });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(entry.bytes);
    const past = await http(dumpUrl(), { headers: { range: `bytes=${entry.bytes + 10}-` } });
    expect(past.status).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${entry.bytes}`);
    expect(past.headers["content-type"]).toBe("application/problem+json");
    expect((await http(dumpUrl(), { headers: { "if-none-match": entry.etag } })).status).toBe(304);
    expect((await http(server.url("/api/v1/dumps/?system=nope"))).status).toBe(404);
    expect((await http(server.url(`/api/v1/dumps/?system=${"x".repeat(65)}`))).status).toBe(422);
  });

  it("verifies the download against the listing, with `ludex dump verify` too", () => {
    expect(verifyDump(data, listing.dumps)).toMatchObject({ ok: true, system, records: entry.records });
    const corrupt = Buffer.from(data);
    corrupt[corrupt.length - 5] = (corrupt[corrupt.length - 5] ?? 0) ^ 0xff;
    const bad = verifyDump(corrupt, listing.dumps);
    expect(bad.ok).toBe(false);
    expect(bad.problems.join("\n")).toMatch(/sha256|gzip/);

    const dir = tempDir("ludex-dump-");
    writeFileSync(path.join(dir, "listing.json"), JSON.stringify(listing));
    writeFileSync(path.join(dir, "ok.ndjson.gz"), data);
    writeFileSync(path.join(dir, "bad.ndjson.gz"), corrupt);
    const cli = (file: string): { status: number | null; stdout: string; stderr: string } =>
      spawnSync(
        process.execPath,
        [
          path.join(projectRoot, "scripts", "ludex.js"),
          "dump",
          "verify",
          path.join(dir, file),
          "--listing",
          path.join(dir, "listing.json"),
        ],
        { encoding: "utf8" },
      );
    const ok = cli("ok.ndjson.gz");
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`ok (${system}, ${entry.records} records`);
    expect(cli("bad.ndjson.gz").status).toBe(1);
  });

  it("matches a sample of real roms offline from the dump exactly as the API does", async () => {
    const { header, records } = readDump(data);
    expect(header).toMatchObject({ system, records: entry.records, version: entry.version });
    const platform = (await http(server.url("/api/v1/games/")))
      .json<{ platforms: PlatformEntry[] }>()
      .platforms.find((p) => p.id === system);
    if (!platform) throw new Error("platform missing");
    const context = offlineMatchContext(platform, records, server.config.artworkBaseUrl);
    const roms = records.flatMap((r) => r.releases.flatMap((release) => release.roms));
    const step = Math.max(1, Math.floor(roms.length / 100));
    const sample = roms.filter((_, i) => i % step === 0).slice(0, 100);
    expect(sample.length).toBe(100);
    const forms: ((r: (typeof sample)[number]) => Record<string, unknown>)[] = [
      (r: (typeof sample)[number]) => ({ sha1: r.sha1, crc: r.crc }),
      (r: (typeof sample)[number]) => ({ crc: r.crc, size: r.size }),
      (r: (typeof sample)[number]) => ({ name: r.name }),
      (r: (typeof sample)[number]) => ({ md5: r.md5, group: "folder" }),
    ];
    for (const form of forms) {
      const request = { systemId: system, items: sample.map(form), artworkTypes: ["boxart" as const] };
      const online = await http(server.url("/api/v1/games/"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(request),
      });
      expect(online.status).toBe(200);
      const offline = new MatchJob(context, request).answer();
      expect(JSON.parse(JSON.stringify(offline))).toEqual(online.json());
      expect(offline.results.filter((r) => r.status === "matched" || r.status === "ambiguous").length).toBeGreaterThan(90);
    }
  });
});
