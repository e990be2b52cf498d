import type { CatalogDb } from "../db/catalog-db.ts";
import { PART_SEPARATOR, WEAK_PART_SEPARATOR } from "../identity/group-works.ts";
import { spellingKey } from "../identity/near-titles.ts";
import type { AuditRecord, Examples } from "./audit-record.ts";

/** Records of one platform whose titles are one title spelled two ways, kept apart. */
export interface SpellingRepeat {
  readonly platform: string;
  readonly key: string;
  readonly records: readonly AuditRecord[];
}

/**
 * The counts of the title-identity classes a reviewer checks by hand: spelling variants still
 * apart, titles split by their credits into several works, arcade records holding a PlayChoice-10
 * port beside an arcade set, and arcade records joining an "A / B" board with another set.
 */
export interface IdentityClasses {
  readonly spellingVariantsApart: Examples<SpellingRepeat>;
  readonly creditSplits: Examples<AuditRecord> & { readonly byPlatform: Readonly<Record<string, number>> };
  readonly playChoiceWithArcade: Examples<AuditRecord>;
  readonly titlePartJoins: Examples<AuditRecord>;
}

/** A release whose title, before its tags, is an "A / B" title ("Contra (US / Asia, set 1)" is not). */
const SLASH_TITLE = "instr(r.name, ' / ') > 0 AND (instr(r.name, ' (') = 0 OR instr(r.name, ' / ') < instr(r.name, ' ('))";

/** Records listed per spelling repeat. */
const RECORDS_PER_REPEAT = 10;

interface Row {
  readonly id: number;
  readonly platform: string;
  readonly title_key: string;
  readonly title: string;
  readonly kind: string;
}

/** The title a stored key was split from: the key before its part numbers. */
function family(key: string): string {
  const cut = [PART_SEPARATOR, WEAK_PART_SEPARATOR].map((s) => key.indexOf(s)).filter((i) => i >= 0);
  return cut.length === 0 ? key : key.slice(0, Math.min(...cut));
}

/**
 * Counts the classes over the games of `platforms` (all when undefined), with at most `limit`
 * examples each: one pass over the games and two grouped queries over the arcade releases.
 */
export function auditIdentityClasses(db: CatalogDb, platforms: readonly string[] | undefined, limit: number): IdentityClasses {
  const filter = platforms === undefined ? undefined : JSON.stringify(platforms);
  const where = (column: string): string => (filter === undefined ? "" : `AND ${column} IN (SELECT value FROM json_each(?))`);
  const params = filter === undefined ? [] : [filter];
  const ref = (r: Row): AuditRecord => ({ id: r.id, platform: r.platform, title: r.title, kind: r.kind as AuditRecord["kind"] });

  const spelled = new Map<string, Map<string, Row>>();
  const splits: AuditRecord[] = [];
  const splitsByPlatform: Record<string, number> = {};
  let splitTotal = 0;
  for (const row of db
    .prepare<unknown[], Row>(`SELECT id, platform, title_key, title, kind FROM games WHERE kind = 'game' ${where("platform")} ORDER BY id`)
    .iterate(...params)) {
    const root = family(row.title_key);
    if (root !== row.title_key) {
      splitTotal++;
      splitsByPlatform[row.platform] = (splitsByPlatform[row.platform] ?? 0) + 1;
      if (splits.length < limit) splits.push(ref(row));
    }
    const key = `${row.platform}\u0000${spellingKey(root)}`;
    const byFamily = spelled.get(key) ?? new Map<string, Row>();
    if (!byFamily.has(root)) byFamily.set(root, row);
    spelled.set(key, byFamily);
  }
  const repeats: SpellingRepeat[] = [];
  let repeatTotal = 0;
  for (const [key, byFamily] of spelled) {
    if (byFamily.size < 2) continue;
    repeatTotal++;
    if (repeats.length < limit)
      repeats.push({
        platform: key.slice(0, key.indexOf("\u0000")),
        key: key.slice(key.indexOf("\u0000") + 1),
        records: [...byFamily.values()].slice(0, RECORDS_PER_REPEAT).map(ref),
      });
  }

  const mixed = (condition: string): Examples<AuditRecord> => {
    const rows = db
      .prepare<unknown[], Row>(
        `SELECT g.id, g.platform, g.title_key, g.title, g.kind FROM games g JOIN releases r ON r.game_id = g.id
         WHERE g.platform = 'arcade' AND g.kind = 'game' ${where("g.platform")}
         GROUP BY g.id HAVING ${condition} ORDER BY g.id`,
      )
      .all(...params);
    return { total: rows.length, examples: rows.slice(0, limit).map(ref) };
  };
  return {
    spellingVariantsApart: { total: repeatTotal, examples: repeats },
    creditSplits: { total: splitTotal, examples: splits, byPlatform: splitsByPlatform },
    playChoiceWithArcade: mixed("SUM(r.name LIKE '%PlayChoice-10%') > 0 AND SUM(r.name NOT LIKE '%PlayChoice-10%') > 0"),
    titlePartJoins: mixed(`SUM(${SLASH_TITLE}) > 0 AND SUM(NOT (${SLASH_TITLE})) > 0`),
  };
}
