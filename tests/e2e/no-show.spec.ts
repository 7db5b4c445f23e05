import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Browser } from "@playwright/test";
import { kolkataMinuteOfDay } from "#domain/kolkata-time.ts";
import { expectNoSeriousA11yViolations, openApp } from "./support/app.ts";
import { clientAddress, newUser } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { bookAtHome } from "./support/job-journey.ts";

/**
 * Issue 38's no-show rescue (record 059), side by side: a customer whose mate has not arrived taps
 * "Find another mate now"; the next mate, in a browser of their own, sees the job come in live,
 * marks on the way and arrived; the customer sees the new mate arrive, and the operators see the
 * no-show on the late mate's record.
 *
 * The servers here run on the real clock, and a booking starts at least 2 hours ahead, so the
 * rescue's 15 minutes after the start cannot come within a test. This spec therefore runs its own
 * end-to-end environment (the same e2e-server.ts, on ports of its own) where the rescue is offered
 * from a week before the start (NO_SHOW_AFTER_MINUTES=-10080): every booking there is offered it
 * at once, which would disturb the other journeys on the shared server. The rescue's timing itself
 * is proved with a controlled clock in bookings/no-show.test.ts.
 */
const port = E2E.port + 10;
const origin = `http://localhost:${port}`;
const inbox = `http://127.0.0.1:${port + 1}`;
const root = fileURLToPath(new URL("../..", import.meta.url));

/** The pest-control mates near the customer's home in Kandivali: the nearest, then the next. */
const LATE = { id: "mate-009", name: "Rajesh Yadav", email: E2E.mates["mate-009"] ?? "" };
const NEXT = { id: "mate-011", name: "Santosh Patil", email: E2E.mates["mate-011"] ?? "" };

let server: ChildProcess | undefined;

// Mates work between 8 AM and 8 PM here: "now" must be within their hours for another mate to be
// free now (the rescue's rule), so the journey runs in Mumbai's working day and says so otherwise.
const minute = kolkataMinuteOfDay(new Date());
test.skip(minute < 8 * 60 || minute > 19 * 60, "No mate works now in Mumbai (8 AM to 8 PM): nobody could come now.");

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  server = spawn(process.execPath, ["tests/e2e/support/e2e-server.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, E2E_PORT: String(port), NO_SHOW_AFTER_MINUTES: "-10080" },
  });
  await expect
    .poll(async () => (await request.get(`${origin}/api/health`).catch(() => undefined))?.status(), {
      message: "the rescue's own server is up",
      timeout: 140_000,
    })
    .toBe(200);
});

test.afterAll(async () => {
  const running = server;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once("exit", resolve));
  running.kill("SIGTERM");
  await exited;
});

const headers = () => ({ origin, ...clientAddress() });

/** An invited mate or operator signs in: the invitation's link sets a password. */
async function signsInByInvitation(request: APIRequestContext, email: string, password: string) {
  const link = async () => {
    const mails = (await (await request.get(`${inbox}/?to=${encodeURIComponent(email)}`)).json()) as {
      text: string;
    }[];
    return mails.map((mail) => mail.text.match(/http:\/\/\S+\/reset-password\?token=\S+/)?.[0]).find(Boolean) ?? "";
  };
  await expect.poll(link, { message: "the invitation mail has the link" }).not.toBe("");
  const token = new URL(await link()).searchParams.get("token");
  const reset = await request.post("/api/auth/reset-password", {
    data: { token, newPassword: password },
    headers: headers(),
  });
  expect(reset.status(), await reset.text()).toBe(200);
  const signIn = await request.post("/api/auth/sign-in/email", { data: { email, password }, headers: headers() });
  expect(signIn.status(), await signIn.text()).toBe(200);
}

async function contextOf(browser: Browser) {
  return browser.newContext({ baseURL: origin });
}

test("a customer whose mate has not come gets another mate now, who comes and arrives", async ({
  browser,
  browserProblems,
}) => {
  test.setTimeout(120_000);
  browserProblems.allowOrigin(origin);
  const customerContext = await contextOf(browser);
  const mateContext = await contextOf(browser);
  const operatorContext = await contextOf(browser);
  try {
    const customer = await customerContext.newPage();
    const user = newUser("no-show", { name: "Asha Deshpande" });
    const signUp = await customer.request.post("/api/auth/sign-up/email", {
      data: { name: user.name, email: user.email, password: user.password, mobile: user.mobile },
      headers: headers(),
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    await bookAtHome(customer, {
      service: "/service/pest-control",
      option: /1 BHK/,
      home: { flat: "C-7", search: "Kandi", locality: "Kandivali", pincode: "400067" },
    });
    const card = customer.getByRole("main");
    await expect(card).toContainText(LATE.name);
    const rescue = customer.getByRole("region", { name: "Mate hasn't arrived?" });
    await expect(rescue).toBeVisible();
    await expectNoSeriousA11yViolations(customer);

    // The next mate has the mate app open, with nothing of this booking yet.
    const mate = await mateContext.newPage();
    await signsInByInvitation(mate.request, NEXT.email, "dahisar-pest-2026");
    await openApp(mate, "/mate");
    const job = mate.getByRole("link", { name: /^Pest Control for Asha/ });
    await expect(mate.getByRole("region", { name: "Today" })).toContainText("No jobs today.");
    await expect(job).toHaveCount(0);

    await rescue.getByRole("button", { name: "Find another mate now" }).click();
    await expect(rescue).toBeHidden();
    await expect(card).toContainText(NEXT.name);
    await expect(card).not.toContainText(LATE.name);
    await expect(customer.getByTestId("booking-step")).toHaveText("Your mate is assigned");

    // The job is on the new mate's phone at once, without a reload; on the way, then arrived.
    await job.click();
    await mate.getByRole("button", { name: "On the way" }).click();
    await expect(customer.getByTestId("booking-step")).toHaveText("Your mate is on the way");
    await mate.getByRole("button", { name: "Arrived" }).click();
    await expect(customer.getByTestId("booking-step")).toHaveText("Your mate has arrived");
    await expect(rescue).toBeHidden();

    // The operators see the no-show on the late mate's record.
    const desk = await operatorContext.newPage();
    await signsInByInvitation(desk.request, E2E.operator, "no-show-desk-2026");
    await openApp(desk, `/ops/mates/${LATE.id}`);
    const noShows = desk.getByRole("region", { name: "No-shows: 1" });
    await expect(noShows.getByRole("listitem")).toHaveCount(1);
    await expect(noShows.getByRole("listitem")).toContainText("Pest Control · the customer let the job go");
    await expectNoSeriousA11yViolations(desk);
  } finally {
    await customerContext.close();
    await mateContext.close();
    await operatorContext.close();
  }
});
