import type { Page } from "@playwright/test";
import { openApp } from "./support/app.ts";
import { headerLogin, headerProfile, newUser, signInThroughApi, signUpThroughApi } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { untilServiceWorkerControls } from "./support/service-worker.ts";

/**
 * Decision 028: the browser's back/forward cache keeps the app's pages (index.html is not
 * `no-store`). A restored page asks about the session and its data again; a page that showed a
 * signed-in person's data is hidden while it is put away and shown again only with fresh answers.
 * Playwright turns Chromium's back/forward cache off; this file turns it back on.
 *
 * Each test first waits until the app's service worker controls the page (decision 037), as it does
 * for anyone who has been here before: a worker that takes its first page (clients.claim) while
 * that page is in the back/forward cache has Chromium drop it from there, once, on a first visit.
 */
test.use({ launchOptions: { ...E2E.chromiumLaunch, ignoreDefaultArgs: ["--disable-back-forward-cache"] } });

/** Marks the page's document; after "back", the mark is there only if that same document was kept. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { keptDocument: true }));
const isKeptDocument = (page: Page) =>
  page.evaluate(() => (window as { keptDocument?: boolean }).keptDocument === true);

test("back to a visitor's page: the same page at once, and it learns of a sign-in made meanwhile", async ({ page }) => {
  const user = newUser("bfcache-visitor");
  await signUpThroughApi(page.request, user);
  await page.context().clearCookies();

  await openApp(page, "/about");
  await untilServiceWorkerControls(page);
  await expect(headerLogin(page)).toBeVisible();
  await markDocument(page);

  // Another page load, during which the person signs in (their cookie is the browser's).
  await openApp(page, "/festivals");
  await signInThroughApi(page.request, user);

  // A page restored from the back/forward cache fires no "load": wait for the navigation only.
  await page.goBack({ waitUntil: "commit" });
  await expect(page).toHaveURL("/about");
  expect(await isKeptDocument(page)).toBe(true);
  await expect(headerProfile(page)).toBeVisible();
  await expect(headerLogin(page)).toHaveCount(0);
});

test("back to a signed-in person's page after signing out elsewhere: nothing of theirs is seen again", async ({
  page,
  browserProblems,
}) => {
  // The page asks again with the signed-out session's token still stored: the server refuses, and
  // the app lets the person sign in again.
  browserProblems.allowRefusals([401]);
  const user = newUser("bfcache-private", { name: "Kavya Menon" });
  await signUpThroughApi(page.request, user);

  await openApp(page, "/profile");
  await untilServiceWorkerControls(page);
  const record = page.getByRole("region", { name: "Your details" });
  await expect(record).toContainText(user.email);
  await markDocument(page);
  // If this document is kept and restored, every frame it draws from then on is looked at.
  await page.evaluate((email) => {
    window.addEventListener("pageshow", (event) => {
      if (!event.persisted) return;
      const until = performance.now() + 3000;
      const look = () => {
        if (document.body.innerText.includes(email)) Object.assign(window, { privateSeen: true });
        if (performance.now() < until) requestAnimationFrame(look);
      };
      look();
    });
  }, user.email);

  await openApp(page, "/about");
  const signOut = await page.request.post("/api/auth/sign-out", { data: {}, headers: { origin: E2E.origin } });
  expect(signOut.status()).toBe(200);

  // Chromium keeps this page too (only a document's own no-store answer keeps a page out): the
  // app hid it as it was put away and shows it again only as a visitor's.
  await page.goBack({ waitUntil: "commit" });
  await expect(headerLogin(page)).toBeVisible();
  await expect(page.getByText(user.email)).toHaveCount(0);
  expect(await isKeptDocument(page)).toBe(true);
  expect(await page.evaluate(() => (window as { privateSeen?: boolean }).privateSeen === true)).toBe(false);
});

test("back to a signed-in person's page: it shows what changed meanwhile, and its live badge works again", async ({
  page,
}) => {
  const user = newUser("bfcache-live");
  await signUpThroughApi(page.request, user);
  const add = async (option: string) => {
    const added = await page.request.post("/api/cart/items", {
      data: { service: "plumber", option, quantity: 1 },
      headers: { origin: E2E.origin },
    });
    expect(added.status()).toBe(200);
  };
  const badge = page.getByRole("banner").getByRole("link", { name: /^Cart, \d+ items?$/ });

  await openApp(page, "/about");
  await untilServiceWorkerControls(page);
  await expect(badge).toHaveAccessibleName("Cart, 0 items");
  await markDocument(page);

  await openApp(page, "/festivals");
  await add("drain-blockage");

  await page.goBack({ waitUntil: "commit" });
  await expect(page).toHaveURL("/about");
  await expect(badge).toHaveAccessibleName("Cart, 1 item");
  expect(await isKeptDocument(page)).toBe(true);
  // The event stream was closed while the page was away and is open again: a change now shows live.
  await add("flush-tank-repair");
  await expect(badge).toHaveAccessibleName("Cart, 2 items");
});
