import { expectNoSeriousA11yViolations } from "./support/app.ts";
import { newUser, signUpThroughApi } from "./support/auth.ts";
import { expect, test } from "./support/fixtures.ts";
import { bookAtHome, type JourneyCast, mateCompletesJob, withMatePhone } from "./support/job-journey.ts";

/**
 * Issue 18, both sides of the marketplace side by side: after the job the customer is not happy,
 * asks for free re-work with a photo and a new time; it is booked free and goes to the same mate,
 * whose phone shows it live with what is wrong and the photo.
 */
const ELECTRICIAN: JourneyCast = {
  mateId: "mate-018",
  password: "borivali-sparks-2026",
  customerName: "Ravi Iyer",
  home: { flat: "H-9", search: "Bori", locality: "Borivali", pincode: "400092" },
  mateDevice: "Pixel 7",
  checkScreen: async () => {},
};
// A real 1×1 PNG: what a phone's photo is to the server (its bytes decide its type).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const WRONG = "The new socket sparks when the iron is plugged in.";

test("the customer asks for free re-work with a photo; it is free and reaches the same mate, live", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await withMatePhone(browser, ELECTRICIAN, async (matePage) => {
    await signUpThroughApi(page.request, newUser("rework", { name: ELECTRICIAN.customerName }));
    await bookAtHome(page, {
      service: "/service/electrician",
      option: /Switch \/ socket repair/,
      home: ELECTRICIAN.home,
    });
    await mateCompletesJob(
      matePage,
      /Electrician for Ravi/,
      (await page.getByTestId("start-code").textContent()) ?? "",
    );
    await matePage.getByRole("radio", { name: "Cash" }).check();
    await matePage.getByRole("button", { name: "Payment collected" }).click();
    await expect(page.getByText("Paid to your mate by Cash")).toBeVisible();
    // The mate is back on their list of jobs, which nothing more is expected to change.
    await matePage.getByRole("navigation", { name: "Mate app" }).getByRole("link", { name: "Jobs" }).click();

    // Not happy: what is wrong, a photo, and a time two days on.
    const rework = page.getByRole("region", { name: "Not happy with the work?" });
    await rework.getByRole("button", { name: "Ask for free re-work" }).click();
    const form = rework.getByRole("form", { name: "Free re-work" });
    await form.getByRole("button", { name: "Book free re-work" }).click();
    await expect(form.getByRole("alert")).toHaveText("Tell us what is wrong, in a sentence or two.");
    await form.getByLabel("What is wrong?").fill(WRONG);
    await form.getByLabel(/^Photos/).setInputFiles({ name: "socket.png", mimeType: "image/png", buffer: PNG });
    await form.getByRole("group", { name: "Day" }).getByRole("button").nth(2).click();
    await form.getByRole("group", { name: "Start time" }).getByRole("button", { disabled: false }).first().click();
    await expectNoSeriousA11yViolations(page);
    const originalUrl = page.url();
    await form.getByRole("button", { name: "Book free re-work" }).click();

    // A free booking, followed like any other, with the same mate.
    await expect(page).not.toHaveURL(originalUrl);
    await expect(page).toHaveURL(/\/mate-assigning\?booking=/);
    await expect(page.getByTestId("booking-step").getByText("Your mate is assigned")).toBeVisible();
    await expect(page.getByText("Sachin Chavan").first()).toBeVisible();
    const shown = page.getByRole("region", { name: "Free re-work" });
    await expect(shown).toContainText(WRONG);
    await expect(shown.getByRole("img")).toHaveJSProperty("naturalWidth", 1);
    await expect(page.getByText("Free: nothing to pay unless you approve extra work.")).toBeVisible();

    // The mate's phone: the re-work arrives without a reload, with what is wrong and the photo.
    const card = matePage
      .getByRole("region", { name: "Upcoming" })
      .getByRole("link", { name: /^Free re-work: Electrician for Ravi/ });
    await expect(card).toContainText("Free: nothing to collect");
    await card.click();
    const told = matePage.getByRole("region", { name: "Re-work" });
    await expect(told).toContainText(WRONG);
    await expect(told.getByRole("img")).toHaveJSProperty("naturalWidth", 1);
  });
});
