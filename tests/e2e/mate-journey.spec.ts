import { setOffFrom, setOffTimeText } from "#domain/job.ts";
import { mateJobsResponseSchema } from "#domain/mate-app.ts";
import { openApp } from "./support/app.ts";
import { newUser, signUpThroughApi } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { type JourneyCast, jobJourneySideBySide, mateOf, upToPayment, withMatePhone } from "./support/job-journey.ts";

/**
 * Issue 14 on a desktop: the customer in Kandivali books pest control; the nearest pest-control
 * mate (Rajesh Yadav, Kandivali) follows the job in the mate app in a browser of their own. The same
 * journey on two phones is in mobile.spec.ts.
 */
test("a job's whole life, customer and mate side by side, live on both", async ({ page, browser, browserProblems }) => {
  test.setTimeout(120_000);
  await jobJourneySideBySide(
    { page, browser, browserProblems },
    {
      mateId: "mate-009",
      password: "kandivali-pest-2026",
      customerName: "Meera Kulkarni",
      home: { flat: "A-12", search: "Kandi", locality: "Kandivali", pincode: "400067" },
      mateDevice: "Desktop Chrome",
      checkScreen: async () => {},
    },
  );
});

test("the mate app is for mates: a visitor is asked to log in, a customer is told it is for professionals", async ({
  page,
}) => {
  await openApp(page, "/mate");
  await expect(page.getByText("Log in to see your jobs")).toBeVisible();
  await signUpThroughApi(page.request, newUser("not-a-mate"));
  await openApp(page, "/mate");
  await expect(page.getByText("This page is for Mates professionals")).toBeVisible();
  // Only a mate's header links to the jobs.
  await expect(page.getByRole("banner").getByRole("link", { name: "My jobs" })).toHaveCount(0);
});

/**
 * Issue 36: a deep cleaning in Dahisar booked six days ahead, whose nearest cleaner (Lata Shinde,
 * Dahisar) cannot do it. Her job's main button waits for the set-off window and says from when; she
 * releases the job and lands on her jobs, told what happens next, without the screen reading the
 * job that is no longer hers; the customer's page follows with another mate.
 */
test("a job days ahead waits to be set off for, and a released job leaves its mate on their jobs", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const cast: JourneyCast = {
    mateId: "mate-004",
    password: "dahisar-clean-2026",
    customerName: "Farida Merchant",
    home: { flat: "D-9", search: "Dahis", locality: "Dahisar", pincode: "400068" },
    mateDevice: "Desktop Chrome",
    checkScreen: async () => {},
  };
  const mate = mateOf(cast);
  await signUpThroughApi(page.request, newUser("released-job", { name: cast.customerName }));
  await upToPayment(page, {
    service: "/service/deep-cleaning",
    option: /^1 BHK \(furnished\)/,
    home: cast.home,
    day: 6,
  });
  await page.getByRole("button", { name: "Confirm booking" }).click();
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("Your mate is assigned");
  await expect(page).toHaveTitle(/^Your mate is assigned · /);
  await expect(page.getByText(mate.name).first()).toBeVisible();

  await withMatePhone(browser, cast, async (matePage) => {
    const upcoming = matePage.getByRole("region", { name: "Upcoming" });
    const card = upcoming.getByRole("link", { name: /Deep Cleaning for Farida/ });
    await card.click();
    await expect(matePage).toHaveURL(/\/mate\/jobs\/[^/]+$/);
    const jobId = new URL(matePage.url()).pathname.split("/").pop() ?? "";

    // Six days ahead, with mates here setting off at most two days before: the button waits, saying from when.
    const jobs = mateJobsResponseSchema.parse(await (await matePage.request.get("/api/mate/jobs")).json());
    const job = jobs.upcoming.find((entry) => entry.id === jobId);
    if (!job) throw new Error("the job is not among the mate's upcoming jobs");
    const from = setOffTimeText(setOffFrom(new Date(job.start), E2E.setOffWindowMinutes), new Date());
    const wait = matePage.getByRole("button", { name: `On the way from ${from}` });
    await expect(wait).toBeVisible();
    await expect(wait).toBeDisabled();

    // The release: from here on, nothing may read the job again.
    const reads: string[] = [];
    matePage.on("request", (request) => {
      if (new URL(request.url()).pathname === `/api/mate/jobs/${jobId}`) reads.push(request.method());
    });
    await matePage.getByText("Cannot do this job?").click();
    await matePage.getByLabel("Why (the operations team reads it)").fill("A family wedding in Nashik that week");
    await matePage.getByRole("button", { name: "Release the job" }).click();

    await expect(matePage).toHaveURL(/\/mate$/);
    await expect(matePage.getByRole("heading", { level: 1 })).toHaveText("My jobs");
    const told = matePage.getByRole("status").filter({ hasText: "You released Deep Cleaning" });
    await expect(told).toContainText("The customer gets another mate");
    await expect(card).toHaveCount(0);
    // Said once: the list opened again does not repeat it.
    await matePage.reload();
    await expect(matePage.getByRole("heading", { level: 1 })).toHaveText("My jobs");
    await expect(matePage.getByText("You released Deep Cleaning")).toHaveCount(0);

    // The customer's page follows: another mate has the booking.
    await expect(page.getByText(mate.name)).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Call / })).toBeVisible();
    await expect(heading).toHaveText("Your mate is assigned");

    await expect(matePage.getByText("This job could not be loaded.")).toHaveCount(0);
    expect(reads).toEqual([]);
  });
});
