import { html } from "./html.ts";
import { pageLayout, type SiteContext } from "./page-layout.ts";
import { sitePaths } from "./site-paths.ts";

/** The 404 page: what was not found and where to go instead. */
export function notFoundPage(ctx: SiteContext, detail: string): string {
  const link = (p: string): string => ctx.pathPrefix + p;
  return pageLayout(ctx, {
    title: "Page not found",
    description: "There is no page at this address in the ludex game catalog.",
    noindex: true,
    body: html`<h1>Page not found</h1>
<p>${detail}</p>
<p>Try <a href="${link(sitePaths.search)}">searching for the game</a>, or browse the <a href="${link(sitePaths.home)}#platforms">platforms</a>.</p>`,
  });
}
