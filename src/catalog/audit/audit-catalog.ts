import { existsSync } from "node:fs";
import { problems } from "../../core/problem.ts";
import type { DatRom } from "../dat/dat-types.ts";
import { openCatalogDb, type CatalogDb } from "../db/catalog-db.ts";
import { attachedKinds, contentKinds, releaseKind, type ContentKind } from "../identity/content-kind.ts";
import { type ArcadeSetEntry, movedSetNames } from "../identity/arcade-set-names.ts";
import { dumpKeys, looksLikeId } from "../identity/dump-keys.ts";
import {
  joiningSetName,
  joinsOtherWorks,
  joinSharedDump,
  PART_SEPARATOR,
  type UnmergedReason,
  WEAK_PART_SEPARATOR,
} from "../identity/group-works.ts";
import { parseGameName } from "../names/parse-game-name.ts";
import { parseTosecName } from "../names/parse-tosec-name.ts";
import { titleKey } from "../names/title-key.ts";
import { auditCloneLists, type CloneListAudit } from "./clone-list-audit.ts";
import { auditKinds, type KindAudit } from "./kind-audit.ts";
import { auditIdentityClasses, type IdentityClasses } from "./identity-classes.ts";
import type { AuditRecord, Examples } from "./audit-record.ts";

export type { AuditRecord, Examples } from "./audit-record.ts";

/** Why a dump held by several records of a platform did not make them one: the import's reasons, a BIOS set, or none. */
/** `split-title`: the records are works one title was split into (same-title.ts), which never join again. */
export type SplitReason = UnmergedReason | "bios" | "split-title" | "unexplained";
/** In the order the audit reports them: what needs fixing first. */
export const splitReasons: readonly SplitReason[] = ["unexplained", "generic", "compilation", "kind", "bios", "split-title"];

export interface SameDumpSplit {
  readonly platform: string;
  /** The dump's hash; for a dump of several files (a disc's tracks), the first of them. */
  readonly hash: string;
  readonly files: number;
  /** How many records hold the dump; `records` lists the first of them by id. */
  readonly recordCount: number;
  readonly records: readonly AuditRecord[];
}

/** Several records sharing one arcade title key or set name. */
export interface ArcadeRepeat {
  readonly platform: string;
  readonly key: string;
  readonly records: readonly AuditRecord[];
}

export interface AddonReleaseOnGame {
  readonly record: AuditRecord;
  readonly release: string;
  readonly releaseKind: ContentKind;
}

export interface MergedId {
  readonly id: number;
  readonly into: number;
  readonly platform: string;
  readonly title: string;
}

export interface CatalogAudit {
  readonly dataVersion: string | null;
  readonly importedAt: string | null;
  readonly records: {
    readonly total: number;
    readonly byKind: Readonly<Record<string, number>>;
    readonly byPlatform: Readonly<Record<string, { readonly total: number; readonly byKind: Readonly<Record<string, number>> }>>;
  };
  /** Dumps that belong to two or more records of one platform, by why they stayed apart. */
  readonly sameDump: { readonly total: number; readonly byReason: Readonly<Record<SplitReason, Examples<SameDumpSplit>>> };
  /** Arcade platforms (those with emulator collections): the same game in several records. */
  readonly arcade: {
    /** A title key that is the title of more than one game record. */
    readonly titles: Examples<ArcadeRepeat>;
    /**
     * Beyond `titles`, a title key that is one game record's title or alternate title (an "A / B"
     * title's part) and another's: one game under another collection's name, or a multi-game board.
     */
    readonly alternateTitles: Examples<ArcadeRepeat>;
    /** A set name (not only a hack collection's) in more than one record of any kind. */
    readonly setNames: Examples<ArcadeRepeat>;
  };
  /** Add-ons, updates and cosmetic items ({@link attachedKinds}) without a live base game. */
  readonly addons: Examples<AuditRecord> & { readonly count: number; readonly byPlatform: Readonly<Record<string, number>> };
  readonly idLikeTitles: Examples<AuditRecord> & { readonly byPlatform: Readonly<Record<string, number>> };
  /** Records of kind game with a release whose name carries an add-on, update or cosmetic tag. */
  readonly gamesWithAddonReleases: Examples<AddonReleaseOnGame>;
  readonly merges: {
    readonly total: number;
    readonly byPlatform: Readonly<Record<string, number>>;
    /** Merged ids whose target is no live game. */
    readonly dangling: Examples<MergedId>;
    /** Merged ids that are also a live game's id. */
    readonly live: Examples<MergedId>;
  };
  /** Kinds their names alone do not tell: store downloads, fantasy-console carts, arcade hack sets, demos in their game's record. */
  readonly kinds: KindAudit;
  /** The Retool clone-list groups the catalog holds and which of them are one record (absent without a Retool folder, or in a platform-limited audit). */
  readonly cloneLists?: CloneListAudit;
  /** The title-identity classes (identity-classes.ts). */
  readonly identity: IdentityClasses;
  readonly elapsedMs: number;
}

