import { contentHash } from "../build/etag.ts";
import type { GameSummary } from "../search/game-summary.ts";

/** A search hit as the API returns it: the summary plus the URL of the full record. */
export interface SearchResultItem extends Omit<GameSummary, "key"> {
  readonly url: string;
}

/** The public members of each hit, plus its record URL. */
export function withRecordUrls(baseUrl: string, hits: readonly GameSummary[]): SearchResultItem[] {
  return hits.map((hit) => ({
    id: hit.id,
    title: hit.title,
    system: hit.system,
    ...(hit.releaseYear !== undefined ? { releaseYear: hit.releaseYear } : {}),
    ...(hit.developer !== undefined ? { developer: hit.developer } : {}),
    ...(hit.publisher !== undefined ? { publisher: hit.publisher } : {}),
    ...(hit.genres !== undefined ? { genres: hit.genres } : {}),
    regions: hit.regions,
    releaseCount: hit.releaseCount,
    url: `${baseUrl}/api/v1/games/?id=${hit.id}`,
  }));
}

/**
 * ETag of a computed answer: a function of the catalog build and the normalised request only,
 * so it is known before (and without) hashing the body.
 */
export function computedEtag(catalogVersion: string, route: string, params: readonly unknown[]): string {
  return `"${contentHash(`${catalogVersion}\u0000${route}\u0000${JSON.stringify(params)}`)}"`;
}
