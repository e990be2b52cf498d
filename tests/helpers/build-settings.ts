import type { BuildOptions } from "../../src/pipeline/build-pipeline.ts";
import { loadConfig } from "../../src/config/config.ts";

/**
 * The configuration a test build is made with: the defaults, under `publicBaseUrl` (the base
 * tests/helpers/test-server.ts gives its servers unless a test names another).
 */
export function buildSettings(
  publicBaseUrl = "https://ludex.test",
): Pick<BuildOptions, "publicBaseUrl" | "oauthLimits" | "artworkBaseUrl"> {
  const { oauthLimits, artworkBaseUrl } = loadConfig({ PUBLIC_BASE_URL: publicBaseUrl });
  return { publicBaseUrl, oauthLimits, artworkBaseUrl };
}
