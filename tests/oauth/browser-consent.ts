import type { Page } from "playwright-core";
import { expect } from "vitest";

/** A member's credentials as the sign-in page takes them. */
export interface MemberCredentials {
  readonly username: string;
  readonly password: string;
}

/**
 * Opens `authorizationUrl` in Chromium, signs the member in, and clicks Allow on the consent page;
 * returns the URL the browser was then sent to (the first navigation starting with
 * `callbackPrefix`). `beforeAllow` runs on the consent page, before the click.
 */
export async function signInAndAllow(
  page: Page,
  authorizationUrl: URL,
  callbackPrefix: string,
  credentials: MemberCredentials,
  beforeAllow: (page: Page) => Promise<void> = async () => {},
): Promise<URL> {
  const callback = page.waitForRequest((request) => request.url().startsWith(callbackPrefix) && request.isNavigationRequest());
  await page.goto(authorizationUrl.href);
  await page.getByLabel("Username").fill(credentials.username);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect.poll(() => page.getByRole("button", { name: "Allow" }).isVisible()).toBe(true);
  await beforeAllow(page);
  await page.getByRole("button", { name: "Allow" }).click();
  return new URL((await callback).url());
}
