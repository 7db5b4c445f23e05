import { type Browser, devices, expect, type Page } from "@playwright/test";
import { readSeedMates } from "#server/mates/mates.ts";
import { expectNoSeriousA11yViolations, openApp } from "./app.ts";
import {
  clientAddress,
  logInWithForm,
  loginDialog,
  mailsTo,
  newUser,
  signUpThroughApi,
  watchForWelcome,
} from "./auth.ts";
import { E2E } from "./e2e-env.ts";
import type { BrowserProblems } from "./fixtures.ts";

/**
 * Issue 14, both sides of the marketplace side by side (mate-journey.spec.ts on a desktop,
 * mobile.spec.ts on phones): a customer books pest control at home; the nearest pest-control mate
 * sees the job arrive live in the mate app, marks on the way and arrived; the customer reads out
 * the start code, the mate starts, adds extra work that the customer approves, completes and
 * collects by UPI; the customer sees "Completed" and the final bill.
 */
export type JourneyCast = {
  /** A seeded pest-control mate invited before the server starts (E2E.mates). */
  mateId: string;
  password: string;
  customerName: string;
  /** The customer's home: typed into the locality search, the suggestion chosen, the pincode. */
  home: { flat: string; search: string; locality: string; pincode: string };
  /** The mate's browser: "Desktop Chrome" (links in the header) or "Pixel 7" (links in the menu). */
  mateDevice: "Desktop Chrome" | "Pixel 7";
  /** Run on each main screen of both sides (a phone checks that nothing sticks out sideways). */
  checkScreen: (page: Page) => Promise<void>;
};

export function mateOf(cast: JourneyCast) {
  const seed = readSeedMates().find((mate) => mate.id === cast.mateId);
  const email = E2E.mates[cast.mateId];
  if (!seed || !email) throw new Error(`${cast.mateId} is not a seeded mate invited for the end-to-end tests`);
  return { ...seed, email, firstName: seed.name.split(" ")[0] ?? seed.name };
}

/**
 * An invitation mail's link (a mate's or an operator's) sets the password; the person logs in
 * through the popup and lands on their role's home.
 */
export async function followInvitation(
  page: Page,
  invited: { email: string; name: string; subject: string; password: string; landsOn: RegExp },
): Promise<void> {
  // Each invited person is on a device of their own, as in life: the server's per-address limit on
  // setting passwords (10 per 10 minutes) counts them apart, however many journeys run.
  await page.setExtraHTTPHeaders(clientAddress());
  // The invitation goes by the queue once the operator's decision has committed: wait for it.
  const invitationLink = async () => {
    const mail = (await mailsTo(page.request, invited.email)).find((m) => m.subject === invited.subject);
    return mail?.text.match(/http:\/\/\S+\/reset-password\?token=\S+/)?.[0] ?? "";
  };
  await expect.poll(invitationLink, { message: "the invitation mail has the link" }).not.toBe("");
  const url = new URL(await invitationLink());
  await openApp(page, url.pathname + url.search);
  // An invitation, not a reset: it speaks of choosing a password, and asks for the person's name.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Mates");
  await page.getByLabel("New password", { exact: true }).fill(invited.password);
  await page.getByLabel("Confirm new password").fill(invited.password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByLabel("Your name")).toHaveAccessibleDescription(/Enter your full name/);
  await page.getByLabel("Your name").fill(invited.name);
  await page.getByRole("button", { name: "Set password" }).click();
  const done = page.getByRole("main").filter({ hasText: "Your password is set" });
  await done.getByRole("button", { name: "Login", exact: true }).click();
  const dialog = loginDialog(page);
  await expect(dialog.getByRole("heading", { name: "Log in to Mates" })).toBeVisible();
  // Greeted by the name they gave, watched for from before the login.
  const greeted = watchForWelcome(page, invited.name);
  await logInWithForm(dialog, invited.email, invited.password);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(invited.landsOn);
  await greeted;
}

/**
 * Signs an invited person in, accepting their invitation first if nobody has yet: the link works
 * once, so a journey run again (a retry, or a second journey of the same person) signs in instead.
 */
