import { escapeHtml } from "./html.ts";

/** Most URLs one sitemap file may list. @see https://www.sitemaps.org/protocol.html */
export const SITEMAP_MAX_URLS = 50_000;

export function sitemapUrlSet(urls: readonly string[]): string {
  let out = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (const url of urls) out += `<url><loc>${escapeHtml(url)}</loc></url>\n`;
  return `${out}</urlset>\n`;
}

/** The sitemap index: each part with the time its content last changed. */
export function sitemapIndex(parts: readonly { readonly url: string; readonly lastmod: number }[]): string {
  let out = '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (const p of parts)
    out += `<sitemap><loc>${escapeHtml(p.url)}</loc><lastmod>${new Date(p.lastmod * 1000).toISOString().replace(".000Z", "Z")}</lastmod></sitemap>\n`;
  return `${out}</sitemapindex>\n`;
}

/**
 * A sitemap file of the build with its URLs moved from the build's base URL to another: the same
 * bytes but for the base. Every `<loc>` the build writes starts with its base, so only those are
 * touched. Lets the server publish the build's sitemaps under its own PUBLIC_BASE_URL.
 * @see src/site/site-route.ts, docs/website.md
 */
export function rebaseSitemap(xml: string, fromBase: string, toBase: string): string {
  if (fromBase === toBase) return xml;
  return xml.replaceAll(`<loc>${escapeHtml(`${fromBase}/`)}`, `<loc>${escapeHtml(`${toBase}/`)}`);
}
