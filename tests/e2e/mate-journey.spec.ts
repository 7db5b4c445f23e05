import { openApp } from "./support/app.ts";
import { newUser, signUpThroughApi } from "./support/auth.ts";
import { expect, test } from "./support/fixtures.ts";
import { jobJourneySideBySide } from "./support/job-journey.ts";

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
