import { expect, test } from "@playwright/test";
import { BRAND, TAGLINE, TIMINGS } from "#domain/constants.ts";
import { expectNoSeriousA11yViolations, failOnConsoleErrors } from "./support/app.ts";

test("the splash shows the brand for 3.2 s, fades over 1 s, then the app is there", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  const started = Date.now();
  await page.goto("/");
  const splash = page.locator("#splash");
  await expect(splash).toBeVisible();
  await expect(splash).toContainText(BRAND);
  await expect(splash).toContainText(TAGLINE);

  // Still fully opaque shortly before 3.2 s.
  await page.waitForTimeout(Math.max(0, TIMINGS.splashMs - 600 - (Date.now() - started)));
  expect(Number(await splash.evaluate((el) => getComputedStyle(el).opacity))).toBe(1);

  await expect(splash).toHaveCount(0, { timeout: 5_000 });
  const gone = Date.now() - started;
  expect(gone).toBeGreaterThanOrEqual(TIMINGS.splashMs + TIMINGS.splashFadeMs - 100);

  // Nothing waits after the fade: the home page and its catalogue are already there.
  await expect(page.getByRole("heading", { level: 1 })).toContainText(TAGLINE);
  await expect(page.getByRole("tab", { name: /Homekit/ })).toBeVisible({ timeout: 500 });
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});
