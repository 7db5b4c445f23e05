import type { Browser, Page } from "@playwright/test";
import { type Service, servicePath } from "#domain/catalogue.ts";
import { ABOUT_ANCHORS, BRAND, PAYMENT_ALIASES, SERVICE_GROUPS, STORAGE_KEYS, TAGLINE } from "#domain/constants.ts";
import { documentTitle, HOME_PAGE_META, SITE_DESCRIPTION } from "#domain/page-meta.ts";
import { PUBLIC_PAGE_META, serviceMeta } from "#domain/page-meta-public.ts";
import { SEARCH_ALIASES } from "#domain/search-aliases.ts";
import { searchServices } from "#domain/service-search.ts";
import { DOCUMENT_404, expectNoSeriousA11yViolations, failOnConsoleErrors, openApp } from "./support/app.ts";
import {
  highestPrice,
  indianRupees,
  lowestPrice,
  SEED_SERVICES,
  seedService,
  servicesOf,
  startingWith,
} from "./support/catalogue.ts";
import { type BrowserProblems, expect, test } from "./support/fixtures.ts";
import { expectScrolledTo, pathOf, scrollY } from "./support/view.ts";

/**
 * Spec §2: every route, loaded directly (typed into the address bar), renders its screen.
 * Each route gets its own browser context (fresh local storage); the pages of a test load side by
 * side so that they share one splash wait. For each: axe on the screen as loaded, the screen's own
 * checks, and no console error throughout.
 */
/** `status`: what the server answers for the page (404 for what the app does not know; 200 if left out). */
type RouteCase = { path: string; status?: 404; check: (page: Page) => Promise<void> };

async function loadEachDirectly(browser: Browser, problems: BrowserProblems, cases: RouteCase[]): Promise<void> {
  if (cases.some((route) => route.status === 404)) problems.allowConsoleError(DOCUMENT_404);
  const opened = await Promise.all(
    cases.map(async (route) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors = failOnConsoleErrors(page);
      const response = await openApp(page, route.path);
      return { route, context, page, errors, status: response?.status() };
    }),
  );
  try {
    for (const { route, page, errors, status } of opened) {
      await test.step(route.path, async () => {
        expect(status, `the status of ${route.path}`).toBe(route.status ?? 200);
        await expectNoSeriousA11yViolations(page);
        await route.check(page);
        const expected = route.status === 404 ? errors.filter((error) => !DOCUMENT_404.test(error)) : errors;
        expect(expected, `console errors on ${route.path}`).toEqual([]);
      });
    }
  } finally {
    await Promise.all(opened.map(({ context }) => context.close()));
  }
}

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });
/**
 * Booking paths without a token also ask for the login popup (a modal, from the accounts
 * feature), which hides the screen behind it from assistive technology: find its heading anyway.
 */
const screenH1 = (page: Page) => page.getByRole("heading", { level: 1, includeHidden: true });
const storedRedirect = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.redirectAfterLogin);

/** Spec §2 service page: title, description, every option with its price (₹, Indian grouping). */
async function expectServiceScreen(page: Page, service: Service): Promise<void> {
  await expect(h1(page)).toHaveText(service.title);
  await expect(page.getByText(service.description, { exact: true })).toBeVisible();
  await expect(page.getByText(`from ${indianRupees(lowestPrice(service))}`, { exact: true })).toBeVisible();
  // Nearkart lists its items; the other groups their options.
  const options = page.getByRole("region", { name: /^(Options|Items) and prices$/ }).getByRole("listitem");
  await expect(options).toHaveCount(service.options.length);
  for (const [index, option] of service.options.entries()) {
    const row = options.nth(index);
    await expect(row.getByText(option.label, { exact: true })).toBeVisible();
    await expect(row.getByText(indianRupees(option.priceRupees), { exact: true })).toBeVisible();
  }
}

const partial = SEED_SERVICES[0]?.title.slice(0, 2) ?? "";

// The dearest service has a price of a lakh or more, so Indian grouping ("₹12,99,000") shows.
const dearest = SEED_SERVICES.reduce((best, service) => (highestPrice(service) > highestPrice(best) ? service : best));
const homekitService = seedService("in Homekit", (service) => service.group === "Homekit");
const renovaService = seedService(
  "in Renova, not the dearest",
  (service) => service.group === "Renova" && service !== dearest,
);
const nearkartService = seedService(
  "in Nearkart with a title of several words",
  (service) => service.group === "Nearkart" && service.title.includes(" "),
);

