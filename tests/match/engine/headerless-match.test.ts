import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { readPlatformRecords } from "../../../src/catalog/build/read-platform-records.ts";
import { openCatalogDb } from "../../../src/catalog/db/catalog-db.ts";
import { importCatalog } from "../../../src/catalog/import/import-catalog.ts";
import { loadPlatformRegistry } from "../../../src/catalog/platforms/platform-registry.ts";
import { platformEntry } from "../../../src/catalog/platforms/platform-entry.ts";
import type { MatchResult } from "../../../src/match/engine/match-roms.ts";
import { matchRoms } from "../../../src/match/engine/match-roms.ts";
import { offlineMatchContext } from "../../../src/match/engine/offline-index.ts";
import { platformsFile } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

/**
 * Headerless matching for Atari 7800 (A78, 128-byte header) and Lynx (LNX, 64-byte header), as
 * docs/api.md "Hashing headered files" tells clients: No-Intro lists these systems without the
 * header, libretro's `headered` DATs with libretro's header. A test-built checkout holds both for
 * one game; the dumps sent carry another header (TOSEC's, a hand-edited one).
 */

interface Hashes {
  readonly crc: string;
  readonly md5: string;
  readonly sha1: string;
  readonly size: number;
}

function hashes(bytes: Buffer): Hashes {
  return {
    crc: (crc32(bytes) >>> 0).toString(16).padStart(8, "0"),
    md5: createHash("md5").update(bytes).digest("hex"),
    sha1: createHash("sha1").update(bytes).digest("hex"),
    size: bytes.length,
  };
}

