import type { CatalogDb } from "../db/catalog-db.ts";
import { attribution } from "../record/attribution.ts";
import type {
  AddonSummary,
  AlternateTitle,
  GameMetadata,
  GameRecord,
  HackLink,
  HackSummary,
  RelatedRecord,
  ReleaseRecord,
  RomRecord,
} from "../record/game-record.ts";
import type { ContentKind } from "../identity/content-kind.ts";
import { MAX_ADDON_ITEMS, MAX_HACK_ITEMS } from "../record/record-schemas.ts";
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
  const gamesById = new Map(games.map((game) => [game.id, game]));
  /** The game of each release a hack can name as its base: a release of any collection but the hacks DAT. */
  const gameOfRelease = new Map<string, GameRow>();
  const hackReleases: HackRelease[] = [];
  const releasesByGame = new Map<number, ReleaseRecord[]>();
  for (const row of releases) {
    const { baseRelease, baseGameRelease, ...extra } = row.extra_json !== null ? (JSON.parse(row.extra_json) as StoredExtra) : {};
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
      ...extra,
      roms: romsByRelease.get(row.id) ?? [],
    };
    if (baseRelease !== undefined) hackReleases.push({ gameId: row.game_id, release, base: baseRelease, exact: true });
    else if (baseGameRelease !== undefined) hackReleases.push({ gameId: row.game_id, release, base: baseGameRelease, exact: false });
    else if (row.source !== "hacks" && !gameOfRelease.has(row.name)) {
      const game = gamesById.get(row.game_id);
      if (game) gameOfRelease.set(row.name, game);
    }
    const list = releasesByGame.get(row.game_id);
    if (list) list.push(release);
    else releasesByGame.set(row.game_id, [release]);
  }
  const hacks = linkHackReleases(hackReleases, gameOfRelease, gamesById);
  return games.map((game) => {
    const gameReleases = releasesByGame.get(game.id) ?? [];
    const hackOf = gameReleases[0]?.hackOf;
    return {
      id: game.id,
      title: game.title,
      system: platform.slug,
      systemName: platform.name,
      kind: game.kind,
      ...(game.base_game_id !== null ? { baseGameId: game.base_game_id } : {}),
      ...(addons.has(game.id) ? { addons: addons.get(game.id) } : {}),
      ...(game.related_json ? { related: relatedOf(game) } : {}),
      ...(hackOf !== undefined && hackOf.id !== game.id ? { hackOf: { id: hackOf.id, title: hackOf.title } } : {}),
      ...(hacks.has(game.id) ? { hacks: hacks.get(game.id) } : {}),
      ...(game.alternate_titles_json !== null ? { alternateTitles: JSON.parse(game.alternate_titles_json) as AlternateTitle[] } : {}),
      ...(JSON.parse(game.metadata_json) as GameMetadata),
      releases: gameReleases,
      attribution,
    };
  });
}

/** A release's `extra_json`: the served members, and the base the import found for a hack (src/catalog/import/hack-bases.ts). */
type StoredExtra = Partial<ReleaseRecord> & { baseRelease?: string; baseGameRelease?: string };

/** A hack release and the name of a release of its base game: its base release itself when `exact`. */
interface HackRelease {
  readonly gameId: number;
  readonly release: ReleaseRecord;
  readonly base: string;
  readonly exact: boolean;
}

/**
 * Gives each hack release its `hackOf` link (the base release's game, by the release name the
 * import found), and returns per base game the summary of the hacks of it: the first
 * {@link MAX_HACK_ITEMS} by title then release name, and the count.
 */
function linkHackReleases(
  hackReleases: readonly HackRelease[],
  gameOfRelease: ReadonlyMap<string, GameRow>,
  gamesById: ReadonlyMap<number, GameRow>,
): Map<number, HackSummary> {
  const byBase = new Map<number, HackSummary["items"][number][]>();
  for (const { gameId, release, base, exact } of hackReleases) {
    const baseGame = gameOfRelease.get(base);
    const hackGame = gamesById.get(gameId);
    if (baseGame === undefined || hackGame === undefined) continue;
    (release as { hackOf?: HackLink }).hackOf = { id: baseGame.id, title: baseGame.title, ...(exact ? { release: base } : {}) };
    const item = { id: hackGame.id, title: hackGame.title, release: release.name };
    const list = byBase.get(baseGame.id);
    if (list) list.push(item);
    else byBase.set(baseGame.id, [item]);
  }
  const out = new Map<number, HackSummary>();
  for (const [base, list] of byBase) {
    list.sort((a, b) => compare(a.title, b.title) || compare(a.release, b.release));
    out.set(base, { total: list.length, items: list.slice(0, MAX_HACK_ITEMS) });
  }
  return out;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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
