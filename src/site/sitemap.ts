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