export async function signInOrFollowInvitation(
  page: Page,
  invited: Parameters<typeof followInvitation>[1] & { home: string },
): Promise<void> {
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: invited.email, password: invited.password },
    headers: { origin: E2E.origin, ...clientAddress() },
  });
  if (signIn.ok()) await openApp(page, invited.home);
  else await followInvitation(page, invited);
}

/** Operators invited before the server starts, each acting in the journeys of one spec file (run in series). */
export const OPERATORS = {
  /** verified-mate.spec */
  applications: { email: E2E.operator, name: "Nadia Desai", password: "desk-chai-2026" },
  /** help-desk.spec */
  helpDesk: { email: E2E.helpOperator, name: "Meera Kulkarni", password: "help-desk-chai-2026" },
  /** help-money.spec */
  helpMoney: { email: E2E.moneyOperator, name: "Farida Merchant", password: "help-money-chai-2026" },
  /** help-credit.spec */
  helpCredit: { email: E2E.creditOperator, name: "Rukhsana Pathan", password: "help-credit-chai-2026" },
  /** payouts.spec */
  payouts: { email: E2E.payoutOperator, name: "Kunal Mehta", password: "payouts-chai-2026" },
  /** mate-sms-invite.spec */
  smsInvites: { email: E2E.smsOperator, name: "Swati Joshi", password: "sms-invites-chai-2026" },
};

/**
 * An operator signs in to the console. Their first sign-in follows the invitation (its link works
 * once), and sets the name and password every journey of theirs uses after.
 */
export async function operatorSignsIn(page: Page, operator: (typeof OPERATORS)[keyof typeof OPERATORS]): Promise<void> {
  await signInOrFollowInvitation(page, {
    ...operator,
    subject: "Your Mates operations account",
    landsOn: /\/ops$/,
    home: "/ops",
  });
  await expect(page.getByRole("heading", { level: 1, name: "Operations console" })).toBeVisible();
}

/** The invitation's link sets the mate's password; the mate logs in through the popup and lands on /mate. */
export async function acceptInvitation(page: Page, cast: JourneyCast): Promise<void> {
  const mate = mateOf(cast);
  await followInvitation(page, {
    email: mate.email,
    name: mate.name,
    subject: "Your Mates professional account",
    password: cast.password,
    landsOn: /\/mate$/,
  });
  await expect(page.getByRole("heading", { level: 1, name: "My jobs" })).toBeVisible();
}

/**
 * The journey's mate on a phone of their own beside the test's page: a browser context of
 * `cast.mateDevice`, the invitation accepted; `journey` runs with their page, and the context is
 * closed after it, whatever happens.
 */
export async function withMatePhone(
  browser: Browser,
  cast: JourneyCast,
  journey: (matePage: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ ...devices[cast.mateDevice], baseURL: E2E.origin });
  try {
    const matePage = await context.newPage();
    await acceptInvitation(matePage, cast);
    await journey(matePage);
  } finally {
    await context.close();
  }
}

/**
 * On the customers' site, the header's "My jobs" link, which only a signed-in mate has, leads back to
 * the jobs (the mate app's own frame has no customers' header: decision 050).
 */
export async function followMyJobs(page: Page, cast: JourneyCast): Promise<void> {
  await openApp(page, "/");
  if (cast.mateDevice === "Pixel 7") {
    await page.getByRole("banner").getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "My jobs" }).click();
  } else {
    await page
      .getByRole("banner")
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "My jobs" })
      .click();
  }
  await expect(page).toHaveURL(/\/mate$/);
}

/**
 * A signed-in customer puts one option of a service in the cart, saves a new home address, chooses
 * tomorrow's first free time (or the nth) and arrives at the payment screen.
 */
