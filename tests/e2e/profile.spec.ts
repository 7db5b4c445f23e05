import { STORAGE_KEYS } from "#domain/constants.ts";
import { keyMonth } from "#domain/user-key.ts";
import { expectNoSeriousA11yViolations, failOnConsoleErrors, openApp } from "./support/app.ts";
import {
  collectAlerts,
  headerLogin,
  headerProfile,
  newUser,
  readLocal,
  signUpThroughApi,
  watchForWelcome,
} from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";

/** Spec §2, §3, §6: the profile screen, its sidebar, editing the account, sign-out. */

test("profile: the icon opens it with its sidebar; the record; edit name and mobile; reload keeps the sidebar; sign out", async ({
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  const user = newUser("profile", { name: "Rohan Desai" });
  await signUpThroughApi(page.request, user);
  await openApp(page, "/");

  // Spec §2: the profile icon sets openSidebarOnProfile and goes to /profile, which opens the sidebar.
  await headerProfile(page).click();
  await expect(page).toHaveURL("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  const sidebar = page.getByRole("complementary", { name: "Account" });
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole("button", { name: "Hide account menu" })).toHaveAttribute("aria-expanded", "true");
  expect(await readLocal(page, STORAGE_KEYS.openSidebarOnProfile)).toBeNull();
  expect(await readLocal(page, STORAGE_KEYS.reopenSidebar)).toBe("true");

  // The user record (spec §3).
  const record = page.getByRole("region", { name: "Your details" });
  const row = (label: string) => record.locator(`dt:text-is("${label}") + dd`);
  await expect(row("Full Name")).toHaveText(user.name);
  await expect(row("Email")).toHaveText(user.email);
  await expect(row("Mobile Number")).toHaveText("9820012345");
  await expect(row("User ID")).toHaveText(new RegExp(`^RohanDesai${keyMonth(new Date())}(-\\d+)?$`));
  await expect(row("Role")).toHaveText("Customer");
  await expect(row("Member since")).toHaveText(
    new Intl.DateTimeFormat("en-IN", { dateStyle: "long", timeZone: "Asia/Kolkata" }).format(new Date()),
  );
  await expectNoSeriousA11yViolations(page);

  // Edit, checked with the server's own rules before anything is sent.
  const name = sidebar.getByLabel("Full Name");
  const mobile = sidebar.getByLabel("Mobile Number");
  await name.fill("  ");
  await mobile.fill("12345");
  await sidebar.getByRole("button", { name: "Save changes" }).click();
  await expect(sidebar.getByText("Enter your full name")).toBeVisible();
  await expect(sidebar.getByText("Enter a 10-digit Indian mobile number")).toBeVisible();
  await expect(name).toBeFocused();

  await name.fill("Rohan K Desai");
  await mobile.fill("+91 98765 43210");
  await sidebar.getByRole("button", { name: "Save changes" }).click();
  await expect(sidebar.getByRole("status")).toHaveText("Your details are saved.");
  await expect(row("Full Name")).toHaveText("Rohan K Desai");
  await expect(row("Mobile Number")).toHaveText("9876543210");
  await expect(mobile).toHaveValue("9876543210");

  // reopenSidebar: after a reload the sidebar is open again, and the change is kept on the server.
  await openApp(page, "/profile");
  await expect(sidebar).toBeVisible();
  await expect(row("Full Name")).toHaveText("Rohan K Desai");

  // Closing the sidebar forgets the flag.
  await page.getByRole("button", { name: "Hide account menu" }).click();
  await expect(sidebar).toBeHidden();
  expect(await readLocal(page, STORAGE_KEYS.reopenSidebar)).toBeNull();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(sidebar).toBeVisible();

  // Sign-out ends the session on the server and in the browser, then goes home.
  await sidebar.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  await expect(headerLogin(page)).toBeVisible();
  expect(await readLocal(page, STORAGE_KEYS.authToken)).toBeNull();
  expect(await readLocal(page, STORAGE_KEYS.userInfo)).toBeNull();
  // Leaving /profile on sign-out is no visit without a token: no popup, nothing remembered.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await readLocal(page, STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  expect((await page.request.get("/api/me")).status()).toBe(401);

  expect(errors).toEqual([]);
});

test("a name with markup is shown as text, never run", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  const alerts = collectAlerts(page);
  const markup = "<img src=x onerror=alert(1)>";
  await signUpThroughApi(page.request, newUser("markup", { name: markup }));

  // Signed in by cookie, no token yet: /profile waits for the session, then shows.
  const greeted = watchForWelcome(page, markup);
  await openApp(page, "/profile");
  await expect(page).toHaveURL("/profile");
  await greeted;
  await expect(page.getByRole("region", { name: "Your details" }).getByText(markup, { exact: true })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await readLocal(page, STORAGE_KEYS.redirectAfterLogin)).toBeNull();

  // The markup is on the page as text and no <img> was made of it, so nothing could run it.
  expect(alerts).toEqual([]);
  expect(errors).toEqual([]);
});

test("a page that reads the session asks the server for it once, and the browser's copy follows it", async ({
  page,
  browserProblems,
}) => {
  const errors = failOnConsoleErrors(page);
  const user = newUser("asked-once", { name: "Kavya Iyer" });
  await signUpThroughApi(page.request, user);
  const greeted = watchForWelcome(page, user.name);
  await openApp(page, "/profile");
  await greeted;
  expect(await readLocal(page, STORAGE_KEYS.authToken)).toBeTruthy();

  // Back later, signed in: /profile reads the session as it renders, and the accounts feature,
  // loaded once the page is drawn (long before the splash has gone), takes that answer for its
  // first check instead of asking again.
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/me") asked.push(request.method());
  });
  await openApp(page, "/profile");
  await expect(page.getByRole("region", { name: "Your details" }).getByText(user.email)).toBeVisible();
  expect(asked).toEqual(["GET"]);
  expect(errors).toEqual([]);

  // What the page read is what the browser keeps: signed out elsewhere, the next visit follows. What
  // it asks with the stored token before the answer comes (the cart's sync) is refused.
  browserProblems.allowRefusals([401]);
  const signOut = await page.request.post("/api/auth/sign-out", { data: {}, headers: { origin: E2E.origin } });
  expect(signOut.ok()).toBe(true);
  await openApp(page, "/profile");
  await expect.poll(() => readLocal(page, STORAGE_KEYS.authToken)).toBeNull();
});
