import type { Page } from "@playwright/test";
import { GOOGLE_SIGN_IN } from "#domain/auth.ts";
import { MESSAGES, STORAGE_KEYS } from "#domain/constants.ts";
import { failOnConsoleErrors, openApp } from "./support/app.ts";
import { collectAlerts, headerProfile, openLoginPopup, readLocal, watchForWelcome } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";

/**
 * Spec §7 "Sign in with a Google popup": the window runs the whole authorization-code flow against a
 * local OpenID Connect provider playing Google (tests/e2e/support/e2e-server.ts), then reports to the
 * app and closes.
 */
const asha = E2E.googleAccounts.asha as { name: string; email: string };

// Every test here drives the window to the stand-in's own pages, another origin.
test.beforeEach(({ browserProblems }) => browserProblems.allowOrigin(E2E.googleOrigin));

async function startGoogle(page: Page, button: string): Promise<Page> {
  const dialog = await openLoginPopup(page);
  if (button === "Sign up with Google") await dialog.getByRole("button", { name: "Create account" }).click();
  const [popup] = await Promise.all([page.waitForEvent("popup"), dialog.getByRole("button", { name: button }).click()]);
  await popup.waitForLoadState();
  return popup;
}

test("Sign in with Google: the window signs in and closes, and the app is signed in", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  const alerts = collectAlerts(page);
  // Keep what the window reports to the app, to prove it tells its opener (not only a closed window).
  await page.addInitScript((type) => {
    const reports: unknown[] = [];
    (window as unknown as { __googleReports: unknown[] }).__googleReports = reports;
    window.addEventListener("message", (event) => {
      if ((event.data as { type?: unknown } | null)?.type === type) reports.push(event.data);
    });
  }, GOOGLE_SIGN_IN.messageType);
  await openApp(page, "/");

  const popup = await startGoogle(page, "Sign in with Google");
  // While the window is open the popup is busy, with a way to cancel.
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("status")).toHaveText(MESSAGES.processing);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();

  // Google's (the stand-in's) own pages: log in, then consent.
  await popup.locator('input[name="login"]').fill("asha");
  await popup.locator('input[name="password"]').fill("any password");
  await popup.getByRole("button", { name: "Sign-in" }).click();
  const greeted = watchForWelcome(page, asha.name);
  await popup.getByRole("button", { name: "Continue" }).click();
  await expect.poll(() => popup.isClosed()).toBe(true);

  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/");
  await expect(headerProfile(page)).toBeVisible();
  await greeted;
  expect(JSON.parse((await readLocal(page, STORAGE_KEYS.userInfo)) ?? "null")).toEqual({ email: asha.email });
  expect(await page.evaluate(() => (window as unknown as { __googleReports: unknown[] }).__googleReports)).toEqual([
    { type: GOOGLE_SIGN_IN.messageType, ok: true, error: null },
  ]);
  expect(alerts).toEqual([]);
  expect(errors).toEqual([]);
});

test('Sign up with Google, cancelled on Google\'s page, alerts "Google login failed: …"', async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  const alerts = collectAlerts(page);
  await openApp(page, "/");

  const popup = await startGoogle(page, "Sign up with Google");
  await popup.getByRole("link", { name: "[ Cancel ]" }).click();
  await expect.poll(() => alerts).toEqual([MESSAGES.googleFailed("You cancelled Google sign-in.")]);
  await expect.poll(() => popup.isClosed()).toBe(true);

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Create your Mates account" })).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveText("");
  expect(await readLocal(page, STORAGE_KEYS.authToken)).toBeNull();
  expect(errors).toEqual([]);
});

test('closing the Google window stops "Processing..." without an alert', async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  const alerts = collectAlerts(page);
  await openApp(page, "/");

  const popup = await startGoogle(page, "Sign in with Google");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("status")).toHaveText(MESSAGES.processing);
  await popup.close();
  await expect(dialog.getByRole("status")).toHaveText("", { timeout: 3_000 });
  await expect(dialog.getByRole("button", { name: "Close" })).toBeEnabled();
  await expect(dialog.getByRole("button", { name: "Sign in with Google" })).toBeVisible();

  // The Cancel button closes the window too.
  const [again] = await Promise.all([
    page.waitForEvent("popup"),
    dialog.getByRole("button", { name: "Sign in with Google" }).click(),
  ]);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect.poll(() => again.isClosed()).toBe(true);
  await expect(dialog.getByRole("status")).toHaveText("");

  expect(alerts).toEqual([]);
  expect(errors).toEqual([]);
});
