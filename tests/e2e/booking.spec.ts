import type { Page } from "@playwright/test";
import { MESSAGES } from "#domain/constants.ts";
import { expectNoSeriousA11yViolations, failOnConsoleErrors, openApp } from "./support/app.ts";
import { newUser, signUpThroughApi } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";

/** Issue 6: service → cart → address → slot → payment → mate assigned live → profile → cancel. */

async function addPlumbing(page: Page) {
  await openApp(page, "/service/plumber");
  const options = page.getByRole("region", { name: "Options and prices" });
  await options.getByRole("radio", { name: "Blocked basin, sink or floor drain" }).check();
  await options.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
}

async function newAddress(page: Page, flat: string, search: string, choose: string, pincode: string) {
  const form = page.getByRole("form", { name: "New address" });
  await form.getByLabel("Flat or house number").fill(flat);
  await form.getByLabel("Building or society").fill("Sai Krupa CHS");
  await form.getByRole("combobox", { name: "Locality" }).pressSequentially(search, { delay: 30 });
  await form
    .getByRole("option", { name: new RegExp(`^${choose}`) })
    .first()
    .click();
  await form.getByLabel("Pincode").fill(pincode);
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(form).toBeHidden();
}

/** The first free time on the day of journeys that take whichever mate is free (E2E.anyMateDay). */
async function chooseFirstTime(page: Page): Promise<string> {
  const days = page.getByRole("group", { name: "Day" }).getByRole("button");
  await days.nth(E2E.anyMateDay).click();
  const first = page.getByRole("group", { name: "Start time" }).getByRole("button", { disabled: false }).first();
  const label = (await first.textContent()) ?? "";
  await first.click();
  await expect(first).toHaveAttribute("aria-pressed", "true");
  return label;
}

test("the whole booking: cart, address, time, payment, a mate assigned live, then cancelled from the profile", async ({
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  await signUpThroughApi(page.request, newUser("booking"));
  await addPlumbing(page);
  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to book" }).click();
  await expect(page).toHaveURL("/book/address");
  await expect(page.getByRole("heading", { level: 1, name: "Booking address" })).toBeVisible();

  await newAddress(page, "B-402", "Kandi", "Kandivali", "400067");
  await expect(page.getByRole("radio", { name: /Home.*B-402, Sai Krupa CHS, Kandivali/ })).toBeChecked();
  const time = await chooseFirstTime(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page).toHaveURL(/\/booking\/payment\?address=.+&start=.+/);
  await expect(page.getByTestId("payment-total")).toHaveText("₹449");
  await expect(page.getByText("GST included (18 %)")).toBeVisible();
  await expect(page.getByText("Pay after service (cash or UPI to your mate)")).toBeVisible();
  await expect(page.getByRole("region", { name: "Address and time" })).toContainText(time);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Confirm booking" }).click();

  await expect(page).toHaveURL(/\/mate-assigning\?booking=/);
  await expect(page.getByTestId("booking-step").getByText(/Your mate is assigned/)).toBeVisible();
  await expect(page.getByText(/Verified mate since/)).toBeVisible();
  await expect(page.getByText(/jobs done/)).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "See all your bookings" }).click();
  const upcoming = page.getByRole("list", { name: "Upcoming bookings" });
  await expect(upcoming.getByRole("listitem").filter({ hasText: "Plumber" }).first()).toContainText("Mate assigned");
  // One click does not cancel: a confirmation says what it costs, and "Keep booking" changes nothing.
  await upcoming.getByRole("button", { name: "Cancel booking" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Cancel this booking?" });
  await expect(confirm).toContainText("Cancelling is free now: nothing is charged");
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Keep booking" }).click();
  await expect(confirm).toBeHidden();
  await expect(upcoming).toContainText("Mate assigned");
  await upcoming.getByRole("button", { name: "Cancel booking" }).click();
  await confirm.getByRole("button", { name: "Yes, cancel" }).click();
  // Cancelled, however far ahead it was, is neither upcoming nor past.
  await expect(page.getByRole("list", { name: "Cancelled bookings" })).toContainText("Cancelled");
  await expect(page.getByRole("list", { name: "Past bookings" })).toHaveCount(0);
  await expect(page.getByText("Nothing coming up.")).toBeVisible();
  expect(errors).toEqual([]);
});

test("an address outside the served areas cannot be booked, and the cart is kept", async ({ page }) => {
  await signUpThroughApi(page.request, newUser("booking-unserved"));
  await addPlumbing(page);
  await openApp(page, "/book/address");
  // Said the moment the locality is chosen, before the rest of the form is filled.
  const form = page.getByRole("form", { name: "New address" });
  await form.getByLabel("Flat or house number").fill("12");
  await form.getByLabel("Building or society").fill("Sai Krupa CHS");
  await form.getByRole("combobox", { name: "Locality" }).pressSequentially("Colab", { delay: 30 });
  await form
    .getByRole("option", { name: /^Colaba/ })
    .first()
    .click();
  await expect(form.getByRole("alert")).toHaveText(
    `${MESSAGES.unservedAddress("Colaba")} ${MESSAGES.servedAreasSummary}`,
  );
  await form.getByRole("combobox", { name: "Locality" }).fill("Kandi");
  await expect(form.getByRole("alert")).toHaveCount(0);
  await form.getByRole("combobox", { name: "Locality" }).fill("");
  await newAddress(page, "12", "Colab", "Colaba", "400005");
  await expect(page.getByRole("alert")).toContainText("Mates is not available in Colaba yet");
  await expect(page.getByRole("heading", { name: "When?" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
});

test("a double click on Confirm booking makes one booking", async ({ page }) => {
  await signUpThroughApi(page.request, newUser("booking-double"));
  await addPlumbing(page);
  await page.goto("/book/address");
  await newAddress(page, "7", "Bori", "Borivali", "400092");
  await chooseFirstTime(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Confirm booking" }).dblclick();
  await expect(page).toHaveURL(/\/mate-assigning\?booking=/);
  const list = await (await page.request.get("/api/bookings")).json();
  expect(list.upcoming).toHaveLength(1);
});

test("the slot picker leaves out times when no mate for the work is on duty, and says which are booked", async ({
  page,
}) => {
  await signUpThroughApi(page.request, newUser("booking-off-duty"));
  // Pest-control mates work from 8:00 AM: 6:00 and 7:30 are never to be had, so they are not offered.
  await openApp(page, "/service/pest-control");
  const options = page.getByRole("region", { name: "Options and prices" });
  await options.getByRole("radio", { name: /Cockroach & ant – 1 BHK/ }).check();
  await options.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await openApp(page, "/book/address");
  await newAddress(page, "3", "Kandi", "Kandivali", "400067");
  await page.getByRole("group", { name: "Day" }).getByRole("button").nth(1).click();
  const times = page.getByRole("group", { name: "Start time" }).getByRole("button");
  await expect(times.first()).toHaveText(/^8:00 AM/);
  await expect(times.filter({ hasText: /^(6|7):\d\d AM/ })).toHaveCount(0);
  // A booked-out time (if another test took one) says so in words, not only by looks.
  for (const label of await times.evaluateAll((buttons) =>
    buttons.filter((b) => (b as HTMLButtonElement).disabled).map((b) => b.getAttribute("aria-label")),
  )) {
    expect(label).toMatch(/, booked out$/);
  }
  await expect(page.getByRole("button", { name: /, full$/ })).toHaveCount(0);
});