export async function upToPayment(
  customer: Page,
  booking: { service: string; option: RegExp; home: JourneyCast["home"]; nthTime?: number; day?: number },
): Promise<void> {
  await openApp(customer, booking.service);
  const options = customer.getByRole("region", { name: "Options and prices" });
  await options.getByRole("radio", { name: booking.option }).check();
  await options.getByRole("button", { name: "Add to cart" }).click();
  await customer.goto("/cart");
  await customer.getByRole("button", { name: "Proceed to book" }).click();
  const form = customer.getByRole("form", { name: "New address" });
  await form.getByLabel("Flat or house number").fill(booking.home.flat);
  await form.getByRole("combobox", { name: "Locality" }).pressSequentially(booking.home.search, { delay: 30 });
  await form
    .getByRole("option", { name: new RegExp(`^${booking.home.locality}`) })
    .first()
    .click();
  await form.getByLabel("Pincode").fill(booking.home.pincode);
  await form.getByRole("button", { name: "Save address" }).click();
  await customer
    .getByRole("group", { name: "Day" })
    .getByRole("button")
    .nth(booking.day ?? 1)
    .click();
  await customer
    .getByRole("group", { name: "Start time" })
    .getByRole("button", { disabled: false })
    .nth(booking.nthTime ?? 0)
    .click();
  await customer.getByRole("button", { name: "Continue to payment" }).click();
}

/**
 * A signed-in customer books one option of a service at a new home address, tomorrow (or on `day`)
 * at the first free time (or the nth), paying after the service, and sees their mate assigned.
 */
export async function bookAtHome(customer: Page, booking: Parameters<typeof upToPayment>[1]): Promise<void> {
  await upToPayment(customer, booking);
  await customer.getByRole("button", { name: "Confirm booking" }).click();
  await expect(customer.getByTestId("booking-step").getByText("Your mate is assigned")).toBeVisible();
}

/**
 * The mate does the booked job from their phone: opens it from Upcoming (after a reload, as a mate
 * would pull to refresh), marks on the way and arrived, starts it with the customer's code and
 * completes it, and is asked to collect the bill.
 */
export async function mateCompletesJob(matePage: Page, job: RegExp, code: string): Promise<void> {
  await matePage.reload();
  await matePage.getByRole("region", { name: "Upcoming" }).getByRole("link", { name: job }).click();
  await matePage.getByRole("button", { name: "On the way" }).click();
  await matePage.getByRole("button", { name: "Arrived" }).click();
  await matePage.getByLabel("Start code from the customer").fill(code);
  await matePage.getByRole("button", { name: "Start" }).click();
  await matePage.getByRole("button", { name: "Complete" }).click();
  await expect(matePage.getByRole("button", { name: "Payment collected" })).toBeVisible();
}

/**
 * The journey with the customer on the test's page and the mate in a browser of their own on
 * `cast.mateDevice`. The wrong start code it tries is refused with a 400 on purpose.
 */
export async function jobJourneySideBySide(
  { page, browser, browserProblems }: { page: Page; browser: Browser; browserProblems: BrowserProblems },
  cast: JourneyCast,
): Promise<void> {
  browserProblems.allowRefusals([400]);
  const mateBrowser = await browser.newContext({ ...devices[cast.mateDevice], baseURL: E2E.origin });
  try {
    await jobJourney(page, await mateBrowser.newPage(), cast);
  } finally {
    await mateBrowser.close();
  }
}

