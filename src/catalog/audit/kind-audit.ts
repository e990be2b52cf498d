import type { CatalogDb } from "../db/catalog-db.ts";
import type { AuditRecord } from "./audit-record.ts";
import {
  type ContentKind,
  hasTitleWideTag,
  type KindContext,
  releaseKind,
  settleTitleKinds,
  homebrewToolTitle,
  storeTitleKind,
  webAppProductCode,
  type TitleMember,
} from "../identity/content-kind.ts";
import { releaseStatus } from "../identity/release-status.ts";
import { parseGameName } from "../names/parse-game-name.ts";

/** A record as the kind audit names it, with the release that shows the case. */
export interface KindAuditRecord extends AuditRecord {
  readonly release: string;
}

/** A count with its first examples. */
export interface KindAuditList {
  readonly total: number;
  readonly examples: readonly KindAuditRecord[];
}

/**
 * What the kind rules made of the records whose kind their names alone do not tell: store
 * downloads, fantasy-console carts, arcade hack sets, and demos kept in their game's record.
 */
export interface KindAudit {
  /** On platforms whose DATs list store downloads: records the store title words or app serials made other than games, by kind. */
  readonly storeNonGames: {
    readonly total: number;
    readonly byKind: Readonly<Record<string, number>>;
    /**
     * By the rule that read the record's first release: `service` (a streaming or media brand),
     * `video-show` (a numbered video magazine episode), `homebrew-tool` (a named loader or emulator),
     * `title-words` (theme, guide, firmware, player… words), `title-tag` (a tag naming the whole
     * title, "(Web TV)"), `homebrew-words` (a tool word or emulator name on a homebrew collection's program), `web-app` (a
     * PSN package whose content id names the WebMAF web-app framework), and `other` (app serials, unlock keys, a title's twice-named game).
     */
    readonly byRule: Readonly<Record<string, number>>;
    readonly examples: readonly KindAuditRecord[];
  };
  /** On store platforms: records made of "(Unlock Key)" licences alone, kinded `addon`. */
  readonly unlockKeyRecords: KindAuditList;
  /** On store platforms: `application` records that hold a release with one of the platform's app serials. */
  readonly appSerialRecords: KindAuditList;
  /** Records whose stored kind is not what the rules give their first release today: a catalog imported by older rules. */
  readonly kindDisagreements: KindAuditList;
  /** Records on fantasy consoles with an "(Update N)" cart: versions of a whole game, and those not of kind game. */
  readonly cartUpdates: { readonly records: number; readonly notGames: KindAuditList };
  /** Arcade releases flagged as hacks, by collection (HBMAME by its collection, FBNeo by its own "hack" publisher). */
  readonly hackReleases: Readonly<Record<string, number>>;
  /** Game records holding a demo, trial, kiosk or sample release beside a finished one; the match answer says which it matched. */
  readonly demosInRetailRecords: KindAuditList;
  /** Game records whose every release is a demo, trial, kiosk or sample. */
  readonly demoOnlyRecords: number;
}

interface PlatformKinds {
  readonly context: Omit<KindContext, "serial">;
  readonly store: boolean;
  readonly carts: boolean;
}

const CART_UPDATE_RE = /^update\b/i;
const DEMO_STATUSES: ReadonlySet<string> = new Set(["demo", "sample", "preview"]);
const DEMO_WORD_RE = /demo|trial|taikenban|kiosk/i;

function platformKinds(db: CatalogDb): Map<string, PlatformKinds> {
  const out = new Map<string, PlatformKinds>();
  for (const row of db.prepare<[], { slug: string; info_json: string }>("SELECT slug, info_json FROM platforms").all()) {
    const info = JSON.parse(row.info_json) as {
      kind?: string;
      storeContent?: boolean;
      appSerials?: string;
      homebrewSerials?: string;
      collections?: unknown[];
    };
    const store = info.storeContent === true;
    const carts = info.kind === "fantasy-console";
    out.set(row.slug, {
      store,
      carts,
      context: {
        arcade: (info.collections ?? []).length > 0,
        storeTitles: store,
        wholeCarts: carts,
        ...(info.appSerials ? { appSerials: new RegExp(info.appSerials) } : {}),
        ...(info.homebrewSerials ? { homebrewSerials: new RegExp(info.homebrewSerials) } : {}),
      },
    });
  }
  return out;
}

class KindTally {
  total = 0;
  readonly examples: KindAuditRecord[] = [];
  readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }
  add(record: () => KindAuditRecord): void {
    this.total++;
    if (this.examples.length < this.limit) this.examples.push(record());
  }
  list(): KindAuditList {
    return { total: this.total, examples: this.examples };
  }
}

