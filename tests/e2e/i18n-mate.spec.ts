import { messages as mateApp } from "#web/features/mate-app/messages/mr-IN.ts";
import { messages as matePages } from "#web/pages/mate/messages/mr-IN.ts";
import { newUser, signUpThroughApi } from "./support/auth.ts";
import { expect, test } from "./support/fixtures.ts";
import { bookAtHome, type JourneyCast, mateOf, withMatePhone } from "./support/job-journey.ts";

/**
 * Issue 40: a mate works in Marathi while their customer stays in English. Nitin Sawant (AC
 * service, Mira Road) chooses मराठी in the mate app on his phone; a customer in Mira Road books an
 * AC service in English in a browser of their own. He takes the job through its steps in Marathi
 * (on the way, arrived, the start code, extra work, complete, payment collected) and the customer's
 * page follows each step in English. The Marathi texts are read from the catalogs, so the test
 * follows the translations.
 */
const AC_MATE: JourneyCast = {
  mateId: "mate-014",
  password: "mira-road-thanda-2026",
  customerName: "Rohan Desai",
  home: { flat: "B-7", search: "Mira", locality: "Mira Road", pincode: "401107" },
  mateDevice: "Pixel 7",
  checkScreen: async () => {},
};

/** A catalog's message with its placeholders filled, as the app shows it. */
const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

test("a mate works a job in Marathi while the customer follows it in English", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const mate = mateOf(AC_MATE);
  await withMatePhone(browser, AC_MATE, async (matePage) => {
    // The mate app has the customers' language menu: मराठी redraws it at once, in Marathi.
    await matePage.getByRole("combobox", { name: "Language" }).selectOption({ label: "मराठी" });
    await expect(matePage.locator("html")).toHaveAttribute("lang", "mr-IN");
    await expect(matePage.getByRole("heading", { level: 1 })).toHaveText(matePages.myJobs);
    await expect(matePage.getByRole("navigation", { name: matePages.navLabel })).toContainText(matePages.earnings);
    const upcoming = matePage.getByRole("region", { name: mateApp.upcoming });
    await expect(upcoming).toContainText(mateApp.noUpcoming);

    // The customer books in English, in a browser of their own.
    await signUpThroughApi(page.request, newUser("i18n-mate", { name: AC_MATE.customerName }));
    await bookAtHome(page, { service: "/service/ac-service", option: /Split AC – service/, home: AC_MATE.home });
    await expect(page.getByText(mate.name).first()).toBeVisible();
    const code = (await page.getByTestId("start-code").textContent()) ?? "";
    expect(code).toMatch(/^\d{4}$/);

    // The job arrives live, its card and its screen in Marathi; money keeps Latin digits.
    const card = upcoming.getByRole("link", { name: /Rohan/ });
    await expect(card).toContainText(mateApp.statusAssigned);
    await expect(card).toContainText(fill(mateApp.toCollectAmount, { amount: "₹599" }));
    await card.click();
    await expect(matePage.getByText(mateApp.addressLater)).toBeVisible();
    const earns = matePage.getByTestId("job-earnings");
    await expect(earns).toContainText(mateApp.youEarn.split("<0>")[0] ?? "");
    await expect(earns).toHaveText(/₹\d{3}(\.\d{2})?/);
    await expect(earns).not.toHaveText(/[०-९]/);

    const status = matePage.getByRole("status").filter({ hasText: mateApp.statusAssigned });
    await expect(status).toBeVisible();
    const headline = page.getByTestId("booking-step");
    await matePage.getByRole("button", { name: mateApp.statusOnTheWay, exact: true }).click();
    await expect(matePage.getByRole("region", { name: mateApp.customer })).toContainText(AC_MATE.home.flat);
    await expect(headline).toHaveText("Your mate is on the way");

    await matePage.getByRole("button", { name: mateApp.statusArrived, exact: true }).click();
    await expect(headline).toHaveText("Your mate has arrived");

    await matePage.getByLabel(mateApp.startCode).fill(code);
    await matePage.getByRole("button", { name: mateApp.stepStart, exact: true }).click();
    await expect(headline).toHaveText("Work in progress");
    await expect(matePage.getByText(mateApp.statusInProgress, { exact: true })).toBeVisible();

    // Extra work asked for in Marathi, approved by the customer in English.
    const extras = matePage.getByRole("region", { name: mateApp.extraWork });
    await extras.getByLabel(mateApp.extraWhat).fill("Gas top-up");
    await extras.getByLabel(mateApp.extraPrice).fill("299");
    await extras.getByRole("button", { name: mateApp.extraAsk }).click();
    await expect(extras).toContainText(mateApp.extraWaiting);
    await page.getByRole("button", { name: "Approve ₹299" }).click();
    await expect(page.getByText("Approved: added to your bill")).toBeVisible();
    await expect(extras).toContainText(mateApp.extraApproved);

    await matePage.getByRole("button", { name: mateApp.stepComplete, exact: true }).click();
    await matePage.getByRole("radio", { name: mateApp.upi }).check();
    await matePage.getByRole("button", { name: mateApp.stepCollect, exact: true }).click();
    await expect(matePage.getByText(mateApp.statusPaid, { exact: true })).toBeVisible();
    const bill = matePage.getByRole("region", { name: mateApp.bill });
    await expect(bill).toContainText(`₹898${fill(mateApp.byMethod, { method: mateApp.upi })}`);
    const history = matePage.getByRole("region", { name: mateApp.history });
    for (const step of [mateApp.histAssign, mateApp.histStarted, mateApp.histCompleted, mateApp.stepCollect]) {
      await expect(history).toContainText(step);
    }

    // The customer's side stayed English all along.
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(headline).toHaveText("Completed");
    await expect(page.getByTestId("bill-total")).toHaveText("₹898");
    await expect(page.getByText("Paid to your mate by UPI")).toBeVisible();
    await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Payment collected");

    // The choice stays on the mate's phone: the app opens again in Marathi.
    await matePage.goto("/mate");
    await expect(matePage.getByRole("heading", { level: 1 })).toHaveText(matePages.myJobs);
  });
});