export interface AuditOptions {
  /** Examples kept per list (default 100). */
  readonly examples?: number;
  /**
   * Only these platforms' records (the lists and counts then cover them alone; ids they point to
   * elsewhere are looked up in the database): what {@link auditCounts} needs for changed platforms.
   */
  readonly platforms?: readonly string[];
}

/** The figures of the build's one-line audit summary, for one platform or a sum of them. */
export interface AuditCounts {
  readonly games: number;
  readonly addons: number;
  readonly addonsWithoutBase: number;
  readonly unexplainedSplits: number;
  readonly arcadeRepeats: number;
  readonly alternateTitleRepeats: number;
  readonly gamesWithAddonReleases: number;
  readonly idLikeTitles: number;
}

/** Records listed per example of a repeat or a split. */
const RECORDS_PER_EXAMPLE = 10;

interface GameRow {
  readonly id: number;
  readonly platform: string;
  readonly titleKey: string;
  readonly title: string;
  readonly kind: ContentKind;
  readonly baseGameId: number | null;
  readonly alternateTitlesJson: string | null;
}

interface ReleaseRow {
  readonly gameId: number;
  readonly name: string;
  readonly source: string;
}

/** The release facts of `releases.extra_json` the audit reads (arcade set names and collections). */
interface ReleaseExtra {
  readonly setName?: string;
  readonly cloneOf?: string;
  readonly collections?: readonly string[];
  readonly releaseYear?: number;
}

interface PlatformRow {
  readonly arcade: boolean;
  /** A fantasy console: its "(Update N)" carts are versions of whole games (content-kind.ts). */
  readonly wholeCarts: boolean;
}

/** The records under `key`, an empty set on first use. */
function owners(map: Map<string, Set<number>>, key: string): Set<number> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}

/** Counts by key, with the examples of each kept up to a limit. */
class Tally<T> {
  total = 0;
  readonly byKey: Record<string, number> = {};
  readonly examples: T[] = [];
  readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }
  add(key: string, example: () => T): void {
    this.total++;
    this.byKey[key] = (this.byKey[key] ?? 0) + 1;
    if (this.examples.length < this.limit) this.examples.push(example());
  }
  list(): Examples<T> {
    return { total: this.total, examples: this.examples };
  }
}

/** The clean title the import grouped a stored release by: TOSEC names by their convention, the others as No-Intro names. */
function releaseTitle(release: ReleaseRow): string {
  if (release.source === "tosec") {
    try {
      return parseTosecName(release.name).parsed.title;
    } catch {
      return release.name;
    }
  }
  return parseGameName(release.name).title;
}

