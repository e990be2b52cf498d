import { z } from "zod";
import type { Attribution } from "../record/attribution.ts";

export const DUMP_FORMAT = "ludex-dump";
export const DUMP_FORMAT_VERSION = 1;

/** Where a platform's dump lives in the build; nginx serves `GET /api/v1/dumps/?system=<slug>` from it. */
export function dumpStaticFile(slug: string): string {
  return `static/api/v1/dumps/${slug}.ndjson.gz`;
}

/** The first line of a dump; every following line is one game record exactly as `GET /api/v1/games/?id=` serves it. */
export interface DumpHeader {
  readonly format: typeof DUMP_FORMAT;
  readonly formatVersion: typeof DUMP_FORMAT_VERSION;
  readonly system: string;
  readonly systemName: string;
  readonly libretroName: string;
  /** Hash of the records; changes exactly when a record of the platform changes. */
  readonly version: string;
  readonly records: number;
  /** Records per kind; the lines hold the games first, then the other kinds, each in id order. */
  readonly kindCounts: Readonly<Record<string, number>>;
  readonly attribution: Attribution;
}

/** One dump as the build wrote it (in the manifest, per platform). */
export interface BuiltDump {
  readonly file: string;
  readonly version: string;
  /** Lowercase hex SHA-256 of the compressed file, as downloaded. */
  readonly sha256: string;
  readonly bytes: number;
  readonly records: number;
  /** When the file last changed (seconds): its mtime, hence its ETag and Last-Modified. */
  readonly mtime: number;
  readonly etag: string;
}

export const dumpHeaderSchema = z
  .looseObject({
    format: z.literal(DUMP_FORMAT),
    formatVersion: z.literal(DUMP_FORMAT_VERSION),
    system: z.string().meta({ description: "Platform slug" }),
    systemName: z.string(),
    libretroName: z.string(),
    version: z.string().meta({ description: "Version of the platform's records; the listing's `version`" }),
    records: z.number().int().min(0).meta({ description: "Number of record lines that follow" }),
    kindCounts: z
      .record(z.string(), z.number().int().min(0))
      .optional()
      .meta({ description: 'Records per kind ("game", "addon", ...): the game records come first' }),
    attribution: z.looseObject({ source: z.string(), url: z.string(), license: z.string(), licenseUrl: z.string() }),
  })
  .meta({
    description:
      "First line of a dump file. A dump is gzip-compressed NDJSON (UTF-8, one JSON value per line, `\\n` separated): this header, then one `GameRecord` per line, the games first and then the other kinds (add-ons, updates, ...), each in id order and exactly as `GET /api/v1/games/?id=` serves it (releases, roms with size/crc/md5/sha1/serial, metadata, attribution, updatedAt).",
  });

export const dumpEntrySchema = z
  .looseObject({
    system: z.string().meta({ description: "Platform slug" }),
    name: z.string().meta({ description: "Platform name" }),
    url: z.url().meta({ description: "Download URL (Range requests and If-Range supported)" }),
    version: z.string(),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ description: "SHA-256 of the file as downloaded (compressed)" }),
    bytes: z.number().int().min(0).meta({ description: "Size of the file as downloaded" }),
    records: z.number().int().min(0).meta({ description: "Game records in the dump" }),
    updatedAt: z.iso.datetime().meta({ description: "When the file last changed" }),
    etag: z.string(),
    contentType: z.literal("application/gzip"),
  })
  .meta({ description: "One platform's downloadable dump." });

export const dumpListingSchema = z
  .looseObject({
    format: z.literal(DUMP_FORMAT),
    formatVersion: z.literal(DUMP_FORMAT_VERSION),
    catalogVersion: z.string(),
    dumps: z.array(dumpEntrySchema),
    attribution: z.looseObject({}),
  })
  .meta({ description: "Every platform's dump with its URL, version, hash, size and record count." });

/** The dump file as a response body: binary, described for the OpenAPI document. */
export const dumpFileSchema = z.string().meta({
  description:
    "A platform dump, `application/gzip`: gzip-compressed NDJSON whose first line is a DumpHeader and every following line a GameRecord (`contentSchema` gives the decompressed lines as an array). The bytes are the file itself (no Content-Encoding); its SHA-256 is in the DumpListing.",
});

export type DumpListing = z.infer<typeof dumpListingSchema>;
export type DumpEntry = z.infer<typeof dumpEntrySchema>;
