import type { ArcadeRepeat, AuditCounts, AuditRecord, CatalogAudit, Examples } from "./audit-catalog.ts";
import { splitReasons } from "./audit-catalog.ts";
import { cloneApartReasons } from "./clone-list-audit.ts";
import type { KindAuditRecord } from "./kind-audit.ts";

/** Examples printed per list, and platforms per count line, in the text form. */
const TEXT_EXAMPLES = 10;

const number = (n: number): string => n.toLocaleString("en-US");

function record(r: AuditRecord): string {
  return `#${r.id} ${JSON.stringify(r.title)} (${r.platform}${r.kind === "game" ? "" : `, ${r.kind}`})`;
}

/** Lines of a table: the first column left-aligned, the others right-aligned. */
function table(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  return rows.map((row) =>
    `  ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ")}`.trimEnd(),
  );
}

/** The largest counts of a per-platform tally, on one line. */
function byPlatform(counts: Readonly<Record<string, number>>): string {
  const entries = Object.entries(counts).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const shown = entries.slice(0, TEXT_EXAMPLES).map(([platform, n]) => `${platform} ${number(n)}`);
  const more = entries.length - shown.length;
  return `  by platform: ${shown.join(", ")}${more > 0 ? `, … ${more} more platforms` : ""}`;
}

/** The first examples of a list, one a line, and how many were left out. */
function examples<T>(list: Examples<T>, line: (example: T) => string): string[] {
  const shown = list.examples.slice(0, TEXT_EXAMPLES);
  const lines = shown.map((e) => `    ${line(e)}`);
  if (list.total > shown.length) lines.push(`    … ${number(list.total - shown.length)} more`);
  return lines;
}

