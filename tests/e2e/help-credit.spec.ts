import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, openApp } from "./support/app.ts";
import { newUser, signUpThroughApi } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { type JourneyCast, OPERATORS, operatorSignsIn, upToPayment, withMatePhone } from "./support/job-journey.ts";

/**
 * Issue 38's Mates credit as the customer meets it, with the customer and an operator each in a
 * browser of their own: help on an upcoming booking is decided at the desk with ₹150 of credit;
 * the customer reads the decision on the case and the grant with its reason on their profile; on
 * the next booking the credit is taken by itself: the payment screen shows it and what is left,
 * Checkout charges only the rest, the booking says how it was paid, the bill shows the credit once
 * the mate, in a browser of their own, has started, and the balance is spent (record 058). The
 * case is on a kitchen cleaning any cleaner will do, on the day of such journeys (E2E.anyMateDay);
 * the credit pays towards an electrician in Malad tomorrow, this journey's named mate.
 */
const ELECTRICIAN: JourneyCast = {
  mateId: "mate-016",
  password: "malad-fan-2026",
  customerName: "Anil Gonsalves",
  home: { flat: "K-4", search: "Mala", locality: "Malad", pincode: "400064" },
  mateDevice: "Pixel 7",
  checkScreen: async () => {},
};
const CUSTOMER = ELECTRICIAN.customerName;
const MOVED = "The time of my kitchen cleaning was moved twice by phone; I took leave from work for nothing.";
const SORRY = "Sorry for the wasted day: here is ₹150 of Mates credit for your next booking.";
const checkoutWindow = (page: Page) => page.getByRole("dialog", { name: "Razorpay test checkout" });

test.beforeEach(({ browserProblems }) => {
  browserProblems.allowOrigin(E2E.razorpayUrl);
});

