import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { artworkCandidates } from "../../../src/catalog/artwork/artwork-candidates.ts";
import { artworkTypes } from "../../../src/catalog/artwork/artwork-types.ts";
import { thumbnailFiles } from "../../../src/catalog/artwork/game-artwork.ts";
import { parentNameLookup } from "../../../src/catalog/artwork/record-artwork.ts";
import { parseThumbnailPaths } from "../../../src/catalog/artwork/thumbnail-listing.ts";
import { readManifest } from "../../../src/catalog/build/manifest.ts";
import type { GameArtwork, GameRecord } from "../../../src/catalog/record/game-record.ts";
import { matchArtwork } from "../../../src/match/engine/match-artwork.ts";
import { createMatchIndex } from "../../../src/match/index/match-index.ts";
import { matchRoms } from "../../../src/match/engine/match-roms.ts";
import { offlineMatchContext } from "../../../src/match/engine/offline-index.ts";
import { platformEntry } from "../../../src/catalog/platforms/platform-entry.ts";
import { loadPlatformRegistry } from "../../../src/catalog/platforms/platform-registry.ts";
import type { MatchTable } from "../../../src/match/index/match-table.ts";
import { buildSettings } from "../../helpers/build-settings.ts";
import { hasRealData, hasRealThumbnails, platformsFile, realDataSkipReason, realThumbnails } from "../../helpers/paths.ts";

const real = inject("realCatalog");
const artworkBaseUrl = buildSettings("https://ludex.test").artworkBaseUrl;

/** A record's artwork as a match asking for box art alone gives it: the same box art links. */
function onlyBoxart(artwork: GameArtwork | undefined): GameArtwork | undefined {
  if (!artwork) return undefined;
  return { verified: artwork.verified, ...(artwork.boxart ? { boxart: artwork.boxart } : {}) };
}

/** A record's artwork as a match asking for every type gives it: each type's url alone (MAX_MATCH_ARTWORK_LINKS). */
function urlsOnly(artwork: GameArtwork | undefined): GameArtwork | undefined {
  if (!artwork) return undefined;
  const links = artworkTypes.flatMap((type) => {
    const link = artwork[type];
    return link ? [[type, { url: link.url, candidates: [] }]] : [];
  });
  return { verified: artwork.verified, ...Object.fromEntries(links) };
}

function platformRecords(buildDir: string, slug: string): GameRecord[] {
  const built = readManifest(buildDir)?.platforms[slug];
  if (!built) throw new Error(`no platform ${slug} in the build`);
  return readFileSync(path.join(buildDir, built.shard), "utf8")
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as GameRecord);
}

function matchTable(buildDir: string, slug: string): MatchTable {
  const built = readManifest(buildDir)?.platforms[slug];
  if (!built) throw new Error(`no platform ${slug} in the build`);
  return JSON.parse(readFileSync(path.join(buildDir, built.match), "utf8")) as MatchTable;
}

/** Every URL of a record's artwork. */
function urlsOf(record: GameRecord): string[] {
  return artworkTypes.flatMap((type) => {
    const link = record.artwork?.[type];
    return link ? [link.url, ...link.candidates] : [];
  });
}