/** Audits the kinds of a catalog's records ({@link KindAudit}); `platforms` limits it to those platforms. Reads only. */
export function auditKinds(db: CatalogDb, limit: number, platforms?: readonly string[]): KindAudit {
  const kinds = platformKinds(db);
  const filter = platforms === undefined ? "" : "WHERE g.platform IN (SELECT value FROM json_each(?))";
  const params = platforms === undefined ? [] : [JSON.stringify(platforms)];
  const rows = db
    .prepare<unknown[], [number, string, string, ContentKind, string, string | null, string, string, string | null, string | null]>(
      `SELECT g.id, g.platform, g.title, g.kind, r.name, r.serial, r.status, r.flags_json, r.extra_json, (SELECT group_concat(name, char(10)) FROM roms WHERE release_id = r.id) FROM games g JOIN releases r ON r.game_id = g.id ${filter} ORDER BY g.id, r.id`,
    )
    .raw()
    .all(...params);

  const storeByKind: Record<string, number> = {};
  const storeByRule: Record<string, number> = {};
  const storeExamples: KindAuditRecord[] = [];
  let storeTotal = 0;
  const disagreements = new KindTally(limit);
  const unlockKeys = new KindTally(limit);
  const appSerialRecords = new KindTally(limit);
  const cartNotGames = new KindTally(limit);
  let cartRecords = 0;
  const hackReleases: Record<string, number> = {};
  const demosInRetail = new KindTally(limit);
  let demoOnly = 0;

  let i = 0;
  while (i < rows.length) {
    const first = rows[i];
    if (!first) break;
    const [id, platform, title, kind] = first;
    let end = i;
    while (rows[end]?.[0] === id) end++;
    const releases = rows.slice(i, end);
    i = end;
    const info = kinds.get(platform);
    const ref = (release: string): KindAuditRecord => ({ id, platform, title, kind, release });
    const [, , , , name, serial, , , , roms] = first;

    if (info) {
      const parsed = parseGameName(name);
      let ruled = releaseKind(parsed, { ...info.context, ...(serial ? { serial } : {}), romNames: roms ? roms.split("\n") : [] });
      if (info.store) {
        // A store title's kind is settled by all its releases together, as the import does.
        const members: TitleMember[] = releases.map((r, n) => {
          const p = n === 0 ? parsed : parseGameName(r[4]);
          return {
            kind: releaseKind(p, { ...info.context, ...(r[5] ? { serial: r[5] } : {}), romNames: r[9] ? r[9].split("\n") : [] }),
            parsed: p,
            ...(r[5] ? { serial: r[5] } : {}),
          };
        });
        settleTitleKinds(
          members.filter((m) => m.kind === "game" || m.kind === "application"),
          info.context,
        );
        ruled = members[0]?.kind ?? ruled;
        if (kind === "addon" && members.every((m) => m.parsed.extra.some((tag) => /^unlock key$/i.test(tag))))
          unlockKeys.add(() => ref(name));
        const app = info.context.appSerials;
        if (kind === "application" && app && releases.some((r) => r[5] && app.test(r[5]))) appSerialRecords.add(() => ref(name));
      }
      // Where the rules read no kind, a platform's `contentKind` (a DAT of title updates) may give one: only a fantasy console's carts are games by rule.
      if (ruled !== kind && (ruled !== "game" || info.carts)) disagreements.add(() => ref(name));
      if (info.store && kind !== "game" && releaseKind(parsed, { arcade: info.context.arcade === true }) === "game") {
        storeTotal++;
        const homebrew = info.context.homebrewSerials;
        storeByKind[kind] = (storeByKind[kind] ?? 0) + 1;
        const rule =
          storeTitleKind(parsed.title)?.rule ??
          (releases.some((r) => hasTitleWideTag(parseGameName(r[4])))
            ? "title-tag"
            : homebrew && serial && homebrew.test(serial) && homebrewToolTitle(parsed.title)
              ? "homebrew-words"
              : releases.some((r) => r[9] && webAppProductCode(r[9].split("\n")))
                ? "web-app"
                : "other");
        storeByRule[rule] = (storeByRule[rule] ?? 0) + 1;
        if (storeExamples.length < limit) storeExamples.push(ref(name));
      }
      if (info.carts) {
        const cart = releases.find((r) => parseGameName(r[4]).extra.some((tag) => CART_UPDATE_RE.test(tag)));
        if (cart) {
          cartRecords++;
          if (kind !== "game") cartNotGames.add(() => ref(cart[4]));
        }
      }
    }

    for (const r of releases) {
      if (!r[8] || !r[7].includes('"Hack"') || !(JSON.parse(r[7]) as string[]).includes("Hack")) continue;
      const extra = JSON.parse(r[8]) as { collections?: string[] };
      for (const collection of extra.collections ?? []) hackReleases[collection] = (hackReleases[collection] ?? 0) + 1;
    }

    if (kind === "game") {
      // Most names hold no demo word: parsing only those that do keeps the audit's pass over every release cheap.
      const statuses = releases.map((r) => (r[6] === "release" && DEMO_WORD_RE.test(r[4]) ? releaseStatus(parseGameName(r[4])) : r[6]));
      const demo = statuses.findIndex((status) => DEMO_STATUSES.has(status));
      if (demo >= 0) {
        if (statuses.includes("release")) demosInRetail.add(() => ref(releases[demo]?.[4] ?? ""));
        else if (statuses.every((status) => DEMO_STATUSES.has(status))) demoOnly++;
      }
    }
  }

  return {
    storeNonGames: { total: storeTotal, byKind: storeByKind, byRule: storeByRule, examples: storeExamples },
    unlockKeyRecords: unlockKeys.list(),
    appSerialRecords: appSerialRecords.list(),
    kindDisagreements: disagreements.list(),
    cartUpdates: { records: cartRecords, notGames: cartNotGames.list() },
    hackReleases: Object.fromEntries(Object.entries(hackReleases).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    demosInRetailRecords: demosInRetail.list(),
    demoOnlyRecords: demoOnly,
  };
}
