import type { Page } from "@playwright/test";
import { STORAGE_KEYS } from "#domain/constants.ts";
import { upcomingFestivals } from "#domain/festivals.ts";
import { expectNoSeriousA11yViolations, failOnConsoleErrors, openApp } from "./support/app.ts";
import { logInWithForm, newUser, readLocal, signUpThroughApi } from "./support/auth.ts";
import { indianRupees, seedService } from "./support/catalogue.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";

/** Issue 7's screens: each one's main action, and the axe check on each route. */

const badge = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Cart, \d+ items?$/ });
const expectBadge = (page: Page, count: number) =>
  expect(badge(page)).toHaveAccessibleName(`Cart, ${count} ${count === 1 ? "item" : "items"}`);

test("Nearkart: the category's items with unit and price, added to the cart one by one; the delivery promise", async ({
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  const groceries = seedService("the groceries category", (service) => service.name === "groceries");
  await openApp(page, `/nearkart/${encodeURIComponent(groceries.title)}`);
  const items = page.getByRole("region", { name: "Items and prices" }).getByRole("listitem");
  await expect(items).toHaveCount(groceries.options.length);
  const salt = groceries.options.find((option) => option.key === "tata-salt-1kg");
  if (!salt?.unit) throw new Error("the seed has no salt");
  const row = items.filter({ hasText: salt.label });
  await expect(row).toContainText(salt.unit);
  await expect(row).toContainText(indianRupees(salt.priceRupees));
  await expect(page.getByRole("region", { name: "Same-day delivery" })).toContainText("Free delivery");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: `Add ${salt.label}, ${salt.unit} to cart` }).click();
  await expectBadge(page, 1);
  await page.getByRole("button", { name: /^Add Tata Tea Gold/ }).click();
  await expectBadge(page, 2);
  expect(JSON.parse((await readLocal(page, STORAGE_KEYS.cart)) ?? "[]")).toEqual([
    { service: "groceries", option: "tata-salt-1kg", quantity: 1 },
    { service: "groceries", option: "tata-tea-gold-500g", quantity: 1 },
  ]);
  expect(errors).toEqual([]);
});

test("Festivals: the festival on now or coming next first, its package added to the cart in one go", async ({
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  const [next, second] = upcomingFestivals(new Date());
  if (!next || !second) throw new Error("no festival ahead");
  await openApp(page, "/festivals");
  const packages = page.getByRole("main").getByRole("article");
  await expect(packages.first().getByRole("heading", { level: 2 })).toHaveText(next.festival.name);
  await expect(packages.nth(1).getByRole("heading", { level: 2 })).toHaveText(second.festival.name);
  await expect(packages.first()).toContainText(next.onNow ? "On now" : "Coming up next");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: `Add package to cart: ${next.festival.name}` }).click();
  await expectBadge(page, next.festival.lines.length);
  await page.goto("/cart");
  for (const line of next.festival.lines) {
    await expect(
      page.getByRole("link", { name: new RegExp(`^${line.service.split("-")[0]}`, "i") }).first(),
    ).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test("Renova: price guide, past work, and a free site visit that a visitor books after logging in", async ({
  page,
  request,
}) => {
  const errors = failOnConsoleErrors(page);
  const user = newUser("renova");
  await signUpThroughApi(request, user);
  await openApp(page, "/renova/home-painting");
  await expect(page.getByRole("region", { name: "Price guide" })).toContainText("per room");
  const gallery = page.getByRole("region", { name: "The kind of work we finish" });
  await expect(gallery.getByRole("img")).toHaveCount(3);
  await expect(gallery.getByRole("img", { name: /living room repainted/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Book a free site visit" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Log in to Mates" })).toBeVisible();
  expect(await readLocal(page, STORAGE_KEYS.redirectAfterLogin)).toBe("/book/address");
  expect(JSON.parse((await readLocal(page, STORAGE_KEYS.cart)) ?? "[]")).toEqual([
    { service: "site-visit", option: "painting", quantity: 1 },
  ]);
  await logInWithForm(dialog, user.email, user.password);
  await expect(page).toHaveURL("/book/address");
  // The visitor's cart moves into the account, and the address step shows once it has.
  await expect.poll(() => readLocal(page, STORAGE_KEYS.cart)).toBeNull();
  await expectBadge(page, 1);
  await expect(page.getByRole("heading", { name: "Where should the mate come?" })).toBeVisible();
  const cart = await (await page.request.get("/api/cart")).json();
  expect(cart.items).toMatchObject([{ service: "site-visit", option: "painting", unitPriceRupees: 0 }]);
  expect(errors).toEqual([]);
});

test("service page: how a verified mate works and the questions people ask", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/service/electrician");
  await expect(page.getByRole("region", { name: "How a verified mate works" }).getByRole("listitem")).toHaveCount(4);
  const faq = page.getByRole("region", { name: "Questions and answers" });
  const question = faq.getByText("Can I cancel?");
  await question.click();
  await expect(faq.getByText(/free of charge until 3 hours before the start time/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test("About: every section has its anchor and passes the axe check", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/about#privacy");
  const privacy = page.getByRole("region", { name: "Privacy", exact: true });
  await expect(privacy).toBeInViewport();
  await expect(privacy).toContainText("only as the name of a locality");
  await expect(privacy).toContainText("To delete your account");
  const support = page.getByRole("region", { name: "Support", exact: true });
  await support.getByText("How do I change or cancel a booking?").click();
  await expect(support.getByText(/free until 3 hours before the start time/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test("nothing on the screens loads from another origin; every image has a text alternative", async ({ page }) => {
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== E2E.origin && !request.url().startsWith("data:"))
      elsewhere.push(request.url());
  });
  for (const path of [
    "/",
    "/service/plumber",
    "/renova/waterproofing",
    "/nearkart/bakery",
    "/festivals",
    "/about",
    "/cart",
  ]) {
    await openApp(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const unnamed = await page
      .locator('img:not([alt]), svg[role="img"]:not([aria-label]):not([aria-labelledby])')
      .count();
    expect(unnamed, `${path}: images without a text alternative`).toBe(0);
  }
  expect(elsewhere).toEqual([]);
});
