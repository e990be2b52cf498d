// @ts-check
import node from "@astrojs/node";
import { defineConfig } from "astro/config";

// Astro renders the HTML pages only. The JSON API, static catalog files and discovery documents
// are answered by ludex's own node:http server (src/server/), which hands page requests to
// Astro's handler in middleware mode.
export default defineConfig({
  site: process.env.PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT ?? 4321}`,
  outDir: "./dist/site",
  output: "static",
  adapter: node({ mode: "middleware" }),
  trailingSlash: "ignore",
  build: { format: "directory" },
  // No syntax highlighting: it writes style="" attributes, which the pages' CSP forbids.
  markdown: { syntaxHighlight: false },
});
