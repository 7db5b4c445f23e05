import type { Browser, Page } from "@playwright/test";
import { STORAGE_KEYS } from "#domain/constants.ts";
import { expectNoSeriousA11yViolations, failOnConsoleErrors, openApp } from "./support/app.ts";
import {
  logInWithForm,
  newUser,
  openLoginPopup,
  readLocal,
  signInThroughApi,
  signUpThroughApi,
  type TestUser,
} from "./support/auth.ts";
import { expect, test } from "./support/fixtures.ts";

/** Spec §2 /cart and the header badge, §3 `cart` and cartItems, §4 the count's source, §7 the live subscription. */

const badge = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Cart, \d+ items?$/ });
const expectBadge = (page: Page, count: number) =>
  expect(badge(page)).toHaveAccessibleName(`Cart, ${count} ${count === 1 ? "item" : "items"}`);

async function addFromServicePage(page: Page, service: string, optionLabel: string, quantity = 1) {
  await page.goto(`/service/${service}`);
  const options = page.getByRole("region", { name: "Options and prices" });
  await options.getByRole("radio", { name: optionLabel }).check();
  await options.getByLabel("Quantity").selectOption(String(quantity));
  await options.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart")).toBeVisible();
}

async function localCart(page: Page) {
  return JSON.parse((await readLocal(page, STORAGE_KEYS.cart)) ?? "null") as unknown;
}

test("a visitor's cart lives in localStorage: add, add up, badge, cart page edits, empty state", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/");
  await expectBadge(page, 0);

  await addFromServicePage(page, "plumber", "Blocked basin, sink or floor drain", 2);
  await expectBadge(page, 1);
  expect(await localCart(page)).toEqual([{ service: "plumber", option: "drain-blockage", quantity: 2 }]);

  await addFromServicePage(page, "plumber", "Blocked basin, sink or floor drain", 1);
  await addFromServicePage(page, "sofa-cleaning", "Up to 3 seats", 1);
  await expectBadge(page, 2);
  expect(await localCart(page)).toEqual([
    { service: "plumber", option: "drain-blockage", quantity: 3 },
    { service: "sofa-cleaning", option: "3-seater", quantity: 1 },
  ]);

  await badge(page).click();
  await expect(page).toHaveURL("/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  await expect(page.getByLabel("Quantity of Plumber, Blocked basin, sink or floor drain")).toHaveText("3");
  await expect(page.getByTestId("cart-total")).toHaveText("₹2,046"); // 3 × 449 + 699
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "One more of Plumber, Blocked basin, sink or floor drain" }).click();
  await expect(page.getByLabel("Quantity of Plumber, Blocked basin, sink or floor drain")).toHaveText("4");
  await expect(page.getByTestId("cart-total")).toHaveText("₹2,495");
  await page.getByRole("button", { name: /^Remove Sofa Cleaning/ }).click();
  await expectBadge(page, 1);
  await expect(page.getByTestId("cart-total")).toHaveText("₹1,796");

  // The list survives a reload; then the last item goes and the page leads back to the services.
  await openApp(page, "/cart");
  await expect(page.getByLabel("Quantity of Plumber, Blocked basin, sink or floor drain")).toHaveText("4");
  await page.getByRole("button", { name: "Remove Plumber, Blocked basin, sink or floor drain" }).click();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expectBadge(page, 0);
  await expect(page.getByRole("link", { name: "Browse services" })).toHaveAttribute("href", "/#services");
  expect(errors).toEqual([]);
});

