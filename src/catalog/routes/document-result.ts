import { cachePolicy } from "../../http/cache-policy.ts";
import type { HttpResult } from "../../http/http-types.ts";
import { problems } from "../../core/problem.ts";
import type { CatalogSnapshot, StoredDocument } from "../store/catalog-snapshot.ts";

/** A prebuilt document of the build (platform list, release feed) with its build-time ETag and precompressed variants. */
export function documentResult(snapshot: CatalogSnapshot, name: string): HttpResult {
  const doc = snapshot.document(name);
  if (!doc) throw problems.catalogUnavailable(`the build has no ${name} document`);
  return storedDocumentResult(doc);
}

/** A document held in memory (prebuilt or rendered for this instance) as an answer, with the documents' caching policy. */
export function storedDocumentResult(doc: StoredDocument): HttpResult {
  return {
    status: 200,
    etag: doc.etag,
    lastModified: doc.lastModified,
    headers: { "content-type": doc.contentType, "cache-control": cachePolicy.document },
    body: doc.body,
    encoded: doc.encoded,
  };
}
