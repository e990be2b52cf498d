import { pushTo } from "../../core/multi-map.ts";
import type { Statement } from "better-sqlite3";
import type { CatalogDb } from "../db/catalog-db.ts";
import { type PlatformRows, releaseName } from "./platform-rows.ts";

/** Each database's statements by their SQL: an import assigns ids once per platform and would otherwise prepare them again each time. */
const statements = new WeakMap<CatalogDb, Map<string, Statement<unknown[], unknown>>>();

function prepared<P extends unknown[] = unknown[], R = unknown>(db: CatalogDb, sql: string): Statement<P, R> {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement as unknown as Statement<P, R>;
}

/** A stored game that joined another work: its id now stands for `into`. */
export interface MergedGame {
  readonly id: number;
  readonly into: number;
  /** The platform it was on (an arcade collection's slug for games that moved to arcade). */
  readonly system: string;
  readonly title: string;
}

/** A stored game none of whose releases is left. */
export interface GoneGame {
  readonly id: number;
  readonly system: string;
  readonly title: string;
}

/** A new record made of releases a stored game held, which kept its id for its larger part. */
export interface SplitGame {
  readonly id: number;
  readonly from: number;
  readonly title: string;
}

export interface AssignedIds {
  /** Per draft, in order: its id. */
  readonly ids: readonly number[];
  readonly added: number;
  readonly removed: GoneGame[];
  readonly merged: MergedGame[];
  readonly split: SplitGame[];
}

interface StoredGame {
  id: number;
  platform: string;
  title_key: string;
  title: string;
  kind: string;
}

interface Claim {
  readonly work: number;
  readonly id: number;
  readonly sameKey: boolean;
  readonly shared: number;
  /** The work is of the stored game's kind: a game split from its title updates stays the game. */
  readonly sameKind: boolean;
  /** The work holds the stored game's best (first) release: the retail game, not the hacks split from it. */
  readonly holdsBest: boolean;
}

/**
 * Gives each work of a platform its id, keeping every stored id that still stands for something.
 * A stored game continues a work that holds some of its releases (by DAT name, and for arcade
 * by set name): the one of its kind, then the one holding its best release (unless another kept
 * its title: a bonus disc renamed and split off leaves the id with the game), then the one holding
 * most of them; else the work with its stored key. When several stored games continue one work
 * (the same dump under two names, one arcade game in several collections), the one sharing the
 * most releases, then the one with the work's key, then the oldest id, keeps its id and the others
 * are merged into it (`game_merges`: their ids redirect). A work made of releases of a stored game
 * that kept its id for another work is split off it: it gets a new id, recorded in `game_splits`.
 * A stored game with no release left is removed. Also rewrites the games rows and clears the
 * platform's releases, which the caller writes again.
 * @param former platforms whose stored games now belong to `platform` (arcade collections).
 */