/**
 * Routes by theme, a few per test: the pages of one test share a splash wait, and the tests spread
 * over the workers.
 */
const ROUTE_GROUPS: [string, RouteCase[]][] = [
  [
    "home, /services and /service/{serviceName}",
    [
      {
        path: "/",
        check: async (page) => {
          await expect(h1(page)).toHaveText(TAGLINE);
          await expect(page.getByRole("tab", { name: SERVICE_GROUPS[0] })).toHaveAttribute("aria-selected", "true");
          const panel = page.getByRole("tabpanel", { name: SERVICE_GROUPS[0] });
          for (const service of servicesOf(SERVICE_GROUPS[0])) {
            const card = panel.getByRole("link", { name: startingWith(service.title) });
            await expect(card).toHaveAttribute("href", `/service/${service.name}`);
            await expect(card).toContainText(`from ${indianRupees(lowestPrice(service))}`);
          }
          await expect(page.getByRole("contentinfo")).toBeVisible();
        },
      },
      {
        path: "/services",
        check: async (page) => {
          expect(pathOf(page)).toBe("/services");
          await expect(h1(page)).toHaveText(TAGLINE);
          await expect(page.getByRole("tablist", { name: "Service groups" }).getByRole("tab")).toHaveText([
            ...SERVICE_GROUPS,
          ]);
          await expect(page.getByRole("contentinfo")).toBeVisible();
        },
      },
      {
        path: `/service/${dearest.name}`,
        check: async (page) => {
          expect(highestPrice(dearest), "a price of a lakh or more, to show Indian grouping").toBeGreaterThanOrEqual(
            100_000,
          );
          await expectServiceScreen(page, dearest);
        },
      },
    ],
  ],
  [
    "/suboptions/{serviceName}, /renova/{service} and /nearkart/{serviceTitle}",
    [
      { path: `/suboptions/${homekitService.name}`, check: (page) => expectServiceScreen(page, homekitService) },
      {
        path: `/renova/${renovaService.name}`,
        check: async (page) => {
          await expectServiceScreen(page, renovaService);
          await expect(page.getByText(/^Renova ·/)).toBeVisible();
        },
      },
      {
        path: `/nearkart/${encodeURIComponent(nearkartService.title)}`,
        check: async (page) => {
          await expectServiceScreen(page, nearkartService);
          await expect(page.getByText(/^Nearkart ·/)).toBeVisible();
        },
      },
    ],
  ],
  [
    "/cart, /about, /mate-assigning and /festivals",
    [
      {
        path: "/cart",
        check: async (page) => {
          await expect(h1(page)).toHaveText("Your cart");
          await expect(page.getByRole("contentinfo")).toHaveCount(0);
          // Not a booking path: nothing is remembered for after login.
          expect(await storedRedirect(page)).toBeNull();
        },
      },
      {
        path: "/about#pricing",
        check: async (page) => {
          await expect(h1(page)).toHaveText(`About ${BRAND}`);
          await expect(page.getByRole("main").getByRole("region")).toHaveCount(ABOUT_ANCHORS.length);
          for (const anchor of ABOUT_ANCHORS) {
            await expect(page.getByRole("region", { name: anchor.label, exact: true })).toHaveAttribute(
              "id",
              anchor.id,
            );
          }
          await expectScrolledTo(page.getByRole("region", { name: "Pricing", exact: true }));
          expect(await scrollY(page)).toBeGreaterThan(0);
        },
      },
      {
        path: "/mate-assigning",
        check: async (page) => {
          await expect(h1(page)).toHaveText("Assigning your mate");
        },
      },
      {
        path: "/festivals",
        check: async (page) => {
          await expect(h1(page)).toHaveText("Festivals");
          // The festival picks are catalogue services, each linking to its page: a Nearkart line to
          // the Nearkart page, a Renova one to Renova's.
          const cards = page
            .getByRole("main")
            .locator('a[href^="/service/"], a[href^="/nearkart/"], a[href^="/renova/"]');
          await expect(cards.first()).toBeVisible();
          const hrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
          expect(hrefs).toContain("/nearkart/Bakery");
          expect(hrefs.filter((href) => href === "/service/bakery")).toEqual([]);
          for (const href of hrefs) {
            const service = SEED_SERVICES.find((candidate) => servicePath(candidate) === href);
            expect(service, `${href} is a catalogue service`).toBeDefined();
            await expect(page.getByRole("link", { name: startingWith(service?.title ?? "") }).first()).toHaveAttribute(
              "href",
              href ?? "",
            );
          }
        },
      },
    ],
  ],
  [
    "an unknown service name and an unknown path",
    [
      {
        path: "/service/no-such-service",
        status: 404,
        check: async (page) => {
          await expect(h1(page)).toHaveText("Service not found");
          await expect(page.getByRole("main")).toContainText("“no-such-service”");
          await expect(page.getByRole("link", { name: "Browse all services" })).toHaveAttribute("href", "/#services");
          // The screen's own search box finds services.
          const search = page.getByRole("combobox", { name: "Find a service" });
          await search.fill(partial);
          // As the page searches: titles, then the aliases people type in any language.
          const expected = searchServices(SEED_SERVICES, partial, undefined, SEARCH_ALIASES);
          expect(expected.length).toBeGreaterThan(0);
          await expect(page.getByRole("listbox", { name: "Service suggestions" }).getByRole("option")).toHaveCount(
            expected.length,
          );
          await page.getByRole("option", { name: startingWith(expected[0]?.title ?? "") }).click();
          await expect(h1(page)).toHaveText(expected[0]?.title ?? "");
          expect(pathOf(page)).toBe(`/service/${expected[0]?.name}`);
        },
      },
      {
        path: "/no-such/page",
        status: 404,
        check: async (page) => {
          await expect(h1(page)).toHaveText("Page not found");
          await expect(page.getByRole("combobox", { name: "Find a service" })).toBeVisible();
          await page.getByRole("main").getByRole("link", { name: "Back to home" }).click();
          await expect(h1(page)).toHaveText(TAGLINE);
          expect(pathOf(page)).toBe("/");
        },
      },
    ],
  ],
  [
    "/book, /book/address, /booking/payment and /profile (remembering redirectAfterLogin)",
    [
      {
        path: "/book",
        check: async (page) => {
          await expect(screenH1(page)).toHaveText("Booking address");
          await expect.poll(() => storedRedirect(page)).toBe("/book");
        },
      },
      {
        path: "/book/address",
        check: async (page) => {
          await expect(screenH1(page)).toHaveText("Booking address");
          await expect.poll(() => storedRedirect(page)).toBe("/book/address");
        },
      },
      {
        path: "/booking/payment",
        check: async (page) => {
          await expect(screenH1(page)).toHaveText("Payment");
          await expect.poll(() => storedRedirect(page)).toBe("/booking/payment");
        },
      },
      {
        path: "/profile",
        check: async (page) => {
          expect(pathOf(page)).toBe("/");
          await expect(screenH1(page)).toHaveText(TAGLINE);
          await expect.poll(() => storedRedirect(page)).toBe("/profile");
        },
      },
    ],
  ],
  [
    `${PAYMENT_ALIASES.join(", ")} (redirecting to /booking/payment)`,
    [
      ...PAYMENT_ALIASES.map((alias) => ({
        path: `${alias}?ref=e2e`,
        check: async (page: Page) => {
          await expect(screenH1(page)).toHaveText("Payment");
          expect(pathOf(page)).toBe("/booking/payment?ref=e2e");
          await expect.poll(() => storedRedirect(page)).toBe("/booking/payment");
        },
      })),
    ],
  ],
];

