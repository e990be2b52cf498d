import type { HttpResult, RequestContext } from "../../http/http-types.ts";
import type { CatalogSource } from "../store/catalog-source.ts";
import { documentResult } from "./document-result.ts";

/**
 * GET /api/v1/community/ (getReleaseFeed): the release and platform-availability feed, prebuilt.
 * @see docs/service-spec.md §4.4
 */
export function communityRoute(catalog: CatalogSource): (ctx: RequestContext) => HttpResult {
  return () => documentResult(catalog.current(), "releaseFeed");
}
