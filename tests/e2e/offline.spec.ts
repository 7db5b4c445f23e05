import { TAGLINE } from "#domain/constants.ts";
import { OFFLINE_NOTICE } from "#domain/installable-app.ts";
import { openApp } from "./support/app.ts";
import { newUser, signUpThroughApi } from "./support/auth.ts";
import { indianRupees, lowestPrice, seedService } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { cachedUrls, untilServiceWorkerControls } from "./support/service-worker.ts";
import { expectSplashAsSpecified, watchSplash } from "./support/splash.ts";

/**
 * Issue 19, decision 037: once the service worker has come with a first visit, the app opens with
 * the network gone: the splash as the spec has it, the home page with the catalogue, a service's
 * page, and a banner saying the device is offline and what will not work. No private answer of the
 * API is ever kept in Cache Storage. Back online, the banner goes.
 */

const service = seedService("in Homekit", (candidate) => candidate.group === "Homekit");
const banner = (page: import("@playwright/test").Page) => page.getByRole("status").filter({ hasText: OFFLINE_NOTICE });

test("offline, the app shell and the catalogue open with the splash and the offline banner; no private answer is cached", async ({
  page,
  context,
  browserProblems,
}) => {
  test.setTimeout(90_000);
  // Signed in, so that the private answers (session, cart, events) are really asked for.
  await signUpThroughApi(page.request, newUser("offline"));
  await openApp(page, "/");
  await untilServiceWorkerControls(page);
  // A second visit, under the worker from its start: every request of the page (the session, the
  // cart, the events, the catalogue) passes by the worker, which must keep the catalogue alone.
  await openApp(page, "/");
  await expect(banner(page)).toHaveCount(0);
  // A service's page online, as a person browsing would have seen it.
  await page
    .getByRole("link", { name: new RegExp(service.title) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(service.title);

  browserProblems.allowOffline();
  await context.setOffline(true);
  // The page that was open says so at once.
  await expect(banner(page)).toBeVisible();

  // A fresh page, with the network gone: the home page.
  const offline = await context.newPage();
  await watchSplash(offline);
  const home = await offline.goto("/");
  expect(home?.fromServiceWorker(), "the app shell comes from the service worker").toBe(true);
  await expectSplashAsSpecified(offline);
  await expect(offline.getByRole("heading", { level: 1 })).toContainText(TAGLINE);
  await expect(offline.getByRole("tab", { name: /Homekit/ })).toBeVisible();
  await expect(offline.getByRole("link", { name: new RegExp(service.title) }).first()).toBeVisible();
  await expect(banner(offline)).toBeVisible();
  await expect(banner(offline)).toHaveText(OFFLINE_NOTICE);

  // A service's page, loaded fresh: the catalogue's answers from the cache.
  await watchSplash(offline);
  await offline.goto(`/service/${service.name}`);
  await expectSplashAsSpecified(offline);
  await expect(offline.getByRole("heading", { level: 1 })).toHaveText(service.title);
  await expect(offline.getByText(`from ${indianRupees(lowestPrice(service))}`, { exact: true })).toBeVisible();
  await expect(banner(offline)).toBeVisible();

  // Nothing of the API but the public catalogue is in Cache Storage.
  const kept = Object.values(await cachedUrls(offline)).flat();
  const api = kept.map((url) => new URL(url).pathname).filter((path) => path.startsWith("/api/"));
  expect(api).toContain("/api/services");
  expect(api.filter((path) => !/^\/api\/services(\/[a-z0-9-]+(\/reviews)?)?$/.test(path))).toEqual([]);

  // Back online: the banner goes from both pages.
  await context.setOffline(false);
  await expect(banner(offline)).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
});