async function jobJourney(customer: Page, matePage: Page, cast: JourneyCast): Promise<void> {
  const mate = mateOf(cast);
  await acceptInvitation(matePage, cast);
  await followMyJobs(matePage, cast);
  const upcoming = matePage.getByRole("region", { name: "Upcoming" });
  await expect(upcoming).toContainText("Nothing booked yet");
  await cast.checkScreen(matePage);

  // The customer books pest control at home, tomorrow at the first free time.
  const first = cast.customerName.split(" ")[0] ?? cast.customerName;
  await signUpThroughApi(customer.request, newUser(`journey-${cast.mateId}`, { name: cast.customerName }));
  await bookAtHome(customer, { service: "/service/pest-control", option: /Cockroach & ant – 1 BHK/, home: cast.home });
  await expect(customer.getByText(mate.name).first()).toBeVisible();
  const code = (await customer.getByTestId("start-code").textContent()) ?? "";
  expect(code).toMatch(/^\d{4}$/);
  await cast.checkScreen(customer);

  // The job arrives in the mate app without a reload: locality and first name, no address yet.
  const card = upcoming.getByRole("link", { name: new RegExp(`Pest Control for ${first}`) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(cast.home.locality);
  await expect(card).toContainText("₹899");
  await card.click();
  await expect(matePage.getByText("The full address and phone show once you are on the way.")).toBeVisible();
  await cast.checkScreen(matePage);
  await expectNoSeriousA11yViolations(matePage);

  await matePage.getByRole("button", { name: "On the way" }).click();
  await expect(matePage.getByRole("region", { name: "Customer" })).toContainText(cast.home.flat);
  const headline = customer.getByTestId("booking-step");
  // The page's heading and the tab's title follow the booking's step too (issue 36).
  const heading = customer.getByRole("heading", { level: 1 });
  await expect(headline).toHaveText("Your mate is on the way");
  await expect(heading).toHaveText("On the way");
  await expect(customer).toHaveTitle(/^On the way · /);
  await expect(customer.getByText(/about \d+ min away/)).toBeVisible();
  await expect(customer.getByRole("link", { name: new RegExp(`Call ${mate.firstName}`) })).toBeVisible();

  await matePage.getByRole("button", { name: "Arrived" }).click();
  await expect(headline).toHaveText("Your mate has arrived");
  await expect(heading).toHaveText("Arrived");

  // A wrong code is refused; the one the customer reads out starts the job.
  await matePage.getByLabel("Start code from the customer").fill(code === "0000" ? "1111" : "0000");
  await matePage.getByRole("button", { name: "Start" }).click();
  await expect(matePage.getByRole("alert")).toContainText("not the start code");
  await matePage.getByLabel("Start code from the customer").fill(code);
  await matePage.getByRole("button", { name: "Start" }).click();
  await expect(headline).toHaveText("Work in progress");
  await expect(heading).toHaveText("In progress");
  await expect(customer.getByTestId("start-code")).toHaveCount(0);

  // Extra work, approved by the customer in the app before it is billed.
  const extras = matePage.getByRole("region", { name: "Extra work" });
  await extras.getByLabel("What").fill("Gel treatment of the electrical points");
  await extras.getByLabel("Price in rupees").fill("299");
  await extras.getByRole("button", { name: "Ask the customer to approve" }).click();
  await expect(extras).toContainText("waiting for the customer");
  await customer.getByRole("button", { name: "Approve ₹299" }).click();
  await expect(customer.getByText("Approved: added to your bill")).toBeVisible();
  await expect(extras).toContainText("approved");
  await cast.checkScreen(customer);

  await matePage.getByRole("button", { name: "Complete" }).click();
  await matePage.getByRole("radio", { name: "UPI" }).check();
  await matePage.getByRole("button", { name: "Payment collected" }).click();
  await expect(matePage.getByRole("region", { name: "Bill" })).toContainText("₹1,198 by UPI");
  await expect(matePage.getByRole("region", { name: "Customer" })).not.toContainText(cast.home.flat);
  await cast.checkScreen(matePage);

  await expect(headline).toHaveText("Completed");
  await expect(heading).toHaveText("Completed");
  await expect(customer.getByTestId("bill-total")).toHaveText("₹1,198");
  await expect(customer.getByText("Paid to your mate by UPI")).toBeVisible();
  const timeline = customer.getByRole("region", { name: "Timeline" });
  for (const step of [
    "Booked",
    "Mate assigned",
    "On the way",
    "Arrived",
    "Started",
    "Extra work approved",
    "Completed",
    "Payment collected",
  ]) {
    await expect(timeline).toContainText(step);
  }
  await expectNoSeriousA11yViolations(customer);
  await cast.checkScreen(customer);

  await matePage.getByRole("link", { name: "Earnings" }).click();
  await expect(matePage.getByRole("region", { name: "This week" })).toContainText("₹1,198");
  await cast.checkScreen(matePage);
}