function readPlatforms(db: CatalogDb): Map<string, PlatformRow> {
  const out = new Map<string, PlatformRow>();
  for (const row of db.prepare<[], { slug: string; info_json: string }>("SELECT slug, info_json FROM platforms").all()) {
    const info = JSON.parse(row.info_json) as { kind?: string; collections?: { slug: string; hacks?: boolean }[] };
    const collections = info.collections ?? [];
    // The import reads a platform with collections as arcade (src/catalog/import/import-catalog.ts).
    out.set(row.slug, { arcade: collections.length > 0, wholeCarts: info.kind === "fantasy-console" });
  }
  return out;
}

function meta(db: CatalogDb, key: string): string | null {
  return db.prepare<[string], string>("SELECT value FROM meta WHERE key = ?").pluck().get(key) ?? null;
}

/**
 * Audits an imported catalog: what the import made of the DATs (records by kind and platform),
 * and what it left that the merge and link rules should have caught (the same dump in several
 * records, arcade titles and set names in several records, add-ons without a base game, id-like
 * titles, game records holding add-on releases, merged ids that point nowhere). Reads only.
 */
export function auditCatalog(db: CatalogDb, options: AuditOptions = {}): CatalogAudit {
  return runAudit(db, options, true).audit;
}

/**
 * The summary's figures per platform, without the rest of {@link auditCatalog}. With
 * `options.platforms`, each query reads only those platforms' rows (`only`), which is what makes a
 * build's summary after a one-platform import cheap.
 */
export function auditCounts(db: CatalogDb, options: AuditOptions = {}): { readonly platforms: Record<string, AuditCounts> } {
  return runAudit(db, options, false);
}

