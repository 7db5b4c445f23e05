import type { Page } from "@playwright/test";
import { BRAND, TAGLINE } from "#domain/constants.ts";
import { SEARCH_ALIASES } from "#domain/search-aliases.ts";
import { searchServices } from "#domain/service-search.ts";
import { DOCUMENT_404, expectNoSeriousA11yViolations, failOnConsoleErrors, openApp } from "./support/app.ts";
import { newUser, signUpThroughApi } from "./support/auth.ts";
import { highestPrice, SEED_SERVICES } from "./support/catalogue.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { jobJourneySideBySide } from "./support/job-journey.ts";
import { expectNoHorizontalOverflow, expectScrolledTo, pathOf, scrollY } from "./support/view.ts";

/**
 * Spec §2 "A mobile layout has the same items" (the "mobile" project: Pixel 7). Logo, search,
 * location and cart stay in the header bar; Home, Book-a-Mate, Contact and Login are in the menu.
 */

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });
const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });
const menu = (page: Page) => page.getByRole("dialog", { name: "Menu" });

test("the menu holds Home, Book-a-Mate, Contact and Login; cart and location stay in the bar", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: `${BRAND} home` })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  await expect(banner.getByRole("button", { name: /^Location/ })).toBeVisible();
  await expect(banner.getByRole("combobox", { name: "Search services" })).toBeVisible();
  // The desktop links and Login are not shown in the bar; they are in the menu.
  await expect(banner.getByRole("link", { name: "Book-a-Mate" })).toBeHidden();
  await expect(banner.getByRole("button", { name: "Login", exact: true })).toBeHidden();
  await expectNoHorizontalOverflow(page);

  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
  await menuButton(page).tap();
  await expect(menu(page)).toBeVisible();
  // The modal menu hides the rest of the page from assistive technology, the button included.
  await expect(
    page
      .getByRole("banner", { includeHidden: true })
      .getByRole("button", { name: "Menu", exact: true, includeHidden: true }),
  ).toHaveAttribute("aria-expanded", "true");
  await expect(menu(page).getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
    "Home",
    "Book-a-Mate",
    "Contact",
  ]);
  await expect(menu(page).getByRole("button", { name: "Login", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);

  await page.keyboard.press("Escape");
  await expect(menu(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();

  await menuButton(page).tap();
  await menu(page).getByRole("link", { name: "Book-a-Mate" }).tap();
  await expect(menu(page)).toBeHidden();
  await expectScrolledTo(page.getByRole("region", { name: "Services", exact: true }));

  await menuButton(page).tap();
  await menu(page).getByRole("link", { name: "Contact" }).tap();
  await expect(menu(page)).toBeHidden();
  await expectScrolledTo(page.getByRole("contentinfo"));
  await expectNoHorizontalOverflow(page);

  await menuButton(page).tap();
  await menu(page).getByRole("link", { name: "Home" }).tap();
  await expect(menu(page)).toBeHidden();
  await expect.poll(() => scrollY(page)).toBe(0);
  expect(pathOf(page)).toBe("/");

  await banner.getByRole("link", { name: "Cart, 0 items" }).tap();
  await expect(h1(page)).toHaveText("Your cart");
  await banner.getByRole("link", { name: `${BRAND} home` }).tap();
  await expect(h1(page)).toHaveText(TAGLINE);
  await page.getByRole("contentinfo").getByRole("link", { name: "About us" }).tap();
  await expect(h1(page)).toHaveText(`About ${BRAND}`);
  await expectNoHorizontalOverflow(page);
  expect(errors).toEqual([]);
});

test("the search box works on a phone and no screen scrolls sideways", async ({ page, browserProblems }) => {
  const errors = failOnConsoleErrors(page);
  browserProblems.allowConsoleError(DOCUMENT_404);
  // A long mistyped service name (no spaces or hyphens) is quoted on the not-found screen.
  const longName = SEED_SERVICES.slice(0, 4)
    .map((service) => service.name.replaceAll("-", ""))
    .join("");
  expect((await openApp(page, `/service/${longName}`))?.status()).toBe(404);
  await expect(h1(page)).toHaveText("Service not found");
  await expect(page.getByRole("main")).toContainText(longName);
  await expectNoHorizontalOverflow(page);

  // The service with the longest prices, found by typing its title's start.
  const dearest = SEED_SERVICES.reduce((best, service) =>
    highestPrice(service) > highestPrice(best) ? service : best,
  );
  const query = dearest.title.slice(0, 4);
  const expected = searchServices(SEED_SERVICES, query, undefined, SEARCH_ALIASES);
  const search = page.getByRole("banner").getByRole("combobox", { name: "Search services" });
  await search.tap();
  await page.keyboard.type(query);
  const options = page.getByRole("listbox", { name: "Service suggestions" }).getByRole("option");
  await expect(options).toHaveCount(expected.length);
  const listBox = await page.getByRole("listbox", { name: "Service suggestions" }).boundingBox();
  const viewportWidth = page.viewportSize()?.width ?? 0;
  expect(listBox && listBox.x >= 0 && listBox.x + listBox.width <= viewportWidth).toBe(true);
  await expectNoHorizontalOverflow(page);

  await options.filter({ hasText: dearest.title }).tap();
  await expect(h1(page)).toHaveText(dearest.title);
  expect(pathOf(page)).toBe(`/service/${dearest.name}`);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  expect(errors.filter((error) => !DOCUMENT_404.test(error))).toEqual([]);
});

test("the booking and shop screens fit a phone: address, days and times, Nearkart items, festivals, joining", async ({
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  await signUpThroughApi(page.request, newUser("mobile-booking"));
  await page.request.post("/api/cart/items", {
    data: { service: "plumber", option: "drain-blockage", quantity: 1 },
    headers: { origin: E2E.origin },
  });
  await openApp(page, "/book/address");
  const form = page.getByRole("form", { name: "New address" });
  await form.getByLabel("Flat or house number").fill("B-402");
  await form.getByRole("combobox", { name: "Locality" }).pressSequentially("Kandi", { delay: 30 });
  await form.getByRole("option").first().tap();
  await form.getByLabel("Pincode").fill("400067");
  await form.getByRole("button", { name: "Save address" }).tap();
  const days = page.getByRole("group", { name: "Day" }).getByRole("button");
  await expect(days).toHaveCount(7);
  await days.nth(1).tap();
  await expect(page.getByRole("group", { name: "Start time" }).getByRole("button").first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  // The seven days scroll inside their row; the last one can be reached.
  await days.nth(6).scrollIntoViewIfNeeded();
  await days.nth(6).tap();
  await expect(days.nth(6)).toHaveAttribute("aria-pressed", "true");
  await expectNoHorizontalOverflow(page);

  for (const path of ["/nearkart/groceries", "/festivals", "/renova/tiling", "/cart", "/join"]) {
    await openApp(page, path);
    await expect(h1(page)).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
  expect(errors).toEqual([]);
});

test("a job's whole life on two phones: the customer books, the mate does the job in the mate app", async ({
  page,
  browser,
  browserProblems,
}) => {
  test.setTimeout(120_000);
  await jobJourneySideBySide(
    { page, browser, browserProblems },
    {
      mateId: "mate-011",
      password: "dahisar-pest-2026",
      customerName: "Farida Sayyed",
      home: { flat: "B-304", search: "Dahis", locality: "Dahisar", pincode: "400068" },
      mateDevice: "Pixel 7",
      checkScreen: expectNoHorizontalOverflow,
    },
  );
});
