import type { Page } from "@playwright/test";
import { textOf } from "#domain/i18n/messages.ts";
import { formatSlotTime } from "#domain/slot-time.ts";
import { messages as hi } from "#web/features/booking/messages/hi-IN.ts";
import { messages as progressHi } from "#web/features/booking/progress/messages/hi-IN.ts";
import { messages as cartHi } from "#web/features/cart/messages/hi-IN.ts";
import { messages as languageEn } from "#web/shell/language/messages/en-IN.ts";
import { messages as languageHi } from "#web/shell/language/messages/hi-IN.ts";
import { failOnConsoleErrors, openApp } from "./support/app.ts";
import { mailsTo, newUser, signUpThroughApi } from "./support/auth.ts";
import { seedService } from "./support/catalogue.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { pathOf } from "./support/view.ts";

/**
 * Issue 40, the customer's side in हिन्दी: the language is chosen with the header's control (and
 * kept in the account), the service search finds the plumber from "नल", and the whole booking,
 * cart to the booking's timeline, reads in Hindi; the confirmation mail comes in Hindi too. The
 * texts are the catalogs' own, so the test follows the translations.
 */

const DEVANAGARI = /[\u0900-\u097F]/;
const plumber = seedService("the plumber", (service) => service.title === "Plumber");

/** A catalog message with placeholders as a pattern that any values match. */
const matching = (message: string) =>
  new RegExp(message.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, ".+"));

async function switchToHindi(page: Page) {
  const banner = page.getByRole("banner");
  await banner.getByRole("combobox", { name: textOf(languageEn.label) }).selectOption("hi-IN");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  // The control now speaks Hindi too, and the choice reaches the account (for mails and pushes).
  await expect(banner.getByRole("combobox", { name: languageHi.label })).toHaveValue("hi-IN");
  await expect
    .poll(async () => ((await (await page.request.get("/api/me/language")).json()) as { locale: string }).locale)
    .toBe("hi-IN");
}

test("a customer in हिन्दी finds the plumber with नल, books through to the timeline, and gets the mail in Hindi", async ({
  page,
}) => {
  // The whole journey and its mails: longer than one screen's test.
  test.slow();
  const errors = failOnConsoleErrors(page);
  const user = newUser("i18n-customer");
  await signUpThroughApi(page.request, user);
  await openApp(page, "/");
  await switchToHindi(page);

  // "नल" (tap) finds the plumber first, whatever the screen's language (aliases: i18n-catalogue).
  const search = page.getByRole("banner").getByRole("search").getByRole("combobox");
  await search.fill("नल");
  await page.getByRole("listbox").getByRole("option").first().click();
  await expect.poll(() => pathOf(page)).toBe(`/service/${plumber.name}`);

  // The service's first option into the cart, then the cart.
  const main = page.getByRole("main");
  await main.getByRole("radio").first().check();
  await main.getByRole("button", { name: cartHi.addToCart, exact: true }).first().click();
  await expect(page.getByText(cartHi.viewCart)).toBeVisible();
  await openApp(page, "/cart");
  await expect(page.getByRole("heading", { level: 1, name: cartHi.yourCart })).toBeVisible();
  await expect(page.getByText(cartHi.pricesNote)).toBeVisible();
  await page.getByRole("button", { name: cartHi.proceed }).click();

  // Where: a new address, in Hindi.
  await expect(page).toHaveURL("/book/address");
  await expect(page.getByRole("heading", { level: 1, name: hi.bookingAddress })).toBeVisible();
  await expect(page.getByRole("heading", { name: hi.whereMate })).toBeVisible();
  const form = page.getByRole("form", { name: hi.newAddress });
  await form.getByLabel(hi.flat).fill("H-12");
  await form.getByLabel(hi.building).fill("Sai Krupa CHS");
  await form.getByRole("combobox", { name: hi.locality }).pressSequentially("Kandi", { delay: 30 });
  await form
    .getByRole("option", { name: /^Kandivali/ })
    .first()
    .click();
  await form.getByLabel(hi.pincode).fill("400067");
  await form.getByRole("button", { name: hi.saveAddress }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole("radio", { name: new RegExp(`${hi.labelHome}.*H-12`) })).toBeChecked();

  // When: the day of journeys that take whichever plumber is free.
  await expect(page.getByRole("heading", { name: hi.when })).toBeVisible();
  await page.getByRole("group", { name: hi.day }).getByRole("button").nth(E2E.anyMateDay).click();
  const time = page.getByRole("group", { name: hi.startTime }).getByRole("button", { disabled: false }).first();
  await time.click();
  await expect(time).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: hi.continuePayment }).click();

  // Payment: the summary, the start in Hindi's day and month names with Latin digits.
  await expect(page).toHaveURL(/\/booking\/payment\?address=.+&start=.+/);
  await expect(page.getByRole("heading", { level: 1, name: hi.payment })).toBeVisible();
  await expect(page.getByText(hi.gstIncluded)).toBeVisible();
  await expect(page.getByText(hi.payAfterLabel)).toBeVisible();
  const start = new URL(page.url()).searchParams.get("start") ?? "";
  const when = formatSlotTime(new Date(start), "hi-IN");
  expect(when).toMatch(DEVANAGARI);
  expect(when).not.toMatch(/[\u0966-\u096F]/);
  await expect(page.getByRole("region", { name: hi.addressAndTime })).toContainText(when);
  await page.getByRole("button", { name: hi.confirmBooking }).click();

  // The booking: its mate assigned, live, and the timeline, all in Hindi.
  await expect(page).toHaveURL(/\/mate-assigning\?booking=/);
  await expect(page.getByTestId("booking-step")).toHaveText(progressHi.mateIsAssigned, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(progressHi.mateIsAssigned);
  await expect(page.getByText(matching(progressHi.verifiedSince))).toBeVisible();
  await expect(page.getByText(matching(progressHi.jobsDone))).toBeVisible();
  await expect(page.getByText(progressHi.startCodeHint)).toBeVisible();
  const timeline = page.getByRole("region", { name: progressHi.timeline });
  await expect(timeline.getByRole("heading", { name: progressHi.timeline })).toBeVisible();
  await expect(timeline).toContainText(progressHi.historyBooked);
  await expect(timeline).toContainText(progressHi.mateAssigned);
  await expect(page.getByRole("region", { name: hi.addressAndTime })).toContainText(when);
  await expect(page.getByRole("link", { name: hi.seeAllBookings })).toBeVisible();

  // The confirmation mail (and the mate's) in the account's language (users.locale: i18n-notices).
  await expect
    .poll(async () => (await mailsTo(page.request, user.email)).length, { message: "the booking's mails arrive" })
    .toBeGreaterThanOrEqual(2);
  const mails = await mailsTo(page.request, user.email);
  for (const mail of mails) {
    expect(mail.subject, "the subject is in Hindi").toMatch(DEVANAGARI);
    expect(mail.text, "the text is in Hindi").toMatch(DEVANAGARI);
  }
  expect(mails.map((mail) => mail.subject)).not.toContainEqual(expect.stringMatching(/^Booking confirmed/));
  expect(errors).toEqual([]);
});
