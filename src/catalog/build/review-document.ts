import { REVIEW_FORMAT_VERSION, type ImportReview, type ReviewAnomaly } from "../import/import-review.ts";
import type { ReviewState } from "../import/review-state.ts";

/**
 * The review a build writes beside itself (`review.json` at the top of the build folder, and
 * `reviews/<catalogVersion>.json` named by the change history): the imports since the last
 * published version, and whether this build is published or held.
 * @see docs/updates.md (the documented shape)
 */
export interface ReviewDocument {
  readonly format: "ludex-review";
  readonly version: typeof REVIEW_FORMAT_VERSION;
  /** `held`: built beside the served build, waiting for `ludex publish`; `published`: served. */
  readonly status: "held" | "published";
  readonly catalogVersion: string;
  readonly dataVersion: string;
  readonly builtAt: string;
  /** When the maintainer accepted an update that had anomalies. */
  readonly acceptedAt?: string;
  /** Every import's anomalies, with the time of the import that found it. */
  readonly anomalies: readonly (ReviewAnomaly & { readonly importedAt: string })[];
  /** The imports this build carries, oldest first (several while an update was held). */
  readonly imports: readonly ImportReview[];
}

export function reviewDocument(
  state: ReviewState,
  status: ReviewDocument["status"],
  catalogVersion: string,
  dataVersion: string,
  builtAt: string,
): ReviewDocument {
  return {
    format: "ludex-review",
    version: REVIEW_FORMAT_VERSION,
    status,
    catalogVersion,
    dataVersion,
    builtAt,
    ...(state.acceptedAt === undefined ? {} : { acceptedAt: state.acceptedAt }),
    anomalies: state.reviews.flatMap((review) => review.anomalies.map((anomaly) => ({ ...anomaly, importedAt: review.importedAt }))),
    imports: state.reviews,
  };
}
