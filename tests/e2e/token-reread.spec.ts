import { STORAGE_KEYS } from "#domain/constants.ts";
import { openApp } from "./support/app.ts";
import { headerLogin, headerProfile, newUser, signUpThroughApi } from "./support/auth.ts";
import { expect, test } from "./support/fixtures.ts";

test("the token is re-read every second, so a change in this tab's storage shows without a storage event", async ({
  page,
}) => {
  await signUpThroughApi(page.request, newUser("reread"));
  await openApp(page, "/");
  await headerProfile(page).click();
  await expect(page).toHaveURL(/\/profile$/);

  // Storage events reach other tabs only; in this tab only the 1 s re-read can notice.
  await page.evaluate(async (key) => {
    await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    localStorage.removeItem(key);
  }, STORAGE_KEYS.authToken);

  await expect(page).toHaveURL(/\/$/, { timeout: 2_500 });
  await expect(headerLogin(page)).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.authToken)).toBeNull();
});
