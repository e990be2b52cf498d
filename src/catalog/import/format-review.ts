import type { ImportReview, PlatformReview, ReviewAnomaly, Sample } from "./import-review.ts";

/** Examples per list on the terminal; the JSON review has more. */
const SHOWN = 5;

function anomalyLine(anomaly: ReviewAnomaly): string {
  switch (anomaly.type) {
    case "platform-gone":
      return `${anomaly.system}: platform gone (no source lists it; ${anomaly.games} games removed)`;
    case "platform-shrank":
      return `${anomaly.system}: lost ${anomaly.lost} of its ${anomaly.before} games (${anomaly.percent}%)`;
    case "mass-rename":
      return `${anomaly.system}: ${anomaly.renamed} of its ${anomaly.before} games renamed (${anomaly.percent}%)`;
    case "malformed-source":
      return `${anomaly.system}: ${anomaly.file} has ${anomaly.skipped} of its ${anomaly.blocks} blocks malformed (${anomaly.percent}%), left out`;
    case "empty-source":
      return `${anomaly.system}: ${anomaly.file} parsed to nothing${anomaly.entriesBefore === null ? " (a new file)" : ` (${anomaly.entriesBefore} entries before)`}`;
  }
}

function sample<T>(label: string, list: Sample<T>, show: (item: T) => string): string[] {
  if (list.total === 0) return [];
  const more = list.total > SHOWN ? `, … ${list.total - SHOWN} more` : "";
  return [`    ${label} ${list.total}: ${list.examples.slice(0, SHOWN).map(show).join("; ")}${more}`];
}

function platformLines(slug: string, p: PlatformReview): string[] {
  const head = `  ${slug} (${p.status}): ${p.gamesBefore} → ${p.gamesAfter} games`;
  return [
    head,
    ...sample("added", p.added, (g) => `#${g.id} ${g.title}`),
    ...sample("removed", p.removed, (g) => `#${g.id} ${g.title}`),
    ...sample("renamed", p.renamed, (g) => `#${g.id} ${g.from} → ${g.to}`),
    ...sample("merged", p.merged, (g) => `#${g.id} ${g.title} → #${g.into}`),
    ...sample("kind changed", p.kindChanged, (g) => `#${g.id} ${g.title} ${g.from} → ${g.to}`),
    ...sample("metadata changed", p.metadataChanged, (g) => `#${g.id} ${g.title} (${g.fields.join(", ")})`),
    ...sample("releases added", p.releasesAdded, (n) => n),
    ...sample("releases removed", p.releasesRemoved, (n) => n),
    ...sample("roms added", p.romsAdded, (n) => n),
    ...sample("roms removed", p.romsRemoved, (n) => n),
    ...sample("blocks left out", p.skippedBlocks, (n) => n),
  ];
}

/** The review as the terminal shows it: anomalies first, then each changed platform with a few examples. */
export function formatReview(review: ImportReview): string[] {
  if (review.fromDataVersion === null) return ["review: first import, nothing to compare with"];
  const t = review.totals;
  const lines = [
    `review: ${t.platformsChanged} platforms changed; games +${t.gamesAdded} −${t.gamesRemoved}, ${t.renamed} renamed, ${t.merged} merged, ` +
      `${t.kindChanged} kind changes, ${t.metadataChanged} metadata changes; releases +${t.releasesAdded} −${t.releasesRemoved}; ` +
      `roms +${t.romsAdded} −${t.romsRemoved}; ${t.skippedBlocks} blocks left out; ${t.newWarnings} new warnings`,
  ];
  for (const [slug, p] of Object.entries(review.platforms)) lines.push(...platformLines(slug, p));
  lines.push(...sample("new warnings", review.newWarnings, (w) => w).map((l) => l.slice(2)));
  if (review.anomalies.length > 0) {
    lines.push(`anomalies (threshold ${review.threshold}% of a platform's games):`);
    for (const anomaly of review.anomalies) lines.push(`  ${anomalyLine(anomaly)}`);
  }
  return lines;
}