function runAudit(
  db: CatalogDb,
  options: AuditOptions,
  whole: true,
): { readonly audit: CatalogAudit; readonly platforms: Record<string, AuditCounts> };
function runAudit(db: CatalogDb, options: AuditOptions, whole: false): { readonly platforms: Record<string, AuditCounts> };
function runAudit(
  db: CatalogDb,
  options: AuditOptions,
  whole: boolean,
): { readonly audit?: CatalogAudit; readonly platforms: Record<string, AuditCounts> } {
  const started = performance.now();
  const limit = options.examples ?? 100;
  const platforms = readPlatforms(db);
  const filter = options.platforms === undefined ? undefined : JSON.stringify(options.platforms);
  const only = (column: string): string => (filter === undefined ? "" : `WHERE ${column} IN (SELECT value FROM json_each(?))`);
  const params = filter === undefined ? [] : [filter];
  const isGame = db.prepare<[number], number>("SELECT 1 FROM games WHERE id = ?").pluck();
  const games = new Map<number, GameRow>();
  /** A live game: one of the audited records, or, in a platform-limited audit, any record of the database. */
  const live = (id: number): boolean => games.has(id) || (filter !== undefined && isGame.get(id) !== undefined);
  for (const row of db
    .prepare<unknown[], unknown[]>(
      `SELECT id, platform, title_key, title, kind, base_game_id, alternate_titles_json FROM games ${only("platform")} ORDER BY id`,
    )
    .raw()
    .iterate(...params)) {
    const [id, platform, key, title, kind, baseGameId, alternateTitlesJson] = row as [
      number,
      string,
      string,
      string,
      ContentKind,
      number | null,
      string | null,
    ];
    games.set(id, { id, platform, titleKey: key, title, kind, baseGameId, alternateTitlesJson });
  }
  const ref = (game: GameRow): AuditRecord => ({ id: game.id, platform: game.platform, title: game.title, kind: game.kind });
  const refs = (ids: Iterable<number>): AuditRecord[] =>
    [...ids]
      .sort((a, b) => a - b)
      .slice(0, RECORDS_PER_EXAMPLE)
      .flatMap((id) => {
        const game = games.get(id);
        return game ? [ref(game)] : [];
      });

  const byKind: Record<string, number> = {};
  const byPlatform: Record<string, { total: number; byKind: Record<string, number> }> = {};
  const addons = new Tally<AuditRecord>(limit);
  let addonCount = 0;
  const idLike = new Tally<AuditRecord>(limit);
  const arcadeTitles = new Map<string, Set<number>>();
  const arcadeNames = new Map<string, Set<number>>();
  for (const game of games.values()) {
    byKind[game.kind] = (byKind[game.kind] ?? 0) + 1;
    const platform = (byPlatform[game.platform] ??= { total: 0, byKind: {} });
    platform.total++;
    platform.byKind[game.kind] = (platform.byKind[game.kind] ?? 0) + 1;
    if (attachedKinds.has(game.kind)) {
      addonCount++;
      if (game.baseGameId === null || !live(game.baseGameId)) addons.add(game.platform, () => ref(game));
    }
    if (looksLikeId(game.title)) idLike.add(game.platform, () => ref(game));
    if (game.kind === "game" && platforms.get(game.platform)?.arcade) {
      // The stored key is unique per platform; the displayed title's key can still be another record's.
      // A title split into several works by their credits has one record per work: its displayed title repeats on purpose.
      const own = new Set(isSplitPart(game.titleKey) ? [game.titleKey] : [game.titleKey, titleKey(game.title)]);
      for (const key of own) owners(arcadeTitles, `${game.platform}\u0000${key}`).add(game.id);
      const alternates = game.alternateTitlesJson ? (JSON.parse(game.alternateTitlesJson) as { title: string }[]) : [];
      for (const key of new Set([...own, ...alternates.map((a) => titleKey(a.title))]))
        owners(arcadeNames, `${game.platform}\u0000${key}`).add(game.id);
    }
  }

  const releases = new Map<number, ReleaseRow>();
  const addonReleases = new Tally<AddonReleaseOnGame>(limit);
  const arcadeSets = new Map<string, Set<number>>();
  /** Per arcade platform, each parent set's title: a clone is in its parent's title group. */
  const parentTitles = new Map<string, string>();
  const extras = new Map<number, ReleaseExtra>();
  /** Per arcade platform, each release's set as the import joins it (a set name another collection gave to another game is not). */
  const arcadeEntries = new Map<string, (ArcadeSetEntry & { gameId: number })[]>();
  // Each arcade release's zip, where it has one file: a set name another collection zips otherwise moves by it.
  const arcadeSlugs = [...platforms]
    .filter(([slug, p]) => p.arcade && (options.platforms === undefined || options.platforms.includes(slug)))
    .map(([slug]) => slug);
  const zips = new Map<number, string>();
  for (const [id, sha1] of db
    .prepare<[string], [number, string]>(
      "SELECT o.release_id, MIN(o.sha1) FROM roms o JOIN releases r ON r.id = o.release_id JOIN games g ON g.id = r.game_id WHERE g.platform IN (SELECT value FROM json_each(?)) GROUP BY o.release_id HAVING COUNT(*) = 1 AND MIN(o.sha1) IS NOT NULL",
    )
    .raw()
    .iterate(JSON.stringify(arcadeSlugs)))
    zips.set(id, sha1);
  for (const row of db
    .prepare<unknown[], unknown[]>(
      filter === undefined
        ? "SELECT id, game_id, name, source, extra_json, flags_json FROM releases ORDER BY id"
        : `SELECT r.id, r.game_id, r.name, r.source, r.extra_json, r.flags_json FROM releases r JOIN games g ON g.id = r.game_id ${only("g.platform")} ORDER BY r.id`,
    )
    .raw()
    .iterate(...params)) {
    const [id, gameId, name, source, extraJson, flagsJson] = row as [number, number, string, string, string | null, string];
    const game = games.get(gameId);
    if (!game) continue;
    const release: ReleaseRow = { gameId, name, source };
    releases.set(id, release);
    const platform = platforms.get(game.platform);
    if (game.kind === "game") {
      const kind = releaseKind(parseGameName(name), { arcade: platform?.arcade === true, wholeCarts: platform?.wholeCarts === true });
      if (attachedKinds.has(kind)) addonReleases.add(game.platform, () => ({ record: ref(game), release: name, releaseKind: kind }));
    }
    if (platform?.arcade && extraJson) {
      const extra = JSON.parse(extraJson) as ReleaseExtra;
      extras.set(id, extra);
      // Any kind: one set that is a BIOS in one collection and a game in another is a repeat too.
      const setName = joiningSetName(extra.setName, JSON.parse(flagsJson) as string[]);
      const list = arcadeEntries.get(game.platform) ?? [];
      list.push({ gameId, name, setName, collections: extra.collections ?? [], year: extra.releaseYear, zip: zips.get(id) });
      arcadeEntries.set(game.platform, list);
      const parentKey = `${game.platform}\u0000${extra.setName}`;
      if (extra.setName && !extra.cloneOf && !parentTitles.has(parentKey)) parentTitles.set(parentKey, releaseTitle(release));
    }
  }

  for (const [platform, entries] of arcadeEntries) {
    const moved = movedSetNames(entries);
    entries.forEach((entry, i) => {
      const setName = moved[i] ?? entry.setName;
      if (setName) owners(arcadeSets, `${platform}\u0000${setName}`).add(entry.gameId);
    });
  }

  /** The title group the import put a stored release in: its record, and the clean title's key (a clone's parent's). */
  const titleGroup = (id: number, release: ReleaseRow, game: GameRow): { key: string; title: string } => {
    const cloneOf = extras.get(id)?.cloneOf;
    const title = (cloneOf ? parentTitles.get(`${game.platform}\u0000${cloneOf}`) : undefined) ?? releaseTitle(release);
    return { key: `${game.id}\u0000${titleKey(title) || release.name.toLowerCase()}`, title };
  };

  // Per platform, each dump's releases (one id, or a list once a second one holds it), from the stored roms in their stored order.
  const holders = new Map<string, Map<string, number | number[]>>();
  let romsOf: { id: number; roms: DatRom[] } | undefined;
  const flush = (): void => {
    if (!romsOf) return;
    const game = games.get(releases.get(romsOf.id)?.gameId ?? -1);
    if (!game) return;
    let dumps = holders.get(game.platform);
    if (!dumps) holders.set(game.platform, (dumps = new Map()));
    for (const key of dumpKeys(romsOf.roms)) {
      const held = dumps.get(key);
      if (held === undefined) dumps.set(key, romsOf.id);
      else if (typeof held === "number") dumps.set(key, [held, romsOf.id]);
      else held.push(romsOf.id);
    }
  };
  for (const row of db
    .prepare<unknown[], unknown[]>(
      filter === undefined
        ? "SELECT release_id, name, size, md5, sha1 FROM roms ORDER BY release_id, rowid"
        : `SELECT o.release_id, o.name, o.size, o.md5, o.sha1 FROM roms o JOIN releases r ON r.id = o.release_id JOIN games g ON g.id = r.game_id ${only("g.platform")} ORDER BY o.release_id, o.rowid`,
    )
    .raw()
    .iterate(...params)) {
    const [releaseId, name, size, md5, sha1] = row as [number, string | null, number | null, string | null, string | null];
    if (romsOf?.id !== releaseId) {
      flush();
      romsOf = { id: releaseId, roms: [] };
    }
    romsOf.roms.push({ name: name ?? undefined, size: size ?? undefined, md5: md5 ?? undefined, sha1: sha1 ?? undefined });
  }
  flush();

  /** A stored title key without its kind and part number: the title a split work came from. */
  const familyOf = (game: GameRow | undefined): string => {
    const key = game?.titleKey ?? "";
    const plain = key.slice(key.indexOf("\u0000") + 1);
    const at = plain.indexOf(PART_SEPARATOR);
    return at < 0 ? plain : plain.slice(0, at);
  };
  const splitFamilies = splitTitleFamilies(db);

  const splits = Object.fromEntries(splitReasons.map((reason) => [reason, new Tally<SameDumpSplit>(limit)])) as Record<
    SplitReason,
    Tally<SameDumpSplit>
  >;
  let splitTotal = 0;
  const shared: { platform: string; key: string; list: number[] }[] = [];
  for (const [platform, dumps] of holders)
    for (const [key, list] of dumps) if (typeof list !== "number") shared.push({ platform, key, list });
  shared.sort((a, b) => (a.platform < b.platform ? -1 : a.platform > b.platform ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { platform, key, list } of shared) {
    const records = new Set(list.map((id) => releases.get(id)?.gameId ?? -1));
    if (records.size < 2) continue;
    const groups = new Map<string, { record: number; kind: ContentKind; title: string }>();
    for (const id of list) {
      const release = releases.get(id);
      const game = release ? games.get(release.gameId) : undefined;
      if (!release || !game) continue;
      const group = titleGroup(id, release, game);
      if (!groups.has(group.key)) groups.set(group.key, { record: game.id, kind: game.kind, title: group.title });
    }
    const joinable = [...groups.values()].filter((g) => joinsOtherWorks(g.kind)).map((g) => ({ ...g, titleKey: titleKey(g.title) }));
    let reason: SplitReason;
    if (new Set(joinable.map((g) => g.record)).size < 2) reason = "bios";
    else {
      const plan = joinSharedDump(joinable);
      // A part the rule joins that still spans two records is a split no rule explains, unless those
      // records are works one title was split into, which the import never joins again.
      const spanning = plan.parts.filter((part) => new Set(part.map((i) => joinable[i]?.record)).size > 1);
      const splitTitle = spanning.every((part) => part.some((i) => splitFamilies.has(familyOf(games.get(joinable[i]?.record ?? -1)))));
      reason = spanning.length === 0 ? (plan.reason ?? "unexplained") : splitTitle ? "split-title" : "unexplained";
    }
    splitTotal++;
    const parts = key.split("+");
    splits[reason].add(platform, () => ({
      platform,
      hash: parts[0] ?? key,
      files: parts.length,
      recordCount: records.size,
      records: refs(records),
    }));
  }

  const repeats = (byKey: Map<string, Set<number>>, skip?: Map<string, Set<number>>): Tally<ArcadeRepeat> => {
    const tally = new Tally<ArcadeRepeat>(limit);
    for (const [platformKey, ids] of [...byKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (ids.size < 2 || (skip?.get(platformKey)?.size ?? 0) > 1) continue;
      const at = platformKey.indexOf("\u0000");
      const platform = platformKey.slice(0, at);
      tally.add(platform, () => ({ platform, key: platformKey.slice(at + 1), records: refs(ids) }));
    }
    return tally;
  };

  const merges = new Tally<MergedId>(0);
  const dangling = new Tally<MergedId>(limit);
  const liveMerged = new Tally<MergedId>(limit);
  for (const row of db
    .prepare<unknown[], { id: number; into: number; platform: string; title: string }>(
      `SELECT id, into_id AS "into", platform, title FROM game_merges ${only("platform")} ORDER BY id`,
    )
    .all(...params)) {
    merges.add(row.platform, () => row);
    if (!live(row.into)) dangling.add(row.platform, () => ({ ...row }));
    if (live(row.id)) liveMerged.add(row.platform, () => ({ ...row }));
  }
  const arcadeTitleRepeats = repeats(arcadeTitles);
  const arcadeAlternateRepeats = repeats(arcadeNames, arcadeTitles);
  const arcadeSetRepeats = repeats(arcadeSets);
  const counts: Record<string, AuditCounts> = {};
  for (const [slug, p] of Object.entries(byPlatform)) {
    counts[slug] = {
      games: p.byKind.game ?? 0,
      addons: [...attachedKinds].reduce((n, kind) => n + (p.byKind[kind] ?? 0), 0),
      addonsWithoutBase: addons.byKey[slug] ?? 0,
      unexplainedSplits: splits.unexplained.byKey[slug] ?? 0,
      arcadeRepeats: (arcadeTitleRepeats.byKey[slug] ?? 0) + (arcadeSetRepeats.byKey[slug] ?? 0),
      alternateTitleRepeats: arcadeAlternateRepeats.byKey[slug] ?? 0,
      gamesWithAddonReleases: addonReleases.byKey[slug] ?? 0,
      idLikeTitles: idLike.byKey[slug] ?? 0,
    };
  }

  // No figure of the summary comes from the kind, clone-list and identity audits: a third of a full audit's time.
  if (!whole) return { platforms: counts };
  const cloneLists = filter === undefined ? auditCloneLists(db, limit) : undefined;
  const audit: CatalogAudit = {
    dataVersion: meta(db, "data_version"),
    importedAt: meta(db, "imported_at"),
    records: {
      total: games.size,
      byKind: sortedKinds(byKind),
      byPlatform: Object.fromEntries(
        Object.entries(byPlatform)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([slug, p]) => [slug, { total: p.total, byKind: sortedKinds(p.byKind) }]),
      ),
    },
    sameDump: {
      total: splitTotal,
      byReason: Object.fromEntries(splitReasons.map((reason) => [reason, splits[reason].list()])) as Record<
        SplitReason,
        Examples<SameDumpSplit>
      >,
    },
    arcade: {
      titles: arcadeTitleRepeats.list(),
      alternateTitles: arcadeAlternateRepeats.list(),
      setNames: arcadeSetRepeats.list(),
    },
    addons: { count: addonCount, ...addons.list(), byPlatform: addons.byKey },
    idLikeTitles: { ...idLike.list(), byPlatform: idLike.byKey },
    gamesWithAddonReleases: addonReleases.list(),
    merges: { total: merges.total, byPlatform: merges.byKey, dangling: dangling.list(), live: liveMerged.list() },
    kinds: auditKinds(db, limit, options.platforms),
    ...(cloneLists ? { cloneLists } : {}),
    identity: auditIdentityClasses(db, options.platforms, limit),
    elapsedMs: Math.round(performance.now() - started),
  };
  return { audit, platforms: counts };
}

/**
 * The titles that were split into several works (their stored keys carry a part number), over the
 * whole catalog whatever platforms are audited: a record sharing a dump with a split work's is
 * explained by it on any platform.
 */
export function splitTitleFamilies(db: CatalogDb): Set<string> {
  const families = new Set<string>();
  for (const key of db
    .prepare<[string], string>("SELECT title_key FROM games WHERE instr(title_key, ?) > 0")
    .pluck()
    .iterate(PART_SEPARATOR)) {
    const plain = key.slice(key.indexOf("\u0000") + 1);
    const at = plain.indexOf(PART_SEPARATOR);
    families.add(at < 0 ? plain : plain.slice(0, at));
  }
  return families;
}

/** Kinds in the order of {@link contentKinds}, then any other the database holds. */
/** True for the stored key of a work split off a title ("freeze\u00021"). */
function isSplitPart(key: string): boolean {
  return key.includes(PART_SEPARATOR) || key.includes(WEAK_PART_SEPARATOR);
}

function sortedKinds(counts: Readonly<Record<string, number>>): Record<string, number> {
  const order = (kind: string): number => {
    const i = (contentKinds as readonly string[]).indexOf(kind);
    return i < 0 ? contentKinds.length : i;
  };
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b)));
}

/** {@link auditCatalog} of the catalog database in `dbFile`, opened read-only. */
export function auditCatalogFile(dbFile: string, options: AuditOptions = {}): CatalogAudit {
  if (!existsSync(dbFile)) throw problems.catalogNotImported(`${dbFile} does not exist; run \`ludex import <source>\` first`);
  const db = openCatalogDb(dbFile, { readonly: true });
  try {
    return auditCatalog(db, options);
  } finally {
    db.close();
  }
}