test("the toast of an added item goes as the person moves to another page, never lying over it", async ({ page }) => {
  await openApp(page, "/service/plumber");
  const options = page.getByRole("region", { name: "Options and prices" });
  await options.getByRole("radio", { name: "Blocked basin, sink or floor drain" }).check();
  await options.getByRole("button", { name: "Add to cart" }).click();
  const toast = page.getByText("Added to your cart", { exact: true });
  await expect(toast).toBeVisible();
  await badge(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  // Left alone it stays 4 s; the next page is drawn with it dismissed (sonner marks it removed, then
  // fades it out in a fifth of a second). Looked for as dismissed, not as gone: a busy machine's
  // late fade could outlast a second of the runner's clock; a toast left alone is still live.
  await expect(page.locator('[data-sonner-toast]:not([data-removed="true"])')).toHaveCount(0, { timeout: 1_000 });
  await expect(toast).toHaveCount(0);
});

test("signing in merges the visitor's cart into the account, then the badge counts the account's cart", async ({
  page,
  request,
}) => {
  const errors = failOnConsoleErrors(page);
  const user = newUser("cart-merge");
  await signUpThroughApi(request, user); // the account exists; this browser is not signed in

  await openApp(page, "/");
  await addFromServicePage(page, "electrician", "Light fitting (up to 3 lights)", 2);
  await addFromServicePage(page, "deep-cleaning", "2 BHK (furnished)", 1);
  await expectBadge(page, 2);

  const dialog = await openLoginPopup(page);
  await logInWithForm(dialog, user.email, user.password);
  await expect(dialog).toBeHidden();
  await expect.poll(() => readLocal(page, STORAGE_KEYS.cart)).toBeNull();
  await expectBadge(page, 2);

  const cart = await (await page.request.get("/api/cart")).json();
  expect(
    cart.items.map((item: { service: string; option: string; quantity: number }) => [item.service, item.quantity]),
  ).toEqual([
    ["electrician", 2],
    ["deep-cleaning", 1],
  ]);

  // Signed in, the service page adds to the account; the local list stays empty.
  await addFromServicePage(page, "electrician", "Light fitting (up to 3 lights)", 1);
  await expectBadge(page, 2);
  await page.goto("/cart");
  await expect(page.getByLabel(/^Quantity of Electrician/)).toHaveText("3");
  expect(await readLocal(page, STORAGE_KEYS.cart)).toBeNull();

  // Signed out, the badge comes from the (empty) local list again (spec §4).
  await page.getByRole("banner").getByRole("link", { name: "Profile" }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Login", exact: true })).toBeVisible();
  await expectBadge(page, 0);
  expect(errors).toEqual([]);
});

test("the account's first read, answering only after the merge, does not take the merged items off the badge", async ({
  page,
  request,
}) => {
  const user = newUser("cart-late-read");
  await signUpThroughApi(request, user);
  await openApp(page, "/");
  await addFromServicePage(page, "electrician", "Light fitting (up to 3 lights)", 1);

  // Forces the order a busy machine only sometimes gives: the cart is read (still empty) before
  // the merge is written, and that answer reaches the page after the merge's own answer.
  let readDone = () => {};
  const emptyRead = new Promise<void>((resolve) => {
    readDone = resolve;
  });
  const merged = page.waitForResponse((response) => response.url().endsWith("/api/cart/merge"));
  let heldReads = 0;
  await page.route("**/api/cart", async (route) => {
    if (route.request().method() !== "GET" || heldReads > 0) return route.fallback();
    heldReads += 1;
    const answer = await route.fetch();
    readDone();
    await merged;
    await route.fulfill({ response: answer });
  });
  await page.route("**/api/cart/merge", async (route) => {
    await emptyRead;
    await route.fallback();
  });

  const dialog = await openLoginPopup(page);
  await logInWithForm(dialog, user.email, user.password);
  await merged;
  await expect.poll(() => heldReads).toBe(1);
  await expect.poll(() => readLocal(page, STORAGE_KEYS.cart)).toBeNull();
  await expectBadge(page, 1);
  await page.unrouteAll();
  await page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" }).click();
  await expect(page.getByLabel(/^Quantity of Electrician/)).toHaveText("1");
});

async function signedInContext(browser: Browser, user: TestUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page.request, user);
  return { context, page };
}

test("a change in one browser reaches the customer's other browser live, without a reload", async ({ browser }) => {
  const user = newUser("cart-live");
  const first = await browser.newContext();
  const firstPage = await first.newPage();
  const errors = failOnConsoleErrors(firstPage);
  await signUpThroughApi(firstPage.request, user);
  await openApp(firstPage, "/cart");
  await expect(firstPage.getByText("Your cart is empty")).toBeVisible();
  await expectBadge(firstPage, 0);

  const second = await signedInContext(browser, user);
  await openApp(second.page, "/");
  await addFromServicePage(second.page, "ac-service", "Split AC – service", 1);
  await expectBadge(second.page, 1);

  // The first browser was never reloaded: its badge and its open cart page follow.
  await expectBadge(firstPage, 1);
  await expect(firstPage.getByLabel("Quantity of AC Service and Repair, Split AC – service")).toHaveText("1");
  await second.page.goto("/cart");
  await second.page.getByRole("button", { name: "One more of AC Service and Repair, Split AC – service" }).click();
  await expect(firstPage.getByLabel("Quantity of AC Service and Repair, Split AC – service")).toHaveText("2");
  expect(errors).toEqual([]);
  await second.context.close();
  await first.close();
});

test("proceed to book: a visitor is asked to log in and then continues to the booking address", async ({
  page,
  request,
}) => {
  const user = newUser("cart-book");
  await signUpThroughApi(request, user);
  await openApp(page, "/");
  await addFromServicePage(page, "carpenter", "Door lock or handle installation", 1);
  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to book" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Log in to Mates" })).toBeVisible();
  expect(await readLocal(page, STORAGE_KEYS.redirectAfterLogin)).toBe("/book/address");
  await logInWithForm(dialog, user.email, user.password);
  await expect(page).toHaveURL("/book/address");
  await expectBadge(page, 1);
});
