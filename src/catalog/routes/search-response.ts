import { contentHash } from "../../http/etag.ts";
import { attribution } from "../record/attribution.ts";
import type { Declared, PlatformEntry } from "../record/game-record.ts";
import { summaryKind } from "../search/game-summary.ts";
import { searchGames, type KindFilter, type SearchHit } from "../search/search-games.ts";
import type { CatalogSnapshot } from "../store/catalog-snapshot.ts";
import type { agentSearchResponseSchema, catalogItemSchema, searchResultItemSchema } from "./response-schemas.ts";

/** A search hit as the API returns it: the summary plus the URL of the full record (inferred from its schema, the one declaration). */
export type SearchResultItem = Declared<typeof searchResultItemSchema>;

/** A result of GET /api/v1/games/'s pages: a hit without its URL, which the page's `recordUrl` template gives. */
export type CatalogItem = Declared<typeof catalogItemSchema>;

/** The record URL template of a page of results: `{id}` stands for a result's id. @see RFC 6570 §1.2 (level 1) */
export function recordUrlTemplate(baseUrl: string): string {
  return `${baseUrl}/api/v1/games/?id={id}`;
}

/** The public members of each hit, plus its record URL. */
export function withRecordUrls(baseUrl: string, hits: readonly SearchHit[]): SearchResultItem[] {
  return catalogItems(hits).map((item) => ({ ...item, url: `${baseUrl}/api/v1/games/?id=${item.id}` }));
}

/** The public members of each hit. */
export function catalogItems(hits: readonly SearchHit[]): CatalogItem[] {
  return hits.map((hit) => ({
    id: hit.id,
    title: hit.title,
    system: hit.system,
    kind: summaryKind(hit),
    ...(hit.baseGameId !== undefined ? { baseGameId: hit.baseGameId } : {}),
    ...(hit.matchedTitle !== undefined ? { matchedTitle: hit.matchedTitle } : {}),
    ...(hit.releaseYear !== undefined ? { releaseYear: hit.releaseYear } : {}),
    ...(hit.developer !== undefined ? { developer: hit.developer } : {}),
    ...(hit.publisher !== undefined ? { publisher: hit.publisher } : {}),
    ...(hit.genres !== undefined ? { genres: hit.genres } : {}),
    regions: hit.regions,
    releaseCount: hit.releaseCount,
  }));
}

/** The body of GET /api/v1/agent/games/ (searchGames) for a title search, inferred from its schema. */
export type AgentSearchBody = Declared<typeof agentSearchResponseSchema>;

/**
 * A title search as GET /api/v1/agent/games/ answers it, optionally within one platform. Shared
 * by that route and the agent endpoints (MCP `search_games`, A2A game search), so every surface
 * gives the same results in the same shape.
 */
export function agentSearchBody(
  snapshot: CatalogSnapshot,
  baseUrl: string,
  request: {
    readonly query: string;
    readonly platform: PlatformEntry | undefined;
    /** An arcade collection named by `system` ({@link CatalogSnapshot.collection}). */
    readonly collection?: string | undefined;
    readonly limit: number;
    readonly kind?: KindFilter;
  },
): AgentSearchBody {
  const scope = snapshot.searchScope(request.platform?.id, request.collection);
  const { total, results } = searchGames(scope, {
    query: request.query,
    limit: request.limit,
    ...(request.kind ? { kind: request.kind } : {}),
  });
  const kind = request.kind ?? "games-first";
  return {
    query: request.query,
    system: request.platform?.id ?? null,
    ...(request.collection !== undefined ? { collection: request.collection } : {}),
    kind,
    limit: request.limit,
    total,
    results: withRecordUrls(baseUrl, results),
    attribution,
  };
}

/**
 * ETag of a computed answer: a function of the catalog build and the normalised request only,
 * so it is known before (and without) hashing the body.
 */
export function computedEtag(catalogVersion: string, route: string, params: readonly unknown[]): string {
  return `"${contentHash(`${catalogVersion}\u0000${route}\u0000${JSON.stringify(params)}`)}"`;
}
