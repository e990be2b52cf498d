import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { contentHash, fileEtag } from "../../http/etag.ts";
import type { BuiltPlatform } from "../build/manifest.ts";
import { writeFileAtomic } from "../build/write-file-atomic.ts";
import type { StaticDocumentInput } from "../build/write-static-document.ts";
import type { PlatformInfo } from "../platforms/platform-registry.ts";
import { attribution } from "../record/attribution.ts";
import { DUMP_FORMAT, DUMP_FORMAT_VERSION, dumpStaticFile, type BuiltDump, type DumpHeader, type DumpListing } from "./dump-format.ts";

/** gzip level of the dumps: build time against download size, measured in docs/performance.md ("Dumps compressed with gzip only"). */
const DUMP_GZIP_LEVEL = 4;

/**
 * Writes one platform's dump: gzip of the header line and the platform's records as NDJSON, games
 * first (`body`, one record a line: a dump is read in order, and clients that want games stop at
 * the first other kind). Left alone, keeping its mtime and so its ETag, when the records are unchanged.
 */
export function writePlatformDump(
  buildDir: string,
  platform: PlatformInfo,
  body: Buffer,
  kindCounts: Readonly<Record<string, number>>,
  buildTime: number,
  previous: BuiltDump | undefined,
): BuiltDump {
  const records = Object.values(kindCounts).reduce((n, c) => n + c, 0);
  const version = contentHash(body, 16);
  const file = dumpStaticFile(platform.slug);
  if (previous && previous.version === version && previous.file === file && existsSync(path.join(buildDir, file))) return previous;
  const header: DumpHeader = {
    format: DUMP_FORMAT,
    formatVersion: DUMP_FORMAT_VERSION,
    system: platform.slug,
    systemName: platform.name,
    libretroName: platform.libretroName,
    version,
    records,
    kindCounts,
    attribution,
  };
  const data = gzipSync(Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]), { level: DUMP_GZIP_LEVEL });
  const full = path.join(buildDir, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileAtomic(full, data);
  utimesSync(full, buildTime, buildTime);
  return {
    file,
    version,
    sha256: createHash("sha256").update(data).digest("hex"),
    bytes: data.length,
    records,
    mtime: buildTime,
    etag: fileEtag(buildTime, data.length),
  };
}

/**
 * The dump listing (`GET /api/v1/dumps/`) as the build writes it for its PUBLIC_BASE_URL, and
 * removal of the dumps of platforms gone from the build.
 */
export function dumpListing(
  buildDir: string,
  platforms: Readonly<Record<string, BuiltPlatform>>,
  names: ReadonlyMap<string, string>,
  catalogVersion: string,
  publicBaseUrl: string,
): StaticDocumentInput {
  const body = dumpListingBody(platforms, names, catalogVersion, publicBaseUrl);
  const dir = path.join(buildDir, "static", "api", "v1", "dumps");
  const live = new Set(body.dumps.map((d) => path.basename(dumpStaticFile(d.system))));
  if (existsSync(dir))
    for (const name of readdirSync(dir)) if (name.endsWith(".ndjson.gz") && !live.has(name)) rmSync(path.join(dir, name), { force: true });
  return {
    name: "documents/dumps",
    staticFile: "static/api/v1/dumps/index.json",
    body: JSON.stringify(body),
    contentType: "application/json",
  };
}

/**
 * The dump listing's body, with each dump's URL absolute under `base`. The build renders it for its
 * PUBLIC_BASE_URL; each server renders it again from its snapshot's manifest for its own base
 * (src/catalog/routes/instance-documents.ts), so one build serves several base URLs. With the
 * build's base the bytes are the build's.
 * @see docs/api.md "Per-platform dumps"
 */
export function dumpListingBody(
  platforms: Readonly<Record<string, BuiltPlatform>>,
  names: ReadonlyMap<string, string>,
  catalogVersion: string,
  base: string,
): DumpListing {
  const dumps = Object.entries(platforms).flatMap(([slug, p]) =>
    p.dump
      ? [
          {
            system: slug,
            name: names.get(slug) ?? slug,
            url: `${base}/api/v1/dumps/?system=${slug}`,
            version: p.dump.version,
            sha256: p.dump.sha256,
            bytes: p.dump.bytes,
            records: p.dump.records,
            updatedAt: new Date(p.dump.mtime * 1000).toISOString(),
            etag: p.dump.etag,
            contentType: "application/gzip" as const,
          },
        ]
      : [],
  );
  return {
    format: DUMP_FORMAT,
    formatVersion: DUMP_FORMAT_VERSION,
    catalogVersion,
    dumps,
    attribution: { ...attribution },
  };
}
