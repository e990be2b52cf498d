/// <reference types="astro/client" />

declare namespace App {
  /** Services the ludex server hands to Astro pages (src/server/create-server.ts). */
  interface Locals {
    config: import("./config/config.ts").Config;
    catalog: import("./catalog/store/catalog-source.ts").CatalogSource;
    /** Members, grants and the OAuth routes (src/oauth/). */
    oauth: import("./oauth/oauth-service.ts").OAuthService;
  }
}
