import type { Page } from "@playwright/test";
import { MESSAGES, SESSION_KEYS, STORAGE_KEYS, TIMINGS } from "#domain/constants.ts";
import { failOnConsoleErrors, openApp } from "./support/app.ts";
import {
  headerLogin,
  headerProfile,
  logInWithForm,
  loginDialog,
  newUser,
  readLocal,
  readSession,
  readToken,
  signUpThroughApi,
  watchForWelcome,
} from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";

/** Spec §2, §4: the auth state in the browser: token, userInfo, the welcome toast, other tabs, the guard. */

/**
 * Records, in the page's own clock, when a sonner toast is first on screen, when it is dismissed
 * (sonner marks it data-removed, then animates it out for 0.2 s) and when it is gone: checked on
 * every change of the page, from its start.
 */
async function watchToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: { event: string; at: number; text: string }[] = [];
    (window as unknown as { __toasts: typeof log }).__toasts = log;
    let state: "none" | "shown" | "dismissed" = "none";
    const check = () => {
      const toast = document.querySelector<HTMLElement>("[data-sonner-toast]");
      const now = performance.now();
      if (toast && toast.dataset.removed !== "true" && state === "none") {
        state = "shown";
        log.push({ event: "shown", at: now, text: toast.textContent ?? "" });
      } else if (toast && toast.dataset.removed === "true" && state === "shown") {
        state = "dismissed";
        log.push({ event: "dismissed", at: now, text: toast.textContent ?? "" });
      } else if (!toast && state !== "none") {
        state = "none";
        log.push({ event: "gone", at: now, text: "" });
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  });
}

const toastLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __toasts: { event: string; at: number; text: string }[] }).__toasts);

test("the welcome toast: its text for 2.5 s, once per browser session, again in a new one", async ({
  page,
  browser,
}) => {
  const errors = failOnConsoleErrors(page);
  const user = newUser("welcome", { name: "Kavya Rao" });
  await signUpThroughApi(page.request, user);
  await watchToasts(page);
  const greeted = watchForWelcome(page, user.name);
  await openApp(page, "/");

  // The session reports a user: token and userInfo are stored, the toast greets by name.
  const toast = page.getByText(MESSAGES.welcomeBack(user.name));
  await greeted;
  await expect.poll(() => readToken(page)).toBeTruthy();
  expect(JSON.parse((await readLocal(page, STORAGE_KEYS.userInfo)) ?? "null")).toEqual({ email: user.email });
  expect(await readSession(page, SESSION_KEYS.welcomed)).not.toBeNull();
  await expect(headerProfile(page)).toBeVisible();

  // Shown for 2.5 s (sonner then takes 0.2 s to animate it out).
  await expect(toast).toBeHidden({ timeout: TIMINGS.welcomeToastMs + 2_000 });
  const log = await toastLog(page);
  const shown = log.find((entry) => entry.event === "shown");
  const dismissed = log.find((entry) => entry.event === "dismissed" || entry.event === "gone");
  expect(shown?.text).toContain(MESSAGES.welcomeBack(user.name));
  const visibleFor = (dismissed?.at ?? 0) - (shown?.at ?? 0);
  // Never shorter than 2.5 s. A timer in a busy browser fires late, so the upper bound only has
  // to tell 2.5 s from sonner's own default of 4 s.
  expect(visibleFor).toBeGreaterThanOrEqual(TIMINGS.welcomeToastMs - 50);
  expect(visibleFor).toBeLessThan(TIMINGS.welcomeToastMs + 1_000);
  // It appears once the splash has gone, where it can be seen.
  expect(shown?.at ?? 0).toBeGreaterThanOrEqual(TIMINGS.splashMs + TIMINGS.splashFadeMs);

  // Same tab, same session: a reload does not greet again. The greeting would be asked for once the
  // session is known (the header shows it) and shown once the splash is gone (openApp waits for
  // that); a toast the customer causes afterwards would find it still on screen. Adding to the
  // cart is that toast.
  await openApp(page, "/service/deep-cleaning");
  await expect(headerProfile(page)).toBeVisible();
  const options = page.getByRole("region", { name: "Options and prices" });
  await options.getByRole("radio").first().check();
  await options.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart")).toBeVisible();
  await expect(page.getByText(MESSAGES.welcomeBack(user.name))).toHaveCount(0);
  expect((await toastLog(page)).filter((entry) => entry.text.includes(MESSAGES.welcomeBack(user.name)))).toEqual([]);

  // A new browser session greets again.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    const secondErrors = failOnConsoleErrors(second);
    const signIn = await second.request.post("/api/auth/sign-in/email", {
      data: { email: user.email, password: user.password },
      headers: { origin: E2E.origin },
    });
    expect(signIn.status()).toBe(200);
    const greetedAgain = watchForWelcome(second, user.name);
    await openApp(second, "/");
    await greetedAgain;
    expect(secondErrors).toEqual([]);
  } finally {
    await other.close();
  }
  expect(errors).toEqual([]);
});