/** Deterministic cartridge contents: what No-Intro hashes. */
function payload(seed: number, size: number): Buffer {
  const out = Buffer.alloc(size);
  let s = seed;
  for (let i = 0; i < size; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

/** An A78 header: version byte, "ATARI7800" at bytes 1–9, the title at 17–48, rom size at 49–52. */
function a78Header(title: string, romSize: number): Buffer {
  const h = Buffer.alloc(128);
  h[0] = 1;
  h.write("ATARI7800", 1, "latin1");
  h.write(title.slice(0, 32), 17, "latin1");
  h.writeUInt32BE(romSize, 49);
  h.write("ACTUAL CART DATA STARTS HERE", 100, "latin1");
  return h;
}

/** An LNX header: "LYNX", bank 0 and 1 page sizes, version, the cart name at 10–41, the manufacturer at 42–57. */
function lnxHeader(name: string, maker: string): Buffer {
  const h = Buffer.alloc(64);
  h.write("LYNX", 0, "latin1");
  h.writeUInt16LE(512, 4);
  h.writeUInt16LE(1, 8);
  h.write(name.slice(0, 32), 10, "latin1");
  h.write(maker.slice(0, 16), 42, "latin1");
  return h;
}

/** What a client does (docs/api.md's table): drop the header its magic bytes announce; undefined for a file without one. */
function withoutHeader(file: Buffer): Buffer | undefined {
  if (file.length > 128 && file.toString("latin1", 1, 10) === "ATARI7800") return file.subarray(128);
  if (file.length > 64 && file.toString("latin1", 0, 4) === "LYNX") return file.subarray(64);
  return undefined;
}

const rom = (name: string, h: Hashes): string =>
  `rom ( name "${name}" size ${h.size} crc ${h.crc.toUpperCase()} md5 ${h.md5.toUpperCase()} sha1 ${h.sha1.toUpperCase()} )`;
const dat = (system: string, game: string, romLine: string): string =>
  `clrmamepro (\n\tname "${system}"\n)\n\ngame (\n\tname "${game}"\n\t${romLine}\n)\n`;

const systems = [
  {
    slug: "atari-7800",
    system: "Atari - 7800",
    game: "Zephyr Run (USA)",
    ext: "a78",
    cart: payload(7800, 16 * 1024),
    libretroHeader: a78Header("Zephyr Run", 16 * 1024),
    otherHeader: a78Header("ZEPHYR RUN (TOSEC)", 16 * 1024),
  },
  {
    slug: "lynx",
    system: "Atari - Lynx",
    game: "Quartz Courier (USA, Europe)",
    ext: "lnx",
    cart: payload(64, 8 * 1024),
    libretroHeader: lnxHeader("Quartz Courier", "Atari"),
    otherHeader: lnxHeader("quartz_courier.lnx", "handy"),
  },
] as const;

describe("headerless hashes for Atari 7800 and Lynx", () => {
  const root = path.join(tempDir(), "libretro-database");
  const dbFile = path.join(tempDir(), "catalog.db");
  const registry = loadPlatformRegistry(platformsFile);

  beforeAll(() => {
    for (const dir of ["dat", "metadat/no-intro", "metadat/headered"]) mkdirSync(path.join(root, dir), { recursive: true });
    for (const s of systems) {
      // No-Intro: the cartridge without a header. libretro's headered DAT: the same release with its header.
      writeFileSync(
        path.join(root, "metadat/no-intro", `${s.system}.dat`),
        dat(s.system, s.game, rom(`${s.game}.${s.ext}`, hashes(s.cart))),
      );
      const headered = Buffer.concat([s.libretroHeader, s.cart]);
      writeFileSync(
        path.join(root, "metadat/headered", `${s.system}.dat`),
        dat(s.system, s.game, rom(`${s.game}.${s.ext}`, hashes(headered))),
      );
    }
    importCatalog({ sources: [root], dbFile, platformsFile });
  });

  function match(slug: string, items: unknown[]): MatchResult[] {
    const info = registry.lookup(slug);
    if (!info) throw new Error(`no platform ${slug}`);
    const db = openCatalogDb(dbFile, { readonly: true });
    try {
      const records = readPlatformRecords(db, info);
      return matchRoms(offlineMatchContext(platformEntry(info, { game: records.length }), records, "https://thumbs.example"), items, []);
    } finally {
      db.close();
    }
  }

  for (const s of systems) {
    describe(s.system, () => {
      const dump = Buffer.concat([s.otherHeader, s.cart]);
      const onDisk = hashes(dump);
      const bare = withoutHeader(dump);

      it("finds the header a client strips, leaving exactly the cartridge No-Intro hashed", () => {
        expect(bare?.equals(s.cart)).toBe(true);
        expect(onDisk.sha1).not.toBe(hashes(s.cart).sha1);
      });

      it("matches a dump with another header by its headerless sha1, md5 or crc, and says so", () => {
        if (!bare) throw new Error("no header found");
        const h = hashes(bare);
        const results = match(s.slug, [
          { sha1: onDisk.sha1, crc: onDisk.crc, size: onDisk.size, headerless: { sha1: h.sha1 } },
          { crc: onDisk.crc, headerless: { md5: h.md5 } },
          { crc: onDisk.crc, headerless: { crc: h.crc } },
        ]);
        expect(results.map((r) => (r.status === "matched" ? [r.match.release, r.match.matchedBy, r.match.headerless] : r.status))).toEqual([
          [s.game, "sha1", true],
          [s.game, "md5", true],
          [s.game, "crc", true],
        ]);
      });

      it("without the headerless hash, the other header's on-disk hash matches nothing", () => {
        const [result] = match(s.slug, [{ sha1: onDisk.sha1, crc: onDisk.crc, size: onDisk.size }]);
        expect(result?.status).toBe("notFound");
      });

      it("matches libretro's headered file by its on-disk hash, and the bare cartridge by its own", () => {
        const libretro = hashes(Buffer.concat([s.libretroHeader, s.cart]));
        const results = match(s.slug, [{ sha1: libretro.sha1 }, { sha1: hashes(s.cart).sha1 }]);
        expect(results.map((r) => (r.status === "matched" ? [r.match.release, r.match.headerless] : r.status))).toEqual([
          [s.game, undefined],
          [s.game, undefined],
        ]);
      });
    });
  }
});
