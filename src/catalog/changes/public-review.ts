import path from "node:path";
import type { ReviewDocument } from "../build/review-document.ts";
import type { ImportReview, ReviewAnomaly } from "../import/import-review.ts";

/**
 * The review of a published version as `GET /api/v1/changes/?review=` serves it: the build's
 * review without what names the maintainer's machine. An emptied source is named by its file
 * name alone, and the import's new warnings (which quote source paths) by their count only.
 */
export function publicReview(review: ReviewDocument): ReviewDocument {
  const anomaly = (a: ReviewAnomaly): ReviewAnomaly => (a.type === "empty-source" ? { ...a, file: path.basename(a.file) } : a);
  const imported = (i: ImportReview): ImportReview => ({
    ...i,
    anomalies: i.anomalies.map(anomaly),
    newWarnings: { total: i.newWarnings.total, examples: [] },
  });
  return {
    ...review,
    anomalies: review.anomalies.map((a) => ({ ...anomaly(a), importedAt: a.importedAt })),
    imports: review.imports.map(imported),
  };
}
