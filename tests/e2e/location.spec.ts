import type { BrowserContext, Page } from "@playwright/test";
import { LIMITS, MESSAGES, STORAGE_KEYS, TIMINGS } from "#domain/constants.ts";
import { expectNoSeriousA11yViolations, failOnConsoleErrors, openApp } from "./support/app.ts";
import { headerProfile, newUser, readLocal, signUpThroughApi, withoutRefusals } from "./support/auth.ts";
import { expect, test } from "./support/fixtures.ts";

/** Spec §4 location text, the picker (§2, §5: search from more than 2 characters, §9: at most 5), §8 the popup. */

const BORIVALI = { latitude: 19.2287, longitude: 72.8564 };
const COLABA = { latitude: 18.9069, longitude: 72.8106 };
/** The Atlantic: no locality of the gazetteer is near. */
// The Arabian Sea, 250 km west of Mumbai: inside India's bounds (so the server looks it up), near no locality.
const OCEAN = { latitude: 18.9, longitude: 70.5 };
// The middle of the Atlantic: outside India, which the server refuses to look up at all.
const ATLANTIC = { latitude: 0, longitude: -30 };

const locationButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Location/ });
const popup = (page: Page) => page.getByRole("dialog", { name: MESSAGES.serviceUnavailableTitle });

/**
 * No "Service not available" popup, proved after the app has handled a later event rather than
 * after a pause: the popup is due in the render that knows the city and the session (both already
 * in the header), and React runs the effects of a render before it handles a click. Opening the
 * picker is that click; had the popup opened, its overlay would have taken the click instead.
 */
async function expectNoPopup(page: Page) {
  await expect(popup(page)).toHaveCount(0);
  await locationButton(page).click({ timeout: 5_000 });
  const picker = page.getByRole("dialog", { name: "Choose your location" });
  await expect(picker).toBeVisible();
  await expect(popup(page)).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();
}

async function locatedAt(context: BrowserContext, where: { latitude: number; longitude: number }) {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(where);
}

test("granted: Detecting... while the server looks the point up, then the city, saved as detectedCity", async ({
  page,
  context,
}) => {
  const errors = failOnConsoleErrors(page);
  await locatedAt(context, BORIVALI);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/geo/reverse?*", async (route) => {
    await held;
    await route.continue();
  });
  await openApp(page, "/");
  await expect(locationButton(page)).toContainText(MESSAGES.locationDetecting);
  release();
  await expect(locationButton(page)).toContainText("Borivali");
  expect(await readLocal(page, STORAGE_KEYS.detectedCity)).toBe("Borivali");
  expect(errors).toEqual([]);
});

test("denied: the location text says so", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/");
  await expect(locationButton(page)).toContainText(MESSAGES.locationDenied);
  expect(await readLocal(page, STORAGE_KEYS.detectedCity)).toBeNull();
  expect(errors).toEqual([]);
});

test("unsupported: a browser without geolocation", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await page.addInitScript(() => {
    // biome-ignore lint/suspicious/noExplicitAny: removing a built-in for this test
    delete (Navigator.prototype as any).geolocation;
  });
  await openApp(page, "/");
  await expect(locationButton(page)).toContainText(MESSAGES.locationUnsupported);
  expect(errors).toEqual([]);
});

test("a point nobody knows: Unable to fetch", async ({ browserProblems, page, context }) => {
  const errors = failOnConsoleErrors(page);
  browserProblems.allowRefusals([404]);
  await locatedAt(context, OCEAN);
  await openApp(page, "/");
  await expect(locationButton(page)).toContainText(MESSAGES.locationUnableToFetch);
  expect(withoutRefusals(errors, [404])).toEqual([]);
});

test("a point outside India: Unable to fetch; the server refuses it with a 400 instead of geocoding it", async ({
  browserProblems,
  page,
  context,
}) => {
  const errors = failOnConsoleErrors(page);
  browserProblems.allowRefusals([400]);
  await locatedAt(context, ATLANTIC);
  const answer = page.waitForResponse((response) => response.url().includes("/api/geo/reverse"));
  await openApp(page, "/");
  expect((await answer).status()).toBe(400);
  await expect(locationButton(page)).toContainText(MESSAGES.locationUnableToFetch);
  expect(withoutRefusals(errors, [400])).toEqual([]);
});

