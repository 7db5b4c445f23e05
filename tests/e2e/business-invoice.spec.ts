import { readFile } from "node:fs/promises";
import { pdfText } from "#testing/pdf-text.ts";
import { expectNoSeriousA11yViolations, openApp } from "./support/app.ts";
import { newUser, signUpThroughApi, watchForWelcome } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { type JourneyCast, mateCompletesJob, upToPayment, withMatePhone } from "./support/job-journey.ts";

/**
 * Issue 36: a customer who books for a business keeps its GSTIN and legal name in the profile (a
 * mistyped GSTIN is caught by its check character), finds them filled in at the payment step, books
 * an AC's service, and after the mate has collected the bill the tax invoice, as a page and as a PDF,
 * bills the business by its GSTIN. The business is registered in Karnataka and a service on an AC is
 * supplied where a registered buyer is (record 053): IGST, not CGST + SGST.
 */
const AC_MATE: JourneyCast = {
  mateId: "mate-013",
  password: "jogeshwari-cool-2026",
  customerName: "Meera Iyer",
  home: { flat: "Office 5, Link Plaza", search: "Joge", locality: "Jogeshwari", pincode: "400102" },
  mateDevice: "Pixel 7",
  checkScreen: async () => {},
};
const BUSINESS = { gstin: "29AAGCB7383J1Z4", legalName: "Bengaluru Offices Private Limited" };

test("a business's GSTIN from the profile goes on the booking's tax invoice, with IGST", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await withMatePhone(browser, AC_MATE, async (matePage) => {
    await signUpThroughApi(page.request, newUser("gst-business", { name: AC_MATE.customerName }));

    // The profile: a GSTIN with a typing mistake is refused with the reason; the right one is kept.
    const greeted = watchForWelcome(page, AC_MATE.customerName);
    await openApp(page, "/profile");
    const form = page.getByRole("form", { name: "Business details" });
    await form.getByRole("textbox", { name: "GSTIN", exact: true }).fill("29AAGCB7383J1Z5");
    await form.getByLabel("Business's legal name").fill(BUSINESS.legalName);
    await form.getByRole("button", { name: "Save business details" }).click();
    await expect(form.getByText("This GSTIN's last character does not match the rest")).toBeVisible();
    await expect(form.getByRole("textbox", { name: "GSTIN", exact: true })).toBeFocused();
    await form.getByRole("textbox", { name: "GSTIN", exact: true }).fill("29aagcb7383j1z4");
    await form.getByRole("button", { name: "Save business details" }).click();
    await expect(form.getByRole("status")).toHaveText(
      "Your business details are saved. They will be offered when you book.",
    );
    await expect(form.getByRole("textbox", { name: "GSTIN", exact: true })).toHaveValue(BUSINESS.gstin);
    // The welcome toast fades in its own time; checked while fading, its text is rightly faint. It
    // is waited for until it has been shown (a look before it came would find none) and has gone.
    await greeted;
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // The payment step offers them, ticked and filled in.
    await upToPayment(page, { service: "/service/ac-service", option: /Split AC – service/, home: AC_MATE.home });
    const invoiceFor = page.getByRole("group", { name: "Tax invoice" });
    await expect(invoiceFor.getByRole("checkbox", { name: /Invoice my business/ })).toBeChecked();
    await expect(invoiceFor.getByRole("textbox", { name: "GSTIN", exact: true })).toHaveValue(BUSINESS.gstin);
    await expect(invoiceFor.getByLabel("Business's legal name")).toHaveValue(BUSINESS.legalName);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.getByTestId("booking-step").getByText("Your mate is assigned")).toBeVisible();
    await expect(page.getByText(`Tax invoice to ${BUSINESS.legalName}, GSTIN ${BUSINESS.gstin}.`)).toBeVisible();

    // The mate does the job and collects the bill in cash.
    await mateCompletesJob(
      matePage,
      /AC Service and Repair for Meera/,
      (await page.getByTestId("start-code").textContent()) ?? "",
    );
    await matePage.getByRole("radio", { name: "Cash" }).check();
    await matePage.getByRole("button", { name: "Payment collected" }).click();
    await expect(matePage.getByRole("region", { name: "Bill" })).toContainText("by Cash");

    // The invoice bills the business by its GSTIN, with IGST for a buyer registered in Karnataka.
    const invoiceLink = page.getByRole("link", { name: /^Tax invoice MT\/\d{2}-\d{2}\/\d{6}$/ });
    const number = ((await invoiceLink.textContent()) ?? "").replace("Tax invoice ", "");
    await invoiceLink.click();
    const invoice = page.getByRole("article", { name: `Tax invoice ${number}` });
    await expect(invoice).toContainText(BUSINESS.legalName);
    await expect(invoice).toContainText(`GSTIN ${BUSINESS.gstin}`);
    await expect(invoice).toContainText(`GSTIN ${E2E.seller.gstin}`);
    await expect(invoice).toContainText("Place of supply Karnataka (29)");
    await expect(invoice).toContainText("IGST 18%");
    await expect(invoice).not.toContainText("CGST 9%");
    await expectNoSeriousA11yViolations(page);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download PDF" }).click();
    const text = await pdfText(new Uint8Array(await readFile(await (await download).path())));
    expect(text).toContain(BUSINESS.legalName);
    expect(text).toContain(`GSTIN: ${BUSINESS.gstin}`);
    expect(text).toContain("Place of supply: Karnataka (29)");
    expect(text).toContain("IGST 18%");
  });
});
