import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium (.ci/run installs it); Playwright never downloads a browser here. */
export const chromiumPath = "/usr/bin/chromium";

export const chromiumAvailable: boolean = existsSync(chromiumPath);

/** Headless, no sandbox (root in CI), and nothing that reaches the network on its own. */
export const chromiumArgs: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
}
