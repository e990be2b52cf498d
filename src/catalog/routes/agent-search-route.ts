import { problems } from "../../core/problem.ts";
import type { HttpResult, RequestContext } from "../../http/http-types.ts";
import { cachePolicy } from "../../http/cache-policy.ts";
import { cacheTagHeaders, cacheTags } from "../../http/cache-tags.ts";
import type { ResponseCache } from "../../http/response-cache.ts";
import { agentSearchParams, agentSearchQuery } from "./catalog-schemas.ts";
import type { CatalogSource } from "../store/catalog-source.ts";
import { documentResult } from "./document-result.ts";
import { parseQuery } from "./query-params.ts";
import { agentSearchBody, computedEtag } from "./search-response.ts";

/**
 * GET /api/v1/agent/games/ (searchGames): title search for agents, or the platform list with
 * `platforms=1`.
 * @see docs/service-spec.md §4.1
 */
export function agentSearchRoute(catalog: CatalogSource, baseUrl: string, cache: ResponseCache): (ctx: RequestContext) => HttpResult {
  return (ctx) => {
    const query = parseQuery(ctx.url.searchParams, agentSearchQuery, agentSearchParams);
    const snapshot = catalog.current();
    if (query.platforms === "1") return documentResult(snapshot, "platforms");
    const platform = query.system === undefined ? undefined : snapshot.platform(query.system);
    if (query.system !== undefined && !platform) {
      throw problems.invalidRequest([{ name: "system", detail: `unknown platform "${query.system}"; list them with platforms=1` }]);
    }
    const q = (query.q ?? "").trim();
    const collection = query.system === undefined ? undefined : snapshot.collection(query.system)?.id;
    const etag = computedEtag(snapshot.manifest.catalogVersion, "agent-search", [
      q,
      platform?.id ?? null,
      collection ?? null,
      query.limit,
      query.kind,
    ]);
    return cache.get(etag, () => {
      const body = agentSearchBody(snapshot, baseUrl, { query: q, platform, collection, limit: query.limit, kind: query.kind });
      return {
        status: 200,
        etag,
        headers: {
          "content-type": "application/json",
          "cache-control": cachePolicy.search,
          ...cacheTagHeaders([platform ? cacheTags.platform(platform.id) : cacheTags.catalog]),
        },
        body: JSON.stringify(body),
        compressible: true,
      };
    });
  };
}
