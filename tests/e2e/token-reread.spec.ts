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
  // The profile has loaded what it shows (its bookings, its notification settings): a sign-out while
  // those requests were still on their way would have them refused, which is not what this proves.
  await expect(page.getByText("Nothing booked yet.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Rating reminders/ })).toBeEnabled();

  // Storage events reach other tabs only; in this tab only the 1 s re-read can notice.
  await page.evaluate(async (key) => {
    await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    localStorage.removeItem(key);
  }, STORAGE_KEYS.authToken);

  await expect(page).toHaveURL(/\/$/, { timeout: 2_500 });
  await expect(headerLogin(page)).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.authToken)).toBeNull();
});
