import type { BrowserContext, Locator, Page } from "@playwright/test";
import { BRAND } from "#domain/constants.ts";
import { expectNoSeriousA11yViolations } from "./support/app.ts";
import { newUser, signUpThroughApi } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { bookAtHome, signInOrFollowInvitation } from "./support/job-journey.ts";

/**
 * Issue 36, the mate app on a phone and the console (decision 050): under /mate and /ops the app
 * draws its own frame (the brand, the person's name, the area's sections) instead of the customers'
 * header with its search, cart and location, and a page opened there shows itself at once, without
 * the customers' brand splash, which their own pages keep (splash.spec.ts).
 */

/** Records, in every page of the context, when the splash left the document and when the first <h1> came. */
async function watchFirstScreen(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const marks = { splashGoneAt: -1, headingAt: -1 };
    (window as unknown as { __firstScreen: typeof marks }).__firstScreen = marks;
    new MutationObserver((records, observer) => {
      const splashGone = records.some((record) =>
        [...record.removedNodes].some((node) => node instanceof Element && node.id === "splash"),
      );
      if (marks.splashGoneAt < 0 && splashGone) marks.splashGoneAt = performance.now();
      if (marks.headingAt < 0 && document.querySelector("h1")) marks.headingAt = performance.now();
      if (marks.splashGoneAt >= 0 && marks.headingAt >= 0) observer.disconnect();
    }).observe(document, { subtree: true, childList: true });
  });
}

/**
 * Opens `path` as a page of its own (typed in, or a notification tapped) and expects `heading` to be
 * its first heading, shown with no splash: the splash gone before the heading came (on a customer's
 * page the app is drawn under the splash, which leaves seconds later). How soon is the benchmarks'
 * business, not a test's.
 */
async function expectShownWithoutSplash(page: Page, path: string, heading: Locator): Promise<void> {
  await page.goto(path);
  await expect(heading).toBeVisible();
  const marks = await page.evaluate(
    () => (window as unknown as { __firstScreen: { splashGoneAt: number; headingAt: number } }).__firstScreen,
  );
  expect(await page.evaluate(() => document.documentElement.dataset.splash)).toBe("off");
  expect(marks.splashGoneAt, "the splash left the page").toBeGreaterThanOrEqual(0);
  expect(marks.headingAt, "the heading came").toBeGreaterThanOrEqual(0);
  expect(marks.splashGoneAt, "the splash went before the page's heading came").toBeLessThanOrEqual(marks.headingAt);
  await expectFilesAskedForAtOnce(page);
}

/**
 * With no splash to wait for, the app's files are asked for as the page is read, before the document
 * has been parsed, not once a first paint has come (there the app's own screen) or a second passed.
 */
async function expectFilesAskedForAtOnce(page: Page): Promise<void> {
  const { parsed, firstAsset } = await page.evaluate(() => ({
    parsed: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).domContentLoadedEventStart,
    firstAsset: Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/"))
        .map((entry) => entry.startTime),
    ),
  }));
  expect(parsed, "the document has been parsed").toBeGreaterThan(0);
  expect(firstAsset, "the app's files were asked for while the page was read").toBeLessThan(parsed);
}

/** None of the customers' header: no service search, no cart, no location. */
async function expectNoCustomerHeader(page: Page): Promise<void> {
  await expect(page.getByRole("combobox", { name: "Search services" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Cart/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Location/ })).toHaveCount(0);
}

