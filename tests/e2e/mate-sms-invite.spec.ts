import { devices, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, openApp } from "./support/app.ts";
import { clientAddress, loginDialog } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { OPERATORS, operatorSignsIn } from "./support/job-journey.ts";
import { nextSmsCode, smsTo, untilNewCodeAllowed } from "./support/sms.ts";

/**
 * Issue 41, the mates' side: an operator invites a seeded mate by SMS from the console (the number
 * the console offers is the mate's own); the mate opens the SMS's link on their phone, gets a code
 * by SMS, signs in with no password and sees their jobs. The link works once; from then on the mate
 * logs in with the number through the popup's "Continue with mobile number". The SMS are read from
 * the e2e server's outbox (DATA_DIR/outbox/*-sms-<number>.json), as the phone would receive them.
 *
 * The mate is Sunil Kadam (mate-020, +91 98200 12740), whom no other journey uses or invites: his
 * link works once, so this journey runs once per server.
 */
const SUNIL = { id: "mate-020", name: "Sunil Kadam", number: "9820012740" };

type InvitationSms = { template: string; variables: Record<string, string>; text: string };

/** The link of the invitation SMS to a number, as the phone shows it in the text. */
async function invitationLink(phoneNumber: string): Promise<string> {
  await expect
    .poll(async () => ((await smsTo(phoneNumber)) as unknown as InvitationSms[]).some(isInvitation), {
      message: `an invitation SMS to ${phoneNumber}`,
    })
    .toBe(true);
  const sms = ((await smsTo(phoneNumber)) as unknown as InvitationSms[]).findLast(isInvitation);
  const link = sms?.text.match(/https?:\/\/\S+/)?.[0];
  if (!sms || !link) throw new Error(`no link in the invitation SMS to ${phoneNumber}`);
  // DLT: the template's one variable is the link's token; the registered text holds the rest.
  expect(link).toBe(`${E2E.origin}/mate/join?t=${sms.variables.token}`);
  return link;
}
const isInvitation = (sms: InvitationSms) => sms.template === "mate-invitation";

/** The mate's own phone: a browser context of its own, closed after `journey`. */
async function onMatePhone(page: Page, journey: (phone: Page) => Promise<void>) {
  const context = await page
    .context()
    .browser()
    ?.newContext({ ...devices["Pixel 7"], baseURL: E2E.origin });
  if (!context) throw new Error("no browser for the mate's phone");
  try {
    const phone = await context.newPage();
    // The mate's phone is a device of its own: the server's per-address limits count it apart.
    await phone.setExtraHTTPHeaders(clientAddress());
    await journey(phone);
  } finally {
    await context.close();
  }
}

test("an operator invites a mate by SMS; the mate signs in with a code and sees their jobs", async ({
  page,
  browserProblems,
}) => {
  // Two people, two browsers, three SMS and the wait before a second code: longer than one screen.
  test.setTimeout(150_000);
  // The link opened a second time is refused on purpose (400), and the page says so.
  browserProblems.allowRefusals([400]);
  await operatorSignsIn(page, OPERATORS.smsInvites);
  await openApp(page, `/ops/mates/${SUNIL.id}`);
  await expect(page.getByRole("heading", { name: SUNIL.name })).toBeVisible();
  await expect(page.getByText("Does not sign in with a mobile number yet.")).toBeVisible();
  const invite = page.getByRole("form", { name: "Invite by SMS" });
  // The console offers the number the mate is known by.
  await expect(invite.getByLabel("Mobile number")).toHaveValue(SUNIL.number);
  await invite.getByRole("button", { name: "Send SMS invitation" }).click();
  await expect(invite.getByText("Invitation sent by SMS.")).toBeVisible();
  await expect(page.getByText(`Signs in with +91 ${SUNIL.number}.`)).toBeVisible();
  await expect(page.getByRole("form", { name: "Change their number" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const link = await invitationLink(SUNIL.number);

  await onMatePhone(page, async (phone) => {
    await openApp(phone, link);
    await expect(phone.getByRole("heading", { level: 1, name: "Welcome to Mates" })).toBeVisible();
    await expect(
      phone.getByText(`Hello ${SUNIL.name}. We will send a 6-digit code by SMS to +91 ••••• ••740.`),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(phone);
    const seen = (await smsTo(SUNIL.number)).length;
    await phone.getByRole("button", { name: "Send me a code" }).click();
    const code = await nextSmsCode(SUNIL.number, seen);
    const codeField = phone.getByLabel("Code from the SMS");
    await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
    await codeField.fill(code);
    await phone.getByRole("button", { name: "Sign in" }).click();
    await expect(phone).toHaveURL(/\/mate$/);
    await expect(phone.getByRole("heading", { level: 1, name: "My jobs" })).toBeVisible();

    // The link worked once.
    await openApp(phone, link);
    await expect(
      phone.getByText("This invitation link is invalid, used or expired. Ask the Mates team for a new one."),
    ).toBeVisible();
  });

  // Another day, another browser: the mate logs in with the number through the popup.
  await onMatePhone(page, async (phone) => {
    await openApp(phone, "/mate");
    await expect(
      phone.getByText("Use the e-mail address or the mobile number your Mates invitation was sent to."),
    ).toBeVisible();
    await phone.getByRole("main").getByRole("button", { name: "Login", exact: true }).click();
    const dialog = loginDialog(phone);
    await expect(dialog.getByRole("heading", { name: "Log in to Mates" })).toBeVisible();
    await dialog.getByRole("button", { name: "Continue with mobile number" }).click();
    await untilNewCodeAllowed(SUNIL.number);
    const seen = (await smsTo(SUNIL.number)).length;
    await dialog.getByLabel("Mobile number").fill(SUNIL.number);
    await dialog.getByRole("button", { name: "Send code" }).click();
    await dialog.getByLabel("Code from the SMS").fill(await nextSmsCode(SUNIL.number, seen));
    await dialog.getByRole("button", { name: "Verify" }).click();
    await expect(phone).toHaveURL(/\/mate$/);
    await expect(phone.getByRole("heading", { level: 1, name: "My jobs" })).toBeVisible();
  });
});
