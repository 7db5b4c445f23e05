import type { Page } from "@playwright/test";
import { BRAND, SERVED_AREAS, STORAGE_KEYS, TAGLINE } from "#domain/constants.ts";
import { expectNoSeriousA11yViolations, failOnConsoleErrors, openApp } from "./support/app.ts";
import { expect, test } from "./support/fixtures.ts";
import { expectScrolledTo, pathOf, scrollY } from "./support/view.ts";

/** Spec §2 header, desktop layout: logo, Home, Book-a-Mate, Contact, search, location, cart, Login. */

const mainNav = (page: Page) => page.getByRole("banner").getByRole("navigation", { name: "Main" });
const h1 = (page: Page) => page.getByRole("heading", { level: 1 });
const servicesSection = (page: Page) => page.getByRole("region", { name: "Services", exact: true });

test("Home, Book-a-Mate and Contact scroll the home page; the logo goes home from elsewhere", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/");
  await expect(mainNav(page).getByRole("link")).toHaveText(["Home", "Book-a-Mate", "Contact"]);

  await mainNav(page).getByRole("link", { name: "Book-a-Mate" }).click();
  await expectScrolledTo(servicesSection(page));
  expect(pathOf(page)).toBe("/#services");

  // Scrolled away by hand, Book-a-Mate (same URL) brings the services back.
  await page.mouse.wheel(0, 2500);
  await expect.poll(() => servicesSection(page).evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(-500);
  await mainNav(page).getByRole("link", { name: "Book-a-Mate" }).click();
  await expectScrolledTo(servicesSection(page));

  await mainNav(page).getByRole("link", { name: "Contact" }).click();
  await expectScrolledTo(page.getByRole("contentinfo"));
  expect(pathOf(page)).toBe("/#contact");
  await page.mouse.wheel(0, -3000);
  await mainNav(page).getByRole("link", { name: "Contact" }).click();
  await expectScrolledTo(page.getByRole("contentinfo"));

  await mainNav(page).getByRole("link", { name: "Home" }).click();
  await expect.poll(() => scrollY(page)).toBe(0);
  expect(pathOf(page)).toBe("/");

  // Home also returns to the top when the page was scrolled by hand (same URL).
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  await mainNav(page).getByRole("link", { name: "Home" }).click();
  await expect.poll(() => scrollY(page)).toBe(0);

  // From another page: the logo goes home, Book-a-Mate and Contact go home and scroll there.
  await page.getByRole("banner").getByRole("link", { name: /^Cart/ }).click();
  await expect(h1(page)).toHaveText("Your cart");
  await page.getByRole("link", { name: `${BRAND} home` }).click();
  await expect(h1(page)).toHaveText(TAGLINE);
  expect(pathOf(page)).toBe("/");
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.getByRole("banner").getByRole("link", { name: /^Cart/ }).click();
  await expect(h1(page)).toHaveText("Your cart");
  await mainNav(page).getByRole("link", { name: "Book-a-Mate" }).click();
  await expectScrolledTo(servicesSection(page));
  expect(pathOf(page)).toBe("/#services");
  expect(errors).toEqual([]);
});

test("Contact from another route goes home and scrolls the footer into view", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/about");
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await mainNav(page).getByRole("link", { name: "Contact" }).click();
  await expectScrolledTo(page.getByRole("contentinfo"));
  expect(pathOf(page)).toBe("/#contact");
  await expect(h1(page)).toHaveText(TAGLINE);
  expect(errors).toEqual([]);
});

test("cart badge, Login and the location picker, logged out", async ({ page, context }) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/");
  const banner = page.getByRole("banner");

  const cart = banner.getByRole("link", { name: "Cart, 0 items" });
  await expect(cart).toHaveText("0");
  await expect(cart).toHaveAttribute("href", "/cart");
  await expect(banner.getByRole("button", { name: "Login", exact: true })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Profile" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The badge counts the visitor's local cart list, also when another tab changes it.
  const other = await context.newPage();
  await other.goto("/api/health");
  await other.evaluate((key) => window.localStorage.setItem(key, JSON.stringify([{}, {}])), STORAGE_KEYS.cart);
  await expect(banner.getByRole("link", { name: "Cart, 2 items" })).toHaveText("2");
  await other.close();

  // Location: without permission to locate, the header says so (spec §4); the picker lists the
  // served areas; the choice shows in the header and is saved.
  const location = banner.getByRole("button", { name: /^Location/ });
  await expect(location).toHaveText(/Location access denied/);
  await location.click();
  const dialog = page.getByRole("dialog", { name: "Choose your location" });
  await expect(dialog.getByRole("region", { name: "Areas we serve" }).getByRole("button")).toHaveText([
    ...SERVED_AREAS,
  ]);
  await expectNoSeriousA11yViolations(page);
  const area = SERVED_AREAS[SERVED_AREAS.length - 1] ?? "";
  await dialog.getByRole("button", { name: area }).click();
  await expect(dialog).toBeHidden();
  await expect(location).toContainText(area);
  await expect(location).not.toContainText("Location access denied");
  await expect(location).toBeFocused();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.detectedCity)).toBe(area);
  expect(errors).toEqual([]);
});
