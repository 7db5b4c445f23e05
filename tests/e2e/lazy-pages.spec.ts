import { MESSAGES } from "#domain/constants.ts";
import { failOnConsoleErrors, openApp } from "./support/app.ts";
import { expect, test } from "./support/fixtures.ts";

test.describe("without a service worker", () => {
  // The code here comes slowly through page.route. Once the app's service worker controls a page
  // (decision 037) it answers the page's code from its precache, which page.route never sees: the
  // "Loading..." fallback is for a visit without the worker (the first, before it has installed; a
  // browser without service workers), so this test has none.
  test.use({ serviceWorkers: "block" });

  test('a page whose code is still on its way shows "Loading..." until it arrives', async ({ page }) => {
    const errors = failOnConsoleErrors(page);
    // The About page's chunk (and its prefetch during the splash) is held until the test lets it go:
    // held for a fixed 8 s from the prefetch, it could arrive before a busy machine's click.
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/about-page-[^/]+\.js$/, async (route) => {
      await arrived;
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
});

test("during the splash every customer page's code is fetched, so a page opens after it even offline", async ({
  page,
  context,
  browserProblems,
}) => {
  // Offline on purpose, possibly while the service worker is still installing (decision 037).
  browserProblems.allowOffline();
  const fetched: string[] = [];
  page.on("request", (request) => {
    const file = /\/assets\/([\w-]+?)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname)?.[1];
    if (file) fetched.push(file);
  });
  await openApp(page, "/");
  // Every page of the customer's app came while the splash showed; the mate app's did not.
  for (const name of ["about-page", "cart-page", "service-page", "festivals-page", "profile-page", "not-found-page"]) {
    expect(fetched, name).toContain(name);
  }
  expect(fetched.filter((name) => name.startsWith("mate-layout") || name.startsWith("mate-pages"))).toEqual([]);

  // With the network gone, the About page still opens: its code is in the browser's cache, in the
  // form the app's import() asks for (a second, different fetch would fail here).
  await context.setOffline(true);
  await page.getByRole("link", { name: "About us" }).click();
  await expect(page).toHaveURL(/\/about#about$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await context.setOffline(false);
});
