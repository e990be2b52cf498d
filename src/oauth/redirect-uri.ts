/** Loopback hosts a native development client may use over plain http (never "localhost"). */
const loopbackHosts = new Set(["127.0.0.1", "[::1]"]);

/** The outcome of checking one redirect URI at registration: when accepted, the form to store. */
export type RedirectUriCheck = { readonly ok: true; readonly uri: string } | { readonly ok: false; readonly detail: string };

/** Whitespace, control and format characters, which a URL parser drops or re-encodes, and `*`, a wildcard never honoured. */
const refusedCharacters = /[\s\p{Cc}\p{Cf}*]/u;

function parse(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function isLoopback(url: URL): boolean {
  return url.protocol === "http:" && loopbackHosts.has(url.hostname);
}

/**
 * Checks a redirect URI offered at registration: absolute, no fragment, no user information, no
 * whitespace, control characters or `*`, and https — or http on a loopback address for native
 * development clients. "localhost" is refused: it may resolve elsewhere, and a listener on it may
 * not be the client. The accepted URI is stored in its WHATWG URL serialisation (lower-case
 * scheme and host, default port dropped), so the stored URI is the one a redirect goes to.
 * @see RFC 6749 §3.1.2, RFC 7591 §2 and §3.2.2, RFC 8252 §7.3 and §8.3, RFC 9700 §2.1 and §4.1.3
 */
export function checkRedirectUri(value: string): RedirectUriCheck {
  if (value.length > 2000) return { ok: false, detail: "a redirect URI may be at most 2000 characters" };
  if (refusedCharacters.test(value))
    return { ok: false, detail: "a redirect URI must not contain whitespace, control characters or the wildcard *" };
  const url = parse(value);
  if (!url) return { ok: false, detail: "a redirect URI must be an absolute URI" };
  if (value.includes("#")) return { ok: false, detail: "a redirect URI must not have a fragment" };
  if (url.username !== "" || url.password !== "") return { ok: false, detail: "a redirect URI must not carry user information" };
  if (url.href.length > 2000) return { ok: false, detail: "a redirect URI may be at most 2000 characters" };
  if (url.protocol === "https:" || isLoopback(url)) return { ok: true, uri: url.href };
  if (url.protocol === "http:") return { ok: false, detail: "plain http is allowed only on a loopback address (127.0.0.1 or [::1])" };
  return { ok: false, detail: "a redirect URI must use https (or http on a loopback address)" };
}

/**
 * True when `requested` matches one of `registered` (stored in normalised form): an exact string
 * match, except that a loopback redirect URI may use any port.
 * @see RFC 6749 §3.1.2.3, RFC 8252 §7.3, RFC 9700 §4.1.3
 */
export function matchesRegisteredRedirectUri(requested: string, registered: readonly string[]): boolean {
  if (registered.includes(requested)) return true;
  const wanted = parse(requested);
  if (!wanted || !isLoopback(wanted) || requested.includes("#")) return false;
  return registered.some((candidate) => {
    const known = parse(candidate);
    if (!known || !isLoopback(known) || known.hostname !== wanted.hostname) return false;
    // Exact match with the port taken from the request: path, query and the rest must be identical.
    known.port = wanted.port;
    return known.href === requested;
  });
}
