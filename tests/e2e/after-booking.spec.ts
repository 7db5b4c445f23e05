import { openApp } from "./support/app.ts";
import { newUser, signUpThroughApi } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { upToPayment } from "./support/job-journey.ts";

/**
 * Issue 18, after booking: the customer moves a booking to another time from their bookings (the
 * mate keeps it, the history says so), then cancels it and books the same again in one tap. Any
 * electrician will do, on the day of such journeys (E2E.anyMateDay), never taking a named mate.
 */
test("moves a booking to another time, then books it again after cancelling", async ({ page }) => {
  await signUpThroughApi(page.request, newUser("after-booking"));
  await upToPayment(page, {
    service: "/service/electrician",
    option: /Ceiling fan installation/,
    home: { flat: "E-5", search: "Gore", locality: "Goregaon", pincode: "400062" },
    day: E2E.anyMateDay,
  });
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByTestId("booking-step").getByText("Your mate is assigned")).toBeVisible();

  await openApp(page, "/profile");
  const upcoming = page.getByRole("list", { name: "Upcoming bookings" });
  const card = upcoming.getByRole("listitem").filter({ hasText: "Electrician" }).first();
  const before = (await card.getByRole("heading").locator("xpath=following-sibling::p").first().textContent()) ?? "";
  await card.getByRole("button", { name: "Change time" }).click();
  const change = card.getByRole("region", { name: "Change time" });
  await change.getByRole("group", { name: "Day" }).getByRole("button").nth(E2E.anyMateDay).click();
  await change.getByRole("group", { name: "Start time" }).getByRole("button", { disabled: false }).nth(3).click();
  await change.getByRole("button", { name: "Book this time instead" }).click();
  await expect(change).toBeHidden();
  await expect(card).toContainText("Mate assigned");
  await expect(card.getByRole("heading").locator("xpath=following-sibling::p").first()).not.toHaveText(before);
  await expect(card.getByRole("region", { name: "Timeline" })).toContainText("Moved to a new time");

  await card.getByRole("button", { name: "Cancel booking" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, cancel" }).click();
  const cancelled = page.getByRole("list", { name: "Cancelled bookings" });
  await cancelled.getByRole("button", { name: "Book again" }).click();
  await expect(page).toHaveURL("/cart");
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Ceiling fan installation or replacement");
});