/** The bounding box of what `locator` finds, which it must have. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

const CARPENTER = {
  id: "mate-024",
  name: "Vijay Vishwakarma",
  password: "kelva-carpenter-2026",
  home: { flat: "C-7", search: "Kelv", locality: "Kelva", pincode: "401401" },
};

test("a mate's job on a 360 × 640 phone: the next step in the first screen, the sections in a bar at the foot", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The customer books a carpenter at home in Kelva, where the one carpenter nearby is this mate.
  await signUpThroughApi(page.request, newUser("kelva", { name: "Sneha Raut" }));
  await bookAtHome(page, {
    service: "/service/carpenter",
    option: /Door lock or handle installation/,
    home: CARPENTER.home,
  });
  await expect(page.getByText(CARPENTER.name).first()).toBeVisible();

  const phone = await browser.newContext({
    baseURL: E2E.origin,
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await watchFirstScreen(phone);
    const mate = await phone.newPage();
    const email = E2E.mates[CARPENTER.id] ?? "";
    await signInOrFollowInvitation(mate, {
      email,
      name: CARPENTER.name,
      subject: "Your Mates professional account",
      password: CARPENTER.password,
      landsOn: /\/mate$/,
      home: "/mate",
    });
    const banner = mate.getByRole("banner");
    await expect(banner.getByRole("link", { name: `${BRAND}, Jobs` })).toBeVisible();
    await expect(banner).toContainText(CARPENTER.name);
    await expectNoCustomerHeader(mate);

    // The job, opened as a page of its own (as from a notification): no splash in front of it.
    await mate
      .getByRole("region", { name: "Upcoming" })
      .getByRole("link", { name: /Carpenter for Sneha/ })
      .click();
    await expect(mate).toHaveURL(/\/mate\/jobs\/[^/]+$/);
    const jobPath = new URL(mate.url()).pathname;
    await expectShownWithoutSplash(mate, jobPath, mate.getByRole("heading", { level: 1, name: "Carpenter" }));
    await expectNoCustomerHeader(mate);

    // The one main button is in the first screen, unscrolled, and nothing lies over it: not the
    // offer of notifications (one line) nor the bar of sections below it.
    const next = mate.getByRole("button", { name: /^On the way/ });
    await expect(next).toBeVisible();
    const offer = mate.getByRole("region", { name: "Get new jobs on this phone" });
    await expect(offer).toBeVisible();
    const nav = mate.getByRole("navigation", { name: "Mate app" });
    await expect(nav.getByRole("link")).toHaveText(["Jobs", "Availability", "Earnings", "Ratings"]);
    expect(await mate.evaluate(() => window.scrollY)).toBe(0);
    const [button, strip, bar] = [await boxOf(next), await boxOf(offer), await boxOf(nav)];
    expect(button.y).toBeGreaterThanOrEqual(0);
    expect(button.y + button.height).toBeLessThanOrEqual(strip.y);
    expect(strip.height, "the offer is one line").toBeLessThan(56);
    expect(strip.y + strip.height).toBeLessThanOrEqual(bar.y + 1);
    expect(bar.y + bar.height).toBeLessThanOrEqual(640 + 1);
    const hit = await next.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    expect(hit, "the main button is what a tap on it reaches").toBe(true);
    await expectNoSeriousA11yViolations(mate);

    // The bar goes to each section, and says which one is open.
    for (const [label, heading] of [
      ["Availability", "Availability"],
      ["Earnings", "Earnings"],
      ["Ratings", "Ratings"],
      ["Jobs", "My jobs"],
    ] as const) {
      await nav.getByRole("link", { name: label }).tap();
      await expect(mate.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(nav.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
      await expect(nav).toBeInViewport();
    }
    await expect(mate.getByRole("region", { name: "Upcoming" }).getByRole("link", { name: /Carpenter/ })).toBeVisible();

    // "Not now" takes the offer away, and the bar stays at the foot of the screen.
    await offer.getByRole("button", { name: "Not now" }).tap();
    await expect(offer).toHaveCount(0);
    expect((await boxOf(nav)).y + (await boxOf(nav)).height).toBeLessThanOrEqual(640 + 1);
  } finally {
    await phone.close();
  }
});

test("the console in its own frame: no splash when opened, its sections, no customers' search, cart or location", async ({
  page,
  context,
}) => {
  await watchFirstScreen(context);
  await signInOrFollowInvitation(page, {
    email: E2E.frameOperator,
    name: "Farah Desai",
    subject: "Your Mates operations account",
    password: "frame-operator-2026",
    landsOn: /\/ops$/,
    home: "/ops",
  });
  await expectShownWithoutSplash(page, "/ops/bookings", page.getByRole("heading", { level: 1 }));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Operations console");
  await expectNoCustomerHeader(page);
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: `${BRAND}, Applications` })).toBeVisible();
  await expect(banner).toContainText("Farah Desai");
  const sections = banner.getByRole("navigation", { name: "Console" });
  await expect(sections.getByRole("link")).toHaveText([
    "Applications",
    "Cases",
    "Bookings",
    "Mates",
    "Customers",
    "Reviews",
    "Payouts",
    "Commission",
    "Translations",
    "Finance",
    "Operators",
    "Audit log",
  ]);
  await expect(sections.getByRole("link", { name: "Bookings" })).toHaveAttribute("aria-current", "page");
  await sections.getByRole("link", { name: "Mates" }).click();
  await expect(page).toHaveURL(/\/ops\/mates$/);
  await expect(sections.getByRole("link", { name: "Mates" })).toHaveAttribute("aria-current", "page");
  await expectNoSeriousA11yViolations(page);
});

test("a visitor opening /mate or /ops is asked to log in at once, with no splash; a customer's /mate-assigning keeps it", async ({
  page,
  context,
}) => {
  await watchFirstScreen(context);
  await page.goto("/mate");
  await expect(page.getByText("Log in to see your jobs")).toBeVisible();
  expect(await page.locator("#splash").count()).toBe(0);
  await expectFilesAskedForAtOnce(page);
  await expectNoCustomerHeader(page);
  await expect(page.getByRole("banner").getByRole("button", { name: "Login", exact: true })).toBeVisible();
  // The mate app's sections are for mates only.
  await expect(page.getByRole("navigation", { name: "Mate app" })).toHaveCount(0);

  // The first segment decides, in any case.
  await page.goto("/OPS");
  await expect(page.getByText("Log in to the operations console")).toBeVisible();
  expect(await page.locator("#splash").count()).toBe(0);
  await expectNoCustomerHeader(page);

  // A customer's page whose path only begins with "mate" is a customer's page: the splash shows.
  await page.goto("/mate-assigning");
  await expect(page.locator("#splash")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.splash)).toBeUndefined();
});
