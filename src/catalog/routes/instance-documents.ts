import { problems } from "../../core/problem.ts";
import { storedDocumentResult } from "./document-result.ts";
import type { HttpResult } from "../../http/http-types.ts";
import { changesIndexBody } from "../changes/write-change-log.ts";
import { dumpListingBody } from "../dumps/write-dump.ts";
import type { CatalogSnapshot, StoredDocument } from "../store/catalog-snapshot.ts";
import { renderedDocument } from "../store/rendered-document.ts";

/** The prebuilt documents that carry absolute URLs: the change feed's index and the dump listing. */
export type InstanceDocumentKey = "changes" | "dumps";

const renderedBySnapshot = new WeakMap<CatalogSnapshot, Map<string, StoredDocument>>();

/**
 * One of the build's documents with absolute URLs, rendered for the serving instance's
 * PUBLIC_BASE_URL from the snapshot's manifest by the generators the build uses
 * (write-change-log.ts, write-dump.ts), on first request and then cached with the snapshot (a
 * rebuild brings a new snapshot). So a server never publishes the build's base when it serves
 * another, and one build serves several base URLs; with the build's base the bytes are the
 * build's. Last-Modified is the build document's (when its content last changed); the ETag is a
 * content hash, the same on every instance with the same base.
 * @see src/discovery/rendered-documents.ts (the discovery documents, rendered the same way), docs/api.md "Change feed"
 */
export function instanceDocument(snapshot: CatalogSnapshot, base: string, key: InstanceDocumentKey): StoredDocument {
  let rendered = renderedBySnapshot.get(snapshot);
  if (!rendered) renderedBySnapshot.set(snapshot, (rendered = new Map()));
  const cacheKey = `${key}\u0000${base}`;
  const cached = rendered.get(cacheKey);
  if (cached) return cached;
  const built = snapshot.document(key);
  if (!built) throw problems.catalogUnavailable(`the build has no ${key} document`);
  const body = renderBody(snapshot, base, key);
  // A build older than the kept change history has nothing to render from: its own document stands.
  const doc = body === undefined ? built : { ...renderedDocument(body, built.contentType, built), lastModified: built.lastModified };
  rendered.set(cacheKey, doc);
  return doc;
}

function renderBody(snapshot: CatalogSnapshot, base: string, key: InstanceDocumentKey): string | undefined {
  const { manifest } = snapshot;
  if (key === "changes")
    return manifest.changeHistory && changesIndexBody(manifest.catalogVersion, manifest.changeHistory, manifest.builtAt, base);
  const names = new Map(snapshot.platforms.map((p) => [p.id, p.name]));
  return JSON.stringify(dumpListingBody(manifest.platforms, names, manifest.catalogVersion, base));
}

/** {@link instanceDocument} as an answer, with the caching policy of the prebuilt documents. */
export function instanceDocumentResult(snapshot: CatalogSnapshot, base: string, key: InstanceDocumentKey): HttpResult {
  return storedDocumentResult(instanceDocument(snapshot, base, key));
}