test("another tab's sign-in and sign-out show within about a second", async ({ context, request }) => {
  const user = newUser("tabs");
  await signUpThroughApi(request, user);
  const [first, second] = [await context.newPage(), await context.newPage()];
  const firstErrors = failOnConsoleErrors(first);
  const secondErrors = failOnConsoleErrors(second);
  await Promise.all([openApp(first, "/"), openApp(second, "/")]);
  await expect(headerLogin(second)).toBeVisible();

  // Sign in on the first tab; the second picks it up.
  await first.bringToFront();
  const dialog = loginDialog(first);
  await headerLogin(first).click();
  await logInWithForm(dialog, user.email, user.password);
  await expect(headerProfile(first)).toBeVisible();
  await expect(headerProfile(second)).toBeVisible({ timeout: 2_000 });
  await expect.poll(() => readToken(second), { timeout: 2_000 }).toBeTruthy();

  // Sign out on the first tab (profile → Sign out); the second follows.
  await headerProfile(first).click();
  await expect(first).toHaveURL("/profile");
  await first.getByRole("button", { name: "Sign out" }).click();
  await expect(first).toHaveURL("/");
  await expect(headerLogin(first)).toBeVisible();
  await expect(headerLogin(second)).toBeVisible({ timeout: 2_000 });
  expect(await readToken(second)).toBeNull();
  expect(await readLocal(second, STORAGE_KEYS.userInfo)).toBeNull();
  // The second tab did not take the sign-out for a visit without a token: no popup there.
  await expect(loginDialog(second)).toHaveCount(0);

  expect([...firstErrors, ...secondErrors]).toEqual([]);
});

test("/profile without a token: home, redirectAfterLogin saved, login popup open; after login, /profile", async ({
  page,
  request,
}) => {
  const errors = failOnConsoleErrors(page);
  const user = newUser("guard");
  await signUpThroughApi(request, user);
  await openApp(page, "/profile");

  await expect(page).toHaveURL("/");
  expect(await readLocal(page, STORAGE_KEYS.redirectAfterLogin)).toBe("/profile");
  const dialog = loginDialog(page);
  await expect(dialog.getByRole("heading", { name: "Log in to Mates" })).toBeVisible();
  await expect(dialog.getByLabel("Email")).toBeFocused();

  await logInWithForm(dialog, user.email, user.password);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  expect(await readLocal(page, STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  expect(errors).toEqual([]);
});

test("a booking path without a token opens the login popup over it and comes back there after login", async ({
  page,
  request,
}) => {
  const errors = failOnConsoleErrors(page);
  const user = newUser("booking");
  await signUpThroughApi(request, user);
  await openApp(page, "/book/address");

  const dialog = loginDialog(page);
  await expect(dialog.getByRole("heading", { name: "Log in to Mates" })).toBeVisible();
  expect(await readLocal(page, STORAGE_KEYS.redirectAfterLogin)).toBe("/book/address");
  await logInWithForm(dialog, user.email, user.password);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/book/address");
  await expect(headerProfile(page)).toBeVisible();
  expect(await readLocal(page, STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  expect(errors).toEqual([]);
});
