import { MESSAGES } from "#domain/constants.ts";
import { failOnConsoleErrors, openApp } from "./support/app.ts";
import { expect, test } from "./support/fixtures.ts";

test('a page whose code is still on its way shows "Loading..." until it arrives', async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  // The About page's chunk takes 8 s to arrive: longer than the splash that normally hides it.
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/about-page-[^/]+\.js$/, async (route) => {
    await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 8_000))]);
    await route.continue();
  });
  await openApp(page, "/");

  await page.getByRole("link", { name: "About us" }).click();
  await expect(page.getByRole("status").filter({ hasText: MESSAGES.loading })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  release();
  await expect(page).toHaveURL(/\/about#about$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(MESSAGES.loading)).toHaveCount(0);
  expect(errors).toEqual([]);
});
