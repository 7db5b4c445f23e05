import { MESSAGES, STORAGE_KEYS } from "#domain/constants.ts";
import { expectNoSeriousA11yViolations, failOnConsoleErrors, openApp } from "./support/app.ts";
import {
  collectAlerts,
  headerLogin,
  headerProfile,
  logInWithForm,
  newUser,
  openLoginPopup,
  readLocal,
  signUpThroughApi,
  untilDismissable,
  watchForWelcome,
  withoutRefusals,
} from "./support/auth.ts";
import { expect, test } from "./support/fixtures.ts";

/** Spec §2 login popup: its three views, every field, link and button; closing; focus. */

test("the popup's three views with their fields, links and buttons; it closes by button, overlay and Escape", async ({
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  const alerts = collectAlerts(page);
  await openApp(page, "/");

  // Login view: focus moves into the dialog, on the first field.
  const dialog = await openLoginPopup(page);
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(dialog.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
  for (const name of ["Forgot Password", "Login", "Sign in with Google", "Create account", "Close"]) {
    await expect(dialog.getByRole("button", { name, exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  // Focus stays inside while tabbing round.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }

  // Login needs e-mail and password (spec §5): nothing is sent without them.
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(dialog.getByText("Enter your email address")).toBeVisible();
  await expect(dialog.getByText("Enter your password")).toBeVisible();
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  // Escape closes; focus goes back to the Login button.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(headerLogin(page)).toBeFocused();

  // A click on the overlay closes it.
  await openLoginPopup(page);
  await untilDismissable(dialog);
  await page.mouse.click(8, 400);
  await expect(dialog).toBeHidden();

  // The close button closes it.
  await openLoginPopup(page);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // Forgot-password view: e-mail, Send Reset Email, Back to Login. An empty e-mail alerts (spec §5).
  await openLoginPopup(page);
  await dialog.getByRole("button", { name: "Forgot Password" }).click();
  await expect(dialog.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await dialog.getByRole("button", { name: "Send Reset Email" }).click();
  await expect.poll(() => alerts).toEqual([MESSAGES.enterEmail]);
  await dialog.getByRole("button", { name: "Back to Login" }).click();
  await expect(dialog.getByRole("heading", { name: "Log in to Mates" })).toBeVisible();

  // Signup view: Full Name, Mobile Number, Email of type email, Password with Show/Hide, Submit,
  // Google sign-up, Login.
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog.getByRole("heading", { name: "Create your Mates account" })).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toBeFocused();
  await expect(dialog.getByLabel("Mobile Number")).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("type", "email");
  const password = dialog.getByLabel("Password", { exact: true });
  await password.fill("secret-words");
  await expect(password).toHaveAttribute("type", "password");
  await dialog.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(dialog.getByRole("button", { name: "Hide password" })).toHaveText("Hide password");
  await dialog.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
  await expect(dialog.getByRole("button", { name: "Show password" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Sign up with Google" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // All four fields are required (spec §5).
  await password.fill("");
  await dialog.getByRole("button", { name: "Submit" }).click();
  for (const message of [
    "Enter your full name",
    "Enter your mobile number",
    "Enter your email address",
    "Enter a password",
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await expect(dialog.getByLabel("Full Name")).toBeFocused();

  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(dialog.getByRole("heading", { name: "Log in to Mates" })).toBeVisible();

  expect(alerts).toEqual([MESSAGES.enterEmail]);
  expect(errors).toEqual([]);
});

test('a refused login alerts "Login failed: {message}"; "Processing..." shows meanwhile; the right password signs in', async ({
  browserProblems,
  page,
  request,
}) => {
  const errors = failOnConsoleErrors(page);
  browserProblems.allowRefusals([401]);
  const alerts = collectAlerts(page);
  const user = newUser("login");
  await signUpThroughApi(request, user);
  await openApp(page, "/");

  // Hold the first answer back until the busy state has been checked: a fixed delay would race a
  // busy machine, where the answer could arrive before Escape is pressed.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route("**/api/auth/sign-in/email", async (route) => {
    await answered;
    await route.continue();
  });

  const dialog = await openLoginPopup(page);
  await logInWithForm(dialog, user.email, "not-the-password");
  await expect(dialog.getByRole("status")).toHaveText(MESSAGES.processing);
  await expect(dialog.getByText(MESSAGES.processing, { exact: true }).last()).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeDisabled();
  // Busy: neither Escape nor the overlay closes it.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveText(MESSAGES.processing);
  answer();

  await expect.poll(() => alerts).toEqual([MESSAGES.loginFailed("Invalid email or password.")]);
  await expect(dialog.getByRole("status")).toHaveText("");
  await expect(dialog.getByRole("button", { name: "Close" })).toBeEnabled();

  await dialog.getByLabel("Password", { exact: true }).fill(user.password);
  const greeted = watchForWelcome(page, user.name);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/");
  await expect(headerProfile(page)).toBeVisible();
  expect(await readLocal(page, STORAGE_KEYS.authToken)).toBeTruthy();
  expect(JSON.parse((await readLocal(page, STORAGE_KEYS.userInfo)) ?? "null")).toEqual({ email: user.email });
  await greeted;

  expect(alerts).toHaveLength(1);
  expect(withoutRefusals(errors, [401])).toEqual([]);
});

test('sign-up: a taken e-mail alerts "Signup failed: {message}"; a new one creates the account and signs in', async ({
  browserProblems,
  page,
  request,
}) => {
  const errors = failOnConsoleErrors(page);
  browserProblems.allowRefusals([400, 422]);
  const alerts = collectAlerts(page);
  const taken = newUser("taken");
  await signUpThroughApi(request, taken);
  const fresh = newUser("signup", { name: "Meera Iyer", mobile: "+91 91234 56789" });
  await openApp(page, "/");

  const dialog = await openLoginPopup(page);
  await dialog.getByRole("button", { name: "Create account" }).click();
  await dialog.getByLabel("Full Name").fill(fresh.name);
  await dialog.getByLabel("Mobile Number").fill(fresh.mobile);
  await dialog.getByLabel("Email").fill(taken.email);
  await dialog.getByLabel("Password", { exact: true }).fill(fresh.password);
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect
    .poll(() => alerts)
    .toEqual([MESSAGES.signupFailed("An account with this email already exists. Log in instead.")]);
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("Email").fill(fresh.email);
  const greeted = watchForWelcome(page, fresh.name);
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/");
  await expect(headerProfile(page)).toBeVisible();
  await greeted;

  // Spec §3: userInfo holds email, uid and name after sign-up.
  const userInfo = JSON.parse((await readLocal(page, STORAGE_KEYS.userInfo)) ?? "null") as Record<string, string>;
  expect(userInfo).toEqual({
    email: fresh.email,
    uid: expect.stringMatching(/^MeeraIyer\d{6}(-\d+)?$/),
    name: fresh.name,
  });
  expect(await readLocal(page, STORAGE_KEYS.authToken)).toBeTruthy();

  expect(alerts).toHaveLength(1);
  expect(withoutRefusals(errors, [400, 422])).toEqual([]);
});
