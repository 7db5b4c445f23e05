import type { Page } from "@playwright/test";
import { BRAND, TAGLINE, TIMINGS } from "#domain/constants.ts";
import { expectNoSeriousA11yViolations, failOnConsoleErrors } from "./support/app.ts";
import { expect, test } from "./support/fixtures.ts";

type SplashSample = { at: number; opacity: number | null };

/**
 * Samples the splash's opacity in the page's own clock (milliseconds from the start of
 * navigation, the clock the CSS animation runs on) on every frame and every 50 ms, and notes
 * when it leaves the page. Sampling inside the page keeps the test honest on a busy machine:
 * a late answer to the test runner cannot be mistaken for an early fade.
 */
async function watchSplash(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const samples: SplashSample[] = [];
    (window as unknown as { __splash: typeof samples }).__splash = samples;
    let seen = false;
    const sample = () => {
      const splash = document.getElementById("splash");
      if (splash) seen = true;
      if (seen)
        samples.push({ at: performance.now(), opacity: splash ? Number(getComputedStyle(splash).opacity) : null });
      return !seen || splash !== null;
    };
    // One sample per frame, one every 50 ms in case frames are throttled, and one on every change
    // of the page (which catches the moment the splash is removed); each stops once it has gone.
    const frame = () => {
      if (sample()) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const timer = setInterval(() => {
      if (!sample()) clearInterval(timer);
    }, 50);
    const observer = new MutationObserver(() => {
      if (!sample()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const splashSamples = (page: Page) => page.evaluate(() => (window as unknown as { __splash: SplashSample[] }).__splash);

test("the splash shows the brand for 3.2 s, fades over 1 s, then the app is there", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await watchSplash(page);
  await page.goto("/");
  const splash = page.locator("#splash");
  await expect(splash).toBeVisible();
  await expect(splash).toContainText(BRAND);
  await expect(splash).toContainText(TAGLINE);
  await expect(splash).toHaveCount(0, { timeout: TIMINGS.splashMs + TIMINGS.splashFadeMs + 5_000 });

  const samples = await splashSamples(page);
  const onScreen = samples.filter((s) => s.opacity !== null);
  const gone = samples.find((s) => s.opacity === null);
  // Seen fully opaque early on, and never less than that before 3.2 s.
  expect(onScreen.some((s) => s.at < TIMINGS.splashMs - 600 && s.opacity === 1)).toBe(true);
  expect(onScreen.filter((s) => s.at < TIMINGS.splashMs && s.opacity !== 1)).toEqual([]);
  // The fade only ever goes one way.
  for (let i = 1; i < onScreen.length; i += 1) {
    expect(onScreen[i]?.opacity ?? 0).toBeLessThanOrEqual(onScreen[i - 1]?.opacity ?? 1);
  }
  // It leaves the page when its 1 s fade has ended, not before, and not long after: the bound
  // leaves 1.5 s for a busy machine's late timer, and still tells 4.2 s from a splash that lingers.
  expect(gone?.at ?? 0).toBeGreaterThanOrEqual(TIMINGS.splashMs + TIMINGS.splashFadeMs - 20);
  expect(gone?.at ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(TIMINGS.splashMs + TIMINGS.splashFadeMs + 1_500);

  // Nothing waits after the fade: the home page and its catalogue are already there.
  await expect(page.getByRole("heading", { level: 1 })).toContainText(TAGLINE);
  await expect(page.getByRole("tab", { name: /Homekit/ })).toBeVisible({ timeout: 500 });
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test("nothing on the page moves from the first paint to the app's first screen", async ({ page }) => {
  // Every layout shift the browser records (the Layout Instability API: what Lighthouse's CLS
  // adds up), with what moved: the splash as the app's stylesheet arrives after it (decision 028),
  // the header as the location text changes from "Detecting..." to its answer.
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        const moved = entry.sources.map((source) => {
          const node = source.node;
          return node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName);
        });
        shifts.push(`${Math.round(entry.startTime)} ms, ${entry.value.toFixed(5)}: ${moved.join(", ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  for (const path of ["/", "/cart"]) {
    await page.goto(path);
    await expect(page.locator("#splash")).toHaveCount(0, { timeout: TIMINGS.splashMs + TIMINGS.splashFadeMs + 5_000 });
    await expect(page.getByRole("button", { name: /^Location/ })).not.toContainText("Detecting");
    expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts), path).toEqual([]);
  }
});
