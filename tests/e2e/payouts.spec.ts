import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, openApp } from "./support/app.ts";
import { newUser, signUpThroughApi } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { type JourneyCast, OPERATORS, operatorSignsIn, upToPayment, withMatePhone } from "./support/job-journey.ts";

/**
 * Issue 39, a mate's week from the jobs to the money, with the mate, a customer and an operator
 * each in a browser of their own: the mate gives a PAN and a UPI ID in the mate app (shown masked);
 * the customer books two plumbing jobs tomorrow, one paid online up front and one paid in cash
 * after; the mate sees what they earn on each job before doing it, does both and collects the cash;
 * an operator settles the week so far at the console, reads the mate's figures (two jobs, gross,
 * commission, TDS, collected, balance) and approves the run; RazorpayX (its stand-in) pays it; the
 * mate sees the payout paid with its UTR, and the week's statement as a PDF (records 061–066).
 *
 * The figures: a geyser installation (₹599, online) earns ₹599 less 20 % commission and 0.1 % TDS
 * (60 paise): ₹478.60 owed to the mate; a flush tank repair (₹399, cash) leaves the mate owing
 * ₹79.80 of commission and 40 paise of TDS: the week nets to ₹398.40, paid out.
 */
const PLUMBER: JourneyCast = {
  mateId: "mate-022",
  password: "malad-tap-2026",
  customerName: "Nisha Kapadia",
  home: { flat: "C-12", search: "Mala", locality: "Malad", pincode: "400064" },
  mateDevice: "Pixel 7",
  checkScreen: async () => {},
};
const checkoutWindow = (page: Page) => page.getByRole("dialog", { name: "Razorpay test checkout" });

type StandInPayout = { id: string; amount: number; status: string; utr: string | null; mode: string };

/** The payouts RazorpayX's stand-in holds (a test's view of the bank's side). */
async function standInPayouts(request: APIRequestContext): Promise<StandInPayout[]> {
  const answer = await request.get(`${E2E.razorpayUrl}/_test/payouts`);
  return (await answer.json()) as StandInPayout[];
}

test.beforeEach(({ browserProblems }) => {
  browserProblems.allowOrigin(E2E.razorpayUrl);
});