describe.skipIf(!hasRealData || !hasRealThumbnails || real === null)(
  `artwork of the full catalog with the shared thumbnail listings (${hasRealData ? "present" : realDataSkipReason})`,
  () => {
    const listed = [
      { slug: "32x", folder: "Sega - 32X" },
      { slug: "virtual-boy", folder: "Nintendo - Virtual Boy" },
    ];

    for (const { slug, folder } of listed) {
      describe(slug, () => {
        let records: GameRecord[];
        let listing: ReturnType<typeof parseThumbnailPaths>;
        beforeAll(() => {
          if (!real) return;
          records = platformRecords(real.buildDir, slug);
          listing = parseThumbnailPaths(folder, folder, readFileSync(path.join(realThumbnails, `${folder}.txt`), "utf8").split("\n"));
        });

        it("links only files in the listing, verified", () => {
          const prefix = `${artworkBaseUrl}/${encodeURIComponent(folder)}/`;
          const allowed = new Set(
            artworkTypes.flatMap((type) =>
              listing.files[type].map(
                (name) =>
                  `${prefix}${{ boxart: "Named_Boxarts", snap: "Named_Snaps", title: "Named_Titles", logo: "Named_Logos" }[type]}/${encodeURIComponent(name)}.png`,
              ),
            ),
          );
          const outside = records.flatMap((record) => urlsOf(record).filter((url) => !allowed.has(url)));
          expect(outside).toEqual([]);
          expect(records.every((record) => record.artwork?.verified === true)).toBe(true);
        });

        it("gives box art to every game that has a box art file under any candidate name", () => {
          const boxart = new Set(listing.files.boxart);
          const parent = parentNameLookup(records);
          const games = records.filter((r) => r.kind === "game");
          const withFile = games.filter((r) => artworkCandidates(r.releases, 0, parent).some((name) => boxart.has(name)));
          const missing = withFile.filter((r) => r.artwork?.boxart === undefined).map((r) => r.title);
          expect(missing).toEqual([]);
          // At least half: with regional titles joined (Virtual Boy "Golf" and "T&E Virtual Golf"), 21 of 42 games.
          expect(withFile.length).toBeGreaterThanOrEqual(games.length / 2);
        });

        it("answers a match on a record's best release exactly as the record, and other releases starting from theirs", () => {
          const index = createMatchIndex(matchTable(real?.buildDir ?? "", slug));
          const firstRelease = new Map<number, number>();
          index.table.releases.forEach(([gameId], i) => {
            if (!firstRelease.has(gameId)) firstRelease.set(gameId, i);
          });
          for (const record of records) {
            const release = firstRelease.get(record.id) ?? -1;
            expect(matchArtwork(index, folder, artworkBaseUrl, ["boxart"])?.of(release)).toEqual(onlyBoxart(record.artwork));
            expect(matchArtwork(index, folder, artworkBaseUrl, artworkTypes)?.of(release)).toEqual(urlsOnly(record.artwork));
          }
          const files = thumbnailFiles(listing.files);
          const multi = records.find((r) => r.releases.length > 1 && r.releases.some((x) => files.has("boxart", x.name)));
          if (!multi) throw new Error("no game with several releases and listed box art");
          const last = (firstRelease.get(multi.id) ?? 0) + multi.releases.length - 1;
          const lastName = multi.releases.at(-1)?.name ?? "";
          const answer = matchArtwork(index, folder, artworkBaseUrl, ["boxart"])?.of(last);
          if (files.has("boxart", lastName)) expect(answer?.boxart?.url).toContain(encodeURIComponent(lastName));
          expect(answer?.verified).toBe(true);
          expect(Object.keys(answer ?? {})).toEqual(answer?.boxart ? ["verified", "boxart"] : ["verified"]);
        });

        it("answers a match from the platform's dump records with the records' own artwork", () => {
          const info = loadPlatformRegistry(platformsFile).lookup(slug);
          if (!info) throw new Error(`no platform ${slug}`);
          const ctx = offlineMatchContext(platformEntry(info, { game: records.length }), records, artworkBaseUrl);
          const checked = records.filter((r) => r.releases[0]?.roms.length === 1 && r.releases[0].roms[0]?.sha1 !== undefined);
          expect(checked.length).toBeGreaterThan(records.length / 2);
          for (const record of checked) {
            const [result] = matchRoms(ctx, [{ sha1: record.releases[0]?.roms[0]?.sha1 }], ["boxart"]);
            if (result?.status !== "matched" || result.match.gameId !== record.id) continue;
            expect(result.artwork, record.title).toEqual(onlyBoxart(record.artwork));
            const [all] = matchRoms(ctx, [{ sha1: record.releases[0]?.roms[0]?.sha1 }], artworkTypes);
            expect(all?.status === "matched" && all.artwork, record.title).toEqual(urlsOnly(record.artwork));
          }
        });
      });
    }

    it("links arcade art into MAME, other platforms unverified, and none for a platform without a folder", () => {
      if (!real) return;
      const arcade = platformRecords(real.buildDir, "arcade").slice(0, 500);
      expect(arcade.every((r) => r.artwork?.boxart?.url.startsWith(`${artworkBaseUrl}/MAME/Named_Boxarts/`))).toBe(true);
      expect(arcade.every((r) => r.artwork?.verified === false)).toBe(true);
      const snes = platformRecords(real.buildDir, "snes").slice(0, 200);
      expect(
        snes.every(
          (r) =>
            r.artwork?.boxart?.url ===
            `${artworkBaseUrl}/Nintendo%20-%20Super%20Nintendo%20Entertainment%20System/Named_Boxarts/${encodeURIComponent((r.releases[0]?.name ?? "").replace(/[&*/:`"<>?\\|]/g, "_"))}.png`,
        ),
      ).toBe(true);
      const chip8 = platformRecords(real.buildDir, "chip-8");
      expect(chip8.length).toBeGreaterThan(0);
      expect(chip8.filter((r) => r.artwork !== undefined)).toEqual([]);
    });
  },
);
