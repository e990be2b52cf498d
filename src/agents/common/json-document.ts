import { strongEtag } from "../../http/etag.ts";
import { cachePolicy } from "../../http/cache-policy.ts";
import type { HttpResult } from "../../http/http-types.ts";

/** A discovery document (server card, Agent Card, AI Catalog): fixed for the process's configuration. */
export interface JsonDocument {
  readonly body: string;
  /** Strong validator: a hash of the body. */
  readonly etag: string;
  readonly contentType: string;
}

export function jsonDocument(value: unknown, contentType = "application/json"): JsonDocument {
  const body = JSON.stringify(value);
  return { body, etag: strongEtag(body), contentType };
}

/**
 * The answer for a discovery document: cacheable like the other documents, revalidated with its
 * ETag (304 on a match, through the server's writer).
 * @see RFC 9110 §8.8.3, RFC 9111 §5.2.2
 */
export function jsonDocumentResult(doc: JsonDocument, headers: Readonly<Record<string, string>> = {}): HttpResult {
  return {
    status: 200,
    etag: doc.etag,
    headers: { "content-type": doc.contentType, "cache-control": cachePolicy.document, ...headers },
    body: doc.body,
    compressible: true,
  };
}