/** The audit as the plain text `ludex audit` prints: counts first, then at most a few examples per list. */
export function formatAudit(audit: CatalogAudit): string {
  const out: string[] = [];
  out.push(`catalog: data version ${audit.dataVersion ?? "(none)"}, imported ${audit.importedAt ?? "(never)"}`);

  const kinds = Object.keys(audit.records.byKind);
  out.push("", `records: ${number(audit.records.total)}`);
  out.push(...table([["kind", "records"], ...Object.entries(audit.records.byKind).map(([kind, n]) => [kind, number(n)])]));
  out.push("");
  out.push(
    ...table([
      ["platform", "total", ...kinds],
      ...Object.entries(audit.records.byPlatform).map(([slug, p]) => [
        slug,
        number(p.total),
        ...kinds.map((kind) => {
          const n = p.byKind[kind] ?? 0;
          return n === 0 ? "-" : number(n);
        }),
      ]),
    ]),
  );

  const { sameDump } = audit;
  out.push("", `same dump in several records of a platform: ${number(sameDump.total)} dumps`);
  for (const reason of splitReasons) out.push(`  ${reason.padEnd(12)} ${number(sameDump.byReason[reason].total).padStart(7)}`);
  for (const reason of splitReasons) {
    const list = sameDump.byReason[reason];
    if (list.total === 0) continue;
    out.push(`  ${reason}:`);
    out.push(
      ...examples(list, (s) => {
        const files = s.files > 1 ? ` (+${s.files - 1} files)` : "";
        const more = s.recordCount > s.records.length ? `, … ${s.recordCount - s.records.length} more` : "";
        return `${s.platform} ${s.hash}${files}, ${s.recordCount} records: ${s.records.map(record).join(", ")}${more}`;
      }),
    );
  }

  const { titles, alternateTitles, setNames } = audit.arcade;
  const repeat = (r: ArcadeRepeat): string => `${r.key}: ${r.records.map(record).join(", ")}`;
  out.push("", `arcade titles in several game records: ${number(titles.total)}`);
  out.push(...examples(titles, repeat));
  out.push(`arcade titles that are also another game record's alternate title: ${number(alternateTitles.total)}`);
  out.push(...examples(alternateTitles, repeat));
  out.push(`arcade set names in several records: ${number(setNames.total)}`);
  out.push(...examples(setNames, repeat));

  const { addons } = audit;
  out.push("", `add-ons, updates and cosmetics without a base game: ${number(addons.total)} of ${number(addons.count)}`);
  if (addons.total > 0) out.push(byPlatform(addons.byPlatform), ...examples(addons, record));

  out.push("", `titles that look like ids: ${number(audit.idLikeTitles.total)}`);
  if (audit.idLikeTitles.total > 0) out.push(byPlatform(audit.idLikeTitles.byPlatform), ...examples(audit.idLikeTitles, record));

  out.push("", `game records with add-on, update or cosmetic releases: ${number(audit.gamesWithAddonReleases.total)}`);
  out.push(...examples(audit.gamesWithAddonReleases, (e) => `${record(e.record)}: ${JSON.stringify(e.release)} is ${e.releaseKind}`));

  const k = audit.kinds;
  const kindRecord = (e: KindAuditRecord): string =>
    `#${e.id} ${JSON.stringify(e.title)} (${e.platform}, ${e.kind}): ${JSON.stringify(e.release)}`;
  const storeKinds = Object.entries(k.storeNonGames.byKind).map(([kind, n]) => `${kind} ${number(n)}`);
  out.push(
    "",
    `store downloads read as other than games by their titles or app serials: ${number(k.storeNonGames.total)}${storeKinds.length > 0 ? ` (${storeKinds.join(", ")})` : ""}`,
  );
  const storeRules = Object.entries(k.storeNonGames.byRule)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([rule, n]) => `${rule} ${number(n)}`);
  if (storeRules.length > 0) out.push(`  by rule: ${storeRules.join(", ")}`);
  out.push(...examples({ total: k.storeNonGames.total, examples: k.storeNonGames.examples }, kindRecord));
  out.push(`store records made of unlock keys alone (add-ons): ${number(k.unlockKeyRecords.total)}`);
  out.push(...examples(k.unlockKeyRecords, kindRecord));
  out.push(`store applications by the platform's app serials: ${number(k.appSerialRecords.total)}`);
  out.push(...examples(k.appSerialRecords, kindRecord));
  out.push(`records whose kind is not what the rules give their first release now: ${number(k.kindDisagreements.total)}`);
  out.push(...examples(k.kindDisagreements, kindRecord));
  out.push(
    `fantasy-console records with an "(Update N)" cart: ${number(k.cartUpdates.records)}, not games: ${number(k.cartUpdates.notGames.total)}`,
  );
  out.push(...examples(k.cartUpdates.notGames, kindRecord));
  const hacks = Object.entries(k.hackReleases).map(([collection, n]) => `${collection} ${number(n)}`);
  out.push(`arcade releases flagged as hacks: ${hacks.length > 0 ? hacks.join(", ") : "none"}`);
  out.push(
    `game records holding demo, trial or kiosk releases beside finished ones: ${number(k.demosInRetailRecords.total)}; demo-only game records: ${number(k.demoOnlyRecords)}`,
  );
  out.push(...examples(k.demosInRetailRecords, kindRecord));

  const { merges } = audit;
  const target = merges.dangling.total === 0 ? "every one points to a live game" : `${number(merges.dangling.total)} point to no live game`;
  out.push("", `merged ids: ${number(merges.total)}${merges.total > 0 ? `; ${target}` : ""}`);
  if (merges.total > 0) out.push(byPlatform(merges.byPlatform));
  out.push(...examples(merges.dangling, (m) => `#${m.id} ${JSON.stringify(m.title)} (${m.platform}) → #${m.into}, not a live game`));
  if (merges.live.total > 0) out.push(`  merged ids that are also live games: ${number(merges.live.total)}`);
  out.push(...examples(merges.live, (m) => `#${m.id} ${JSON.stringify(m.title)} (${m.platform}) → #${m.into}`));

  const { identity } = audit;
  out.push("", "title identity:");
  out.push(`  spelling variants kept apart (one title spelled two ways, two records): ${number(identity.spellingVariantsApart.total)}`);
  out.push(...examples(identity.spellingVariantsApart, (r) => `${r.platform}: ${r.records.map(record).join(" / ")}`));
  out.push(`  titles split by their credits (another work under the same title): ${number(identity.creditSplits.total)} records`);
  if (identity.creditSplits.total > 0) out.push(`  ${byPlatform(identity.creditSplits.byPlatform).trim()}`);
  out.push(...examples(identity.creditSplits, record));
  out.push(`  arcade records holding a PlayChoice-10 set beside an arcade set: ${number(identity.playChoiceWithArcade.total)}`);
  out.push(...examples(identity.playChoiceWithArcade, record));
  out.push(`  arcade records joining an "A / B" set with other sets (to review): ${number(identity.titlePartJoins.total)}`);
  out.push(...examples(identity.titlePartJoins, record));
  const clones = audit.cloneLists;
  if (clones) {
    const share = (n: number, of: number): string => (of === 0 ? "-" : `${((100 * n) / of).toFixed(1)}%`);
    out.push(
      "",
      `clone-list groups held: ${number(clones.groupsHeld)}, one record ${number(clones.oneRecord)} (${share(clones.oneRecord, clones.groupsHeld)}); under two or more titles ${number(clones.multiTitleHeld)}, one record ${number(clones.multiTitleOneRecord)} (${share(clones.multiTitleOneRecord, clones.multiTitleHeld)})`,
    );
    for (const reason of cloneApartReasons) {
      const list = clones.apart[reason];
      if (list.total === 0) continue;
      out.push(`  left apart, ${reason}: ${number(list.total)}`);
      out.push(
        ...examples(
          list,
          (g) =>
            `${JSON.stringify(g.group)} (${g.platform}): ${g.records.map((r) => `#${r.id} ${JSON.stringify(r.title)}${r.kind === "game" ? "" : ` (${r.kind})`}`).join(", ")}`,
        ),
      );
    }
  }

  out.push("", `audited in ${(audit.elapsedMs / 1000).toFixed(1)} s`);
  return out.join("\n");
}

/** One line for `ludex build`: the figures that should stay at zero, or move only when the data does. */
export function auditSummaryLine(audit: CatalogAudit): string {
  return auditCountsLine(
    {
      games: audit.records.byKind.game ?? 0,
      addons: audit.addons.count,
      addonsWithoutBase: audit.addons.total,
      unexplainedSplits: audit.sameDump.byReason.unexplained.total,
      arcadeRepeats: audit.arcade.titles.total + audit.arcade.setNames.total,
      alternateTitleRepeats: audit.arcade.alternateTitles.total,
      gamesWithAddonReleases: audit.gamesWithAddonReleases.total,
      idLikeTitles: audit.idLikeTitles.total,
    },
    audit.elapsedMs,
  );
}

/** {@link auditSummaryLine} from the summary's figures alone (src/catalog/audit/audit-summary.ts). */
export function auditCountsLine(c: AuditCounts, elapsedMs: number): string {
  return (
    `audit: ${number(c.games)} games, ${number(c.addons)} add-ons (${number(c.addonsWithoutBase)} without base), ` +
    `${number(c.unexplainedSplits)} unexplained same-dump splits, ` +
    `${number(c.arcadeRepeats)} arcade repeats (${number(c.alternateTitleRepeats)} by alternate title), ` +
    `${number(c.gamesWithAddonReleases)} games with add-on releases, ${number(c.idLikeTitles)} id-like titles; ` +
    `${(elapsedMs / 1000).toFixed(1)} s (\`ludex audit\` for details)`
  );
}
