import type { Locator } from "@playwright/test";
import { expectNoSeriousA11yViolations, openApp } from "./support/app.ts";
import { newUser, signUpThroughApi } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { bookAtHome, type JourneyCast, mateCompletesJob, withMatePhone } from "./support/job-journey.ts";

/**
 * Issue 18, both sides of the marketplace side by side: after the job the customer rates their mate
 * with a tip on the bill still to be paid; the mate's phone asks for the bill and the tip, and the
 * mate sees the rating in their own list; the review shows on the service's page, with the
 * customer's first name and locality only.
 */
/** The stars, tags and tips are inputs hidden inside their labels: a person taps the label, the test too. */
async function choose(input: Locator): Promise<void> {
  await input.locator("xpath=ancestor::label").click();
  await expect(input).toBeChecked();
}

const PLUMBER: JourneyCast = {
  mateId: "mate-021",
  password: "mira-road-pipes-2026",
  customerName: "Farida Merchant",
  home: { flat: "G-4", search: "Mira", locality: "Mira Road", pincode: "401107" },
  mateDevice: "Pixel 7",
  checkScreen: async () => {},
};

test("the customer rates the finished job with a tip; the mate collects both and sees the rating; the review is public", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await withMatePhone(browser, PLUMBER, async (matePage) => {
    await signUpThroughApi(page.request, newUser("rating", { name: PLUMBER.customerName }));
    await bookAtHome(page, {
      service: "/service/plumber",
      option: /Blocked basin, sink or floor drain/,
      home: PLUMBER.home,
    });
    await mateCompletesJob(matePage, /Plumber for Farida/, (await page.getByTestId("start-code").textContent()) ?? "");
    await expect(matePage.getByRole("group", { name: "Collect ₹449 by" })).toBeVisible();

    // The booking's screen asks at once, live; the bookings list asks again while it is open.
    await expect(
      page.getByRole("region", { name: "Rate your booking" }).getByRole("heading", { name: "How did Anthony do?" }),
    ).toBeVisible();
    await openApp(page, "/profile");
    const prompt = page.getByRole("status").filter({ hasText: "How was your Plumber on" });
    await prompt.getByRole("link", { name: "Rate it" }).click();
    const past = page.getByRole("list", { name: "Past bookings" });
    const rate = past.getByRole("region", { name: "Rate your booking" });
    await expect(rate).toBeInViewport();

    // Stars are required; tags, a comment and a tip are the customer's choice.
    await rate.getByRole("button", { name: "Submit rating" }).click();
    await expect(rate.getByRole("alert")).toHaveText("Choose 1 to 5 stars.");
    await choose(rate.getByRole("radio", { name: "5 stars: Excellent" }));
    await choose(rate.getByRole("checkbox", { name: "On time" }));
    await rate.getByLabel("Comment").fill("Cleared the kitchen drain in twenty minutes and left no mess.");
    await choose(rate.getByRole("radio", { name: "₹100" }));
    await expectNoSeriousA11yViolations(page);
    await rate.getByRole("button", { name: "Submit rating" }).click();
    await expect(rate).toContainText("You rated Anthony 5 stars and tipped ₹100. Thank you!");
    await expect(past.getByTestId("bill-with-tip")).toHaveText("₹549");
    await expect(prompt).toHaveCount(0);

    // The mate's phone asks for the bill and the tip, live; collecting closes the tip.
    await expect(matePage.getByRole("group", { name: "Collect ₹549, with a ₹100 tip for you, by" })).toBeVisible();
    await matePage.getByRole("radio", { name: "Cash" }).check();
    await matePage.getByRole("button", { name: "Payment collected" }).click();
    await expect(matePage.getByRole("region", { name: "Bill" })).toContainText("₹549 by Cash");
    await expect(past.getByText("Paid to your mate by Cash")).toBeVisible();

    // The customer may still change the stars for a week, no longer the tip.
    await rate.getByRole("button", { name: /^Change your rating/ }).click();
    await expect(rate.getByRole("group", { name: "Add a tip" })).toHaveCount(0);
    await choose(rate.getByRole("radio", { name: "4 stars: Good" }));
    await rate.getByRole("button", { name: "Save changes" }).click();
    await expect(rate).toContainText("You rated Anthony 4 stars and tipped ₹100. Thank you!");
    await expect(past.getByRole("region", { name: "Timeline" })).toContainText("Rating changed");

    // The mate's own ratings: stars, tags and comment, never the customer's name.
    await matePage.getByRole("link", { name: "Ratings" }).click();
    await expect(matePage).toHaveURL(/\/mate\/ratings$/);
    const mine = matePage.getByRole("main");
    await expect(mine).toContainText("Cleared the kitchen drain in twenty minutes and left no mess.");
    await expect(mine).not.toContainText("Farida");
    // One rating does not yet decide it: the rating Anthony joined with stands until there are 3.
    await expect(mine).toContainText("your rating when you joined");

    // Anyone sees the review on the service's page, as a verified booking by "Farida, Mira Road".
    const visitor = await browser.newContext({ baseURL: E2E.origin });
    try {
      const reader = await visitor.newPage();
      await openApp(reader, "/service/plumber");
      const reviews = reader.getByRole("region", { name: "Reviews" });
      const review = reviews.getByRole("listitem").filter({ hasText: "Cleared the kitchen drain" }).first();
      await expect(review).toContainText("Farida, Mira Road");
      await expect(review).toContainText("Verified booking");
      await expect(review).toContainText("On time");
      await expect(review).not.toContainText("Merchant");
      // A retry of this test adds a rating of its own: the count is read, not assumed.
      const summary = (await reviews.getByTestId("reviews-summary").textContent()) ?? "";
      const [, average, count] = summary.match(/^(\d\.\d).*from (\d+) reviews?$/) ?? [];
      expect(summary).toMatch(/^4\.0.*from 1 review$|from [2-9] reviews$/);
      // The average travels with the catalogue: beside the price, and in the search's suggestions.
      const shown = `★ ${average} (${count})`;
      await expect(reader.getByText(`from ₹249 · ${shown}`)).toBeVisible();
      await reader.getByRole("banner").getByRole("combobox", { name: "Search services" }).fill("plumb");
      await expect(
        reader.getByRole("listbox", { name: "Service suggestions" }).getByRole("option", { name: /^Plumber/ }),
      ).toContainText(shown);
      await expectNoSeriousA11yViolations(reader);
    } finally {
      await visitor.close();
    }
  });
});
