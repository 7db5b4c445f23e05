import type { Page } from "@playwright/test";
import { TAGLINE, TIMINGS } from "#domain/constants.ts";
import { PREFETCH_LIST_ID } from "#domain/start-up.ts";
import { expectNoSeriousA11yViolations, failOnConsoleErrors, openApp } from "./support/app.ts";
import { openLoginPopup } from "./support/auth.ts";
import { expect, test } from "./support/fixtures.ts";
import {
  expectSplashAsSpecified,
  layoutShifts,
  recordLayoutShifts,
  startSlowDocumentProxy,
  watchSplash,
} from "./support/splash.ts";

test("the splash shows the brand for 3.2 s, fades over 1 s, then the app is there", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await watchSplash(page);
  await page.goto("/");
  await expectSplashAsSpecified(page);

  // Nothing waits after the fade: the home page and its catalogue are already there.
  await expect(page.getByRole("heading", { level: 1 })).toContainText(TAGLINE);
  await expect(page.getByRole("tab", { name: /Homekit/ })).toBeVisible({ timeout: 500 });
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test("nothing on the page moves from the first paint to the app's first screen", async ({ page }) => {
  // What could move: the splash as the app's stylesheet arrives after it (decision 028), the
  // header as the location text changes from "Detecting..." to its answer.
  await recordLayoutShifts(page);
  for (const path of ["/", "/cart"]) {
    await page.goto(path);
    await expect(page.locator("#splash")).toHaveCount(0, { timeout: TIMINGS.splashMs + TIMINGS.splashFadeMs + 5_000 });
    await expect(page.getByRole("button", { name: /^Location/ })).not.toContainText("Detecting");
    expect(await layoutShifts(page), path).toEqual([]);
  }
});

test("a splash painted before all of it has arrived does not move when the rest arrives", async ({
  page,
  browserProblems,
}) => {
  // A browser may paint the document as far as it has parsed it: here the mark, before the brand
  // and the tagline. Centred as a column, the mark then moved up by half their height (a shift of
  // 0.002 on this viewport, 0.006 on Lighthouse's phone); the splash's rows now have their sizes
  // before their elements arrive.
  const proxy = await startSlowDocumentProxy('<p class="splash-brand">');
  browserProblems.allowOrigin(proxy.origin);
  try {
    await recordLayoutShifts(page);
    await page.goto(`${proxy.origin}/`, { waitUntil: "commit" });
    // The rest of the document is sent once the mark is on screen, however long a busy machine
    // takes to paint it (a fixed half second was outlasted: painted at 952 ms, the rest at 538 ms).
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length), {
        message: "the first part of the document is painted",
      })
      .toBe(1);
    proxy.sendRest();
    await expect(page.locator("#splash")).toContainText(TAGLINE);
    const { paint, documentEnd } = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return {
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        documentEnd: navigation.responseEnd,
      };
    });
    // The case this is about: the mark was on screen before the rest of the document had arrived.
    expect(paint).toBeLessThan(documentEnd);
    expect(await layoutShifts(page)).toEqual([]);
  } finally {
    await proxy.close();
  }
});

test("while the splash shows, the code of every other page is fetched for later", async ({ page }) => {
  // Decisions 028 and 039: the built index.html lists the chunks; prefetch-chunks.ts turns them into
  // <link rel="prefetch"> once the first page is up, a few at a time, and the browser fetches each.
  const requested = new Set<string>();
  page.on("request", (request) => requested.add(new URL(request.url()).pathname));
  await openApp(page, "/");
  const listed = await page.evaluate(
    (id) => JSON.parse(document.getElementById(id)?.textContent ?? "[]") as string[],
    PREFETCH_LIST_ID,
  );
  expect(listed.length).toBeGreaterThan(20);
  const linked = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => new URL(link.href).pathname),
  );
  expect(linked.sort()).toEqual([...listed].sort());
  expect(listed.filter((file) => !requested.has(file))).toEqual([]);
});

test("what the first screen does not draw is asked for only once it is drawn, and then works", async ({ page }) => {
  // Decision 041: the features beside the router (accounts, cart sync, location), the prefetching
  // and the service worker's starter wait until the first page is drawn.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.getElementById("hero-heading")) return;
      (window as unknown as { __heroAt: number }).__heroAt = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });
  });
  await openApp(page, "/");
  const { heroAt, started } = await page.evaluate(() => {
    const starts: Record<string, number[]> = {};
    for (const entry of performance.getEntriesByType("resource")) {
      const chunk = /\/assets\/(beside-router|prefetch-chunks|start-app-worker)-[\w-]+\.js$/.exec(entry.name)?.[1];
      if (chunk) starts[chunk] = [...(starts[chunk] ?? []), entry.startTime];
    }
    return { heroAt: (window as unknown as { __heroAt?: number }).__heroAt, started: starts };
  });
  expect(heroAt).toBeGreaterThan(0);
  for (const chunk of ["beside-router", "prefetch-chunks", "start-app-worker"]) {
    // Asked for by its import() and again by its prefetch link, which the browser answers from its cache.
    const first = Math.min(...(started[chunk] ?? []));
    expect(first, `${chunk} asked for after the first page was in the document`).toBeGreaterThan(
      heroAt ?? Number.POSITIVE_INFINITY,
    );
    expect(first, chunk).toBeLessThan(Number.POSITIVE_INFINITY);
  }
  // And they are there: the header's account button (the accounts feature) opens the login popup,
  // and the location detected at start is shown.
  await expect(page.getByRole("button", { name: /^Location/ })).not.toContainText("Detecting");
  await openLoginPopup(page);
});

/** When the first contentful paint was reported, and when the first of the app's files was asked for. */
async function paintAndFirstAsset(page: Page): Promise<{ paint: number | undefined; firstAsset: number }> {
  return page.evaluate(() => {
    const assets = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/"));
    return {
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      firstAsset: Math.min(...assets.map((entry) => entry.startTime)),
    };
  });
}

test.describe("the app's files are asked for once the splash is on screen", () => {
  // Decision 044: the built index.html lists the start-up files and asks for them when the browser
  // reports its first contentful paint, the splash; Vite's own tags would have them fetched while
  // the HTML is parsed, and, arriving first, run before the splash's first frame.
  test("in a tab in view, after the first paint", async ({ page }) => {
    const errors = failOnConsoleErrors(page);
    await openApp(page, "/");
    const { paint, firstAsset } = await paintAndFirstAsset(page);
    expect(paint).toBeGreaterThan(0);
    expect(firstAsset).toBeGreaterThanOrEqual(paint ?? Number.POSITIVE_INFINITY);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(TAGLINE);
    expect(errors).toEqual([]);
  });

  test("in a tab opened in the background, at once: it paints nothing until it is shown", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
    });
    await openApp(page, "/");
    const { paint, firstAsset } = await paintAndFirstAsset(page);
    expect(firstAsset).toBeLessThan(paint ?? Number.POSITIVE_INFINITY);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(TAGLINE);
  });

  test("in a browser that never reports the paint, after a second", async ({ page }) => {
    await page.addInitScript(() => {
      const observe = PerformanceObserver.prototype.observe;
      PerformanceObserver.prototype.observe = function (this: PerformanceObserver, options?: PerformanceObserverInit) {
        if (options?.type !== "paint") observe.call(this, options);
      };
    });
    await openApp(page, "/");
    const { firstAsset } = await paintAndFirstAsset(page);
    expect(firstAsset).toBeGreaterThanOrEqual(1000);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(TAGLINE);
  });
});