test("a mate's week: PAN and UPI ID, an online job and a cash job, the run approved, the payout paid", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await withMatePhone(browser, PLUMBER, async (matePage) => {
    await test.step("the mate gives a PAN and a UPI ID, shown masked", async () => {
      await openApp(matePage, "/mate/earnings");
      const pan = matePage.getByRole("region", { name: "PAN" });
      await pan.getByLabel("Your PAN").fill("ABCDE1234F");
      await pan.getByRole("button", { name: "Save PAN" }).click();
      await expect(pan).toContainText("XXXXXX234F");

      const paid = matePage.getByRole("region", { name: "Where you are paid" });
      await paid.getByRole("radio", { name: "UPI ID" }).check();
      await paid.getByRole("textbox", { name: "UPI ID" }).fill("dinesh.mhatre@okaxis");
      await paid.getByRole("button", { name: "Save payout details" }).click();
      await expect(paid).toContainText("di••••@okaxis");
      await expect(paid).not.toContainText("dinesh.mhatre@okaxis");
      await expectNoSeriousA11yViolations(matePage);
    });

    const codes: string[] = [];
    await test.step("the customer books a geyser paid online and a flush tank paid after", async () => {
      await signUpThroughApi(page.request, newUser("payouts", { name: PLUMBER.customerName }));
      await upToPayment(page, { service: "/service/plumber", option: /Geyser installation/, home: PLUMBER.home });
      await page.getByRole("radio", { name: /Pay now/ }).check();
      await page.getByRole("button", { name: "Confirm and pay ₹599" }).click();
      await expect(checkoutWindow(page)).toContainText("₹599.00");
      await checkoutWindow(page).getByRole("button", { name: "Pay with UPI" }).click();
      await expect(page).toHaveURL(/\/mate-assigning\?booking=/);
      await expect(page.getByTestId("booking-step").getByText("Your mate is assigned")).toBeVisible();
      await expect(page.getByText("Dinesh Mhatre").first()).toBeVisible();
      codes.push((await page.getByTestId("start-code").textContent()) ?? "");

      await openApp(page, "/service/plumber");
      const options = page.getByRole("region", { name: "Options and prices" });
      await options.getByRole("radio", { name: /Flush tank repair/ }).check();
      await options.getByRole("button", { name: "Add to cart" }).click();
      await page.goto("/cart");
      await page.getByRole("button", { name: "Proceed to book" }).click();
      // The saved home is chosen already; tomorrow, three hours after the geyser's time.
      await page.getByRole("group", { name: "Day" }).getByRole("button").nth(1).click();
      await page.getByRole("group", { name: "Start time" }).getByRole("button", { disabled: false }).nth(6).click();
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await page.getByRole("button", { name: "Confirm booking" }).click();
      await expect(page.getByTestId("booking-step").getByText("Your mate is assigned")).toBeVisible();
      await expect(page.getByText("Dinesh Mhatre").first()).toBeVisible();
      codes.push((await page.getByTestId("start-code").textContent()) ?? "");
      for (const code of codes) expect(code).toMatch(/^\d{4}$/);
    });

    await test.step("the mate sees what each job earns, does both and collects the cash", async () => {
      const doJob = async (option: string, code: string) => {
        await openApp(matePage, "/mate");
        await matePage
          .getByRole("region", { name: "Upcoming" })
          .getByRole("link", { name: /Plumber for Nisha/ })
          .filter({ hasText: option })
          .click();
        await matePage.getByRole("button", { name: "On the way" }).click();
        await matePage.getByRole("button", { name: "Arrived" }).click();
        await matePage.getByLabel("Start code from the customer").fill(code);
        await matePage.getByRole("button", { name: "Start" }).click();
        await matePage.getByRole("button", { name: "Complete" }).click();
      };
      await openApp(matePage, "/mate");
      const geyser = matePage
        .getByRole("region", { name: "Upcoming" })
        .getByRole("link", { name: /Plumber for Nisha/ })
        .filter({ hasText: "Geyser installation" });
      await geyser.click();
      await expect(matePage.getByTestId("job-earnings")).toHaveText(
        "You earn ₹478.60 (Mates' commission 20 %, TDS 0.1 %)",
      );
      await doJob("Geyser installation", codes[0] ?? "");
      await expect(matePage.getByRole("region", { name: "Bill" })).toContainText("Paid online");

      await doJob("Flush tank repair", codes[1] ?? "");
      await matePage.getByRole("radio", { name: "Cash" }).check();
      await matePage.getByRole("button", { name: "Payment collected" }).click();
      await expect(matePage.getByRole("region", { name: "Bill" })).toContainText("₹399 by Cash");
    });

    await test.step("the operator settles the week so far, reads the mate's figures and approves", async () => {
      const desk = await browser.newContext();
      try {
        const operator = await desk.newPage();
        await operatorSignsIn(operator, OPERATORS.payouts);
        await operator.goto("/ops/payouts");
        await operator.getByRole("button", { name: "Settle this week so far" }).click();
        const row = operator.getByRole("row", { name: /Dinesh Mhatre/ });
        await expect(row.getByRole("cell")).toHaveText([
          "Dinesh Mhatre",
          "2",
          "₹998",
          "₹199.60",
          "₹1",
          "₹0",
          "₹399",
          "₹0",
          "₹398.40",
          "₹398.40",
          "To pay",
        ]);
        await expectNoSeriousA11yViolations(operator);
        await operator.getByRole("button", { name: "Approve" }).click();
        const confirm = operator.getByRole("alertdialog", { name: "Approve this run?" });
        await confirm.getByRole("button", { name: "Approve and pay" }).click();
        await expect(operator.getByRole("heading", { name: /: Approved$/ })).toBeVisible();

        // RazorpayX gets one payout of ₹398.40 by UPI, and pays it.
        const sent = async () =>
          (await standInPayouts(operator.request)).filter(
            (payout) => payout.amount === 39_840 && payout.mode === "UPI",
          );
        await expect.poll(async () => (await sent()).length, { message: "the payout reached RazorpayX" }).toBe(1);
        const [payout] = await sent();
        const processed = await operator.request.post(`${E2E.razorpayUrl}/_test/payouts/${payout?.id}/process`);
        expect(processed.status()).toBe(200);
        await operator.reload();
        await operator
          .getByRole("button", { name: /^Week of / })
          .first()
          .click();
        await expect(operator.getByRole("row", { name: /Dinesh Mhatre/ })).toContainText(/processed\s*UTR \w+/);
      } finally {
        await desk.close();
      }
    });

    await test.step("the mate sees the payout paid with its UTR, and the week's statement", async () => {
      await openApp(matePage, "/mate/earnings");
      const week = matePage.getByRole("region", { name: "Week so far" });
      const payouts = week.getByRole("list", { name: "Payouts" });
      await expect(payouts).toContainText("Payout ₹398.40 · Paid");
      await expect(payouts).toContainText(/UTR \w+/);
      const jobs = week.getByRole("list", { name: "Jobs" }).getByRole("listitem");
      await expect(jobs).toHaveCount(2);
      await expect(week.getByRole("list", { name: "Jobs" })).toContainText("Net ₹478.60");
      const statement = week.getByRole("link", { name: "Statement for this week (PDF)" });
      const href = (await statement.getAttribute("href")) ?? "";
      const pdf = await matePage.request.get(href);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
      await expectNoSeriousA11yViolations(matePage);
    });
  });
});
