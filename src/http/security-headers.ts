import { createHash } from "node:crypto";

/**
 * HSTS for a site whose public base URL is https: a year, for this host only (subdomains may be
 * run by others). Browsers ignore it over plain http, so an http base gets none.
 * @see RFC 6797 §6.1
 */
export function strictTransportSecurity(publicBaseUrl: string): string | undefined {
  return new URL(publicBaseUrl).protocol === "https:" ? "max-age=31536000" : undefined;
}

/**
 * Headers every HTML page of the website and the docs carries besides its CSP: no MIME sniffing,
 * and only the origin in the Referer sent to other sites.
 * @see https://fetch.spec.whatwg.org/#x-content-type-options-header
 * @see https://www.w3.org/TR/referrer-policy/#referrer-policy-strict-origin-when-cross-origin
 */
export const htmlSecurityHeaders: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};

/**
 * The website's pages (src/site/): the stylesheet and scripts under /site/ (same origin, with SRI),
 * artwork from the artwork host, the search script's fetches to this origin's API; no inline
 * script or style, no framing. JSON-LD blocks are data, never executed, so script-src need not
 * allow them.
 * @see https://www.w3.org/TR/CSP3/ §6.1.11 (script-src), §6.4.2 (frame-ancestors)
 */
export function siteContentSecurityPolicy(artworkBaseUrl: string): string {
  const artwork = new URL(artworkBaseUrl).origin;
  return `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' ${artwork}; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
}

/** CSP hash source of an inline element's text, as the browser hashes it. @see https://www.w3.org/TR/CSP3/#match-element-to-source-list */
function hashSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The Astro pages (/docs/, /problems/): they inline their stylesheet (the site's own CSS plus the
 * page's), so style-src allows exactly those `<style>` elements by hash rather than
 * 'unsafe-inline'; they have no script, and link to the site's search page.
 * @see https://www.w3.org/TR/CSP3/#grammardef-hash-source
 */
export function inlinePageContentSecurityPolicy(html: string): string {
  const styles = [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)].map((m) => hashSource(m[1] ?? ""));
  const styleSrc = styles.length > 0 ? [...new Set(styles)].join(" ") : "'none'";
  return `default-src 'none'; style-src ${styleSrc}; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
}

/** The security headers of an Astro page, prerendered (src/server/static-site.ts) or rendered on request (src/middleware.ts). */
export function astroPageHeaders(html: string): Record<string, string> {
  return { ...htmlSecurityHeaders, "content-security-policy": inlinePageContentSecurityPolicy(html) };
}