for (const [title, cases] of ROUTE_GROUPS) {
  test(`${title}: each renders its screen when loaded directly`, async ({ browser, browserProblems }, testInfo) => {
    // One test does the work of one per route: it gets the time of one per route.
    testInfo.setTimeout(testInfo.timeout * cases.length);
    await loadEachDirectly(browser, browserProblems, cases);
  });
}

test("each page has its own title and description, on a first load and after moving within the app", async ({
  page,
}) => {
  const meta = async () => ({
    title: await page.title(),
    description: await page.locator('meta[name="description"]').getAttribute("content"),
  });
  const plumber = seedService("the plumber", (service) => service.name === "plumber");
  await openApp(page, "/about");
  expect(await meta()).toEqual({
    title: documentTitle(PUBLIC_PAGE_META.about.title),
    description: PUBLIC_PAGE_META.about.description,
  });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveTitle(documentTitle(HOME_PAGE_META.title));
  expect((await meta()).description).toBe(HOME_PAGE_META.description);

  await openApp(page, servicePath(plumber));
  expect(await meta()).toEqual({
    title: documentTitle(serviceMeta(plumber).title),
    description: serviceMeta(plumber).description,
  });

  await page.getByRole("link", { name: "Cart, 0 items" }).click();
  await expect(page).toHaveTitle(documentTitle("Your cart"));
  expect((await meta()).description).toBe(SITE_DESCRIPTION);
});
