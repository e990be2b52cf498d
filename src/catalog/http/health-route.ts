import { cachePolicy } from "../../http/cache-policy.ts";
import type { HttpResult, RequestContext } from "../../http/http-types.ts";
import type { CatalogSource } from "../store/catalog-source.ts";

/**
 * GET /api/health/ (getApiHealth): 200 with the catalog's version and counts when a build is
 * loaded; otherwise the 503 Problem thrown by the catalog source.
 * @see service-spec §4.6
 */
export function healthRoute(catalog: CatalogSource, startedAt: number): (ctx: RequestContext) => HttpResult {
  return () => {
    const { manifest } = catalog.current();
    const body = {
      status: "ok",
      catalogVersion: manifest.catalogVersion,
      dataVersion: manifest.dataVersion,
      builtAt: manifest.builtAt,
      counts: manifest.counts,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
    return { status: 200, headers: { "content-type": "application/json", "cache-control": cachePolicy.noStore }, body: JSON.stringify(body) };
  };
}
