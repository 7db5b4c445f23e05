import { type APIRequestContext, devices, expect } from "@playwright/test";
import { expectNoSeriousA11yViolations, openApp } from "./support/app.ts";
import { clientAddress, mailsTo, newUser, signUpThroughApi, uniqueEmail } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { test } from "./support/fixtures.ts";
import { bookAtHome, followInvitation, OPERATORS, operatorSignsIn } from "./support/job-journey.ts";

/**
 * Issue 16, three people in three browsers: a carpenter applies at /join with two documents; an
 * operator verifies them in /ops; the invitation's link sets the new mate's password and they set
 * their hours; a customer's next carpentry booking near their home goes to them. Suspending them
 * gives the booking to another mate on the customer's screen, live. A rejected application's
 * documents are gone.
 */

// Tiny but real files, typed by their bytes: a 1×1 PNG photo of an ID and a one-page PDF.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const GOREGAON = { flat: "C-7", search: "Goreg", locality: "Goregaon", pincode: "400062" };

// Both tests act as the one operator the server was started with: one after the other.
test.describe.configure({ mode: "serial" });

async function applyThroughApi(request: APIRequestContext, name: string): Promise<void> {
  const response = await request.post("/api/applications", {
    headers: { origin: E2E.origin, ...clientAddress() },
    multipart: {
      details: JSON.stringify({
        fullName: name,
        mobile: "9820077001",
        email: uniqueEmail("applicant"),
        skills: ["carpenter"],
        homeLocality: { name: "Malad", lat: 19.1874, lon: 72.8484 },
        yearsExperience: 2,
      }),
      identity: { name: "id.png", mimeType: "image/png", buffer: PNG },
      address: { name: "bill.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test("a professional applies, an operator verifies them, and the new mate gets the next booking near home", async ({
  page,
  browser,
}) => {
  // Three people and a dozen screens: longer than one screen's journey.
  test.setTimeout(120_000);
  // The applicant's first, wrong file is refused by the form before anything is sent.
  const applicant = { name: "Kavita Shinde", email: uniqueEmail("kavita"), password: "saw-and-chisel-9" };
  await openApp(page, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Work with Mates" }).click();
  await expect(page).toHaveURL(/\/join$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Work with Mates");
  const form = page.getByRole("form", { name: "Application" });
  await form.getByLabel("Full name").fill(applicant.name);
  await form.getByLabel("Mobile").fill("98200 55321");
  await form.getByLabel("E-mail").fill(applicant.email);
  await form.getByLabel("Years of experience").fill("7");
  await form.getByRole("combobox", { name: "Home locality" }).pressSequentially(GOREGAON.search, { delay: 30 });
  await form
    .getByRole("option", { name: /^Goregaon/ })
    .first()
    .click();
  await form.getByRole("checkbox", { name: "Carpenter" }).check();
  await form
    .getByLabel("Identity document")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
  await expect(form.getByText("notes.txt is not a JPEG, PNG or PDF file.")).toBeVisible();
  await form.getByLabel("Identity document").setInputFiles({ name: "aadhaar.png", mimeType: "image/png", buffer: PNG });
  await form
    .getByLabel("Address proof")
    .setInputFiles({ name: "light bill.pdf", mimeType: "application/pdf", buffer: PDF });
  await form.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByRole("heading", { name: "Application received" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect
    .poll(async () => (await mailsTo(page.request, applicant.email)).map((m) => m.subject))
    .toContain("We have your application to work with Mates");

  const desk = await browser.newContext({ ...devices["Desktop Chrome"], baseURL: E2E.origin });
  const mateSide = await browser.newContext({ ...devices["Desktop Chrome"], baseURL: E2E.origin });
  const customerSide = await browser.newContext({ ...devices["Desktop Chrome"], baseURL: E2E.origin });
  try {
    // The operator opens the queue, checks the documents and verifies.
    const operator = await desk.newPage();
    await operatorSignsIn(operator, OPERATORS.applications);
    await operator.getByRole("link", { name: applicant.name }).click();
    const documents = operator.getByRole("region", { name: "Documents" });
    await expect(documents.getByRole("img", { name: /Identity document: aadhaar.png/ })).toBeVisible();
    await expect(documents.getByRole("link", { name: "Open the PDF" })).toHaveAttribute("href", /\/documents\//);
    await expectNoSeriousA11yViolations(operator);
    const checklist = operator.getByRole("form", { name: "Verification checklist" });
    const verify = checklist.getByRole("button", { name: "Verify and invite" });
    await expect(verify).toBeDisabled();
    await checklist.getByLabel("Identity checked against the document").check();
    await checklist.getByLabel("Address checked against the proof").check();
    await checklist.getByLabel("Police verification reference").fill("MUM/PV/2026/7781");
    await verify.click();
    await expect(operator.getByText(/Verified by .*: mate mate-\d{3}, invited by e-mail\./)).toBeVisible();
    const mateId =
      (await operator.getByRole("link", { name: /^mate mate-\d{3}$/ }).textContent())?.replace("mate ", "") ?? "";

    // The invitation sets the new mate's password; they choose their hours.
    const mate = await mateSide.newPage();
    await followInvitation(mate, {
      email: applicant.email,
      name: applicant.name,
      subject: "Your Mates professional account",
      password: applicant.password,
      landsOn: /\/mate$/,
    });
    await mate.getByRole("link", { name: "Availability" }).click();
    for (const weekday of ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]) {
      const day = mate.getByRole("checkbox", { name: weekday });
      if (!(await day.isChecked())) await day.check();
      await mate.getByLabel(`${weekday} from`).selectOption({ label: "6:00 AM" });
      await mate.getByLabel(`${weekday} until`).selectOption({ label: "9:00 PM" });
    }
    // A day off reads as a date in India does, not as the API's YYYY-MM-DD.
    await mate.getByLabel("Date", { exact: true }).fill("2027-01-26");
    await mate.getByRole("button", { name: "Add day off" }).click();
    const dayOff = mate.getByRole("listitem").filter({ hasText: "26 Jan 2027" });
    await expect(dayOff).toBeVisible();
    await expect(mate.getByText("2027-01-26")).toHaveCount(0);
    await dayOff.getByRole("button", { name: "Remove" }).click();
    await mate.getByRole("button", { name: "Save availability" }).click();
    await expect(mate.getByText("Saved. Customers see your new hours now.")).toBeVisible();
    // So does the start of the week and the month on the Earnings page.
    await mate.getByRole("link", { name: "Earnings" }).first().click();
    for (const period of ["This week", "This month"]) {
      await expect(mate.getByRole("region", { name: period }).getByText(/^Since /)).toHaveText(
        /^Since \d{1,2} [A-Z][a-z]{2,3} \d{4}$/,
      );
    }

    // A customer in Goregaon books a carpenter: the nearest free verified one is the new mate.
    const customer = await customerSide.newPage();
    await signUpThroughApi(customer.request, newUser("goregaon", { name: "Meera Joshi" }));
    await bookAtHome(customer, {
      service: "/service/carpenter",
      option: /Door lock or handle installation/,
      home: GOREGAON,
    });
    await expect(customer.getByText(applicant.name).first()).toBeVisible();
    await expect(customer.getByText("New on Mates").first()).toBeVisible();
    await mate.getByRole("navigation", { name: "Mate app" }).getByRole("link", { name: "Jobs", exact: true }).click();
    await expect(
      mate.getByRole("region", { name: "Upcoming" }).getByRole("link", { name: /Carpenter for Meera/ }),
    ).toBeVisible();

    // Suspended: the booking goes to the next best free carpenter, on the customer's screen at once.
    await operator.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Mates" }).click();
    await operator
      .getByRole("search")
      .getByLabel(/Name, id/)
      .fill(mateId);
    await operator.getByRole("button", { name: "Search" }).click();
    await operator.getByRole("link", { name: applicant.name }).click();
    await operator.getByRole("button", { name: "Suspend" }).click();
    const dialog = operator.getByRole("alertdialog");
    await dialog.getByLabel("Reason").fill("Customer complaint under review");
    await dialog.getByRole("button", { name: "Suspend" }).click();
    await expect(operator.getByText(/^Suspended since/)).toBeVisible();
    await expect(customer.getByText(applicant.name)).toHaveCount(0);
    await expect(customer.getByTestId("booking-step").getByText("Your mate is assigned")).toBeVisible();
    await expect(customer.getByRole("region", { name: "Timeline" })).toContainText("Mate replaced by the Mates team");
    // The mate's app says why the job went, without a reload.
    await expect(mate.getByText(/Your account is suspended by the Mates operations team/)).toBeVisible();
    await expect(mate.getByRole("region", { name: "Upcoming" })).not.toContainText("Carpenter for Meera");

    // The audit log shows both decisions about this mate, newest first (a retried run adds its own).
    await operator.getByRole("link", { name: "Audit log" }).click();
    const aboutMate = operator
      .getByRole("region", { name: "Audit log" })
      .getByRole("listitem")
      .filter({ hasText: mateId });
    await expect(aboutMate.filter({ hasText: "mate.suspend" })).toHaveCount(1);
    await expect(aboutMate.filter({ hasText: "application.verify" })).toHaveCount(1);
    await expect(aboutMate.first()).toContainText("mate.suspend");
  } finally {
    await Promise.all([desk.close(), mateSide.close(), customerSide.close()]);
  }
});

test("a rejected application's documents are gone, and only operators may open the console", async ({
  page,
  browser,
  browserProblems,
}) => {
  browserProblems.allowRefusals([403, 404]);
  await applyThroughApi(page.request, "Ravi Gawde");
  const desk = await browser.newContext({ ...devices["Desktop Chrome"], baseURL: E2E.origin });
  try {
    const operator = await desk.newPage();
    await operatorSignsIn(operator, OPERATORS.applications);
    await operator.getByRole("link", { name: "Ravi Gawde" }).first().click();
    const url = (await operator.getByRole("link", { name: "Open the PDF" }).getAttribute("href")) ?? "";
    expect((await operator.request.get(url)).status()).toBe(200);
    await operator.getByRole("button", { name: "Reject" }).click();
    const dialog = operator.getByRole("alertdialog");
    await dialog.getByLabel("Reason").fill("The address proof is unreadable.");
    await dialog.getByRole("button", { name: "Reject and delete documents" }).click();
    await expect(operator.getByText(/Rejected by .*: The address proof is unreadable\./)).toBeVisible();
    await expect(operator.getByRole("region", { name: "Documents" })).toContainText("Deleted");
    expect((await operator.request.get(url)).status()).toBe(404);

    // The console names services as the catalogue does, never by their ids.
    await operator.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Mates" }).click();
    await operator
      .getByRole("search")
      .getByLabel(/Name, id/)
      .fill("mate-001");
    await operator.getByRole("button", { name: "Search" }).click();
    const found = operator.getByRole("listitem").filter({ hasText: "Sunita Jadhav" });
    await expect(found).toContainText("Deep Cleaning, Bathroom Cleaning, Kitchen Cleaning, Sofa Cleaning");
    await expect(found).not.toContainText("deep-cleaning");
  } finally {
    await desk.close();
  }

  // A customer who opens /ops is told it is not for them, and the API refuses them too.
  await signUpThroughApi(page.request, newUser("not-an-operator"));
  await openApp(page, "/ops");
  await expect(page.getByText("This is for the Mates operations team")).toBeVisible();
  expect((await page.request.get("/api/ops/applications")).status()).toBe(403);
});