test("credit decided at the desk is spent by itself on the next booking: payment screen, bill, balance", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await withMatePhone(browser, ELECTRICIAN, async (matePage) => {
    await signUpThroughApi(page.request, newUser("help-credit", { name: CUSTOMER }));
    await upToPayment(page, {
      service: "/service/kitchen-cleaning",
      option: /Kitchen – 1 BHK size/,
      home: ELECTRICIAN.home,
      day: E2E.anyMateDay,
      nthTime: 3,
    });
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page).toHaveURL(/\/mate-assigning\?booking=/);

    await test.step("help on the booking, decided at the desk with Mates credit", async () => {
      await page.getByRole("button", { name: "Get help" }).click();
      const dialog = page.getByRole("dialog", { name: "What went wrong?" });
      await dialog.getByRole("button", { name: "Something else" }).click();
      const form = dialog.getByRole("form", { name: "Something else" });
      await form.getByLabel("How can we help?").fill(MOVED);
      await form.getByRole("button", { name: "Send to Mates support" }).click();
      await expect(page).toHaveURL(/\/help\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId("case-status")).toHaveText("Open");

      const desk = await browser.newContext();
      try {
        const operator = await desk.newPage();
        await operatorSignsIn(operator, OPERATORS.helpCredit);
        await operator.goto("/ops/cases");
        await operator
          .getByRole("list", { name: "Case queue" })
          .getByRole("listitem", { name: new RegExp(`^Something else, ${CUSTOMER}`) })
          .getByRole("link", { name: "Something else" })
          .click();
        await expect(operator.getByRole("list", { name: "Thread" })).toContainText(MOVED);
        const decide = operator.getByRole("region", { name: "Decide" });
        await expect(decide).toContainText("Credit: at most ₹2,000 a decision.");
        await decide.getByLabel("Decision").selectOption("credit");
        await decide.getByLabel("Amount (₹)").fill("150");
        await decide.getByLabel("What the customer reads", { exact: true }).fill(SORRY);
        await decide.getByRole("button", { name: "Send the decision" }).click();
        await expect(operator.getByTestId("desk-case-status")).toHaveText("Resolved");
        await expect(operator.getByTestId("desk-decision")).toContainText("₹150 of Mates credit");
      } finally {
        await desk.close();
      }

      // The customer's case follows live: resolved with the credit, and the operator's words.
      await expect(page.getByTestId("case-status")).toHaveText("Resolved");
      await expect(page.getByRole("region", { name: "Our decision" })).toContainText("Mates credit: ₹150");
      await expect(page.getByTestId("case-decision")).toHaveText(
        "We have added ₹150 of Mates credit to your account. It is spent on your next bookings and lasts a year.",
      );
      await expect(page.getByRole("list", { name: "The case so far" })).toContainText(SORRY);
    });

    await test.step("the profile shows the balance and the grant with its reason", async () => {
      await openApp(page, "/profile");
      const credit = page.getByRole("region", { name: "Mates credit" });
      await expect(credit.getByTestId("credit-balance")).toHaveText("₹150");
      await expect(credit).toContainText("it is never paid out as cash.");
      const history = credit.getByRole("list", { name: "Credit history" }).getByRole("listitem");
      await expect(history).toHaveCount(1);
      await expect(history.first()).toContainText(`Case: ${SORRY}`);
      await expect(history.first()).toContainText("valid until");
      await expect(history.first()).toContainText("+₹150");
      await expectNoSeriousA11yViolations(page);
    });

    await test.step("the next booking takes the credit by itself; only the rest is paid", async () => {
      await openApp(page, "/service/electrician");
      const options = page.getByRole("region", { name: "Options and prices" });
      await options.getByRole("radio", { name: /Ceiling fan installation/ }).check();
      await options.getByRole("button", { name: "Add to cart" }).click();
      await page.goto("/cart");
      await page.getByRole("button", { name: "Proceed to book" }).click();
      // The one saved home is chosen already; tomorrow at the first free time.
      await page.getByRole("group", { name: "Day" }).getByRole("button").nth(1).click();
      await page.getByRole("group", { name: "Start time" }).getByRole("button", { disabled: false }).first().click();
      await page.getByRole("button", { name: "Continue to payment" }).click();

      await expect(page.getByTestId("payment-total")).toHaveText("₹349");
      await expect(page.getByTestId("payment-credit")).toHaveText("−₹150");
      await expect(page.getByTestId("payment-to-pay")).toHaveText("₹199");
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("radio", { name: /Pay now/ }).check();
      await page.getByRole("button", { name: "Confirm and pay ₹199" }).click();

      // Held for the rest: Checkout asks for ₹199, not the booking's ₹349.
      await expect(page.getByRole("heading", { name: "Pay ₹199 to confirm your booking" })).toBeVisible();
      await expect(page.getByText("₹150 of your ₹349 booking is paid with your Mates credit.")).toBeVisible();
      await expect(checkoutWindow(page)).toContainText("₹199.00");
      await checkoutWindow(page).getByRole("button", { name: "Pay with UPI" }).click();
      await expect(page).toHaveURL(/\/mate-assigning\?booking=/);
      await expect(
        page.getByText("Booked for ₹349 (GST included), ₹150 of it paid with your Mates credit, the rest paid online."),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: "Payments" })).toContainText("Paid online: ₹199");
      await expect(page.getByTestId("booking-step").getByText("Your mate is assigned")).toBeVisible();
    });

    await test.step("the bill shows the credit once work starts, and to the end", async () => {
      const code = (await page.getByTestId("start-code").textContent()) ?? "";
      await matePage.reload();
      await matePage
        .getByRole("region", { name: "Upcoming" })
        .getByRole("link", { name: new RegExp(`for ${CUSTOMER.split(" ")[0]}`) })
        .click();
      await expect(matePage.getByTestId("job-credit")).toHaveText("₹150");
      await matePage.getByRole("button", { name: "On the way" }).click();
      await matePage.getByRole("button", { name: "Arrived" }).click();
      await matePage.getByLabel("Start code from the customer").fill(code);
      await matePage.getByRole("button", { name: "Start" }).click();
      await expect(page.getByTestId("booking-step")).toHaveText("Work in progress");
      await expect(page.getByTestId("bill-total")).toHaveText("₹349");
      await expect(page.getByTestId("bill-credit")).toHaveText("−₹150");
      await expect(page.getByTestId("bill-after-credit")).toHaveText("₹199");
      await expectNoSeriousA11yViolations(page);
      // Paid up front, the job needs nothing collected.
      await matePage.getByRole("button", { name: "Complete" }).click();
      await expect(page.getByTestId("booking-step")).toHaveText("Completed");
      await expect(page.getByTestId("bill-credit")).toHaveText("−₹150");
      await expect(page.getByTestId("bill-after-credit")).toHaveText("₹199");
    });

    await test.step("the credit is spent: the balance is down by it", async () => {
      await openApp(page, "/profile");
      const credit = page.getByRole("region", { name: "Mates credit" });
      await expect(credit.getByTestId("credit-balance")).toHaveText("₹0");
      const history = credit.getByRole("list", { name: "Credit history" }).getByRole("listitem");
      await expect(history).toHaveCount(2);
      await expect(history.first()).toContainText("Paid towards a booking");
      await expect(history.first()).toContainText("−₹150");
    });
  });
});
