import { INVITATION } from "#domain/auth.ts";
import { MESSAGES } from "#domain/constants.ts";
import { PASSWORD_MIN } from "#domain/user.ts";
import { expectNoSeriousA11yViolations, failOnConsoleErrors, openApp } from "./support/app.ts";
import {
  collectAlerts,
  headerProfile,
  logInWithForm,
  loginDialog,
  mailsTo,
  newUser,
  openLoginPopup,
  signUpThroughApi,
  withoutRefusals,
} from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";

/** Spec §2, §5, §8 forgot password, and the reset link of the mail that leads back into the app. */

test("forgot password: alerts for a bad address and a sent mail; the mailed link sets a new password that logs in", async ({
  browserProblems,
  page,
  request,
}) => {
  const errors = failOnConsoleErrors(page);
  browserProblems.allowRefusals([400]);
  const alerts = collectAlerts(page);
  const user = newUser("reset", { name: "Forgetful Fatima" });
  await signUpThroughApi(request, user);
  await openApp(page, "/");

  const dialog = await openLoginPopup(page);
  await dialog.getByRole("button", { name: "Forgot Password" }).click();
  const email = dialog.getByLabel("Email");

  // Reset failure (spec §8): the server's message after "Error sending reset email: ".
  await email.fill("not-an-address");
  await dialog.getByRole("button", { name: "Send Reset Email" }).click();
  await expect.poll(() => alerts).toEqual([MESSAGES.resetFailed("Please enter a valid email address.")]);

  // Reset success: the alert, back to the login view, the e-mail field cleared (spec §4).
  await email.fill(user.email);
  await dialog.getByRole("button", { name: "Send Reset Email" }).click();
  await expect.poll(() => alerts.at(-1)).toBe(MESSAGES.resetSent);
  await expect(dialog.getByRole("heading", { name: "Log in to Mates" })).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveValue("");
  await dialog.getByRole("button", { name: "Close" }).click();

  // The mail carries a link into the app.
  await expect.poll(async () => (await mailsTo(request, user.email)).length).toBe(1);
  const [mail] = await mailsTo(request, user.email);
  expect(mail?.subject).toBe("Reset your Mates password");
  const link = new RegExp(`${E2E.origin}/reset-password\\?token=[A-Za-z0-9_-]+`).exec(mail?.text ?? "")?.[0];
  expect(link).toBeTruthy();

  await openApp(page, new URL(link as string).pathname + new URL(link as string).search);
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const newPassword = "monsoon-evenings-7";
  const fresh = page.getByLabel("New password", { exact: true });
  const confirm = page.getByLabel("Confirm new password");
  await fresh.fill("short");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText(`Password must be at least ${PASSWORD_MIN} characters`)).toBeVisible();
  await expect(fresh).toBeFocused();
  await fresh.fill(newPassword);
  await confirm.fill(`${newPassword}!`);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("The two passwords are not the same")).toBeVisible();
  // Show/Hide on the new password too.
  await page.getByRole("button", { name: "Show password" }).first().click();
  await expect(fresh).toHaveAttribute("type", "text");
  await confirm.fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();

  const done = page.getByRole("heading", { name: "Your password is changed" });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();

  // Then the person logs in with it.
  await page.getByRole("main").getByRole("button", { name: "Login" }).click();
  const popup = loginDialog(page);
  await logInWithForm(popup, user.email, newPassword);
  await expect(popup).toBeHidden();
  await expect(page).toHaveURL("/");
  await expect(headerProfile(page)).toBeVisible();

  expect(alerts).toEqual([MESSAGES.resetFailed("Please enter a valid email address."), MESSAGES.resetSent]);
  expect(withoutRefusals(errors, [400])).toEqual([]);
});

test("an invalid or used reset link says so and offers a new one", async ({ browserProblems, page }) => {
  const errors = failOnConsoleErrors(page);
  browserProblems.allowRefusals([400]);
  await openApp(page, "/reset-password?token=not-a-real-token");

  await page.getByLabel("New password", { exact: true }).fill("a-good-new-password");
  await page.getByLabel("Confirm new password").fill("a-good-new-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  const heading = page.getByRole("heading", { name: "This reset link is invalid or has expired" });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Request a new link" }).click();
  const dialog = loginDialog(page);
  await expect(dialog.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Send Reset Email" })).toBeVisible();
  expect(withoutRefusals(errors, [400])).toEqual([]);
});

test("a reset page opened without a token offers a new link at once", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/reset-password");
  await expect(page.getByRole("heading", { name: "This reset link is invalid or has expired" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Request a new link" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a mate's invitation link reads as an invitation: its own welcome, and a used one says it lasts 7 days", async ({
  browserProblems,
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  browserProblems.allowRefusals([400]);
  await openApp(page, "/reset-password?token=not-a-real-token&invite=1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Mates");

  await page.getByLabel("New password", { exact: true }).fill("a-good-new-password");
  await page.getByLabel("Confirm new password").fill("a-good-new-password");
  await page.getByLabel("Your name").fill("Lata Shinde");
  await page.getByRole("button", { name: "Set password" }).click();
  const heading = page.getByRole("heading", { name: "This invitation link is invalid or has expired" });
  await expect(heading).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`within ${INVITATION.days} days of being sent`);
  await expect(page.getByRole("main")).not.toContainText("within one hour");
  await expect(page.getByRole("button", { name: "Request a new link" })).toBeVisible();
  expect(withoutRefusals(errors, [400])).toEqual([]);
});
