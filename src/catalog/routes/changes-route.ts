import { cachePolicy } from "../../http/cache-policy.ts";
import { cacheTagHeaders, cacheTags } from "../../http/cache-tags.ts";
import type { HttpResult, RequestContext } from "../../http/http-types.ts";
import type { ResponseCache } from "../../http/response-cache.ts";
import type { CatalogSource } from "../store/catalog-source.ts";
import { instanceDocumentResult } from "./instance-documents.ts";
import { parseQuery } from "./query-params.ts";
import { computedEtag } from "./search-response.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import { problems } from "../../core/problem.ts";
import type { ReviewDocument } from "../build/review-document.ts";
import { changesSince } from "../changes/changes-feed.ts";
import { publicReview } from "../changes/public-review.ts";
import type { CatalogSnapshot } from "../store/catalog-snapshot.ts";
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
    if (query.review !== undefined) {
      if (query.since !== undefined) throw problems.invalidRequest([{ name: "review", detail: "cannot be combined with since" }]);
      return reviewResult(snapshot, buildDir, query.review);
    }
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
          ...cacheTagHeaders([cacheTags.changes]),
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

/** `?review=<catalogVersion>`: the review of the update a kept version published, without the maintainer's paths. */
function reviewResult(snapshot: CatalogSnapshot, buildDir: string, version: string): HttpResult {
  const entry = snapshot.manifest.changeHistory?.find((e) => e.catalogVersion === version);
  const notKept = (): Error =>
    problems.notFound(`no review kept for version ${version}; GET /api/v1/changes/ lists the kept history and links each version's review`);
  if (entry?.review === undefined) throw notKept();
  let review: ReviewDocument;
  try {
    review = JSON.parse(readFileSync(path.join(buildDir, entry.review), "utf8")) as ReviewDocument;
  } catch {
    // A review pruned by hand from the build folder is gone like any other old version's.
    throw notKept();
  }
  return {
    status: 200,
    etag: computedEtag(snapshot.manifest.catalogVersion, "review", [version]),
    headers: { "content-type": "application/json", "cache-control": cachePolicy.document },
    body: JSON.stringify(publicReview(review)),
    compressible: true,
  };
}