export function assignGameIds(db: CatalogDb, platform: string, former: readonly string[], works: PlatformRows): AssignedIds {
  const platforms = [platform, ...former];
  const marks = platforms.map(() => "?").join(", ");
  const stored = prepared<string[], StoredGame>(
    db,
    `SELECT id, platform, title_key, title, kind FROM games WHERE platform IN (${marks})`,
  ).all(...platforms);
  const kindOf = new Map(stored.map((g) => [g.id, g.kind]));
  /** Each stored game's first release by id: its best, as the import ordered them. */
  const bestOf = new Map<number, string>();
  const byKey = new Map<string, number[]>();
  for (const g of stored) pushTo(byKey, g.title_key, g.id);
  const ownerOf = new Map<string, number[]>();
  for (const row of prepared<string[], { name: string; game_id: number; extra_json: string | null }>(
    db,
    `SELECT r.name, r.game_id, r.extra_json FROM releases r JOIN games g ON g.id = r.game_id WHERE g.platform IN (${marks}) ORDER BY r.id`,
  ).iterate(...platforms)) {
    pushTo(ownerOf, row.name, row.game_id);
    if (!bestOf.has(row.game_id)) bestOf.set(row.game_id, row.name);
    const setName = row.extra_json ? (JSON.parse(row.extra_json) as { setName?: string }).setName : undefined;
    if (setName) pushTo(ownerOf, setKey(setName), row.game_id);
  }

  const claims: Claim[] = [];
  /** Per work, the stored game it holds most releases of. */
  const origin: (number | undefined)[] = [];
  const count = works.titleKey.length;
  for (let w = 0; w < count; w++) {
    const shared = new Map<number, number>();
    const best = new Set<number>();
    for (let r = works.releaseEnd[w - 1] ?? 0; r < (works.releaseEnd[w] ?? 0); r++) {
      const setName = works.setName[r];
      const name = releaseName(works, r);
      // An arcade set keeps its identity under another collection's description of it.
      const owners = new Set([...(ownerOf.get(name) ?? []), ...(setName ? (ownerOf.get(setKey(setName)) ?? []) : [])]);
      for (const id of owners) {
        shared.set(id, (shared.get(id) ?? 0) + 1);
        if (bestOf.get(id) === name) best.add(id);
      }
    }
    const sameKey = new Set(byKey.get(works.titleKey[w] ?? "") ?? []);
    for (const id of sameKey) if (!shared.has(id)) shared.set(id, 0);
    const kind = works.kind[w] ?? "game";
    let most = 0;
    for (const [id, n] of shared) {
      claims.push({ work: w, id, sameKey: sameKey.has(id), shared: n, sameKind: kindOf.get(id) === kind, holdsBest: best.has(id) });
      if (n > most) {
        most = n;
        origin[w] = id;
      }
    }
  }
  // A stored game one of whose works kept its title (and some of its releases) stays with that
  // work rather than with a renamed work that holds its first release (a bonus disc split off the game).
  const titled = new Set(claims.filter((c) => c.sameKey && c.shared > 0).map((c) => c.id));
  const holdsBest = (c: Claim): boolean => c.holdsBest && (c.sameKey || !titled.has(c.id));
  claims.sort(
    (a, b) =>
      Number(b.shared > 0) - Number(a.shared > 0) ||
      Number(b.sameKind) - Number(a.sameKind) ||
      Number(holdsBest(b)) - Number(holdsBest(a)) ||
      b.shared - a.shared ||
      Number(b.sameKey) - Number(a.sameKey) ||
      a.id - b.id ||
      a.work - b.work,
  );

  const ids: (number | undefined)[] = new Array(count).fill(undefined);
  const kept = new Set<number>();
  for (const claim of claims) {
    if (ids[claim.work] !== undefined || kept.has(claim.id)) continue;
    ids[claim.work] = claim.id;
    kept.add(claim.id);
  }
  /** Where each stored game that lost its id went: the work holding most of its releases. */
  const mergedInto = new Map<number, number>();
  for (const claim of claims) {
    if (kept.has(claim.id) || mergedInto.has(claim.id) || claim.shared === 0) continue;
    mergedInto.set(claim.id, claim.work);
  }

  prepared(db, `DELETE FROM releases WHERE game_id IN (SELECT id FROM games WHERE platform IN (${marks}))`).run(...platforms);
  const deleteGame = prepared<[number]>(db, "DELETE FROM games WHERE id = ?");
  const dropMergesInto = prepared<[number]>(db, "DELETE FROM game_merges WHERE into_id = ?");
  const removed: GoneGame[] = [];
  const pendingMerges: { old: StoredGame; work: number }[] = [];
  for (const old of stored) {
    if (kept.has(old.id)) continue;
    deleteGame.run(old.id);
    const work = mergedInto.get(old.id);
    if (work === undefined) {
      removed.push({ id: old.id, system: old.platform, title: old.title });
      dropMergesInto.run(old.id);
    } else pendingMerges.push({ old, work });
  }

  const park = prepared<[string, number]>(db, "UPDATE games SET title_key = ? WHERE id = ?");
  // Parked first, so that two kept games that swap keys never meet the UNIQUE constraint.
  for (const id of kept) park.run(`\u0001${id}`, id);
  const update = prepared<[string, string, string, string, string, string | null, number]>(
    db,
    "UPDATE games SET platform = ?, title_key = ?, title = ?, metadata_json = ?, kind = ?, alternate_titles_json = ?, base_game_id = NULL, related_json = NULL WHERE id = ?",
  );
  const insert = prepared<[string, string, string, string, string, string | null]>(
    db,
    "INSERT INTO games (platform, title_key, title, metadata_json, kind, alternate_titles_json) VALUES (?, ?, ?, ?, ?, ?)",
  );
  let added = 0;
  const out: number[] = [];
  const split: SplitGame[] = [];
  const recordSplit = prepared<[number, number, string, string, string]>(
    db,
    "INSERT OR REPLACE INTO game_splits (id, from_id, platform, title, split_at) VALUES (?, ?, ?, ?, ?)",
  );
  const splitAt = new Date().toISOString();
  for (let w = 0; w < count; w++) {
    const values = [
      platform,
      works.titleKey[w] ?? "",
      works.title[w] ?? "",
      works.metadataJson[w] ?? "{}",
      works.kind[w] ?? "game",
      works.alternateTitlesJson[w] ?? null,
    ] as const;
    const id = ids[w];
    if (id !== undefined) {
      update.run(...values, id);
      out.push(id);
    } else {
      const id = Number(insert.run(...values).lastInsertRowid);
      out.push(id);
      added++;
      const from = origin[w];
      if (from !== undefined && kept.has(from)) {
        recordSplit.run(id, from, platform, values[2], splitAt);
        split.push({ id, from, title: values[2] });
      }
    }
  }

  const merged: MergedGame[] = [];
  const recordMerge = prepared<[number, number, string, string, string]>(
    db,
    "INSERT OR REPLACE INTO game_merges (id, into_id, platform, title, merged_at) VALUES (?, ?, ?, ?, ?)",
  );
  const repoint = prepared<[number, number]>(db, "UPDATE game_merges SET into_id = ? WHERE into_id = ?");
  const now = new Date().toISOString();
  for (const { old, work } of pendingMerges) {
    const into = out[work];
    if (into === undefined) continue;
    recordMerge.run(old.id, into, old.platform, old.title, now);
    // Ids that had merged into this one follow it.
    repoint.run(into, old.id);
    merged.push({ id: old.id, into, system: old.platform, title: old.title });
  }
  return { ids: out, added, removed, merged, split };
}

function setKey(setName: string): string {
  return `\u0000set\u0000${setName}`;
}
