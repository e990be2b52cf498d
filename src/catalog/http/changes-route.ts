import { cachePolicy } from "../../http/cache-policy.ts";
import type { HttpResult, RequestContext } from "../../http/http-types.ts";
import type { ResponseCache } from "../../http/response-cache.ts";
import type { CatalogSource } from "../store/catalog-source.ts";
import { instanceDocumentResult } from "./instance-documents.ts";
import { parseQuery } from "./query-params.ts";
import { computedEtag } from "./search-response.ts";
import { changesSince } from "../changes/changes-feed.ts";
import { changesParams, changesQuery } from "./changes-schemas.ts";

/**
 * GET /api/v1/changes/ (getCatalogChanges): without `since`, the index (current version and kept
 * history) rendered for this instance's base URL (instance-documents.ts); with it, one page of what changed since, paginated like the game lists
 * (`total`, `offset`, `limit`, `next` and `Link: rel="next"`).
 */
export function changesRoute(
  catalog: CatalogSource,
  buildDir: string,
  baseUrl: string,
  cache: ResponseCache,
): (ctx: RequestContext) => HttpResult {
  return (ctx) => {
    const query = parseQuery(ctx.url.searchParams, changesQuery, changesParams);
    const snapshot = catalog.current();
    if (query.since === undefined) return instanceDocumentResult(snapshot, baseUrl, "changes");
    const { since, limit, offset } = query;
    // A date's answer depends on the clock (a future date becomes valid), so it is not cached.
    const compute = (): HttpResult => {
      const page = changesSince(snapshot.manifest, buildDir, baseUrl, { since, limit, offset });
      return {
        status: 200,
        etag: computedEtag(snapshot.manifest.catalogVersion, "changes", [since, limit, offset]),
        headers: {
          "content-type": "application/json",
          "cache-control": cachePolicy.search,
          ...(page.next ? { link: `<${page.next}>; rel="next"` } : {}),
        },
        body: JSON.stringify(page),
        compressible: true,
      };
    };
    return /^\d{4}-/.test(since)
      ? compute()
      : cache.get(computedEtag(snapshot.manifest.catalogVersion, "changes", [since, limit, offset]), compute);
  };
}
