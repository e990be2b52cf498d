import type { IncomingMessage } from "node:http";
import type { ClientRegistry, RegisteredClient } from "./client-registry.ts";
import { oauthError } from "./oauth-errors.ts";
import { equalSecrets, sha256Hex } from "./secrets.ts";

/** Credentials as presented: from the Authorization header (Basic) or the form body. */
interface PresentedCredentials {
  readonly clientId: string | undefined;
  readonly secret: string | undefined;
  readonly method: "client_secret_basic" | "client_secret_post" | "none";
}

/** The one form value of `name`; a repeated parameter is an error. @see RFC 6749 §3.2 */
export function singleParam(form: URLSearchParams, name: string): string | undefined {
  const values = form.getAll(name);
  if (values.length > 1) throw oauthError("invalid_request", `${name} is given more than once`);
  return values[0];
}

/** application/x-www-form-urlencoded decoding, as Basic credentials are encoded first. @see RFC 6749 §2.3.1, Appendix B */
function formDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

const basicChallenge = { "www-authenticate": 'Basic realm="ludex", charset="UTF-8"' };

function invalidClient(detail: string): never {
  // 401 with a challenge for the scheme clients may use. @see RFC 6749 §5.2
  throw oauthError("invalid_client", detail, { headers: basicChallenge });
}

function presented(req: IncomingMessage, form: URLSearchParams): PresentedCredentials {
  const header = req.headers.authorization;
  const bodyId = singleParam(form, "client_id");
  const bodySecret = singleParam(form, "client_secret");
  if (header !== undefined) {
    const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header);
    if (!match?.[1]) invalidClient("the Authorization header is not valid Basic client authentication");
    const decoded = Buffer.from(match[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const id = colon < 0 ? undefined : formDecode(decoded.slice(0, colon));
    const secret = colon < 0 ? undefined : formDecode(decoded.slice(colon + 1));
    if (id === undefined || secret === undefined) invalidClient("the Basic credentials are malformed");
    if (bodySecret !== undefined) throw oauthError("invalid_request", "use one client authentication method, not several");
    if (bodyId !== undefined && bodyId !== id) throw oauthError("invalid_request", "client_id differs from the authenticated client");
    return { clientId: id, secret, method: "client_secret_basic" };
  }
  if (bodySecret !== undefined) return { clientId: bodyId, secret: bodySecret, method: "client_secret_post" };
  return { clientId: bodyId, secret: undefined, method: "none" };
}

/**
 * Identifies and authenticates the client of a token or revocation request. A confidential client
 * must use the method it registered (secret compared as SHA-256 in constant time); a public client
 * sends only its client_id and must not present a secret. Every failure is the same
 * `invalid_client`, so nothing tells which part was wrong.
 * @see RFC 6749 §2.3.1 and §3.2.1, RFC 7591 §2 (token_endpoint_auth_method), RFC 7009 §2.1
 */
export async function authenticateClient(req: IncomingMessage, form: URLSearchParams, clients: ClientRegistry): Promise<RegisteredClient> {
  const credentials = presented(req, form);
  if (credentials.clientId === undefined) invalidClient("client authentication failed: no client_id");
  const client = await clients.find(credentials.clientId);
  if (!client) invalidClient("client authentication failed");
  if (client.authMethod !== credentials.method) invalidClient("client authentication failed");
  if (client.authMethod !== "none") {
    if (credentials.secret === undefined || client.secretHash === null || !equalSecrets(sha256Hex(credentials.secret), client.secretHash)) {
      invalidClient("client authentication failed");
    }
  }
  return client;
}