test("search: nothing below 3 characters, at most 5 suggestions, chosen by keyboard, kept across a reload", async ({
  page,
  context,
}) => {
  const errors = failOnConsoleErrors(page);
  await locatedAt(context, COLABA);
  const searches: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/geo/search")) searches.push(new URL(request.url()).searchParams.get("q") ?? "");
  });
  // The page's clock is Playwright's: time runs as usual until the picker is open; then it stands
  // still while the person types, and moves only when the test moves it. A busy machine's slow
  // keystrokes (the runner's pace, not the page's) cannot then outlast the search's pause.
  await page.clock.install();
  await openApp(page, "/");
  await expect(locationButton(page)).toContainText("Colaba");

  await locationButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Choose your location" });
  const box = dialog.getByRole("combobox", { name: "Search for your area" });
  await expect(box).toBeFocused();
  // (Paused a few seconds on: a moment already past by the time the page hears of it is refused.)
  await page.clock.pauseAt(Date.now() + 5_000);
  await box.pressSequentially("Ka", { delay: 50 });
  await expect(dialog.getByRole("status")).toHaveText(
    `Type at least ${LIMITS.locationSearchMinChars} letters to search.`,
  );
  // The pause that sends a search has passed for "Ka" (its timer has run) ...
  await page.clock.runFor(TIMINGS.placeSearchDebounceMs * 2);
  await expect(box).toHaveAttribute("aria-expanded", "false");

  await box.pressSequentially("ndi", { delay: 50 });
  await page.clock.runFor(TIMINGS.placeSearchDebounceMs);
  // Time runs again for the answer (the query cache hands answers on in zero-delay timers).
  await page.clock.resume();
  const options = dialog.getByRole("listbox", { name: "Place suggestions" }).getByRole("option");
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(LIMITS.locationSuggestions);
  await expect(options.first()).toContainText("Kandivali");
  // ... so a search for it would have gone out before the one for "Kandi", which has arrived:
  // none below 3 letters, and debounced, one request for the word as typed, none for each letter.
  expect(searches).toEqual(["Kandi"]);
  await expectNoSeriousA11yViolations(page);

  await box.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(locationButton(page)).toContainText("Kandivali");
  await expect(locationButton(page)).toBeFocused();
  expect(await readLocal(page, STORAGE_KEYS.detectedCity)).toBe("Kandivali");

  // The saved choice is shown at start instead of detecting again (the browser is still at Colaba).
  let reverseAsked = false;
  page.on("request", (request) => {
    if (request.url().includes("/api/geo/reverse")) reverseAsked = true;
  });
  await openApp(page, "/");
  await expect(locationButton(page)).toContainText("Kandivali");
  expect(reverseAsked).toBe(false);
  expect(errors).toEqual([]);
});

test("Use current location replaces the choice with the detected city", async ({ page, context }) => {
  await locatedAt(context, BORIVALI);
  await page.addInitScript(() => window.localStorage.setItem("detectedCity", "Malad"));
  await openApp(page, "/");
  await expect(locationButton(page)).toContainText("Malad");
  await locationButton(page).click();
  await page.getByRole("button", { name: "Use current location" }).click();
  await expect(page.getByRole("dialog", { name: "Choose your location" })).toBeHidden();
  await expect(locationButton(page)).toContainText("Borivali");
});

test("the unserved-city popup: signed in, once, never for visitors or served cities", async ({ browser }) => {
  // A visitor in Colaba: no popup.
  const visitor = await browser.newContext({ geolocation: COLABA, permissions: ["geolocation"] });
  const visitorPage = await visitor.newPage();
  await openApp(visitorPage, "/");
  await expect(locationButton(visitorPage)).toContainText("Colaba");
  await expectNoPopup(visitorPage);
  expect(await readLocal(visitorPage, STORAGE_KEYS.servicePopupShown)).toBeNull();
  await visitor.close();

  // A customer in Borivali: no popup.
  const served = await browser.newContext({ geolocation: BORIVALI, permissions: ["geolocation"] });
  const servedPage = await served.newPage();
  await signUpThroughApi(servedPage.request, newUser("location-served"));
  await openApp(servedPage, "/");
  await expect(locationButton(servedPage)).toContainText("Borivali");
  await expect(headerProfile(servedPage)).toBeVisible();
  await expectNoPopup(servedPage);
  await served.close();

  // A customer in Colaba: the popup, once.
  const customer = await browser.newContext({ geolocation: COLABA, permissions: ["geolocation"] });
  const page = await customer.newPage();
  const errors = failOnConsoleErrors(page);
  await signUpThroughApi(page.request, newUser("location-unserved"));
  await openApp(page, "/");
  await expect(popup(page)).toBeVisible();
  await expect(popup(page)).toContainText(MESSAGES.serviceUnavailableText("Colaba"));
  expect(await readLocal(page, STORAGE_KEYS.servicePopupShown)).toBe("true");
  await expectNoSeriousA11yViolations(page);
  await popup(page).getByRole("button", { name: "OK" }).click();
  await expect(popup(page)).toBeHidden();

  await openApp(page, "/");
  await expect(locationButton(page)).toContainText("Colaba");
  await expect(headerProfile(page)).toBeVisible();
  await expectNoPopup(page);
  expect(errors).toEqual([]);
  await customer.close();
});
