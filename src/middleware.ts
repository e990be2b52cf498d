import { defineMiddleware } from "astro:middleware";
import { astroPageHeaders } from "./http/security-headers.ts";

/**
 * Pages rendered on request (/docs/) get the same security headers as the prerendered ones
 * (src/server/static-site.ts); their CSP allows the page's inline `<style>` elements by hash, so
 * the body is read whole first (these pages are small).
 */
export const onRequest = defineMiddleware(async (_context, next): Promise<Response> => {
  const response = await next();
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return response;
  const body = await response.text();
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(astroPageHeaders(body))) headers.set(name, value);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
});
