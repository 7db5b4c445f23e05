import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/app.ts";
import { newUser, signUpThroughApi } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { OPERATORS, operatorSignsIn, upToPayment } from "./support/job-journey.ts";

/**
 * Issue 38, the customer and Mates support side by side: help on a booking opens a case between
 * them (never the mate), which the operator answers, questions and resolves from the desk while the
 * customer follows it live; someone who feels unsafe is shown 112 and the support line at once, and
 * their case tops the desk's queue with a red flag. Bookings take whichever electrician is free, on
 * the day of such journeys (E2E.anyMateDay).
 */

// Both journeys act as the desk's one operator: one after the other.
test.describe.configure({ mode: "serial" });

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function bookAnElectrician(page: Page, label: string, nthTime: number): Promise<void> {
  await signUpThroughApi(page.request, newUser(label, { name: `Kavya ${label}` }));
  await upToPayment(page, {
    service: "/service/electrician",
    option: /Ceiling fan installation/,
    home: { flat: "B-12", search: "Gore", locality: "Goregaon", pincode: "400062" },
    day: E2E.anyMateDay,
    nthTime,
  });
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByTestId("booking-step").getByText("Your mate is assigned")).toBeVisible();
}

const WRONG_BILL = "The app shows the fan installation twice on my bill estimate.";

test("a customer asks for help; the desk answers, asks, resolves; the customer follows live and says it is solved", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await bookAnElectrician(page, "help", 5);

  await page.getByRole("button", { name: "Get help" }).click();
  const dialog = page.getByRole("dialog", { name: "What went wrong?" });
  await expect(dialog.getByRole("button")).toContainText([
    "I was charged wrongly",
    "I felt unsafe or was treated badly",
    "Something else",
  ]);
  await dialog.getByRole("button", { name: "Something else" }).click();
  const form = dialog.getByRole("form", { name: "Something else" });
  await form.getByRole("button", { name: "Send to Mates support" }).click();
  await expect(form.getByRole("alert")).toHaveText("Tell us what happened, in a sentence or two.");
  await form.getByLabel("How can we help?").fill(WRONG_BILL);
  await form.getByLabel(/^Photos/).setInputFiles({ name: "bill.png", mimeType: "image/png", buffer: PNG });
  await expect(form).toContainText("What happens next: An operator will write to you here by");
  await expectNoSeriousA11yViolations(page);
  await form.getByRole("button", { name: "Send to Mates support" }).click();

  await expect(page).toHaveURL(/\/help\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("case-status")).toHaveText("Open");
  const thread = page.getByRole("list", { name: "The case so far" });
  await expect(thread).toContainText(WRONG_BILL);
  await expect(thread.getByRole("img")).toHaveJSProperty("naturalWidth", 1);
  await expectNoSeriousA11yViolations(page);

  const desk = await browser.newContext();
  try {
    const operator = await desk.newPage();
    await operatorSignsIn(operator, OPERATORS.helpDesk);
    await operator.getByRole("link", { name: "Cases" }).click();
    const item = operator
      .getByRole("list", { name: "Case queue" })
      .getByRole("listitem", { name: /^Something else, Kavya help/ });
    await expect(item).toContainText("First answer by");
    await item.getByRole("link", { name: "Something else" }).click();
    await expect(operator.getByRole("list", { name: "Thread" })).toContainText(WRONG_BILL);
    await expectNoSeriousA11yViolations(operator);
    const message = operator.getByLabel(/^Message/);

    // An answer, then a question: the customer's page follows without a reload.
    await message.fill("Thank you, we are checking the estimate now.");
    await operator.getByRole("button", { name: "Answer", exact: true }).click();
    await expect(thread).toContainText("Thank you, we are checking the estimate now.");
    await message.fill("Did you add the fan twice to the cart, or once?");
    await operator.getByRole("button", { name: "Ask the customer for more" }).click();
    await expect(page.getByTestId("case-status")).toHaveText("Waiting for you");
    await page.getByLabel("Your answer").fill("Once, I am sure.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(operator.getByTestId("desk-case-status")).toHaveText("Open");

    await message.fill("It was shown twice by mistake; your bill is for one fan, ₹499.");
    await operator.getByRole("button", { name: "Resolve" }).click();
    await expect(page.getByTestId("case-status")).toHaveText("Resolved");
    await page.getByRole("region", { name: "Did this solve it?" }).getByRole("button", { name: "Yes, solved" }).click();
    await expect(page.getByTestId("case-status")).toHaveText("Closed");
    await expect(operator.getByTestId("desk-case-status")).toHaveText("Closed");
  } finally {
    await desk.close();
  }

  // The booking shows its case.
  await page.getByRole("link", { name: "See the booking" }).click();
  await expect(page.getByRole("list", { name: "Your cases on this booking" })).toContainText("Something else: closed");
});

test("someone who feels unsafe sees 112 and the support line at once, and tops the desk's queue", async ({
  page,
  browser,
}) => {
  await bookAnElectrician(page, "safety", 6);
  await page.getByRole("button", { name: "Get help" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "I felt unsafe or was treated badly" }).click();
  const danger = page.getByRole("region", { name: "If you are in danger" });
  await expect(danger.getByRole("link", { name: "Call 112" })).toHaveAttribute("href", "tel:112");
  await expect(danger.getByRole("link", { name: /^Mates support/ })).toHaveAttribute("href", "tel:+912248901122");
  await page.getByRole("button", { name: "Send to Mates support" }).click();
  await expect(page).toHaveURL(/\/help\//);
  await expect(page.getByRole("region", { name: "If you are in danger" })).toBeVisible();

  const desk = await browser.newContext();
  try {
    const operator = await desk.newPage();
    await operatorSignsIn(operator, OPERATORS.helpDesk);
    await operator.goto("/ops/cases");
    const first = operator.getByRole("list", { name: "Case queue" }).getByRole("listitem").first();
    await expect(first).toHaveAccessibleName(/^I felt unsafe or was treated badly, Kavya safety/);
    await expect(first.getByText("Safety", { exact: true })).toBeVisible();
  } finally {
    await desk.close();
  }
});
