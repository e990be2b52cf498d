import type { CatalogDb } from "../db/catalog-db.ts";
import { attribution } from "../record/attribution.ts";
import type {
  AddonSummary,
  AlternateTitle,
  GameMetadata,
  GameRecord,
  RelatedRecord,
  ReleaseRecord,
  RomRecord,
} from "../record/game-record.ts";
import type { ContentKind } from "../identity/content-kind.ts";
import { MAX_ADDON_ITEMS } from "../record/record-schemas.ts";
import type { PlatformInfo } from "../platforms/platform-registry.ts";

interface GameRow {
  id: number;
  title: string;
  metadata_json: string;
  kind: ContentKind;
  base_game_id: number | null;
  alternate_titles_json: string | null;
  /** Absent in a schema 3 or 4 database, which the build still reads. */
  related_json?: string | null;
}
interface ReleaseRow {
  id: number;
  game_id: number;
  name: string;
  source: string;
  regions_json: string;
  languages_json: string;
  version: string | null;
  /** Written from the parsed name's status (import), so one of the release statuses. */
  status: ReleaseRecord["status"];
  flags_json: string;
  disc: number | null;
  serial: string | null;
  extra_json: string | null;
}
interface RomRow {
  release_id: number;
  name: string | null;
  size: number | null;
  crc: string | null;
  md5: string | null;
  sha1: string | null;
  serial: string | null;
}

function rom(row: RomRow): RomRecord {
  const out: { -readonly [K in keyof RomRecord]: RomRecord[K] } = {};
  if (row.name !== null) out.name = row.name;
  if (row.size !== null) out.size = row.size;
  if (row.crc !== null) out.crc = row.crc;
  if (row.md5 !== null) out.md5 = row.md5;
  if (row.sha1 !== null) out.sha1 = row.sha1;
  if (row.serial !== null) out.serial = row.serial;
  return out;
}

/** Every game record of one platform, in id order, exactly as the API serves them. */
export function readPlatformRecords(db: CatalogDb, platform: PlatformInfo): GameRecord[] {
  const games = db.prepare<[string], GameRow>("SELECT * FROM games WHERE platform = ? ORDER BY id").all(platform.slug);
  const addons = addonSummaries(games);
  const titles = new Map(games.map((g) => [g.id, g.title]));
  const relatedOf = (game: GameRow): RelatedRecord[] =>
    game.related_json
      ? (JSON.parse(game.related_json) as { relation: RelatedRecord["relation"]; id: number }[]).flatMap((r) => {
          const title = titles.get(r.id);
          return title === undefined ? [] : [{ relation: r.relation, id: r.id, title }];
        })
      : [];
  const releases = db
    .prepare<[string], ReleaseRow>("SELECT r.* FROM releases r JOIN games g ON g.id = r.game_id WHERE g.platform = ? ORDER BY r.id")
    .all(platform.slug);
  const roms = db
    .prepare<[string], RomRow>(
      "SELECT m.* FROM roms m JOIN releases r ON r.id = m.release_id JOIN games g ON g.id = r.game_id WHERE g.platform = ? ORDER BY m.rowid",
    )
    .all(platform.slug);

  const romsByRelease = new Map<number, RomRecord[]>();
  for (const row of roms) {
    const list = romsByRelease.get(row.release_id);
    if (list) list.push(rom(row));
    else romsByRelease.set(row.release_id, [rom(row)]);
  }
  const releasesByGame = new Map<number, ReleaseRecord[]>();
  for (const row of releases) {
    const release: ReleaseRecord = {
      name: row.name,
      regions: JSON.parse(row.regions_json) as string[],
      languages: JSON.parse(row.languages_json) as string[],
      ...(row.version !== null ? { version: row.version } : {}),
      status: row.status,
      flags: JSON.parse(row.flags_json) as string[],
      ...(row.disc !== null ? { disc: row.disc } : {}),
      ...(row.serial !== null ? { serial: row.serial } : {}),
      source: row.source,
      ...(row.extra_json !== null ? (JSON.parse(row.extra_json) as Partial<ReleaseRecord>) : {}),
      roms: romsByRelease.get(row.id) ?? [],
    };
    const list = releasesByGame.get(row.game_id);
    if (list) list.push(release);
    else releasesByGame.set(row.game_id, [release]);
  }
  return games.map((game) => ({
    id: game.id,
    title: game.title,
    system: platform.slug,
    systemName: platform.name,
    kind: game.kind,
    ...(game.base_game_id !== null ? { baseGameId: game.base_game_id } : {}),
    ...(addons.has(game.id) ? { addons: addons.get(game.id) } : {}),
    ...(game.related_json ? { related: relatedOf(game) } : {}),
    ...(game.alternate_titles_json !== null ? { alternateTitles: JSON.parse(game.alternate_titles_json) as AlternateTitle[] } : {}),
    ...(JSON.parse(game.metadata_json) as GameMetadata),
    releases: releasesByGame.get(game.id) ?? [],
    attribution,
  }));
}

/** Per base game, the short summary of the items attached to it: counts by kind, and the first few by title. */
function addonSummaries(games: readonly GameRow[]): Map<number, AddonSummary> {
  const byBase = new Map<number, GameRow[]>();
  for (const game of games) {
    if (game.base_game_id === null) continue;
    const list = byBase.get(game.base_game_id);
    if (list) list.push(game);
    else byBase.set(game.base_game_id, [game]);
  }
  const out = new Map<number, AddonSummary>();
  for (const [base, list] of byBase) {
    list.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id));
    const byKind: Record<string, number> = {};
    for (const item of list) byKind[item.kind] = (byKind[item.kind] ?? 0) + 1;
    out.set(base, {
      total: list.length,
      byKind,
      items: list.slice(0, MAX_ADDON_ITEMS).map((item) => ({ id: item.id, title: item.title, kind: item.kind })),
    });
  }
  return out;
}
