import type { CatalogDb } from "../db/catalog-db.ts";
import { openCatalogDb } from "../db/catalog-db.ts";
import type { ImportReview } from "./import-review.ts";

const STATE_KEY = "review_state";

/** Reviews kept while an update is held; older ones are dropped, and the hold stays. */
const KEPT_REVIEWS = 20;

/**
 * The reviews of the imports not yet published, kept in the catalog database so that they change
 * in the import's transaction: `held` while one of them has an anomaly nobody accepted.
 */
export interface ReviewState {
  readonly held: boolean;
  /** When the maintainer accepted (`ludex import --accept`, `ludex publish`); absent when nothing needed it. */
  readonly acceptedAt?: string;
  /** Oldest first: while an update is held, later imports add to it rather than replace it. */
  readonly reviews: readonly ImportReview[];
}

export function readReviewState(db: CatalogDb): ReviewState | undefined {
  const stored = db.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(STATE_KEY) as string | undefined;
  return stored === undefined ? undefined : (JSON.parse(stored) as ReviewState);
}

/** {@link readReviewState} from a database file (undefined when the file has none). */
export function readReviewStateFile(dbFile: string): ReviewState | undefined {
  const db = openCatalogDb(dbFile, { readonly: true });
  try {
    return readReviewState(db);
  } finally {
    db.close();
  }
}

function write(db: CatalogDb, state: ReviewState): void {
  db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(
    STATE_KEY,
    JSON.stringify(state),
  );
}

/**
 * Records an import's review. While an earlier update is held, the new review joins it and the
 * hold stays: a later import cannot publish an earlier one's anomalies without anyone seeing them.
 */
export function recordReview(db: CatalogDb, review: ImportReview, accept: boolean): ReviewState {
  const previous = readReviewState(db);
  const reviews = previous?.held ? [...previous.reviews, review].slice(-KEPT_REVIEWS) : [review];
  const anomalous = previous?.held === true || review.anomalies.length > 0;
  const state: ReviewState = {
    held: anomalous && !accept,
    ...(anomalous && accept ? { acceptedAt: new Date().toISOString() } : {}),
    reviews,
  };
  write(db, state);
  return state;
}

/** Accepts the held update, if any: the next build publishes it. */
export function acceptReview(db: CatalogDb): ReviewState | undefined {
  const state = readReviewState(db);
  if (!state?.held) return state;
  const accepted: ReviewState = { ...state, held: false, acceptedAt: new Date().toISOString() };
  write(db, accepted);
  return accepted;
}

/** {@link acceptReview} on a database file, in one transaction. */
export function acceptReviewFile(dbFile: string): ReviewState | undefined {
  const db = openCatalogDb(dbFile);
  try {
    return db.transaction(() => acceptReview(db)).immediate();
  } finally {
    db.close();
  }
}
